// The chunk libraries, written and read back, against independent
// computations: a forward search of each chunk game (not the retrograde code
// that built them), a forward count of spare tempi (with and without the
// unsafe promotion's pass) and the race regions' definition, the Z configurations'
// definition checked member by member; and every library file refused when
// damaged.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>

#include "chunks/library_file.h"
#include "engine/notation.h"
#include "engine/rules.h"
#include "libgen/kv3cpp_region_build.h"
#include "tests/built_libraries.h"
#include "tests/sample_size.h"
#include "tests/temp_dir.h"

using namespace chunker;

namespace {

const Kv3cppLibrary& kv3cpp(Assumption a) { return built_kv3cpp(a); }

// Each library built once for every test that reads it (the tests that check
// that a build repeats itself call the builder again).
template <auto build>
const auto& built_once() {
  static const decltype(build()) library = build();
  return library;
}
// The two largest, whose builds are most of their tests' time, are read
// instead where CHUNKER_LIBRARIES_FROM names the files `chunker libgen` wrote
// and compared with data/MANIFEST (tests/CMakeLists.txt): the values checked
// are the same bytes.
template <auto build, auto load>
const auto& built_or_read_once() {
  static const decltype(build()) library = [] {
    const char* from = std::getenv("CHUNKER_LIBRARIES_FROM");
    return from && *from ? load(std::string(from)) : build();
  }();
  return library;
}
const K3cppvkLibrary& k3cppvk() { return built_or_read_once<build_k3cppvk, load_k3cppvk>(); }
const Kv3cppPasses& pass_budgets() { return built_or_read_once<build_kv3cpp_passes, load_kv3cpp_passes>(); }

Position passed(Position pos) {
  pos.side = ~pos.side;
  pos.ep = NO_SQUARE;
  return pos;
}

// The chunk game of libgen/kv3cpp_build.cpp played forward to a depth: the
// value for the side to move when the game is decided within `depth` plies,
// else 0. Written from the rules, apart from the retrograde builder.
class ChunkSearch {
 public:
  ChunkSearch(Assumption assumption, int group, bool with_king)
      : assumption_(assumption), group_(group), with_king_(with_king) {}

  Value value(const Position& pos, int depth) {
    if (!pos.pawns[WHITE] && pos.promoted == NO_SQUARE) return pos.side == WHITE ? loss_in(0) : win_in(0);
    const MoveList moves = legal_moves(pos);
    if (moves.empty() && pos.in_check()) return loss_in(0);
    // AMS and KCPS: the lone king without a move is stalemated.
    const bool stalemates = assumption_ == Assumption::AMS || assumption_ == Assumption::KCPS;
    if (moves.empty() && pos.side == BLACK && stalemates) return 0;
    if (depth == 0) return 0;
    for (Move m : moves)
      if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return win_in(1);
    const bool indexed = pos.promoted == NO_SQUARE;
    const std::uint64_t key = indexed ? (std::uint64_t(index(pos)) << 6) | std::uint64_t(depth) : 0;
    if (indexed)
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Value best = -VALUE_INFINITE;
    for (Move m : moves) best = std::max(best, from_child(value(make_move(pos, m), depth - 1)));
    // A pass: where the side has no move, or the assumption gives it one
    // (never to leave an unsafe promotion standing, nor out of check).
    const bool may_pass =
        moves.empty() || (pos.promoted == NO_SQUARE && !pos.in_check() &&
                          (pos.side == WHITE ? assumption_ == Assumption::PCP
                                             : assumption_ == Assumption::KCP || assumption_ == Assumption::KCPS));
    if (may_pass) best = std::max(best, from_child(value(passed(pos), depth - 1)));
    if (indexed) memo_[key] = best;
    return best;
  }

 private:
  std::uint32_t index(const Position& pos) const {
    return with_king_ ? k3cppvk_index(pos, group_) : kv3cpp_index(pos, group_);
  }
  Assumption assumption_;
  int group_;
  bool with_king_;
  std::unordered_map<std::uint64_t, Value> memo_;
};

constexpr int SEARCH_DEPTH = 11;

// Compares `samples` random legal entries with the forward search: a result
// decided within SEARCH_DEPTH plies must be found at exactly its distance
// (and not one ply sooner); a draw or a longer result must not be found
// within SEARCH_DEPTH. Returns how many entries were compared.
int compare_with_search(std::uint32_t entries, int samples, const std::function<bool(std::uint32_t)>& legal,
                        const std::function<Value(std::uint32_t)>& stored,
                        const std::function<Position(std::uint32_t)>& position,
                        const std::function<int(std::uint32_t)>& group, Assumption assumption, bool with_king) {
  std::mt19937 random(20261123);  // fixed: the same sample every run
  std::vector<ChunkSearch> searches;
  for (int g = 0; g < KV3CPP_GROUPS; ++g) searches.emplace_back(assumption, g, with_king);
  int compared = 0;
  while (compared < samples) {
    const std::uint32_t i = random() % entries;
    if (!legal(i)) continue;
    ++compared;
    const Position pos = position(i);
    const Value v = stored(i);
    ChunkSearch& search = searches[group(i)];
    INFO(to_fen(pos), " stored ", v);
    if (is_decisive(v) && distance_of(v) <= SEARCH_DEPTH) {
      CHECK(search.value(pos, distance_of(v)) == v);
      if (distance_of(v) > 0) CHECK(search.value(pos, distance_of(v) - 1) != v);
    } else {
      CHECK(search.value(pos, SEARCH_DEPTH) == 0);
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("chunk libraries: Kv3CPP entries agree with a forward search of the chunk") {
  for (Assumption a : {Assumption::AM, Assumption::PCP, Assumption::KCP, Assumption::AMS, Assumption::KCPS}) {
    // Written and read back: the file is what is compared.
    const TempDir temp;
    save_kv3cpp(kv3cpp(a), temp.path);
    const Kv3cppLibrary library = load_kv3cpp(temp.path, a);
    INFO(assumption_name(a));
    CHECK(compare_with_search(
              KV3CPP_ENTRIES, 400, [&](std::uint32_t i) { return library.legal(i); },
              [&](std::uint32_t i) { return library.value(i); }, kv3cpp_position,
              [](std::uint32_t i) { return kv3cpp_group_of_slice(kv3cpp_slice_of(i)); }, a, false) == 400);
  }
}

// The race of kv3cpp-quiet from its definition, by plain recursion over the
// moves (apart from the builder's pass over configs): the fewest quiet pawn
// moves to a safe promotion or mate, the king answering only checks and
// unsafe promotions as best it can; 255 when the pawns never get there.
int quiet_by_search(const Position& pos) {
  int best = 255;
  for (Move m : legal_moves(pos)) {
    Position after = make_move(pos, m);
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return 1;
    if (m.kind() != MoveKind::Promotion && !after.in_check()) {
      after.side = WHITE;  // the king stays: the pawns move again
      const int rest = quiet_by_search(after);
      best = std::min(best, rest == 255 ? 255 : rest + 1);
      continue;
    }
    int answer = -1;  // the king's best answer; none is mate
    for (Move r : legal_moves(after)) answer = std::max(answer, quiet_by_search(make_move(after, r)));
    best = std::min(best, std::max(answer, 0));
  }
  return best;
}

TEST_CASE("chunk libraries: the race against a king that answers only checks agrees with a recursion") {
  const TempDir temp;
  save_kv3cpp_quiet(built_once<build_kv3cpp_quiet>(), temp.path);
  const Kv3cppQuiet library = load_kv3cpp_quiet(temp.path);
  std::mt19937 random(20261124);  // fixed: the same sample every run
  int compared = 0, racing = 0;
  const int samples = sample_size(300);
  while (compared < samples) {
    const std::uint32_t i = (random() % KV3CPP_ENTRIES) & ~(1u << 6);  // the pawns to move
    const Position pos = kv3cpp_position(i);
    const Bitboard king = square_bb(pos.king[BLACK]);
    if ((pos.pawns[WHITE] & king) || (pawn_attacks(WHITE, pos.pawns[WHITE]) & king)) continue;
    ++compared;
    INFO(to_fen(pos));
    CHECK(library.quiet[i] == quiet_by_search(pos));
    racing += library.quiet[i] != Kv3cppQuiet::NEVER;
  }
  CHECK(racing > 0);
  // By hand: a pawn on a7 with the king far away promotes at once; with
  // the king on b7 its promotion is unsafe, the king takes, nothing is left.
  Position alone = parse_fen("8/P7/8/8/8/8/8/k6K w - -").pos;
  alone.king[WHITE] = NO_SQUARE;
  CHECK(library.quiet[kv3cpp_index(alone, 0)] == 1);
  Position taken = parse_fen("8/Pk6/8/8/8/8/8/7K w - -").pos;
  taken.king[WHITE] = NO_SQUARE;
  CHECK(library.quiet[kv3cpp_index(taken, 0)] == Kv3cppQuiet::NEVER);
}

TEST_CASE("chunk libraries: K3CPPvK entries agree with a forward search of the chunk") {
  const TempDir temp;
  save_k3cppvk(k3cppvk(), temp.path);
  const K3cppvkLibrary library = load_k3cppvk(temp.path);
  const int samples = sample_size(150);
  CHECK(compare_with_search(
            K3CPPVK_ENTRIES, samples, [&](std::uint32_t i) { return library.legal(i); },
            [&](std::uint32_t i) { return Value(library.values[i]); }, k3cppvk_position,
            [](std::uint32_t i) { return kv3cpp_group_of_slice(std::uint32_t(king_slice::slice_of(i))); },
            Assumption::KCP, true) == samples);
  // A whole position reaches its entry and back: White Kb6 with a5 b5 c5
  // against Ka8, White to move; its stored value is the forward search's.
  const Position pos = parse_fen("k7/8/1K6/PPP5/8/8/8/8 w - -").pos;
  const std::uint32_t i = k3cppvk_index(pos, 0);
  CHECK(to_fen(k3cppvk_position(i)) == "k7/8/1K6/PPP5/8/8/8/8 w - - 0 1");
  ChunkSearch search(Assumption::KCP, 0, true);
  CHECK(search.value(pos, SEARCH_DEPTH) == library.values[i]);
}

// The spare tempi of libgen/spare_tempi.h counted forward by recursion over
// the KCP pawn wins: the pawns take the least over their winning moves, the
// king the most over its moves and its pass (worth one). With
// `unsafe_slot` (Kv3cppRace) an unsafe promotion costs the most of the tempi
// after the capture and 1, the pass that answers it.
class TempiCount {
 public:
  explicit TempiCount(bool unsafe_slot) : unsafe_slot_(unsafe_slot) {}
  bool pawns_win(const Position& p, int group) const {
    const std::uint32_t i = kv3cpp_index(p, group);
    return kcp_.legal(i) && is_win(kcp_.pawns_value(i));
  }
  int count(const Position& pos, int group, int depth = 0) {
    REQUIRE(depth < 64);  // a pawn win ends; a loop here would be a wrong library
    const std::uint32_t i = kv3cpp_index(pos, group);
    if (auto it = memo_.find(i); it != memo_.end()) return it->second;
    const MoveList moves = legal_moves(pos);
    int result;
    if (pos.side == WHITE) {
      result = moves.empty() ? count(passed(pos), group, depth + 1) : 1000;
      for (Move m : moves) {
        if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) {
          result = 0;
          break;
        }
        Position child = make_move(pos, m);
        const bool promotion = m.kind() == MoveKind::Promotion;
        if (promotion) child = make_move(child, *legal_moves(child).begin());
        if (!pawns_win(child, group)) continue;
        const int after = count(child, group, depth + 1);
        result = std::min(result, promotion && unsafe_slot_ ? std::max(after, 1) : after);
      }
    } else if (moves.empty() && pos.in_check()) {
      result = 0;
    } else {
      result = pos.in_check() ? -1 : 1 + count(passed(pos), group, depth + 1);
      for (Move m : moves) result = std::max(result, count(make_move(pos, m), group, depth + 1));
    }
    memo_[i] = result;
    return result;
  }

 private:
  const Kv3cppLibrary& kcp_ = kv3cpp(Assumption::KCP);
  bool unsafe_slot_;
  std::unordered_map<std::uint32_t, int> memo_;
};

// Each entry of `tempi` against TempiCount; returns the pawn wins.
int check_tempi(const LibraryArray<std::int8_t>& tempi, bool unsafe_slot) {
  TempiCount counter(unsafe_slot);
  int pawn_wins = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    const Position pos = kv3cpp_position(i);
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    if (!kv3cpp(Assumption::KCP).legal(i) || !counter.pawns_win(pos, group)) {
      CHECK(tempi[i] == Kv3cppTempi::NONE);
      continue;
    }
    ++pawn_wins;
    INFO(to_fen(pos));
    CHECK(tempi[i] == counter.count(pos, group));
  }
  return pawn_wins;
}

TEST_CASE("chunk libraries: spare tempi agree with a forward count over every KCP pawn win") {
  const TempDir temp;
  save_kv3cpp_tempi(built_once<build_kv3cpp_tempi>(), temp.path);
  const Kv3cppTempi tempi = load_kv3cpp_tempi(temp.path);
  CHECK(check_tempi(tempi.tempi, false) > 0);
  // a2 b2 c2 against Ka1, king to move: the c-pawn runs (c4 c5 c6 c7 c8)
  // and the king, far off, can only pass before each of its five moves.
  const Position five = parse_fen("7K/8/8/8/8/8/PPP5/k7 b - -").pos;  // the White king only to make a legal FEN
  Position chunk = five;
  chunk.king[WHITE] = NO_SQUARE;
  CHECK(tempi.tempi[kv3cpp_index(chunk, 0)] == 5);
}

// The definition of a strategy region (libgen/kv3cpp_build.h) at `pos`, a
// KCP pawn win in normal form whose tempi are `tempi`: `inside(child)`
// says whether the region after a move lies inside this one, `tempi_of`
// gives a child's tempi (nullopt where the pawns do not win). The lone
// king's every move and pass stay inside; so does one of the pawns' side's
// moves that keep the tempi (an unsafe promotion costing at least the pass
// that may answer it).
void check_strategy_region(const Position& pos, int tempi, const std::function<bool(const Position&)>& inside,
                           const std::function<std::optional<int>(const Position&)>& tempi_of) {
  const MoveList moves = legal_moves(pos);
  if (pos.side == BLACK) {
    for (Move m : moves) CHECK(inside(make_move(pos, m)));
    if (!pos.in_check()) CHECK(inside(passed(pos)));
    return;
  }
  if (rule_value(pos, moves)) return;
  bool kept = false;
  for (Move m : moves) {
    Position child = make_move(pos, m);
    const bool promotion = m.kind() == MoveKind::Promotion;
    if (promotion) child = make_move(child, *legal_moves(child).begin());
    const auto after = tempi_of(child);
    if (after) kept |= (promotion ? std::max(*after, 1) : *after) == tempi && inside(child);
  }
  CHECK(kept);
}

TEST_CASE("chunk libraries: the race's tempi agree with a forward count, and its regions hold the strategy's squares") {
  const TempDir temp;
  save_kv3cpp_race(built_once<build_kv3cpp_race>(), temp.path);
  const Kv3cppRace race = load_kv3cpp_race(temp.path);
  CHECK(check_tempi(race.tempi, true) > 0);
  // A region is the king's square joined with the regions after every king
  // move and pass, and after one of the pawns' moves that keep the tempi;
  // none where one of those has none (the line may leave a side stuck).
  TempiCount counter(true);
  int regions = 0, stuck = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    if (race.tempi[i] == Kv3cppRace::NONE) {
      CHECK(race.region[i] == 0);
      continue;
    }
    const Position pos = kv3cpp_position(i);
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    const Bitboard r = race.region[i], king = square_bb(pos.king[BLACK]);
    INFO(to_fen(pos));
    regions += r != 0, stuck += r == 0;
    if (!r) continue;
    CHECK((r & king));
    check_strategy_region(
        pos, race.tempi[i],
        [&](const Position& child) {
          const Bitboard next = race.region[kv3cpp_index(child, group)];
          return next && (next & ~r) == 0;
        },
        [&](const Position& child) -> std::optional<int> {
          if (!counter.pawns_win(child, group)) return std::nullopt;
          return counter.count(child, group);
        });
  }
  CHECK(regions > 0);
  CHECK(stuck > 0);
  // a2 b2 c2 against Ka1 (as above): no promotion is unsafe on the way.
  Position chunk = parse_fen("7K/8/8/8/8/8/PPP5/k7 b - -").pos;
  chunk.king[WHITE] = NO_SQUARE;
  CHECK(race.tempi[kv3cpp_index(chunk, 0)] == 5);
}

TEST_CASE(
    "chunk libraries: the budget race agrees with a forward search, and its regions hold the strategy's squares") {
  // The game of libgen/kv3cpp_build.h played forward from the rules: the
  // pawns, to move with a budget of quiet moves, win if a move of theirs
  // wins against every answer of the king (a check or an unsafe promotion:
  // its replies, none being mate; a quiet move: standing, one spent, or any
  // free king move, none spent). Pawn moves only advance: no loops.
  const TempDir temp;
  save_kv3cpp_budget(built_once<build_kv3cpp_budget>(), temp.path);
  const Kv3cppBudget budget = load_kv3cpp_budget(temp.path);
  std::unordered_map<std::uint64_t, bool> memo;
  std::function<bool(const Position&, int, int)> wins = [&](const Position& pos, int group, int left) -> bool {
    if (left <= 0) return false;
    const std::uint64_t key = std::uint64_t(kv3cpp_index(pos, group)) << 4 | std::uint64_t(left);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool result = false;
    for (Move m : legal_moves(pos)) {
      if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) result = true;
      const Position after = make_move(pos, m);
      bool every = true;
      if (m.kind() == MoveKind::Promotion || after.in_check()) {
        for (Move r : legal_moves(after)) every &= wins(make_move(after, r), group, left);
      } else {
        every = wins(passed(after), group, left - 1);
        for (Move x : legal_moves(after)) every &= wins(make_move(after, x), group, left);
      }
      result |= every;
      if (result) break;
    }
    return memo[key] = result;
  };
  int holds = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    if (i & 64) continue;  // the pawns (White) to move
    const Position pos = kv3cpp_position(i);
    const Bitboard king = square_bb(pos.king[BLACK]);
    if ((pos.pawns[WHITE] & king) || (pawn_attacks(WHITE, pos.pawns[WHITE]) & king)) continue;
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    const std::uint32_t p = Kv3cppBudget::placement(i);
    int need = Kv3cppBudget::NEVER;
    for (int left = Kv3cppBudget::BUDGETS - 1; left >= 1; --left)
      if (wins(pos, group, left)) need = left;
    INFO(to_fen(pos));
    CHECK(budget.need[p] == need);
    for (int left = 0; left < std::min(need, Kv3cppBudget::BUDGETS); ++left) {
      // A holding region holds the king's square, and after each pawn move
      // the region of an answer that holds lies inside it.
      const Bitboard r = budget.region[p * Kv3cppBudget::BUDGETS + left];
      CHECK((r & king));
      ++holds;
      if (left == 0) continue;
      auto inside = [&](const Position& child, int budget_left) {
        const Bitboard next =
            budget.region[Kv3cppBudget::placement(kv3cpp_index(child, group)) * Kv3cppBudget::BUDGETS + budget_left];
        return !wins(child, group, budget_left) && next && (next & ~r) == 0;
      };
      for (Move m : legal_moves(pos)) {
        const Position after = make_move(pos, m);
        bool held = false;
        if (m.kind() == MoveKind::Promotion || after.in_check()) {
          for (Move x : legal_moves(after)) held |= inside(make_move(after, x), left);
        } else {
          held = inside(passed(after), left - 1);
          for (Move x : legal_moves(after)) held |= inside(make_move(after, x), left);
        }
        CHECK(held);
      }
    }
  }
  CHECK(holds > 0);
}

TEST_CASE("chunk libraries: K3CPPvK's race tempi and boxes keep to their definition") {
  // Checked on every seventh pawn configuration against the definition
  // (chunks/k3cppvk.h): the race tempi exceed the spare tempi by at most the
  // one pass an unsafe promotion offers; a box holds the pawns' king's
  // square, joins the boxes after every move and pass of the lone king, and
  // those after one of the pawns' side's moves that keep the race tempi.
  const K3cppvkLibrary& library = k3cppvk();
  int boxes = 0;
  for (std::uint32_t slice = 0; slice < KV3CPP_GROUPS * KV3CPP_CONFIGS; slice += 7)
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      const std::uint32_t i = slice * king_slice::SIZE + local;
      const int tempi = library.tempi[i], race = library.race_tempi[i];
      const std::uint16_t box = library.race_box[i];
      if (tempi == K3cppvkLibrary::NO_TEMPI) {
        CHECK(race == K3cppvkLibrary::NO_TEMPI);
        CHECK(box == K3cppvkLibrary::NO_BOX);
        continue;
      }
      CHECK((race >= tempi && race <= tempi + 1));
      if (box == K3cppvkLibrary::NO_BOX) continue;
      ++boxes;
      const Position pos = k3cppvk_position(i);
      const int group = kv3cpp_group_of_slice(slice);
      const Bitboard squares = k3cppvk_box_squares(box);
      INFO(to_fen(pos));
      CHECK((squares & square_bb(pos.king[WHITE])));
      check_strategy_region(
          pos, race,
          [&](const Position& child) {
            const std::uint16_t next = library.race_box[k3cppvk_index(child, group)];
            return next != K3cppvkLibrary::NO_BOX && (k3cppvk_box_squares(next) & ~squares) == 0;
          },
          [&](const Position& child) -> std::optional<int> {
            const int after = library.race_tempi[k3cppvk_index(child, group)];
            if (after == K3cppvkLibrary::NO_TEMPI) return std::nullopt;
            return after;
          });
    }
  CHECK(boxes > 0);
}

TEST_CASE("chunk libraries: the Z configurations are the greatest set their definition allows") {
  // Checked from the definition (libgen/kv3cpp_build.h): every member meets
  // the first two conditions and answers every king move inside the set; and
  // no non-member meeting the first two could be added (it fails the third
  // against the set as it is), which is what the greatest such set means.
  const Kv3cppLibrary& am = kv3cpp(Assumption::AM);
  const Kv3cppLibrary& kcp = kv3cpp(Assumption::KCP);
  const TempDir temp;
  save_z_configurations(build_z_configurations(am, kcp), temp.path);
  const ZConfigurations z = load_z_configurations(temp.path);
  auto wins = [](const Kv3cppLibrary& l, std::uint32_t i) { return l.legal(i) && is_win(l.pawns_value(i)); };
  auto answers_every_king_move = [&](std::uint32_t black, int group) {
    const Position pos = kv3cpp_position(black);
    for (Move king_move : legal_moves(pos)) {
      const Position after = make_move(pos, king_move);
      bool answered = z.contains(kv3cpp_index(after, group));
      for (Move m : legal_moves(after)) {
        if (m.kind() == MoveKind::Promotion && is_safe_promotion(after, m))
          answered = true;
        else if (m.kind() != MoveKind::Promotion)
          answered |= z.contains(kv3cpp_index(make_move(after, m), group));
      }
      if (!answered) return false;
    }
    return true;
  };
  int members = 0, candidates = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    if (i & 64) continue;  // each placement once, at its White-to-move entry
    const std::uint32_t black = i | 64;
    const bool candidate = wins(am, i) && wins(am, black) && !wins(kcp, i);
    candidates += candidate;
    INFO(to_fen(kv3cpp_position(i)));
    const bool closed = candidate && answers_every_king_move(black, kv3cpp_group_of_slice(kv3cpp_slice_of(i)));
    if (z.contains(i)) {
      ++members;
      CHECK(closed);
    } else {
      CHECK_FALSE(closed);
    }
  }
  CHECK(members > 0);
  CHECK(candidates > members);
  // A member: pawns a6 b7 c2 with the king on a7 (it must guard b8; the
  // c-pawn runs if it leaves, and with the pawns to move a KCP king wins by
  // waiting while they must advance into its reach).
  Position chunk = parse_fen("8/kP6/P7/8/8/8/2P5/4K3 w - -").pos;  // the White king only to make a legal FEN
  chunk.king[WHITE] = NO_SQUARE;
  CHECK(z.contains(kv3cpp_index(chunk, 0)));
}

TEST_CASE(
    "chunk libraries: the pass-budget games agree with a forward search, and their regions follow the strategies") {
  // The two games of Kv3cppPasses (chunks/kv3cpp_library.h) played forward
  // from their rules, apart from the builder. W wins the pawns' game by a
  // safe promotion or mate, passing up to n times but never right after
  // B's pass; B's king passes up to m times, never in check; B without a
  // move (not mated) is no win. W wins the king's game when no pawn is left,
  // its king passing up to m times likewise; B's pawns pass up to n times;
  // B's pawns without a move or with a safe promotion are no win.
  const TempDir temp;
  save_kv3cpp_passes(pass_budgets(), temp.path);
  const Kv3cppPasses passes = load_kv3cpp_passes(temp.path);
  constexpr int PASSES = Kv3cppPasses::PASSES;
  std::vector<std::int8_t> memo[2];  // [game]: by (entry, n, m, W may pass), -1 unknown
  for (auto& m : memo) m.assign(std::size_t(KV3CPP_ENTRIES) * PASSES * PASSES * 2, -1);
  auto safe_promotion = [](const Position& pos) {
    for (Move m : legal_moves(pos))
      if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return true;
    return false;
  };
  // The pawns to move win at once: a safe promotion, or a mate.
  auto wins_at_once = [&](const Position& pos) {
    if (safe_promotion(pos)) return true;
    for (Move m : legal_moves(pos)) {
      const Position after = make_move(pos, m);
      if (after.in_check() && legal_moves(after).empty()) return true;
    }
    return false;
  };
  std::function<bool(const Position&, int, int, int, bool)> pawns_game, king_game;
  auto memoised = [&](int game, const Position& pos, int group, int n, int m, bool may_pass, auto compute) {
    std::int8_t& slot = memo[game][((std::size_t(kv3cpp_index(pos, group)) * PASSES + n) * PASSES + m) * 2 + may_pass];
    if (slot < 0) slot = compute();
    return slot == 1;
  };
  pawns_game = [&](const Position& pos, int group, int n, int m, bool may_pass) -> bool {
    return memoised(0, pos, group, n, m, may_pass, [&]() -> bool {
      if (!pos.pawns[WHITE]) return false;
      const MoveList moves = legal_moves(pos);
      if (pos.side == WHITE) {
        if (safe_promotion(pos)) return true;
        for (Move mv : moves) {
          const Position after = make_move(pos, mv);
          bool every = true;
          if (mv.kind() == MoveKind::Promotion)  // unsafe: the king takes
            for (Move r : legal_moves(after)) every = every && pawns_game(make_move(after, r), group, n, m, true);
          else
            every = pawns_game(after, group, n, m, true);
          if (every) return true;
        }
        return may_pass && n > 0 && pawns_game(passed(pos), group, n - 1, m, true);
      }
      if (moves.empty()) return pos.in_check();
      for (Move mv : moves)
        if (!pawns_game(make_move(pos, mv), group, n, m, true)) return false;
      return pos.in_check() || m == 0 || pawns_game(passed(pos), group, n, m - 1, false);
    });
  };
  king_game = [&](const Position& pos, int group, int n, int m, bool may_pass) -> bool {
    return memoised(1, pos, group, n, m, may_pass, [&]() -> bool {
      if (!pos.pawns[WHITE]) return true;
      const MoveList moves = legal_moves(pos);
      if (pos.side == WHITE) {
        if (moves.empty() || safe_promotion(pos)) return false;
        for (Move mv : moves) {
          const Position after = make_move(pos, mv);
          bool any = false;
          if (mv.kind() == MoveKind::Promotion)
            for (Move r : legal_moves(after)) any = any || king_game(make_move(after, r), group, n, m, true);
          else
            any = king_game(after, group, n, m, true);
          if (!any) return false;
        }
        return n == 0 || king_game(passed(pos), group, n - 1, m, false);
      }
      for (Move mv : moves)
        if (king_game(make_move(pos, mv), group, n, m, true)) return true;
      return may_pass && m > 0 && !pos.in_check() && king_game(passed(pos), group, n, m - 1, true);
    });
  };
  auto region = [&](const LibraryArray<std::uint16_t>& ids, std::uint32_t i, int budget) {
    return passes.regions[ids[Kv3cppPasses::slot(i, budget)]];
  };
  auto king_region = [&](const LibraryArray<std::uint16_t>& ids, int strategy, std::uint32_t i, int budget) {
    return passes.regions[ids[Kv3cppPasses::king_slot(strategy, i, budget)]];
  };
  int pawn_wins = 0, king_wins = 0;
  // Every entry, or under the sanitizers every sample_divisor()-th.
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; i += std::uint32_t(sample_divisor())) {
    const Position pos = kv3cpp_position(i);
    const Bitboard king = square_bb(pos.king[BLACK]);
    const bool checked = pawn_attacks(WHITE, pos.pawns[WHITE]) & king;
    if ((pos.pawns[WHITE] & king) || (pos.side == WHITE && checked) || popcount(pos.checkers()) > 1) {
      CHECK(passes.pawns_win[i] == 0);
      CHECK(passes.king_win[i] == 0);
      continue;
    }
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    INFO(to_fen(pos));
    for (int n = 0; n < PASSES; ++n)
      for (int m = 0; m < PASSES; ++m) {
        const int budget = Kv3cppPasses::budget(n, m);
        const bool pawns_win = pawns_game(pos, group, n, m, false), king_wins_here = king_game(pos, group, n, m, false);
        CHECK(((passes.pawns_win[i] >> budget) & 1) == pawns_win);
        CHECK(((passes.king_win[i] >> budget) & 1) == king_wins_here);
        pawn_wins += pawns_win, king_wins += king_wins_here;
        // The regions: B's king's square where it is to move (an at-once
        // square where W to move would win at once and the king has four
        // moves or more, else live), and every square it steps to unless W
        // then wins at once (there B is to move next, or W passes); W to
        // move (the library keeps W's entries where it moves first), some
        // winning move leading inside.
        if (pawns_win) {
          const Bitboard live = region(passes.pawns_region, i, budget);
          const Bitboard threat = region(passes.threat_region, i, budget);
          const Bitboard at_once = region(passes.at_once_region, i, budget);
          const Bitboard any = live | threat | at_once;
          const MoveList moves = legal_moves(pos);
          if (pos.side == BLACK) {
            const bool threatened = !pos.in_check() && moves.size > 3 && wins_at_once(passed(pos));
            CHECK(((threatened ? at_once : live) & king));
            for (Move mv : moves)
              if (!wins_at_once(make_move(pos, mv))) CHECK((any & square_bb(mv.to())));
          } else if (any) {
            auto within = [&](std::uint32_t j, int b) {
              return !(region(passes.pawns_region, j, b) & ~live) && !(region(passes.threat_region, j, b) & ~threat) &&
                     !(region(passes.at_once_region, j, b) & ~at_once);
            };
            bool inside = false;
            for (Move mv : moves) {
              const Position after = make_move(pos, mv);
              if (mv.kind() == MoveKind::Promotion) {  // leads to regions the library does not keep
                bool every = true;
                for (Move x : legal_moves(after)) every = every && pawns_game(make_move(after, x), group, n, m, true);
                inside |= every;
              } else if (pawns_game(after, group, n, m, true)) {
                inside |= within(kv3cpp_index(after, group), budget);
              }
            }
            CHECK(inside);
          }
        }
        // The king's game, each strategy: W's king's square where it is to
        // move, its answers to a check among the checked squares, some
        // winning move leading inside.
        for (int strategy = 0; strategy < Kv3cppPasses::KING_STRATEGIES; ++strategy) {
          if (!king_wins_here || pos.side != BLACK || !pos.pawns[WHITE]) break;
          const Bitboard r = king_region(passes.king_region, strategy, i, budget);
          const Bitboard answers = king_region(passes.checked_region, strategy, i, budget);
          CHECK((r & king));
          CHECK(!(answers & ~r));
          bool inside = false;
          for (Move mv : legal_moves(pos)) {
            const Position after = make_move(pos, mv);
            if (!king_game(after, group, n, m, true)) continue;
            const std::uint32_t j = kv3cpp_index(after, group);
            inside |= !(king_region(passes.king_region, strategy, j, budget) & ~r) &&
                      !(king_region(passes.checked_region, strategy, j, budget) & ~answers) &&
                      (!checked || (answers & square_bb(mv.to())));
          }
          CHECK(inside);
        }
      }
  }
  CHECK(pawn_wins > 0);
  CHECK(king_wins > 0);
}

TEST_CASE("chunk libraries: the fingerprint follows what the library files hold") {
  const TempDir temp;
  const std::string none = libraries_fingerprint(temp.path);
  save_kv3cpp_tempi(built_once<build_kv3cpp_tempi>(), temp.path);
  const std::string tempi = libraries_fingerprint(temp.path);
  CHECK(tempi != none);
  save_kv3cpp_tempi(build_kv3cpp_tempi(), temp.path);  // the same bytes again
  CHECK(libraries_fingerprint(temp.path) == tempi);
  save_kv3cpp_quiet(built_once<build_kv3cpp_quiet>(), temp.path);
  CHECK(libraries_fingerprint(temp.path) != tempi);
}

TEST_CASE("chunk libraries: a damaged or truncated file is refused with the command that rebuilds it") {
  const TempDir temp;
  const std::string& dir = temp.path;
  save_kv3cpp(kv3cpp(Assumption::AM), dir);
  save_kv3cpp(kv3cpp(Assumption::KCP), dir);
  save_kv3cpp_tempi(built_once<build_kv3cpp_tempi>(), dir);
  save_kv3cpp_quiet(built_once<build_kv3cpp_quiet>(), dir);
  save_kv3cpp_race(built_once<build_kv3cpp_race>(), dir);
  save_kv3cpp_budget(built_once<build_kv3cpp_budget>(), dir);
  save_kv3cpp_passes(pass_budgets(), dir);
  save_z_configurations(build_z_configurations(kv3cpp(Assumption::AM), kv3cpp(Assumption::KCP)), dir);
  save_k3cppvk(k3cppvk(), dir);
  save_kv3cpp_regions(build_kv3cpp_regions(kv3cpp(Assumption::AMS)), dir);
  const std::vector<std::pair<std::string, std::function<void()>>> loaders = {
      {"kv3cpp-am", [&] { load_kv3cpp(dir, Assumption::AM); }},
      {"kv3cpp-kcp", [&] { load_kv3cpp(dir, Assumption::KCP); }},
      {KV3CPP_TEMPI_NAME, [&] { load_kv3cpp_tempi(dir); }},
      {KV3CPP_QUIET_NAME, [&] { load_kv3cpp_quiet(dir); }},
      {KV3CPP_RACE_NAME, [&] { load_kv3cpp_race(dir); }},
      {KV3CPP_BUDGET_NAME, [&] { load_kv3cpp_budget(dir); }},
      {KV3CPP_PASSES_NAME, [&] { load_kv3cpp_passes(dir); }},
      {Z_CONFIGURATIONS_NAME, [&] { load_z_configurations(dir); }},
      {K3CPPVK_NAME, [&] { load_k3cppvk(dir); }},
      {KV3CPP_REGIONS_NAME, [&] { load_kv3cpp_regions(dir); }}};
  for (const auto& entry : loaders) {
    // Named copies, not a structured binding: INFO's lambda captures it.
    const std::string& library = entry.first;
    const auto& load = entry.second;
    INFO(library);
    const std::string path = library_path(dir, library);
    const std::string good = bytes_of(path);
    CHECK_NOTHROW(load());
    const std::string rebuild = "chunker libgen --only " + library;
    std::string changed = good;
    changed[changed.size() / 2] ^= 0x10;
    put(path, changed);
    CHECK_THROWS_WITH_AS(load(), doctest::Contains(rebuild.c_str()), TableError);
    put(path, good.substr(0, good.size() - 1));
    CHECK_THROWS_WITH_AS(load(), doctest::Contains(rebuild.c_str()), TableError);
    std::filesystem::remove(path);
    CHECK_THROWS_WITH_AS(load(), doctest::Contains(rebuild.c_str()), TableError);
  }
}
