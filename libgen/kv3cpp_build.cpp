// Building the chunk libraries of a lone king against pawns with the
// retrograde loop of retrograde.h: Kv3CPP (the pawns alone) and K3CPPvK (the
// pawns with their king). A slice is one group and pawn configuration: the
// side to move and the king squares, 128 positions for Kv3CPP, 8192 for
// K3CPPvK; inside it the kings move and passes are made; pawn moves, captures
// and promotions leave it for slices solved before (a larger config of the
// same group). Moves come from the engine's move generator, which takes a
// position whose pawns' side has no king (position.h).
//
// The rules inside a chunk:
// - The pawns win by a safe promotion (the engine's is_safe_promotion: not
//   next to the lone king, or defended), or by mate; an unsafe promotion is
//   taken by the king. The lone king wins when no pawn is left: the pawns'
//   side to move has lost in 0 (the capture ended it), the king's side to
//   move has won in 0.
// - A side with no legal move in the chunk that is not mated passes. On the
//   board it is not stalemated by this chunk alone: it moves in the other
//   chunk, which is what a pass stands for. This happens to the pawns when
//   the king blocks their only pawn, and to a king hemmed in by pawn attacks.
//   A pass that only repeats (both sides stuck) is endless play: a draw. The
//   soundness check (chunker oracle verify) judges this choice against the
//   whole board.
// - AMS, KCPS: as AM and KCP, but a lone king without a move is stalemated,
//   a draw: on the board its side may have nothing to move elsewhere
//   either. A win there never leaves the lone king stuck.
// - PCP: the pawns' side may pass at any move; KCP: the lone king may pass
//   unless it is in check (a move out of check is forced). K3CPPvK is played
//   under KCP: the lone king's side may spend moves on its pawns elsewhere.
#include "kv3cpp_build.h"

#include <algorithm>
#include <climits>
#include <memory>
#include <tuple>
#include <utility>

#include "parse.h"
#include "retrograde.h"
#include "spare_tempi.h"

namespace chunker {

namespace {

using retro::NOT_LEGAL;

// The regions strategy_region() builds: a set of squares (the lone king's,
// Kv3cppRace) or the bounding box of the squares (the pawns' king's,
// K3cppvkLibrary::race_box, whose full sets would not fit a small library).
// NONE joins to NONE.
struct SquareSet {
  using T = Bitboard;
  static constexpr T NONE = 0;
  static T at(Square s) { return square_bb(s); }
  static T join(T a, T b) { return a == NONE || b == NONE ? NONE : a | b; }
  static int size(T r) { return popcount(king_reach_any(r, 1)); }  // Level 4 asks who comes next to it
};
struct SquareBox {
  using T = std::uint16_t;
  static constexpr T NONE = K3cppvkLibrary::NO_BOX;
  static T at(Square s) { return k3cppvk_box(file_of(s), file_of(s), rank_of(s), rank_of(s)); }
  static T join(T a, T b) {
    if (a == NONE || b == NONE) return NONE;
    const auto lo = [](T x, T y, int shift) { return std::min((x >> shift) & 7, (y >> shift) & 7); };
    const auto hi = [](T x, T y, int shift) { return std::max((x >> shift) & 7, (y >> shift) & 7); };
    return k3cppvk_box(lo(a, b, 0), hi(a, b, 3), lo(a, b, 6), hi(a, b, 9));
  }
  static int size(T r) { return (((r >> 3) & 7) - (r & 7) + 1) * (((r >> 9) & 7) - ((r >> 6) & 7) + 1); }
};

// One slice of Kv3CPP (WITH_KING false) or K3CPPvK (true). A local
// position is side to move | White king (K3CPPvK only) | Black king.
template <bool WITH_KING>
class LoneKingSlice {
 public:
  static constexpr int LOCAL_BITS = WITH_KING ? 13 : 7;
  static constexpr std::uint32_t SIZE = 1u << LOCAL_BITS;
  static constexpr std::uint32_t SIDE_BIT = SIZE >> 1;

  // `tempi` is needed only for examine_tempi (KCP); `unsafe_slot` counts the
  // pass an unsafe promotion offers (Kv3cppRace).
  LoneKingSlice(Assumption assumption, const std::vector<std::int16_t>& values, const std::vector<std::int8_t>* tempi,
                std::uint32_t slice, bool unsafe_slot = false)
      : assumption_(assumption),
        values_(values),
        tempi_(tempi),
        group_(kv3cpp_group_of_slice(slice)),
        base_(slice << LOCAL_BITS),
        unsafe_slot_(unsafe_slot) {
    pos_.pawns[WHITE] = kv3cpp_pawns(slice);
  }

  retro::Examined examine(std::uint32_t local) {
    const Position& pos = at(local);
    can_pass_[local] = false;
    retro::Examined e;
    const Bitboard pawns = pos.pawns[WHITE];
    const bool black_in_check = pawn_attacks(WHITE, pawns) & square_bb(pos.king[BLACK]);
    if (!legal(pos, black_in_check)) {
      e.over = NOT_LEGAL;
      return e;
    }
    if (!pawns) {
      e.over = pos.side == WHITE ? loss_in(0) : win_in(0);
      return e;
    }
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) {
      if (black_in_check) {
        e.over = loss_in(0);  // only the lone king can be in check, and this is mate
        return e;
      }
      // Stalemate: the lone king under AMS and KCPS; with the pawns' king
      // (K3CPPvK as the whole board) either side.
      if ((pos.side == BLACK || WITH_KING) && (assumption_ == Assumption::AMS || assumption_ == Assumption::KCPS)) {
        e.over = 0;
        return e;
      }
      can_pass_[local] = true;  // nothing to move here: the side moves elsewhere
      e.in_slice = 1;
      return e;
    }
    if (auto end = rule_value(pos, moves)) {  // a safe promotion
      e.over = *end;
      return e;
    }
    can_pass_[local] = pos.side == WHITE
                           ? assumption_ == Assumption::PCP
                           : (assumption_ == Assumption::KCP || assumption_ == Assumption::KCPS) && !black_in_check;
    e.in_slice = can_pass_[local];
    auto stored = [this](const Position& p) { return Value(values_[index(p)]); };
    retro::examine_moves(pos, moves, stored, e);
    return e;
  }

  // After examine() and the slice's values are stored (KCP only).
  retro::TempiExamined examine_tempi(std::uint32_t local) {
    using Kind = retro::TempiExamined::Kind;
    const Value v = values_[base_ | local];
    const Position& pos = at(local);
    retro::TempiExamined e;
    if (v == Kv3cppLibrary::ILLEGAL || !is_win(pos.side == WHITE ? v : -v)) return e;
    const MoveList moves = legal_moves(pos);
    if (pos.side == WHITE) {
      e.kind = Kind::Pawns;
      e.cost = INT_MAX;  // the least over the moves that leave the slice
      if (auto end = rule_value(pos, moves); end && is_win(*end)) e.cost = 0;  // a safe promotion
      for (Move m : moves)
        if (const auto cost = tempi_after(pos, m)) e.cost = std::min(e.cost, *cost);
      return e;
    }
    if (v == loss_in(0)) {  // mated
      e.kind = Kind::Known;
      return e;
    }
    e.kind = Kind::King;
    e.cost = retro::NO_TEMPI;
    e.in_slice = can_pass_[local];
    for (Move m : moves)
      if (retro::stays_in_slice(pos, m))
        ++e.in_slice;
      else
        e.cost = std::max<int>(e.cost, (*tempi_)[index(make_move(pos, m))]);
    return e;
  }

  // The tempi left after the pawns' move m, when it leaves the slice and
  // keeps the win. After an unsafe promotion the king's one legal move
  // takes the pawn; with `unsafe_slot` the king's side may instead make the
  // pass that ends the game (a safe promotion of its own), one more.
  std::optional<int> tempi_after(const Position& pos, Move m) const {
    if (retro::stays_in_slice(pos, m)) return std::nullopt;
    Position child = make_move(pos, m);
    const bool promotion = m.kind() == MoveKind::Promotion;
    if (promotion) child = make_move(child, *legal_moves(child).begin());
    const std::uint32_t i = index(child);
    if (!is_win(child.side == WHITE ? values_[i] : -values_[i])) return std::nullopt;
    return promotion && unsafe_slot_ ? std::max<int>((*tempi_)[i], 1) : (*tempi_)[i];
  }

  // The region of a KCP pawn win `local` along the strategy behind its
  // tempi (Kv3cppRace's regions, K3cppvkLibrary's race boxes): the squares
  // of the `tracked` king, where the pawns play the move that settled their
  // tempi (`via`, a move of their king inside the slice, or else one that
  // leaves it and keeps the tempi, the one with the smallest region) and the
  // lone king anything, its pass included. Region::NONE where the line may
  // leave the pawns' side without a move (on the board their king would
  // have to move, or be stalemated), or the lone king too unless
  // `king_may_be_stuck` (its side then moves its unopposed pawns). Every
  // region this one joins is built: in an earlier slice, or earlier in the
  // solver's order of settling.
  template <class Region>
  typename Region::T strategy_region(std::uint32_t local, std::uint32_t via,
                                     const std::vector<typename Region::T>& regions, Color tracked,
                                     bool king_may_be_stuck) {
    using T = typename Region::T;
    const Position& pos = at(local);
    const T here = Region::at(pos.king[tracked]);
    const MoveList moves = legal_moves(pos);
    auto after = [&](Move m) {
      Position child = make_move(pos, m);
      if (m.kind() == MoveKind::Promotion) child = make_move(child, *legal_moves(child).begin());
      return regions[index(child)];
    };
    if (pos.side == WHITE) {
      if (auto end = rule_value(pos, moves); end && is_win(*end)) return here;
      if (via != retro::TempiSolver<SIZE>::NO_VIA)
        return via == (local ^ SIDE_BIT) ? Region::NONE : Region::join(here, regions[base_ | via]);
      T best = Region::NONE;
      for (Move m : moves)
        if (tempi_after(pos, m) == (*tempi_)[base_ | local])
          if (const T r = after(m); r != Region::NONE && (best == Region::NONE || Region::size(r) < Region::size(best)))
            best = r;
      return Region::join(here, best);
    }
    if (values_[base_ | local] == loss_in(0)) return here;  // mated
    if (moves.empty() && !pos.in_check() && !king_may_be_stuck) return Region::NONE;
    T r = here;
    for (Move m : moves) r = Region::join(r, after(m));
    if (can_pass_[local]) r = Region::join(r, regions[base_ | (local ^ SIDE_BIT)]);
    return r;
  }

  // The positions one in-slice move before `local`: the other side to move,
  // and either the same squares (a pass, where that side had one) or its king
  // one move away.
  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    const std::uint32_t pass = local ^ SIDE_BIT;
    if (can_pass_[pass]) f(pass);
    if constexpr (WITH_KING) {
      retro::for_each_king_move_predecessor(local, pos_.pawns[WHITE], f);
    } else if (pass & SIDE_BIT) {  // only the Black king moves
      for (Bitboard from = KING_ATTACKS[local & 63] & ~pos_.pawns[WHITE]; from;) f(SIDE_BIT | pop_lsb(from));
    }
  }

 private:
  const Position& at(std::uint32_t local) {
    if constexpr (WITH_KING) {
      king_slice::place(pos_, local);
    } else {
      pos_.side = Color(local >> 6);
      pos_.king[BLACK] = Square(local & 63);
    }
    return pos_;
  }

  // Placements that cannot arise. Without a White king the engine's
  // is_legal does not apply: a king on a pawn, a king in check with the
  // pawns to move, or in check by two pawns.
  static bool legal(const Position& pos, bool black_in_check) {
    if constexpr (WITH_KING) return is_legal(pos);
    return !(pos.pawns[WHITE] & square_bb(pos.king[BLACK])) && !(pos.side == WHITE && black_in_check) &&
           !(pos.side == BLACK && popcount(pos.checkers()) > 1);
  }

  std::uint32_t index(const Position& p) const {
    if constexpr (WITH_KING) return k3cppvk_index(p, group_);
    return kv3cpp_index(p, group_);
  }

  Assumption assumption_;
  const std::vector<std::int16_t>& values_;
  const std::vector<std::int8_t>* tempi_;
  int group_;
  std::uint32_t base_;
  bool unsafe_slot_;
  Position pos_;
  bool can_pass_[SIZE];
};

// What build() makes beside the values: the spare tempi, as
// spare_tempi.h defines them or with the unsafe promotion's pass counted
// (Kv3cppRace), and the regions of the strategy behind them: the lone
// king's squares (Kv3CPP) or the box of the pawns' king's (K3CPPvK).
struct TempiWanted {
  std::vector<std::int8_t>* tempi = nullptr;
  bool unsafe_slot = false;
  std::vector<Bitboard>* regions = nullptr;
  std::vector<std::uint16_t>* boxes = nullptr;
};

// The values of every slice of the chunk, and what `wanted` asks for.
template <bool WITH_KING>
void build(Assumption assumption, std::vector<std::int16_t>& values, TempiWanted wanted = {}) {
  std::vector<std::int8_t>* tempi = wanted.tempi;
  using Slice = LoneKingSlice<WITH_KING>;
  values.assign(KV3CPP_GROUPS * KV3CPP_CONFIGS * Slice::SIZE, 0);
  if (tempi) tempi->assign(values.size(), retro::NO_TEMPI);
  if (wanted.regions) wanted.regions->assign(values.size(), SquareSet::NONE);
  if (wanted.boxes) wanted.boxes->assign(values.size(), SquareBox::NONE);
  auto solver = std::make_unique<retro::SliceSolver<Slice::SIZE>>();
  auto tempi_solver = std::make_unique<retro::TempiSolver<Slice::SIZE>>();
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) {
    Slice game(assumption, values, tempi, slice, wanted.unsafe_slot);
    solver->solve(game);
    const std::uint32_t base = slice << Slice::LOCAL_BITS;
    for (std::uint32_t local = 0; local < Slice::SIZE; ++local) {
      const Value v = solver->value(local);
      values[base | local] = std::int16_t(v == NOT_LEGAL ? Kv3cppLibrary::ILLEGAL : v);
    }
    if (!tempi) return;
    tempi_solver->solve(game);
    for (std::uint32_t local = 0; local < Slice::SIZE; ++local)
      (*tempi)[base | local] = std::int8_t(tempi_solver->tempi(local));
    for (std::uint32_t local : tempi_solver->settled_order()) {
      const std::uint32_t via = tempi_solver->via(local);
      if (wanted.regions)
        (*wanted.regions)[base | local] =
            game.template strategy_region<SquareSet>(local, via, *wanted.regions, BLACK, false);
      if (wanted.boxes)
        (*wanted.boxes)[base | local] =
            game.template strategy_region<SquareBox>(local, via, *wanted.boxes, WHITE, true);
    }
  });
}

}  // namespace

Kv3cppLibrary build_kv3cpp(Assumption assumption) {
  Kv3cppLibrary library;
  library.assumption = assumption;
  build<false>(assumption, library.values);
  return library;
}

Kv3cppRace build_kv3cpp_race() {
  Kv3cppRace race;
  std::vector<std::int16_t> values;
  build<false>(Assumption::KCP, values, {&race.tempi, true, &race.region, nullptr});
  return race;
}

Kv3cppTempi build_kv3cpp_tempi() {
  Kv3cppTempi tempi;
  std::vector<std::int16_t> values;
  build<false>(Assumption::KCP, values, {&tempi.tempi});
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

K3cppvkExact build_k3cppvk_exact() {
  K3cppvkExact library;
  build<true>(Assumption::AMS, library.values);
  return library;
}

K3cppvkLibrary build_k3cppvk() {
  K3cppvkLibrary library;
  build<true>(Assumption::KCP, library.values, {&library.tempi});
  std::vector<std::int16_t> values;  // the same again
  build<true>(Assumption::KCP, values, {&library.race_tempi, true, nullptr, &library.race_box});
  return library;
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
