#include "exact/chess/bare_king_solver.h"

#include <algorithm>
#include <stdexcept>

#include "engine/king_slice.h"
#include "engine/zeroed_memory.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using namespace pieces;

void BareKingSolver::solve(const SliceCodec& codec, const SliceKey& key, const Find& find, std::uint8_t* bytes) {
  strong_ = key.bare(BLACK) ? WHITE : BLACK;
  pawns_ = key.pawns.pawns[strong_];
  layout_.reset(codec, key, strong_);
  bases_ = layout_.bases();
  occupied_.assign(bases_, 0);
  attacked_.assign(bases_, 0);
  for (auto* rows : {&legal_, &open_, &exit_ok_, &won_, &won_now_, &lost_now_, &lost_last_}) {
    reserve_huge(*rows, 2 * std::size_t(bases_));
    rows->assign(2 * bases_, 0);
  }
  reserve_huge(distance_, std::size_t(2) * bases_ * SQUARE_NB);
  distance_.assign(std::size_t(2) * bases_ * SQUARE_NB, RowLayout::UNSETTLED);
  looked_.assign(2 * bases_, 0);
  exit_events_.assign(CHESS_MAX_DISTANCE + 2, {});
  win_events_.assign(CHESS_MAX_DISTANCE + 2, {});
  for (auto* list : {&won_rows_, &lost_rows_, &lost_last_rows_, &look_}) list->clear();
  marks_.assign((2 * std::size_t(bases_) + 63) / 64, 0);
  init_rows(find);
  flow();
  layout_.write_bytes(codec, bytes, [this](std::uint32_t row, Square bare) {
    if (!(legal_[row] & square_bb(bare))) return NO_POSITION_BYTE;
    const std::uint8_t d = distance_[std::size_t(row) * SQUARE_NB + bare];
    return OracleTable::encode(d == RowLayout::UNSETTLED ? 0 : row < bases_ ? win_in(d) : loss_in(d));
  });
}

void BareKingSolver::init_rows(const Find& find) {
  for (std::uint32_t b = 0; b < bases_; ++b) {
    const RowLayout::Men men = layout_.men_of(b);
    if (!layout_.distinct(men, pawns_)) continue;
    const Square king = layout_.king_square(men);
    ChessPosition pos;
    pos.side = strong_;
    pos.king[strong_] = king;
    pos.pawns[strong_] = pawns_;
    Bitboard occupied = square_bb(king) | pawns_, pieces = 0;
    for (int i = 0; i < layout_.pieces(); ++i) {
      const Square s = men.piece[std::size_t(i)];
      occupied |= square_bb(s);
      pieces |= square_bb(s);
      pos.pieces[strong_][layout_.kind(i)] |= square_bb(s);
    }
    Bitboard attacked = KING_ATTACKS[king] | pawn_attacks(strong_, pawns_);
    for (int i = 0; i < layout_.pieces(); ++i)
      attacked |= piece_attacks(layout_.kind(i), men.piece[std::size_t(i)], occupied);
    occupied_[b] = occupied;
    attacked_[b] = attacked;
    const Bitboard apart = ~occupied & ~KING_ATTACKS[king];
    const std::uint32_t bare_row = b + bases_;
    legal_[b] = apart & ~attacked;
    legal_[bare_row] = apart;
    if (dead(pos)) continue;  // legal draws, never settled
    open_[b] = legal_[b];
    pawn_moves_out(b, pos, legal_[b], find);
    // The bare king steps where nothing attacks (the kings' squares seen
    // through it), or takes a man nothing defends: a move out.
    const Bitboard step = ~attacked & ~occupied, takeable = (pieces | pawns_) & ~attacked;
    const Bitboard moving = apart & retro::king_neighbours(step | takeable);
    const Bitboard mated = apart & ~moving & attacked;
    open_[bare_row] = moving;
    if (mated) {
      lost_now_[bare_row] = mated;
      lost_rows_.push_back(bare_row);
      for (Bitboard m = mated; m;) distance_[std::size_t(bare_row) * SQUARE_NB + pop_lsb(m)] = 0;
    }
    const Bitboard taking = moving & retro::king_neighbours(takeable);
    exit_ok_[bare_row] = moving & ~taking;
    captures_out(bare_row, pos, taking, takeable, find);
  }
}

void BareKingSolver::pawn_moves_out(std::uint32_t base, ChessPosition pos, Bitboard from, const Find& find) {
  if (!pawns_ || !from) return;
  std::array<Value, SQUARE_NB> best;
  best.fill(-VALUE_INFINITE);
  pos.side = ~strong_;
  // The positions of `from` the bare king leaves `child` from, not standing on `blocked`.
  const auto out = [&](const ChessPosition& child, Bitboard blocked) {
    for_each_king_square(found(find, child), child, ~strong_, from & ~blocked,
                         [&](Square at, Value v) { best[at] = std::max(best[at], from_child(v)); });
  };
  const Bitboard occupied = occupied_[base], last = strong_ == WHITE ? RANK_8 : RANK_1;
  for (Bitboard p = pawns_; p;) {
    const Square at = pop_lsb(p);
    const Square one = Square(at + forward(strong_)), two = Square(one + forward(strong_));
    if (occupied & square_bb(one)) continue;
    const auto push = [&](Square to, Bitboard blocked) {
      ChessPosition child = pos;
      child.pawns[strong_] &= ~square_bb(at);
      if (!(last & square_bb(to))) {
        child.pawns[strong_] |= square_bb(to);
        return out(child, blocked);
      }
      for (int kind = 0; kind < PIECE_NB; ++kind) {
        ChessPosition promoted = child;
        promoted.pieces[strong_][kind] |= square_bb(to);
        out(promoted, blocked);
      }
    };
    push(one, square_bb(one));
    if (relative_rank(strong_, at) == 1 && !(occupied & square_bb(two))) push(two, square_bb(one) | square_bb(two));
  }
  Bitboard won = 0;
  for (Bitboard b = from; b;) {
    const Square at = pop_lsb(b);
    if (is_loss(best[at])) throw std::logic_error("a bare king's opponent whose pawn move loses");
    if (is_win(best[at])) won |= square_bb(at);
  }
  add_events(win_events_, base, won, best);
}

void BareKingSolver::captures_out(std::uint32_t bare_row, const ChessPosition& pos, Bitboard from, Bitboard takeable,
                                  const Find& find) {
  std::array<Value, SQUARE_NB> best;
  Bitboard lost = 0;
  for (; from;) {
    const Square at = pop_lsb(from);
    best[at] = -VALUE_INFINITE;
    for (Bitboard p = KING_ATTACKS[at] & takeable; p;) {
      const Square taken = pop_lsb(p);
      ChessPosition child = pos;
      child.pawns[strong_] &= ~square_bb(taken);
      for (auto& kind : child.pieces[strong_]) kind &= ~square_bb(taken);
      child.king[~strong_] = taken;
      best[at] = std::max(best[at], from_child(view_value(found(find, child), child)));
    }
    if (is_win(best[at])) throw std::logic_error("a bare king's capture that wins");
    if (is_loss(best[at])) lost |= square_bb(at);
  }
  add_events(exit_events_, bare_row, lost, best);
}

void BareKingSolver::win_one(std::uint32_t row, Bitboard bits, int d) {
  bits &= open_[row];
  if (!bits) return;
  open_[row] &= ~bits;
  if (!won_now_[row]) won_rows_.push_back(row);
  won_now_[row] |= bits;
  for (; bits;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(bits)] = std::uint8_t(d);
}

void BareKingSolver::win(std::uint32_t base, const RowLayout::Men& men, Bitboard bits, int d) {
  win_one(base, bits, d);
  if (!layout_.twinned(men)) return;
  const std::uint32_t twin = layout_.twin_base(men, bits);
  win_one(twin, bits, d);
}

template <typename F>
void BareKingSolver::for_each_move_before(std::uint32_t base, Bitboard lost, const F& f) const {
  const RowLayout::Men men = layout_.men_of(base);
  const Bitboard occupied = occupied_[base];
  for (int i = 0; i < layout_.pieces(); ++i) {
    const Square at = men.piece[std::size_t(i)];
    for (Bitboard from = piece_attacks(layout_.kind(i), at, occupied) & ~occupied; from;) {
      const Square s = pop_lsb(from);
      // The bare king can stand neither where the piece was nor in its way.
      f(layout_.moved(base, men, i, s), lost & ~(BETWEEN[s][at] | square_bb(s)));
    }
  }
  for (Bitboard from = KING_ATTACKS[layout_.king_square(men)] & ~occupied; from;) {
    const Square s = pop_lsb(from);
    RowLayout::Men before = men;
    Bitboard bits = lost & ~square_bb(s);
    layout_.place_king(before, s, bits);
    f(layout_.base(before), bits);
  }
}

void BareKingSolver::flow() {
  const int last_event = last_events(exit_events_, win_events_);
  for (int d = 0;; ++d) {
    // Events lie at most one past the longest distance (a move out to a loss there).
    if (d > CHESS_MAX_DISTANCE + 1) throw std::logic_error("a distance past every event");
    // Moves out that allow a loss from here on.
    for (const auto& [row, bits] : exit_events_[std::size_t(d)]) {
      exit_ok_[row] |= bits;
      if (!looked_[row]) {
        looked_[row] = 1;
        look_.push_back(row);
      }
    }
    // Wins: a pawn's move out, or a move to a position lost at d - 1.
    for (const auto& [row, bits] : win_events_[std::size_t(d)]) win_one(row, bits, d);
    for_each_open_before(
        lost_last_rows_, open_, batch_, [&](std::uint32_t row) { __builtin_prefetch(&lost_last_[row]); },
        [&](std::uint32_t row, const auto& add) { for_each_move_before(row - bases_, lost_last_[row], add); },
        [&](std::uint32_t row) {
          __builtin_prefetch(&won_now_[row]);
          __builtin_prefetch(&distance_[std::size_t(row) * SQUARE_NB]);
        },
        [&](std::uint32_t before, Bitboard bits) { win(before, layout_.men_of(before), bits, d); });
    // Losses: every step of the bare king reaches a position won before d.
    for (const std::uint32_t row : look_) {
      looked_[row] = 0;
      const Bitboard candidates = open_[row] & exit_ok_[row];
      if (!candidates) continue;
      const std::uint32_t b = row - bases_;
      const Bitboard not_won = ~attacked_[b] & ~occupied_[b] & ~won_[b];
      const Bitboard lost = candidates & ~retro::king_neighbours(not_won);
      if (!lost) continue;
      open_[row] &= ~lost;
      if (!lost_now_[row]) lost_rows_.push_back(row);
      lost_now_[row] |= lost;
      for (Bitboard l = lost; l;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(l)] = std::uint8_t(d);
    }
    look_.clear();
    for (const std::uint32_t row : lost_last_rows_) lost_last_[row] = 0;
    lost_last_rows_.swap(lost_rows_);
    lost_rows_.clear();
    sort_rows(lost_last_rows_, marks_);
    for (const std::uint32_t row : lost_last_rows_) {
      lost_last_[row] = lost_now_[row];
      lost_now_[row] = 0;
    }
    if (d > CHESS_MAX_DISTANCE && !(won_rows_.empty() && lost_last_rows_.empty()))
      throw std::length_error("a mate longer than a chess slice's byte holds");
    // A bare king's row is looked at again once the row it steps into won.
    sort_rows(won_rows_, marks_);
    for (const std::uint32_t row : won_rows_) {
      won_[row] |= won_now_[row];
      won_now_[row] = 0;
      const std::uint32_t bare = row + bases_;
      if (!looked_[bare]) {
        looked_[bare] = 1;
        look_.push_back(bare);
      }
    }
    won_rows_.clear();
    if (d >= last_event && lost_last_rows_.empty() && look_.empty()) break;
  }
}

}  // namespace chunker
