// One slice of the chess-exact solver as retrograde.h's loop sees it
// (chess_table.h): the kings and pieces move inside it, every other move
// leaves it for a slice solved before, looked up with `find`. Without pawns
// a slice holds one position of each class of symmetric twins (chess_slices.h):
// a position's moves inside the slice are then counted so that they match
// how often its predecessors are named (below).
#pragma once

#include <utility>
#include <vector>

#include "exact/chess/chess_table.h"
#include "exact/retrograde.h"

namespace chunker {

using ChessSolver = retro::SliceSolver<0, CHESS_MAX_DISTANCE>;

template <typename Find>
class ChessSliceGame {
 public:
  ChessSliceGame(const SliceCodec& codec, const SliceKey& key, const Find& find)
      : codec_(codec),
        pawnless_(key.pawnless()),
        pawns_(key.pawns.pawns[WHITE] | key.pawns.pawns[BLACK]),
        find_(find) {}

  std::uint32_t size() const { return codec_.size(); }

  retro::Examined examine(std::uint32_t local) {
    retro::Examined e;
    SliceCodec::Men men;
    ChessPosition& pos = pos_;
    const bool numbered = codec_.men_at(local, men);
    codec_.place(men, pos);
    const Bitboard occupied = occupancy(men);
    if (!numbered || !legal(pos, occupied)) {
      e.over = retro::NOT_LEGAL;
      return e;
    }
    if (pieces::dead(pos)) {
      e.over = 0;
      return e;
    }
    const pieces::LegalTargets targets = pieces::legal_targets(pos);
    if (targets.size == 0) {
      e.over = pieces::in_check(pos) ? loss_in(0) : 0;
      return e;
    }
    // Unmoves from a slice position Y name each numbered X once per twin of
    // X that moves to Y; X's moves to Y's class, counted once each, are named
    // |fix(Y)| / |fix(X)| times as often (fix: the symmetries leaving a
    // position unchanged), so a move counts |fix(child)| / |fix(X)|. Only a
    // child with both kings on one diagonal can be fixed by one: such moves
    // are counted one by one, the others by bitboard.
    const Bitboard pawns = pos.pawns[pos.side];
    const Square king = pos.king[pos.side];
    const Bitboard symmetric_kings = codec_.symmetric_king_squares(pos.king[~pos.side]);
    int count = 0;
    // Each move out is looked up as it is generated: a list of them would
    // be cleared for every position.
    const auto exit = [&](ChessMove m) {
      const ChessPosition child = pieces::make_move(pos, m);
      e.exit_best =
          std::max(e.exit_best, from_child(chess_value(child, [this](const SliceKey& k) { return found(k); })));
    };
    for (int i = 0; i < targets.size; ++i) {
      const auto [from, to] = targets.man[i];
      if (pawns & square_bb(from)) {
        pieces::for_each_move(pos, from, to, exit);
        continue;
      }
      pieces::for_each_move(pos, from, to & occupied, exit);
      const Bitboard quiet = to & ~occupied;
      const Bitboard one_by_one = from == king                        ? quiet & symmetric_kings
                                  : symmetric_kings & square_bb(king) ? quiet
                                                                      : 0;
      count += popcount(quiet & ~one_by_one);
      for (Bitboard b = one_by_one; b;)
        count += codec_.symmetries_fixing(codec_.men_of(pieces::make_move(pos, {from, pop_lsb(b)})));
    }
    const int fixing = pawnless_ ? codec_.symmetries_fixing(men) : 1;
    e.in_slice = fixing == 1 ? count : count / fixing;  // most positions: no division
    return e;
  }

  // The positions before a move of a king or a piece that took nothing and
  // reached `local`, made by the side not to move: such a move is its own
  // reverse, so the man on `at` came from any empty square it reaches.
  // Pawn moves and captures are not taken back: they change the slice, and
  // their positions reach this one's values forwards, by lookup.
  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) {
    SliceCodec::Men men;
    codec_.decode(local, men);  // a position in play: numbered
    const Color mover = ~Color(men.side);
    const Bitboard occupied = occupancy(men);
    std::uint32_t before[SQUARE_NB];
    const auto unmove = [&](int man, Bitboard from) {
      const int n = codec_.numbers_before(local, men, man, from & ~occupied, before);
      for (int i = 0; i < n; ++i) f(before[i]);
    };
    unmove(mover, KING_ATTACKS[men.square[mover]]);
    for (int slot = 0; slot < codec_.pieces(); ++slot)
      if (codec_.colour(slot) == mover)
        unmove(2 + slot, pieces::piece_attacks(codec_.kind(slot), men.square[2 + slot], occupied));
  }

 private:
  // Kings apart and the side not to move not in check, the men on `occupied`.
  static bool legal(const ChessPosition& pos, Bitboard occupied) {
    return !(KING_ATTACKS[pos.king[WHITE]] & square_bb(pos.king[BLACK])) &&
           !pieces::attackers(pos, pos.king[~pos.side], pos.side, occupied);
  }
  Bitboard occupancy(const SliceCodec::Men& men) const {
    Bitboard occupied = pawns_;
    for (int i = 0; i < 2 + codec_.pieces(); ++i) occupied |= square_bb(men.square[i]);
    return occupied;
  }
  // find_(k), asked once per key: a slice's moves out reach few slices.
  const SliceView* found(const SliceKey& k) {
    for (const auto& [key, view] : found_)
      if (key == k) return view;
    return found_.emplace_back(k, find_(k)).second;
  }

  const SliceCodec& codec_;
  const bool pawnless_;
  const Bitboard pawns_;
  const Find& find_;
  // The position examined or whose predecessors are named, which place()
  // fills whole: one on the stack would be cleared first for every position.
  ChessPosition pos_;
  std::vector<std::pair<SliceKey, const SliceView*>> found_;
};

}  // namespace chunker
