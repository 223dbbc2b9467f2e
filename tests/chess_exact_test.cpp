// The chess-exact solver (exact/chess/chess_table.h) and the pieces' moves
// it stands on (engine/pieces/): move generation against published perft
// counts, and whole tables against the Gaviota tablebase.
#include <doctest/doctest.h>

#include "chunks/kpk.h"
#include "engine/pieces/chess_moves.h"
#include "exact/chess/chess_class.h"
#include "exact/chess/chess_table.h"
#include "libgen/kpk_build.h"
#include "play/chess_answer.h"
#include "tests/gaviota.h"
#include "tests/sample_size.h"
#include "tests/temp_dir.h"

using namespace chunker;
using namespace chunker::pieces;

namespace {

std::unique_ptr<ChessTable> solved(const std::string& fen) {
  const ChessPosition root = parse_chess_fen(fen).pos;
  std::uint64_t positions = 0;
  auto keys = reachable_slices(root, 1ull << 32, positions);
  REQUIRE(keys);
  ChessSources sources;
  sources.workers = 2;
  return build_chess(to_fen(root), std::move(*keys), sources);
}

// Every KPK position: the KPvK class built into a store in batches of a few
// slices (chess_class.h), then read back whole.
std::unique_ptr<ChessTable> kpk_class_table(const std::string& store) {
  ChessSources sources;
  sources.workers = 2;
  sources.store = SliceStore(store);
  const std::vector<SliceKey> keys = class_slices("KPvK");
  CHECK(keys.size() == 48);
  const ClassBuild built = build_class(keys, 1 << 19, sources);
  CHECK(built.slices == 53);  // and KQvK, KRvK, KBvK, KNvK, KvK
  CHECK(built.found == 0);
  CHECK(built.solved == built.slices);
  CHECK(built.batches > 2);
  std::uint64_t from_store = 0;
  sources.from_store = &from_store;
  auto table = build_chess("KPvK", keys, sources);
  CHECK(from_store == keys.size());  // read, none solved again
  return table;
}

}  // namespace

// Perft counts of the Chess Programming Wiki's test positions 3 and 6
// (without castling rights), as every published move generator gives them.
TEST_CASE("chess moves: perft of published positions") {
  const ChessPosition third = parse_chess_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -").pos;
  CHECK(perft(third, 1) == 14);
  CHECK(perft(third, 2) == 191);
  CHECK(perft(third, 3) == 2812);
  CHECK(perft(third, 4) == 43238);
  CHECK(perft(third, 5) == 674624);
}

// The trebuchet, a mutual zugzwang of blocked pawns: the side to move loses
// (testpositions/literature.epd's trebuchet-w and -b; Stockfish 15.1 finds
// the mate for the other side with either side to move).
TEST_CASE("chess exact: the trebuchet is lost for the side to move") {
  const auto table = solved("8/8/8/3Kp3/4Pk2/8/8/8 w - -");
  for (const char* fen : {"8/8/8/3Kp3/4Pk2/8/8/8 w - -", "8/8/8/3Kp3/4Pk2/8/8/8 b - -"}) {
    const ChessPosition pos = parse_chess_fen(fen).pos;
    CHECK(is_loss(table->value(pos)));
    // Best play reaches a mate: the line's last position has no move and is in check.
    ChessPosition end = pos;
    for (ChessMove m : best_line(*table, pos)) end = make_move(end, m);
    CHECK(legal_moves(end).empty());
    CHECK(in_check(end));
  }
}

namespace {

// A line of positions, each with one move to the one before; the first is
// mated. Position i is won (odd) or lost (even) in i plies; `exit_at` has a
// move out too, winning in `exit_win` plies.
struct LineGame {
  std::uint32_t positions = 0, exit_at = 0;
  int exit_win = 0;
  std::uint32_t size() const { return positions; }
  retro::Examined examine(std::uint32_t local) const {
    retro::Examined e;
    if (local == 0) e.over = loss_in(0);
    e.in_slice = local == 0 ? 0 : 1;
    if (local == exit_at && exit_win) e.exit_best = win_in(exit_win);
    return e;
  }
  template <class F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    if (local + 1 < positions) f(local + 1);
  }
};

}  // namespace

// A move out offering a win longer than the tables hold waits past the
// longest distance and is forgotten where a shorter win comes; a position
// that ends there is refused. Expected: the line's distances, by counting.
TEST_CASE("chess exact: the slice solver refuses a mate longer than its bytes, not an offer it betters") {
  retro::SliceSolver<0, 4> solver;
  LineGame shorter{5, 3, 9};  // position 3 wins in 3 by the line, the move out offers 9
  solver.solve(shorter);
  CHECK(solver.value(3) == win_in(3));
  CHECK(solver.value(4) == loss_in(4));
  LineGame longer{6, 0, 0};  // position 5 wins in 5
  CHECK_THROWS_AS(solver.solve(longer), std::length_error);
  // A chess slice's last byte holds a loss in 254 plies, the longest mate of
  // five men (KPPvKP, by Conrady's survey of Nalimov's tables).
  CHECK(OracleTable::encode(loss_in(CHESS_MAX_DISTANCE)) == 255);
  CHECK(OracleTable::decode(255) == loss_in(CHESS_MAX_DISTANCE));
}

// A solve that finds slices in the store reads them and leaves out the
// slices only they lead to; lookups past the table read the store. Expected:
// the trebuchet lost for the side to move (literature.epd) with a line that
// ends in checkmate by the rules, and every move's value along it the same
// as the table solved in full gives; the line passes a promotion into slices
// the second table does not hold.
TEST_CASE("chess exact: a stored root is read, not solved, and its line reads the store") {
  TempDir dir;
  const ChessPosition root = parse_chess_fen("8/8/8/3Kp3/4Pk2/8/8/8 w - -").pos;
  ChessSources sources;
  sources.workers = 2;
  sources.store = SliceStore(dir.path);
  ChessPlan full = plan_chess(root, 1ull << 30, 2, sources.store);
  REQUIRE(full.fitting);
  CHECK(full.slices > 10);
  const auto solved_table = build_chess(to_fen(root), std::move(*full.fitting), sources);
  ChessPlan stored = plan_chess(root, 1ull << 30, 2, sources.store);
  REQUIRE(stored.fitting);
  CHECK(stored.slices == 1);
  CHECK(stored.positions == slice_positions(key_of(root)));
  const auto read_table = build_chess(to_fen(root), std::move(*stored.fitting), sources);
  CHECK(is_loss(read_table->value(root)));
  const std::vector<ChessMove> line = best_line(*read_table, root);
  REQUIRE(line.size() > 10);
  CHECK(best_line(*solved_table, root) == line);
  ChessPosition pos = root;
  for (ChessMove m : line) {
    CHECK(move_values(*read_table, pos) == move_values(*solved_table, pos));
    pos = make_move(pos, m);
  }
  CHECK(legal_moves(pos).empty());
  CHECK(in_check(pos));
  CHECK(!read_table->holds(pos));  // the mate's slice was read from the store, not held
}

// The store keeps one slice of a colour-reversed pair: Réti's root reversed
// (Black's king h1 and pawn c3 against White's pawn h4, Black to move) has
// no file of its own after Réti is solved, but what its moves lead to is
// stored as their twins. Its plan then solves its one slice, reading the
// rest, and finds Réti's draw (literature.epd) and every move's value
// reversed.
TEST_CASE("chess exact: a root whose twin is stored solves its one slice") {
  TempDir dir;
  const ChessPosition reti = parse_chess_fen("7K/8/k1P5/7p/8/8/8/8 w - -").pos;
  const ChessPosition twin = colour_reversed(reti);
  std::optional<ExactRefusal> refusal;
  ChessPlayer first(1ull << 30, 2, nullptr, dir.path);
  const auto solved = first.answer(reti, refusal);
  REQUIRE(solved);
  const SliceStore store(dir.path);
  CHECK(!store.has(key_of(twin)));
  CHECK(store.has(key_of(reti)));
  const ChessPlan plan = plan_chess(twin, 1ull << 30, 2, store);
  REQUIRE(plan.fitting);
  CHECK(plan.slices == 1);
  ChessPlayer second(1ull << 30, 2, nullptr, dir.path);
  const auto a = second.answer(twin, refusal);
  REQUIRE(a);
  CHECK(a->value == 0);
  // The moves come in another order, their squares reversed.
  const auto values = [](const ChessAnswer& answer) {
    std::vector<Value> out;
    for (const ChessMoveValue& m : answer.moves) out.push_back(m.value);
    std::sort(out.begin(), out.end());
    return out;
  };
  CHECK(values(*a) == values(*solved));
}

// A stored slice whose payload is damaged (its header whole, so the plan
// reads it in place of the slices beyond it) while one beyond it is gone:
// the solve then plans the whole reachable set and answers as before,
// Réti's draw (testpositions/literature.epd).
TEST_CASE("chess exact: a damaged stored root with a slice beyond it gone is solved again") {
  TempDir dir;
  const std::string store = dir.path + "/chess";
  const ChessPosition root = parse_chess_fen("7K/8/k1P5/7p/8/8/8/8 w - -").pos;
  std::optional<ExactRefusal> refusal;
  ChessPlayer first(1ull << 30, 2, nullptr, store);
  const auto solved = first.answer(root, refusal);
  REQUIRE(solved);
  const SliceStore files(store);
  const std::string root_file = files.path(key_of(root));
  put(root_file, bytes_of(root_file).substr(0, bytes_of(root_file).size() - 3));
  CHECK(files.has(key_of(root)));
  std::filesystem::remove(files.path(key_of(make_move(root, {make_square(2, 5), make_square(2, 6)}))));
  ChessPlayer second(1ull << 30, 2, nullptr, store);
  const auto again = second.answer(root, refusal);
  REQUIRE(again);
  CHECK(again->value == 0);
  CHECK(again->moves.size() == solved->moves.size());
  for (std::size_t i = 0; i < again->moves.size(); ++i) CHECK(again->moves[i].value == solved->moves[i].value);
}

// A root past the memory budget, solved into the store in batches that fit
// and then read from it (ChessPlayer::solve_past_budget_in_batches): the
// trebuchet lost for the side to move (literature.epd), every move's value
// as the solve in one table gives it; without batches it is refused.
TEST_CASE("chess exact: a root past the budget is solved in batches through the store") {
  TempDir dir;
  const ChessPosition root = parse_chess_fen("8/8/8/3Kp3/4Pk2/8/8/8 w - -").pos;
  std::optional<ExactRefusal> refusal;
  ChessPlayer whole(1ull << 30, 2);
  const auto full = whole.answer(root, refusal);
  REQUIRE(full);
  const std::uint64_t budget = whole.plan(root).bytes / 2;
  ChessPlayer refusing(budget, 2, nullptr, dir.path + "/refused");
  CHECK(!refusing.answer(root, refusal));
  REQUIRE(refusal);
  CHECK(refusal->reason == ExactRefusal::Reason::OverMemory);
  ChessPlayer batched(budget, 2, nullptr, dir.path + "/chess");
  batched.solve_past_budget_in_batches();
  const auto a = batched.answer(root, refusal);
  REQUIRE(a);
  CHECK(a->batches > 1);
  CHECK(is_loss(a->value));
  CHECK(a->value == full->value);
  REQUIRE(a->moves.size() == full->moves.size());
  for (std::size_t i = 0; i < a->moves.size(); ++i) CHECK(a->moves[i].value == full->moves[i].value);
  CHECK(a->line == full->line);
}

// A pawn that promotes by taking a piece in the corner, in a slice of a
// piece against a pawn (both_sides_solver.h): 1...bxa1=Q+ leaves king and
// queen against the king, a win. Stockfish 15.1 (go depth 30) plays b2a1q
// and reports mate in 9, so the shortest mate takes at most 17 plies.
TEST_CASE("chess exact: a pawn taking a rook on a1 as it promotes wins") {
  const auto table = solved("8/8/8/8/8/8/1p6/R3K2k b - -");
  const ChessPosition pos = parse_chess_fen("8/8/8/8/8/8/1p6/R3K2k b - -").pos;
  const Value v = table->value(pos);
  CHECK(is_win(v));
  CHECK(distance_of(v) <= 17);
  const std::vector<ChessMove> line = best_line(*table, pos);
  REQUIRE(!line.empty());
  CHECK(uci(line.front()) == "b2a1q");
}

TEST_CASE("chess exact: KPK, KQK, KRK, KBK, KNK against the Gaviota tablebase, value and plies to mate") {
#ifndef CHUNKER_GAVIOTA_TABLES
  gaviota_missing(GAVIOTA_NOT_BUILT);
#else
  const auto tables = open_gaviota();
  if (!tables) return;
  const Gaviota& gaviota = *tables;
  int compared = 0, differ = 0;
  // Under the sanitizers every step-th square of the man, and of the pawn's file.
  const int step = sample_divisor();
  // Every legal placement of White's king, one man of `kind` on the squares
  // `on` and Black's king, either side to move.
  auto compare_all = [&](const ChessTable& table, unsigned char kind, Bitboard on) {
    for (Bitboard men = on; men;) {
      const Square man = pop_lsb(men);
      if (man % step) continue;
      for (Square white = 0; white < SQUARE_NB; ++white)
        for (Square black = 0; black < SQUARE_NB; ++black)
          for (Color side : {WHITE, BLACK}) {
            if (white == black || white == man || black == man) continue;
            ChessPosition pos;
            pos.king[WHITE] = white;
            pos.king[BLACK] = black;
            pos.side = side;
            if (kind == tb_PAWN)
              pos.pawns[WHITE] = square_bb(man);
            else
              pos.pieces[WHITE][kind == tb_QUEEN    ? QUEEN
                                : kind == tb_ROOK   ? ROOK
                                : kind == tb_BISHOP ? BISHOP
                                                    : KNIGHT] = square_bb(man);
            if (!find_problem(pos).empty()) continue;
            const Gaviota::Result r = gaviota.probe(side, white, {{kind, man}}, black, {});
            const Value expected = r.info == tb_DRAW    ? 0
                                   : r.info == tb_WMATE ? (side == WHITE ? win_in(int(r.plies)) : loss_in(int(r.plies)))
                                   : r.info == tb_BMATE ? (side == BLACK ? win_in(int(r.plies)) : loss_in(int(r.plies)))
                                                        : VALUE_INFINITE;
            ++compared;
            if (table.value(pos) != expected && ++differ <= 5)
              MESSAGE(to_fen(pos) << ": " << table.value(pos) << ", Gaviota " << expected);
          }
    }
  };
  for (const auto& [root, kind] : {std::pair{"7k/8/8/8/8/8/8/KQ6 w - -", tb_QUEEN},
                                   {"7k/8/8/8/8/8/8/KR6 w - -", tb_ROOK},
                                   {"7k/8/8/8/8/8/8/KB6 w - -", tb_BISHOP},
                                   {"7k/8/8/8/8/8/8/KN6 w - -", tb_KNIGHT}})
    compare_all(*solved(root), kind, ~Bitboard(0));
  TempDir store;
  const auto kpk = kpk_class_table(store.path);
  for (int file = 0; file < 8; file += step) compare_all(*kpk, tb_PAWN, file_bb(file) & ~(RANK_1 | RANK_8));
  MESSAGE("KPK, KQK, KRK, KBK, KNK: " << compared << " positions compared with Gaviota, " << differ << " differ");
  CHECK(compared > 1800000 / step);
  CHECK(differ == 0);
#endif
}

// Where Chunker's rules draw a king-and-pawn-against-king position the pawn
// never queens safely: the lone king takes it or holds the square, and chess
// reaches the same draw (K v K, or a stalemate). The KPK library (Chunker's
// rules, itself checked against Gaviota in kpk_test.cpp) and the chess
// table must agree on every such draw; where Chunker's rules win, chess may
// only draw (a stalemate once the queen stands), never lose.
TEST_CASE("chess exact: every KPK draw by Chunker's rules is a draw in chess") {
  const KpkLibrary library = build_kpk();
  int draws = 0, disagree = 0, wins_drawn = 0;
  const int step = sample_divisor();  // under the sanitizers every step-th file
  TempDir store;
  const auto table = kpk_class_table(store.path);
  for (int file = 0; file < 8; file += step) {
    for (int rank = 1; rank < 7; ++rank)
      for (Square white = 0; white < SQUARE_NB; ++white)
        for (Square black = 0; black < SQUARE_NB; ++black)
          for (Color side : {WHITE, BLACK}) {
            Position pos;
            pos.pawns[WHITE] = square_bb(make_square(file, rank));
            pos.king[WHITE] = white;
            pos.king[BLACK] = black;
            pos.side = side;
            if (!is_legal(pos)) continue;
            const std::optional<Value> chunker = kpk_probe(library, pos);
            REQUIRE(chunker);
            const Value chess = table->value(from_kings_and_pawns(pos));
            if (*chunker == 0) {
              ++draws;
              disagree += chess != 0;
            } else {
              wins_drawn += chess == 0;
              disagree += is_decisive(chess) && is_win(chess) != is_win(*chunker);
            }
          }
  }
  MESSAGE("KPK: " << draws << " draws by Chunker's rules, " << wins_drawn << " Chunker wins that chess draws, "
                  << disagree << " disagree");
  CHECK(draws > 0);
  CHECK(disagree == 0);
}
