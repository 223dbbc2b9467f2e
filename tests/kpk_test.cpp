// The KPK library (chunks/kpk.h): its index, probe and file; its values
// checked entry by entry against their own moves, against the exact solver
// (exact.h), against the chess literature and, where the Debian
// packages gaviotatb and libgaviotatb-dev are installed, against the Gaviota
// tablebase, every difference counted by its reason.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "chunks/chunk_libraries.h"
#include "chunks/library_file.h"
#include "exact/retrograde.h"
#include "libgen/kpk_build.h"
#include "tests/exact_helpers.h"
#include "tests/gaviota.h"
#include "tests/temp_dir.h"

using namespace chunker;

namespace {

const KpkLibrary& library() {
  static const KpkLibrary built = build_kpk();
  return built;
}

// The value of a position right after a move, as the library and the rules
// give it: bare kings after the capture of the pawn, the reply to an unsafe
// promotion, or an entry.
Value stored(const Position& p) {
  if (p.bare_kings()) return 0;
  return *kpk_probe(library(), p);
}

// The exact solver's value of a KPK position (its pawn on files a-d): one
// table per file, rooted at the pawn on its second rank.
Value exact_kpk_value(const Position& pos) {
  static const std::vector<ExactTable> tables = [] {
    std::vector<ExactTable> t;
    for (int file = 0; file < 4; ++file) {
      Position root;
      root.pawns[WHITE] = square_bb(make_square(file, 1));
      root.king[WHITE] = make_square(7, 0);
      root.king[BLACK] = make_square(7, 7);
      t.push_back(test::solve_exactly(root));
    }
    return t;
  }();
  return tables[std::size_t(file_of(lsb(pos.pawns[WHITE])))].value(pos);
}

bool lone_king_can_capture(const Position& pos) {
  if (pos.side != BLACK) return false;
  for (Move m : legal_moves(pos))
    if (pos.pawns[WHITE] & square_bb(m.to())) return true;
  return false;
}

// The key squares of a white pawn that is not a rook pawn (Müller and
// Lamprecht, Secrets of Pawn Endings, 2007 edition, pp. 20-22, as Wikipedia's
// "Key square" gives them): on ranks 2-4 the three squares two ranks ahead of it, on ranks
// 5-6 the six squares on the two ranks ahead, on its file and the files
// beside it. A king on one of them escorts the pawn home.
Bitboard key_squares(Square pawn) {
  const int file = file_of(pawn), rank = rank_of(pawn);
  Bitboard keys = 0;
  for (int r = rank + 2 - (rank >= 4 ? 1 : 0); r <= rank + 2; ++r)
    for (int f = file - 1; f <= file + 1; ++f) keys |= square_bb(make_square(f, r));
  return keys;
}

}  // namespace

TEST_CASE("KPK index: every entry's position indexes back to it; colour and mirror twins share an entry") {
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) REQUIRE(kpk_index(kpk_position(i)) == i);
  // Black's pawn on d2 is White's on d7 seen colour-reversed; a pawn on g2 is
  // one on b2 seen in the mirror.
  CHECK(kpk_index(parse_fen("8/8/8/8/8/5K2/3p4/1k6 b - -").pos) ==
        kpk_index(parse_fen("1K6/3P4/5k2/8/8/8/8/8 w - -").pos));
  CHECK(kpk_index(parse_fen("8/8/8/8/8/8/6P1/K5k1 w - -").pos) ==
        kpk_index(parse_fen("8/8/8/8/8/8/1P6/1k5K w - -").pos));
  CHECK(kpk_position(*kpk_index(parse_fen("8/8/8/8/8/8/6P1/K5k1 w - -").pos)) ==
        parse_fen("8/8/8/8/8/8/1P6/1k5K w - -").pos);
  // Not king and pawn against king: bare kings, two pawns, a promoted piece
  // waiting to be taken.
  CHECK_FALSE(kpk_index(parse_fen("8/8/8/8/8/8/8/K1k5 w - -").pos));
  CHECK_FALSE(kpk_index(parse_fen("8/8/8/8/8/8/PP6/K1k5 w - -").pos));
  const Position before = parse_fen("8/P7/1k6/8/8/8/8/6K1 w - -").pos;
  CHECK_FALSE(kpk_index(make_move(before, Move(make_square(0, 6), make_square(0, 7), MoveKind::Promotion))));
  // The seed's count: 64 * 64 * 4 * 6 = 98304 configurations per side to
  // move, 12 KB per side as one bit each.
  CHECK(KPK_ENTRIES / 2 == 98304);
  CHECK(KPK_ENTRIES / 2 / 8 == 12 * 1024);
}

TEST_CASE("KPK library: its counts, and the pawn's side never loses") {
  // Legal positions, wins, draws and losses for the side to move; the seed:
  // "It is always a win or draw for the side with the pawn". The same counts
  // as chess (the Gaviota test below): here a safe promotion wins at once.
  const KpkCounts c = count_kpk(library());
  CHECK(c.legal[WHITE] == 81664);
  CHECK(c.wins[WHITE] == 62480);
  CHECK(c.draws[WHITE] == 19184);
  CHECK(c.losses[WHITE] == 0);
  CHECK(c.legal[BLACK] == 84012);
  CHECK(c.wins[BLACK] == 0);
  CHECK(c.draws[BLACK] == 35210);
  CHECK(c.losses[BLACK] == 48802);
}

TEST_CASE("KPK library: every entry is the best of its moves, by the engine's rules") {
  // Recomputes each entry from its successors (the verifier every Syzygy
  // table has): a game already over has the rules' value, any other position
  // the best over its moves, one ply further.
  const KpkLibrary& lib = library();
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    const Position pos = kpk_position(i);
    REQUIRE(lib.legal(i) == is_legal(pos));
    if (!lib.legal(i)) continue;
    const MoveList moves = legal_moves(pos);
    Value expected;
    if (auto end = rule_value(pos, moves)) {
      expected = *end;
    } else {
      expected = -VALUE_INFINITE;
      for (Move m : moves) {
        const Position child = make_move(pos, m);
        const Value v = m.kind() == MoveKind::Promotion ? retro::value_after_promotion(child, stored) : stored(child);
        expected = std::max(expected, from_child(v));
      }
    }
    INFO(to_fen(pos));
    REQUIRE(lib.value(i) == expected);
  }
}

TEST_CASE("KPK library: every entry agrees with the exact solver, value and distance") {
  // exact.h solves what a root reaches with its own slices, lookups and
  // en-passant and promotion handling; only the loop of retrograde.h is
  // shared. Four roots, the pawn on its second rank on files a-d, reach every
  // entry of the library (and the Gaviota test below checks them too).
  const KpkLibrary& lib = library();
  int compared = 0;
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    if (!lib.legal(i)) continue;
    const Position pos = kpk_position(i);
    INFO(to_fen(pos));
    REQUIRE(exact_kpk_value(pos) == lib.value(i));
    ++compared;
  }
  CHECK(compared == 81664 + 84012);
}

TEST_CASE("KPK library: the key squares of the literature, and the knight pawn's stalemate") {
  // A king on a key square of a non-rook pawn (ranks 2-6) wins whoever is to
  // move, unless the lone king takes the pawn at once (a draw: bare kings)
  // or, the seed's exception, is stalemated beside a knight pawn.
  int pawn_wins[COLOR_NB] = {0, 0}, captures = 0;
  std::vector<std::string> stalemates;
  const KpkLibrary& lib = library();
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    const Position pos = kpk_position(i);
    const Square pawn = lsb(pos.pawns[WHITE]);
    if (!lib.legal(i) || file_of(pawn) == 0 || rank_of(pawn) == 6 || !(key_squares(pawn) & square_bb(pos.king[WHITE])))
      continue;
    INFO(to_fen(pos));
    if (is_win(lib.value(i)) || is_loss(lib.value(i))) {
      ++pawn_wins[pos.side];
    } else if (lone_king_can_capture(pos)) {
      ++captures;
    } else {
      CHECK(legal_moves(pos).empty());
      stalemates.push_back(to_fen(pos));
    }
  }
  CHECK(pawn_wins[WHITE] == 3425);
  CHECK(pawn_wins[BLACK] == 3210);
  CHECK(captures == 255);
  CHECK(stalemates == std::vector<std::string>{"k7/2K5/1P6/8/8/8/8/8 b - - 0 1", "k1K5/8/1P6/8/8/8/8/8 b - - 0 1"});
}

TEST_CASE("KPK library: the longest wins are the literature's longest mates") {
  // The longest KPK mates (Karrer's statistics, quoted by Guido on Kirill
  // Kryukov's endgame forum, "Longest Mate in kqk"): mate in 28 with White
  // to move from Ka2 Pg2 kb5, Kb2 Pg2 kb5 and Ka3 Pg2 kb5, and with Black to
  // move from Ka3 Pg2 ka5 and Ka3 Pg2 ka6. They are the longest races to a
  // safe promotion too (here in their a-d normal form).
  std::vector<std::string> longest[COLOR_NB];
  int longest_distance[COLOR_NB] = {0, 0};
  const KpkLibrary& lib = library();
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    if (!lib.legal(i)) continue;
    const Color side = king_slice::side(i);
    const int d = lib.distances[i];
    if (d > longest_distance[side]) longest_distance[side] = d, longest[side].clear();
    if (d == longest_distance[side]) longest[side].push_back(to_fen(kpk_position(i)));
  }
  CHECK(longest_distance[WHITE] == 37);
  CHECK(longest[WHITE] == std::vector<std::string>{"8/8/8/6k1/8/8/1P4K1/8 w - - 0 1", "8/8/8/6k1/8/8/1P5K/8 w - - 0 1",
                                                   "8/8/8/6k1/8/7K/1P6/8 w - - 0 1"});
  CHECK(longest_distance[BLACK] == 38);
  CHECK(longest[BLACK] == std::vector<std::string>{"8/8/8/7k/8/7K/1P6/8 b - - 0 1", "8/8/7k/8/8/7K/1P6/8 b - - 0 1"});
}

TEST_CASE("KPK probe: the value for the side to move, whichever colour has the pawn") {
  const KpkLibrary& lib = library();
  auto probe = [&](const char* fen) { return kpk_probe(lib, parse_fen(fen).pos); };
  // A safe promotion wins in 1, with either colour's pawn.
  CHECK(probe("8/4P3/8/8/8/8/k7/4K3 w - -") == win_in(1));
  CHECK(probe("4k3/K7/8/8/8/8/4p3/8 b - -") == win_in(1));
  // The literature's longest mate, on the g-file as published.
  CHECK(probe("8/8/8/1k6/8/8/K5P1/8 w - -") == win_in(37));
  CHECK(probe("8/8/k7/8/8/K7/6P1/8 b - -") == loss_in(38));
  // The lone king to move takes the pawn: a draw.
  CHECK(probe("8/8/8/8/8/8/3Pk3/K7 b - -") == 0);
  // Anything else has no value here.
  CHECK(probe("8/8/8/8/8/8/8/K1k5 w - -") == std::nullopt);
  CHECK(probe("8/8/8/8/8/8/PP6/K1k5 w - -") == std::nullopt);
  Position adjacent_kings = parse_fen("8/8/8/8/8/8/P7/K1k5 w - -").pos;
  adjacent_kings.king[BLACK] = make_square(1, 0);
  CHECK(kpk_probe(lib, adjacent_kings) == std::nullopt);
}

TEST_CASE("KPK file: saved, loaded back, loaded lazily; a missing or damaged file is refused") {
  TempDir dir;
  save_kpk(library(), dir.path);
  CHECK(load_kpk(dir.path).distances == library().distances);
  const ChunkLibraries libraries(dir.path);
  CHECK(&libraries.kpk() == &libraries.kpk());  // read once
  CHECK(libraries.kpk().distances == library().distances);

  auto refusal = [](const std::string& data_dir) -> std::string {
    try {
      load_kpk(data_dir);
    } catch (const TableError& e) {
      return e.what();
    }
    return "";
  };
  TempDir empty;
  CHECK(refusal(empty.path).find("missing; rebuild it with: chunker libgen --only kpk") != std::string::npos);
  const std::string path = library_path(dir.path, kpk_library_name());
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(std::streamoff(std::filesystem::file_size(path) / 2));
    file.put('\x5a');
  }
  CHECK(refusal(dir.path).find("rebuild it with: chunker libgen --only kpk") != std::string::npos);
}

#ifdef CHUNKER_GAVIOTA_TABLES

namespace {

// Is Black, to move against White's king on `king` and a queen (or, without
// diagonals, a rook) on `square`, stalemated? The white king stops a line;
// the black king does not shield the squares behind it.
bool stalemated(Square king, Square square, bool diagonals, Square lone) {
  constexpr int STEPS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  Bitboard attacked = KING_ATTACKS[king];
  for (int d = 0; d < (diagonals ? 8 : 4); ++d)
    for (int f = file_of(square) + STEPS[d][0], r = rank_of(square) + STEPS[d][1]; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += STEPS[d][0], r += STEPS[d][1]) {
      attacked |= square_bb(make_square(f, r));
      if (make_square(f, r) == king) break;
    }
  return !(attacked & square_bb(lone)) && !(KING_ATTACKS[lone] & ~attacked);
}

// A class of positions: how many, and the first few for the report.
struct Class {
  int count = 0;
  std::vector<std::string> examples;
  void add(const Position& pos) {
    constexpr std::size_t EXAMPLES = 3;
    ++count;
    if (examples.size() < EXAMPLES) examples.push_back(to_fen(pos));
  }
};

std::string report(const char* name, const Class& c) {
  std::string line = std::string(name) + ": " + std::to_string(c.count);
  for (const std::string& fen : c.examples) line += "\n    " + fen;
  return line;
}

}  // namespace

#endif

TEST_CASE("KPK against the Gaviota tablebase, every legal position with either side to move") {
#ifndef CHUNKER_GAVIOTA_TABLES
  gaviota_missing(GAVIOTA_NOT_BUILT);
#else
  const auto tables = open_gaviota();
  if (!tables) return;
  const Gaviota& gaviota = *tables;
  // Gaviota plays chess: the pawn's side must mate, it may underpromote, and
  // its plies count to the mate. Here the first safe promotion wins and
  // plies count to it. So the two must agree on who wins (WDL) unless a safe
  // promotion fails in chess: KQK and KRK are won whenever the piece cannot
  // be taken, except when the lone king is stalemated at once. They must
  // also agree on legality, and a mate can come no sooner than the safe
  // promotion it needs (a king and pawn cannot mate a lone king), so
  // Gaviota's plies are never fewer than ours.
  Class shared_square, forbidden, illegal_mismatch;  // placements and legality
  Class exact_differs;  // the exact solver (exact.h) against the library, before both meet Gaviota
  Class same, win_here_draw_in_chess, draw_here_win_in_chess, other_result;  // WDL
  Class mate_sooner, mate_by_promotion;                                      // distance, where both win
  Class queen_stalemates, queen_and_rook_stalemate, draw_not_stalemate;      // safe promotions that chess does not take
  unsigned longest_mate[COLOR_NB] = {0, 0};
  Class longest[COLOR_NB];
  const KpkLibrary& lib = library();
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    const Position pos = kpk_position(i);
    const Square pawn = lsb(pos.pawns[WHITE]);
    if (pos.king[WHITE] == pos.king[BLACK] || pos.king[WHITE] == pawn || pos.king[BLACK] == pawn) {
      shared_square.add(pos);  // not a placement of three men: Gaviota is not asked
      continue;
    }
    const Gaviota::Result chess = gaviota.probe(pos, tb_PAWN, pawn);
    if (!lib.legal(i)) {
      (chess.info == tb_FORBID ? forbidden : illegal_mismatch).add(pos);
      continue;
    }
    if (chess.info != tb_DRAW && chess.info != tb_WMATE) {
      other_result.add(pos);  // forbidden, unknown, or the lone king winning
      continue;
    }
    const Value here = lib.value(i);
    if (exact_kpk_value(pos) != here) exact_differs.add(pos);
    const bool chess_win = chess.info == tb_WMATE;
    if (chess_win != (here != 0)) {
      (chess_win ? draw_here_win_in_chess : win_here_draw_in_chess).add(pos);
      continue;
    }
    same.add(pos);
    if (!chess_win) continue;
    const unsigned d = unsigned(distance_of(here));
    if (chess.plies < d) mate_sooner.add(pos);
    if (chess.plies == d) mate_by_promotion.add(pos);
    if (chess.plies > longest_mate[pos.side]) longest_mate[pos.side] = chess.plies, longest[pos.side] = {};
    if (chess.plies == longest_mate[pos.side]) longest[pos.side].add(pos);
    if (here != win_in(1)) continue;
    // A safe promotion now: what do a queen and a rook on that square give?
    const Square promotion = Square(pawn + 8);
    Position after = pos;
    after.side = BLACK;
    const bool queen_draws = gaviota.probe(after, tb_QUEEN, promotion).info == tb_DRAW;
    const bool rook_draws = gaviota.probe(after, tb_ROOK, promotion).info == tb_DRAW;
    if ((queen_draws && !stalemated(pos.king[WHITE], promotion, true, pos.king[BLACK])) ||
        (rook_draws && !stalemated(pos.king[WHITE], promotion, false, pos.king[BLACK])))
      draw_not_stalemate.add(pos);
    else if (queen_draws && rook_draws)
      queen_and_rook_stalemate.add(pos);
    else if (queen_draws)
      queen_stalemates.add(pos);
  }
  MESSAGE("KPK against Gaviota\n", report("two men on one square (not asked)", shared_square), "\n",
          report("not legal, Gaviota forbidden too", forbidden), "\n", report("same WDL", same), "\n",
          report("a win here, a draw in chess", win_here_draw_in_chess), "\n",
          report("a draw here, a win in chess", draw_here_win_in_chess), "\n",
          report("Gaviota mates on the promotion itself", mate_by_promotion), "\n",
          report("safe promotion: a queen stalemates, a rook wins", queen_stalemates), "\n",
          report("safe promotion: queen and rook stalemate, chess wins later", queen_and_rook_stalemate), "\n",
          report("longest mate, White to move", longest[WHITE]), "\n",
          report("longest mate, Black to move", longest[BLACK]));
  CHECK(shared_square.count == 9120);  // 24 pawn squares * 2 sides * (64 + 63 + 63)
  CHECK(forbidden.count == 21812);
  CHECK(same.count == 81664 + 84012);  // every legal position
  // Not one position changes hands: where a queen would stalemate, a rook
  // does not (8 positions, 8/1P6/8/8/8/8/5K2/7k w), and where both would
  // (8/1P6/8/8/8/K7/8/k7 w) the pawn's side can wait a move: mate in 4.
  CHECK(win_here_draw_in_chess.count == 0);
  CHECK(draw_here_win_in_chess.count == 0);
  CHECK(queen_stalemates.count == 8);
  CHECK(queen_and_rook_stalemate.count == 1);
  CHECK(queen_and_rook_stalemate.examples == std::vector<std::string>{"8/1P6/8/8/8/K7/8/k7 w - - 0 1"});
  CHECK(mate_by_promotion.count == 62);
  // Nothing unexplained.
  CHECK(illegal_mismatch.count == 0);
  CHECK(other_result.count == 0);
  CHECK(exact_differs.count == 0);  // so all of the above holds for the exact solver too
  CHECK(mate_sooner.count == 0);
  CHECK(draw_not_stalemate.count == 0);
  // The literature's longest mates (see above): 28 moves, 55 plies with
  // White to move, 56 with Black to move.
  CHECK(longest_mate[WHITE] == 55);
  CHECK(longest[WHITE].count == 3);
  CHECK(longest_mate[BLACK] == 56);
  CHECK(longest[BLACK].count == 2);
#endif
}
