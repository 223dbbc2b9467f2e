// Building the Kv3CPP libraries (the pawns alone against the lone king):
// the values under each assumption and their spare tempi by the slice game
// of lone_king_build.h; the quiet race, the budget race and the Z
// configurations by one pass each over the pawn configurations.
#include "libgen/kv3cpp_build.h"

#include <algorithm>
#include <climits>
#include <memory>
#include <tuple>
#include <utility>

#include "chunks/parse.h"
#include "libgen/lone_king_build.h"

namespace chunker {

using lone_king::build;
using retro::NOT_LEGAL;

Kv3cppLibrary build_kv3cpp(Assumption assumption) {
  Kv3cppLibrary library;
  library.assumption = assumption;
  build<false>(assumption, library.values.built());
  return library;
}

Kv3cppRace build_kv3cpp_race() {
  Kv3cppRace race;
  std::vector<std::int16_t> values;
  build<false>(Assumption::KCP, values, {&race.tempi.built(), true, &race.region.built(), nullptr});
  return race;
}

Kv3cppTempi build_kv3cpp_tempi() {
  Kv3cppTempi tempi;
  std::vector<std::int16_t> values;
  build<false>(Assumption::KCP, values, {&tempi.tempi.built()});
  return tempi;
}

namespace {

// One entry of Kv3cppQuiet, the pawns to move, from entries of larger
// configs: (quiet, answers).
std::pair<std::uint8_t, std::uint8_t> quiet_race(const Position& pos, int group, const Kv3cppQuiet& built) {
  constexpr std::uint8_t NEVER = Kv3cppQuiet::NEVER;
  std::uint8_t quiet = NEVER, answers = 0;
  auto offer = [&](std::uint8_t q, int a) {
    quiet = std::min(quiet, q);
    answers = std::uint8_t(std::max<int>(answers, a));
  };
  for (Move m : legal_moves(pos)) {
    const Position after = make_move(pos, m);
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) {
      offer(1, 0);
      continue;
    }
    if (m.kind() == MoveKind::Promotion || after.in_check()) {
      // The king must answer: it takes the unsafely promoted pawn, or it
      // steps out of check, choosing what leaves the pawns the most quiet
      // moves and then itself the fewest answers; with no move it is mated.
      const MoveList replies = legal_moves(after);
      if (replies.empty()) {  // mate: the check is the last quiet move, no answer follows
        offer(1, 0);
        continue;
      }
      std::pair<int, int> best{-1, 0};  // (quiet, -answers) of the king's choice
      for (Move r : replies) {
        const std::uint32_t next = kv3cpp_index(make_move(after, r), group);
        best = std::max(best, std::pair<int, int>(built.quiet[next], -built.answers[next]));
      }
      offer(std::uint8_t(best.first), 1 - best.second);
      continue;
    }
    // A quiet move: the king stays, the pawns move again.
    Position again = after;
    again.side = WHITE;
    const std::uint32_t next = kv3cpp_index(again, group);
    offer(built.quiet[next] == NEVER ? NEVER : std::uint8_t(1 + built.quiet[next]), built.answers[next]);
  }
  return {quiet, answers};
}

}  // namespace

Kv3cppQuiet build_kv3cpp_quiet() {
  Kv3cppQuiet built;
  built.quiet.assign(KV3CPP_ENTRIES, Kv3cppQuiet::NEVER);
  built.answers.assign(KV3CPP_ENTRIES, 0);
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) {
    for (std::uint32_t king = 0; king < 64; ++king) {
      const std::uint32_t i = slice << 7 | king;  // the pawns (White) to move
      const Position pos = kv3cpp_position(i);
      const Bitboard k = square_bb(pos.king[BLACK]);
      if ((pos.pawns[WHITE] & k) || (pawn_attacks(WHITE, pos.pawns[WHITE]) & k)) continue;  // cannot arise
      std::tie(built.quiet[i], built.answers[i]) = quiet_race(pos, kv3cpp_group_of_slice(slice), built);
    }
  });
  return built;
}

namespace {

// One placement of Kv3cppBudget, the pawns to move, from placements of
// larger configs (every pawn move raises it): its need, and its regions
// for the budgets below that.
class BudgetPlacement {
 public:
  BudgetPlacement(const Position& pos, int group, Kv3cppBudget& built) : pos_(pos), group_(group), built_(built) {}

  void build() {
    const std::uint32_t p = Kv3cppBudget::placement(kv3cpp_index(pos_, group_));
    built_.region[p * Kv3cppBudget::BUDGETS] = square_bb(pos_.king[BLACK]);  // no quiet move left: the king waits
    for (int budget = 1; budget < Kv3cppBudget::BUDGETS; ++budget) {
      if (wins(budget)) {
        built_.need[p] = std::uint8_t(budget);
        return;
      }
      built_.region[p * Kv3cppBudget::BUDGETS + budget] = hold_region(budget);
    }
  }

 private:
  // Whether the pawns, to move in `child`, win with `budget` quiet moves.
  bool wins(const Position& child, int budget) const {
    if (budget <= 0) return false;
    return built_.need[Kv3cppBudget::placement(kv3cpp_index(child, group_))] <= budget;
  }
  Bitboard region(const Position& child, int budget) const {
    return built_.region[Kv3cppBudget::placement(kv3cpp_index(child, group_)) * Kv3cppBudget::BUDGETS + budget];
  }

  // The positions the king may choose after the pawns' move m, each with the
  // budget the pawns then have: the answers to a check or an unsafe
  // promotion; after a quiet move, standing still (one quiet move spent) or
  // a free move (which gives it back).
  template <typename F>
  void for_each_answer(Move m, int budget, F f) const {
    const Position after = make_move(pos_, m);
    if (m.kind() == MoveKind::Promotion || after.in_check()) {
      for (Move r : legal_moves(after)) f(make_move(after, r), budget);
      return;
    }
    Position again = after;
    again.side = WHITE;
    f(again, budget - 1);
    for (Move x : legal_moves(after)) f(make_move(after, x), budget);
  }

  bool wins(int budget) const {
    for (Move m : legal_moves(pos_)) {
      if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos_, m)) return true;
      bool every = true;
      for_each_answer(m, budget, [&](const Position& child, int left) { every &= wins(child, left); });
      if (every) return true;  // a mate too: no answer
    }
    return false;
  }

  // The king's squares where it holds with `budget`: its own, and after each
  // pawn move those of the answer that holds with the smallest region.
  Bitboard hold_region(int budget) const {
    Bitboard r = square_bb(pos_.king[BLACK]);
    for (Move m : legal_moves(pos_)) {
      Bitboard best = 0;
      for_each_answer(m, budget, [&](const Position& child, int left) {
        if (wins(child, left)) return;
        const Bitboard next = region(child, left);
        if (!best || popcount(king_reach_any(next, 1)) < popcount(king_reach_any(best, 1))) best = next;
      });
      r |= best;
    }
    return r;
  }

  const Position& pos_;
  int group_;
  Kv3cppBudget& built_;
};

}  // namespace

Kv3cppBudget build_kv3cpp_budget() {
  Kv3cppBudget built;
  built.need.assign(KV3CPP_ENTRIES / 2, Kv3cppBudget::NEVER);
  built.region.assign(KV3CPP_ENTRIES / 2 * Kv3cppBudget::BUDGETS, 0);
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) {
    for (std::uint32_t king = 0; king < 64; ++king) {
      const Position pos = kv3cpp_position(slice << 7 | king);  // the pawns (White) to move
      const Bitboard k = square_bb(pos.king[BLACK]);
      if ((pos.pawns[WHITE] & k) || (pawn_attacks(WHITE, pos.pawns[WHITE]) & k)) continue;  // cannot arise
      BudgetPlacement(pos, kv3cpp_group_of_slice(slice), built).build();
    }
  });
  return built;
}

ZConfigurations build_z_configurations(const Kv3cppLibrary& am, const Kv3cppLibrary& kcp) {
  auto pawns_win = [](const Kv3cppLibrary& library, std::uint32_t i) {
    return library.legal(i) && is_win(library.pawns_value(i));
  };
  ZConfigurations z;
  z.member.assign(KV3CPP_ENTRIES / 2, 0);
  constexpr std::uint32_t BLACK_BIT = 1u << 6;
  for (std::uint32_t slice = 0; slice < KV3CPP_ENTRIES >> 7; ++slice)
    for (std::uint32_t king = 0; king < 64; ++king) {
      const std::uint32_t white = (slice << 7) | king;
      z.member[ZConfigurations::z_index(white)] =
          pawns_win(am, white) && pawns_win(am, white | BLACK_BIT) && !pawns_win(kcp, white);
    }
  // A king move out of Z must be answered: at once (a safe promotion), or by
  // a pawn move (not an unsafe promotion) back into Z.
  auto answered = [&](const Position& after_king_move, int group) {
    if (z.contains(kv3cpp_index(after_king_move, group))) return true;
    const MoveList replies = legal_moves(after_king_move);
    if (auto end = rule_value(after_king_move, replies); end && is_win(*end)) return true;
    return std::any_of(replies.begin(), replies.end(), [&](Move m) {
      return m.kind() != MoveKind::Promotion && z.contains(kv3cpp_index(make_move(after_king_move, m), group));
    });
  };
  // The greatest fixed point: drop what fails until nothing does.
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
      const std::uint32_t black = i | BLACK_BIT;
      if (i != black || !z.contains(black)) continue;
      const Position pos = kv3cpp_position(black);
      const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(black));
      const MoveList moves = legal_moves(pos);
      if (std::all_of(moves.begin(), moves.end(), [&](Move m) { return answered(make_move(pos, m), group); })) continue;
      z.member[ZConfigurations::z_index(black)] = 0;
      changed = true;
    }
  }
  return z;
}

}  // namespace chunker
