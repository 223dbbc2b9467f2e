#include "exact/chess/both_sides_solver.h"

#include <stdexcept>

#include "engine/king_slice.h"
#include "engine/zeroed_memory.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using namespace pieces;

void BothSidesSolver::solve(const SliceCodec& codec, const SliceKey& key, const FindSlice& find, std::uint8_t* bytes) {
  layout_.reset(codec, key, WHITE);
  bases_ = layout_.bases();
  occupied_.assign(bases_, 0);
  reserve_huge(rows_, 2 * std::size_t(bases_));
  rows_.assign(2 * bases_, Row{});
  reserve_huge(open_, 2 * std::size_t(bases_));
  open_.assign(2 * bases_, 0);
  reserve_huge(distance_, std::size_t(2) * bases_ * SQUARE_NB);
  distance_.assign(std::size_t(2) * bases_ * SQUARE_NB, RowLayout::UNSETTLED);
  for (Color c : {WHITE, BLACK}) pawns_[c] = key.pawns.pawns[c];
  found_.clear();
  exit_events_.assign(CHESS_MAX_DISTANCE + 2, {});
  win_events_.assign(CHESS_MAX_DISTANCE + 2, {});
  for (auto* list : {&won_rows_, &lost_rows_, &lost_last_rows_, &look_}) list->clear();
  marks_.assign((rows_.size() + 63) / 64, 0);
  init_legal();
  init_moves(find);
  flow();
  layout_.write_bytes(codec, bytes, [this](std::uint32_t row, Square black_king) {
    const Bitboard bit = square_bb(black_king);
    if (!(rows_[row].legal & bit)) return NO_POSITION_BYTE;
    const std::uint8_t d = distance_[std::size_t(row) * SQUARE_NB + black_king];
    return OracleTable::encode(d == RowLayout::UNSETTLED ? 0 : rows_[row].won & bit ? win_in(d) : loss_in(d));
  });
}

void BothSidesSolver::init_legal() {
  const Bitboard all_pawns = pawns_[WHITE] | pawns_[BLACK];
  for (std::uint32_t b = 0; b < bases_; ++b) {
    const RowLayout::Men men = layout_.men_of(b);
    if (!layout_.distinct(men, all_pawns)) continue;
    const Square king = layout_.king_square(men);
    Bitboard occupied = square_bb(king) | all_pawns;
    for (int i = 0; i < layout_.pieces(); ++i) occupied |= square_bb(men.piece[std::size_t(i)]);
    // Where the black king would be in check (attacks seen through it, so
    // that its steps away along a line are attacked too), and where it
    // leaves the white king in check: anywhere but between a black piece
    // that gives check and the king.
    Bitboard attacked = KING_ATTACKS[king] | pawn_attacks(WHITE, pawns_[WHITE]), white_in_check = KING_ATTACKS[king];
    if (pawn_attacks(BLACK, pawns_[BLACK]) & square_bb(king)) white_in_check = ~Bitboard(0);
    for (int i = 0; i < layout_.pieces(); ++i) {
      const Square at = men.piece[std::size_t(i)];
      const Bitboard attacks = piece_attacks(layout_.kind(i), at, occupied);
      if (layout_.colour(i) == WHITE)
        attacked |= attacks;
      else if (attacks & square_bb(king))
        white_in_check |= ~BETWEEN[at][king];
    }
    occupied_[b] = occupied;
    rows_[b].legal = ~occupied & ~attacked;
    rows_[b + bases_].legal = ~occupied & ~white_in_check;
  }
}

void BothSidesSolver::init_moves(const FindSlice& find) {
  for (std::uint32_t b = 0; b < bases_; ++b) {
    if (!(rows_[b].legal | rows_[b + bases_].legal)) continue;
    const RowLayout::Men men = layout_.men_of(b);
    ChessPosition pos;
    pos.king[WHITE] = layout_.king_square(men);
    for (Color c : {WHITE, BLACK}) pos.pawns[c] = pawns_[c];
    for (int i = 0; i < layout_.pieces(); ++i)
      pos.pieces[layout_.colour(i)][layout_.kind(i)] |= square_bb(men.piece[std::size_t(i)]);
    if (dead(pos)) continue;  // legal draws, never settled
    const Bitboard occupied = occupied_[b];
    for (Color side : {WHITE, BLACK}) {
      const std::uint32_t row = side == WHITE ? b : b + bases_;
      const Bitboard legal = rows_[row].legal;
      if (!legal) continue;
      open_[row] = legal;
      pos.side = side;
      // Where a move inside the slice is legal: the black king's steps,
      // and every other man's move to a legal position.
      Bitboard moving = side == BLACK ? retro::king_neighbours(rows_[b].legal) : 0;
      for_each_move(row, [&](std::uint32_t target, int back, Bitboard blocked) {
        moving |= transform(rows_[target].legal, back) & ~blocked;
        return true;
      });
      std::array<Value, SQUARE_NB> best;
      best.fill(-VALUE_INFINITE);
      moving |= pawn_moves_out(pos, legal, occupied, best, find);
      moving |= captures_out(pos, legal, occupied, best, find);
      // One by one: where the black king may take a man, and where no move
      // was found (mate or stalemate).
      Bitboard one_by_one = legal & ~moving;
      if (side == BLACK) one_by_one |= legal & retro::king_neighbours(pos.all_pieces(WHITE) | pawns_[WHITE]);
      examine(row, pos, one_by_one, moving, best, find);
      Bitboard won = 0, lost = 0, out = 0;
      for (Bitboard b = open_[row]; b;) {
        const Square s = pop_lsb(b);
        won |= Bitboard(is_win(best[s])) << s;
        lost |= Bitboard(is_loss(best[s])) << s;
        out |= Bitboard(best[s] != -VALUE_INFINITE) << s;
      }
      rows_[row].exit_ok = open_[row] & ~out;
      add_events(win_events_, row, won, best);
      add_events(exit_events_, row, lost, best);
    }
  }
}

Bitboard BothSidesSolver::move_out(const ChessPosition& pos, Bitboard from, ChessMove m, Bitboard blocked,
                                   std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  Bitboard squares = from & ~blocked;
  if (!squares) return 0;
  ChessPosition before = pos;
  before.king[BLACK] = lsb(squares);  // a stand-in off the move's way
  ChessPosition child = make_move(before, m);
  const Bitboard child_occupied = child.occupied() & ~square_bb(child.king[BLACK]);
  if (pos.side == BLACK) {
    squares &= ~attacked_squares(child, WHITE, child_occupied);
  } else if (pawn_attacks(WHITE, square_bb(child.king[WHITE])) & child.pawns[BLACK]) {
    return 0;
  } else {
    // The white king moved away from the black king's squares, and out of
    // the black pieces' checks unless the black king stands in their way.
    squares &= ~KING_ATTACKS[child.king[WHITE]];
    for (int kind = 0; kind < PIECE_NB; ++kind)
      for (Bitboard p = child.pieces[BLACK][kind]; p;) {
        const Square at = pop_lsb(p);
        if (piece_attacks(Piece(kind), at, child_occupied) & square_bb(child.king[WHITE]))
          squares &= BETWEEN[at][child.king[WHITE]];
      }
  }
  const auto take = [&](Square s, Value v) { best[s] = std::max(best[s], from_child(v)); };
  if (child.ep == NO_SQUARE) {
    for_each_king_square(found_.of(find, child), child, BLACK, squares, take);
    return squares;
  }
  // A double step the other side may take en passant: its value is its moves'.
  for (Bitboard b = squares; b;) {
    child.king[BLACK] = pop_lsb(b);
    take(child.king[BLACK], chess_value(child, find));
  }
  return squares;
}

Bitboard BothSidesSolver::pawn_moves_out(const ChessPosition& pos, Bitboard from, Bitboard occupied,
                                         std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  const Color side = pos.side;
  const Bitboard last = side == WHITE ? RANK_8 : RANK_1, prey = pos.all_pieces(~side) | pos.pawns[~side];
  Bitboard moved = 0;
  for (Bitboard p = pos.pawns[side]; p;) {
    const Square at = pop_lsb(p);
    const auto move = [&](Square to, Bitboard blocked) {
      if (!(last & square_bb(to))) {
        moved |= move_out(pos, from, {at, to}, blocked, best, find);
        return;
      }
      for (Piece kind : {QUEEN, ROOK, BISHOP, KNIGHT})
        moved |= move_out(pos, from, {at, to, kind}, blocked, best, find);
    };
    const Square one = Square(at + forward(side)), two = Square(one + forward(side));
    if (!(occupied & square_bb(one))) {
      move(one, square_bb(one));
      if (relative_rank(side, at) == 1 && !(occupied & square_bb(two))) move(two, square_bb(one) | square_bb(two));
    }
    for (Bitboard t = pawn_attacks(side, square_bb(at)) & prey; t;) move(pop_lsb(t), 0);
  }
  return moved;
}

Bitboard BothSidesSolver::captures_out(const ChessPosition& pos, Bitboard from, Bitboard occupied,
                                       std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  const Color side = pos.side;
  const Bitboard prey = pos.all_pieces(~side) | pos.pawns[~side];
  Bitboard moved = 0;
  if (side == WHITE)
    for (Bitboard t = KING_ATTACKS[pos.king[WHITE]] & prey; t;)
      moved |= move_out(pos, from, {pos.king[WHITE], pop_lsb(t)}, 0, best, find);
  for (int kind = 0; kind < PIECE_NB; ++kind)
    for (Bitboard b = pos.pieces[side][kind]; b;) {
      const Square at = pop_lsb(b);
      // The black king can stand neither on the prey's square nor in the way.
      for (Bitboard t = piece_attacks(Piece(kind), at, occupied) & prey; t;) {
        const Square to = pop_lsb(t);
        moved |= move_out(pos, from, {at, to}, BETWEEN[at][to], best, find);
      }
    }
  return moved;
}

void BothSidesSolver::examine(std::uint32_t row, ChessPosition& pos, Bitboard bits, Bitboard moving,
                              std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  const Color side = pos.side;
  for (; bits;) {
    const Square s = pop_lsb(bits);
    pos.king[BLACK] = s;
    if (side == BLACK)
      for (Bitboard t = KING_ATTACKS[s] & (pos.all_pieces(WHITE) | pos.pawns[WHITE]); t;) {
        const ChessPosition child = make_move(pos, {s, pop_lsb(t)});
        if (attackers(child, child.king[BLACK], WHITE, child.occupied())) continue;
        best[s] = std::max(best[s], from_child(view_value(found_.of(find, child), child)));
      }
    if (best[s] == -VALUE_INFINITE && !(moving & square_bb(s))) {
      // No move at all: mate or stalemate (a draw).
      if (in_check(pos))
        settle(row, square_bb(s), 0, false);
      else
        open_[row] &= ~square_bb(s);
    }
  }
}

template <typename F>
void BothSidesSolver::for_each_move(std::uint32_t row, const F& f) const {
  const Color side = row < bases_ ? WHITE : BLACK;
  const std::uint32_t b = base_of(row), other_side = side == WHITE ? bases_ : 0;
  const RowLayout::Men men = layout_.men_of(b);
  const Bitboard occupied = occupied_[b];
  for (int i = 0; i < layout_.pieces(); ++i) {
    if (layout_.colour(i) != side) continue;
    const Square at = men.piece[std::size_t(i)];
    for (Bitboard to = piece_attacks(layout_.kind(i), at, occupied) & ~occupied; to;) {
      const Square t = pop_lsb(to);
      if (!f(other_side + layout_.moved(b, men, i, t), 0, BETWEEN[at][t] | square_bb(t))) return;
    }
  }
  if (side == BLACK) return;
  for (Bitboard to = KING_ATTACKS[layout_.king_square(men)] & ~occupied; to;) {
    const Square t = pop_lsb(to);
    RowLayout::Men after = men;
    Bitboard unused = 0;
    const int g = layout_.place_king(after, t, unused);
    if (!f(other_side + layout_.base(after), inverse_symmetry(g), square_bb(t))) return;
  }
}

template <typename F>
void BothSidesSolver::for_each_move_before(std::uint32_t row, Bitboard bits, const F& f) const {
  const Color mover = row < bases_ ? BLACK : WHITE;
  const std::uint32_t b = base_of(row), before_side = mover == WHITE ? 0 : bases_;
  const RowLayout::Men men = layout_.men_of(b);
  const Bitboard occupied = occupied_[b];
  if (mover == BLACK) f(before_side + b, retro::king_neighbours(bits));
  for (int i = 0; i < layout_.pieces(); ++i) {
    if (layout_.colour(i) != mover) continue;
    const Square at = men.piece[std::size_t(i)];
    for (Bitboard from = piece_attacks(layout_.kind(i), at, occupied) & ~occupied; from;) {
      const Square s = pop_lsb(from);
      // The black king can stand neither where the piece was nor in its way.
      f(before_side + layout_.moved(b, men, i, s), bits & ~(BETWEEN[s][at] | square_bb(s)));
    }
  }
  if (mover == BLACK) return;
  for (Bitboard from = KING_ATTACKS[layout_.king_square(men)] & ~occupied; from;) {
    const Square s = pop_lsb(from);
    RowLayout::Men before = men;
    Bitboard before_bits = bits & ~square_bb(s);
    layout_.place_king(before, s, before_bits);
    f(before_side + layout_.base(before), before_bits);
  }
}

Bitboard BothSidesSolver::settle_one(std::uint32_t row, Bitboard bits, int d, bool won) {
  bits &= open_[row];
  if (!bits) return 0;
  const Bitboard settled = bits;
  open_[row] &= ~bits;
  Bitboard& now = won ? rows_[row].won_now : rows_[row].lost_now;
  if (!now) (won ? won_rows_ : lost_rows_).push_back(row);
  now |= bits;
  for (; bits;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(bits)] = std::uint8_t(d);
  return settled;
}

void BothSidesSolver::settle(std::uint32_t row, Bitboard bits, int d, bool won) {
  // A row and its twin row are settled together, so where the one settles
  // nothing the other does not either.
  bits = settle_one(row, bits, d, won);
  if (!bits || !layout_.twinned(base_of(row))) return;
  const RowLayout::Men men = layout_.men_of(base_of(row));
  const std::uint32_t twin = row - base_of(row) + layout_.twin_base(men, bits);
  settle_one(twin, bits, d, won);
}

void BothSidesSolver::look(std::uint32_t row, Bitboard bits) {
  bits &= open_[row];
  if (!bits || !(bits &= rows_[row].exit_ok)) return;
  if (!rows_[row].affected) look_.push_back(row);
  rows_[row].affected |= bits;
}

Bitboard BothSidesSolver::losses(std::uint32_t row) {
  Bitboard candidates = open_[row] & rows_[row].exit_ok & rows_[row].affected;
  if (!candidates) return 0;
  if (row >= bases_) {
    const std::uint32_t b = row - bases_;
    candidates &= ~retro::king_neighbours(rows_[b].legal & ~rows_[b].won);
    if (!candidates) return 0;
  }
  // Every target found and prefetched first, then read.
  targets_.clear();
  for_each_move(row, [&](std::uint32_t target, int back, Bitboard blocked) {
    __builtin_prefetch(&rows_[target]);
    targets_.push_back({target, back, blocked});
    return true;
  });
  for (const Target& t : targets_) {
    candidates &= transform(rows_[t.row].won | ~rows_[t.row].legal, t.back) | t.blocked;
    if (!candidates) break;
  }
  return candidates;
}

void BothSidesSolver::flow() {
  const int last_event = last_events(exit_events_, win_events_);
  for (int d = 0;; ++d) {
    // Events lie at most one past the longest distance (a move out to a loss there).
    if (d > CHESS_MAX_DISTANCE + 1) throw std::logic_error("a distance past every event");
    // Moves out that allow a loss from here on.
    for (const auto& [row, bits] : exit_events_[std::size_t(d)]) {
      rows_[row].exit_ok |= bits;
      look(row, bits);
    }
    // Wins: a capture, or a move to a position lost at d - 1.
    for (const auto& [row, bits] : win_events_[std::size_t(d)]) settle(row, bits, d, true);
    const auto ready = [&](std::uint32_t row) {
      __builtin_prefetch(&rows_[row]);
      __builtin_prefetch(&distance_[std::size_t(row) * SQUARE_NB]);
    };
    for_each_open_before(
        lost_last_rows_, open_, batch_, [&](std::uint32_t row) { __builtin_prefetch(&rows_[row]); },
        [&](std::uint32_t row, const auto& add) { for_each_move_before(row, rows_[row].lost_last, add); }, ready,
        [&](std::uint32_t before, Bitboard bits) { settle(before, bits, d, true); });
    // Losses: every move reaches a position won before d.
    sort_rows(look_, marks_);
    constexpr std::size_t AHEAD = 8;
    for (std::size_t i = 0; i < look_.size(); ++i) {
      if (i + AHEAD < look_.size()) __builtin_prefetch(&rows_[look_[i + AHEAD]]);
      const std::uint32_t row = look_[i];
      const Bitboard lost = losses(row);
      rows_[row].affected = 0;
      if (lost) settle(row, lost, d, false);
    }
    look_.clear();
    for (const std::uint32_t row : lost_last_rows_) rows_[row].lost_last = 0;
    lost_last_rows_.swap(lost_rows_);
    lost_rows_.clear();
    sort_rows(lost_last_rows_, marks_);
    for (const std::uint32_t row : lost_last_rows_) {
      rows_[row].lost_last = rows_[row].lost_now;
      rows_[row].lost_now = 0;
    }
    if (d > CHESS_MAX_DISTANCE && !(won_rows_.empty() && lost_last_rows_.empty()))
      throw std::length_error("a mate longer than a chess slice's byte holds");
    // A row is looked at again once a row one of its moves reaches won.
    sort_rows(won_rows_, marks_);
    for_each_open_before(
        won_rows_, open_, batch_, [&](std::uint32_t row) { __builtin_prefetch(&rows_[row]); },
        [&](std::uint32_t row, const auto& add) { for_each_move_before(row, rows_[row].won_now, add); }, ready,
        [&](std::uint32_t before, Bitboard bits) { look(before, bits); });
    for (const std::uint32_t row : won_rows_) {
      rows_[row].won |= rows_[row].won_now;
      rows_[row].won_now = 0;
    }
    won_rows_.clear();
    if (d >= last_event && lost_last_rows_.empty() && look_.empty()) break;
  }
}

}  // namespace chunker
