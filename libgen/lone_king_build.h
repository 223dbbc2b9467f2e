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
#pragma once

#include <algorithm>
#include <climits>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "chunks/k3cppvk.h"
#include "chunks/kv3cpp_library.h"
#include "chunks/parse.h"
#include "exact/retrograde.h"
#include "libgen/spare_tempi.h"

namespace chunker::lone_king {

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
  static constexpr int LOCAL_BITS = WITH_KING ? king_slice::BITS : 7;  // two kings: king_slice.h
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
    const bool promotion = m.kind() == MoveKind::Promotion;
    // A safe promotion ends the game (examine_tempi's cost 0): the king has
    // no reply to play after it.
    if (promotion && is_safe_promotion(pos, m)) return std::nullopt;
    Position child = make_move(pos, m);
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

}  // namespace chunker::lone_king
