#include "exact/chess/both_sides_solver.h"

#include <stdexcept>

#include "engine/king_slice.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using namespace pieces;

void BothSidesSolver::solve(const SliceCodec& codec, const SliceKey& key, const FindSlice& find, std::uint8_t* bytes) {
  layout_.reset(codec, key, WHITE);
  bases_ = layout_.bases();
  occupied_.assign(bases_, 0);
  rows_.assign(2 * bases_, Row{});
  distance_.assign(std::size_t(2) * bases_ * SQUARE_NB, RowLayout::UNSETTLED);
  for (Color c : {WHITE, BLACK}) pawns_[c] = key.pawns.pawns[c];
  found_.clear();
  exit_events_.assign(retro::MAX_TABLE_DISTANCE + 1, {});
  win_events_.assign(retro::MAX_TABLE_DISTANCE + 1, {});
  for (auto* list : {&won_rows_, &lost_rows_, &lost_last_rows_, &look_}) list->clear();
  init_legal();
  init_moves(find);
  flow();
  layout_.write_bytes(codec, bytes, [this](std::uint32_t row, Square black_king) {
    const Bitboard bit = square_bb(black_king);
    if (!(rows_[row].legal & bit)) return king_slice::ILLEGAL_BYTE;
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
      rows_[row].open = legal;
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
      // Where the king or a piece may take something (the black king's
      // line ignored), and where the black king stands next to a man.
      Bitboard attacks = side == WHITE ? KING_ATTACKS[pos.king[WHITE]] : 0;
      for (int i = 0; i < layout_.pieces(); ++i)
        if (layout_.colour(i) == side) attacks |= piece_attacks(layout_.kind(i), men.piece[std::size_t(i)], occupied);
      const Bitboard prey = pos.all_pieces(~side) | pawns_[~side];
      Bitboard one_by_one = legal & ~moving;
      if (attacks & prey) one_by_one = legal;
      if (side == BLACK) one_by_one |= legal & retro::king_neighbours(prey);
      examine(row, pos, one_by_one, moving, best, find);
      Bitboard won = 0, lost = 0, out = 0;
      for (Bitboard b = rows_[row].open; b;) {
        const Square s = pop_lsb(b);
        won |= Bitboard(is_win(best[s])) << s;
        lost |= Bitboard(is_loss(best[s])) << s;
        out |= Bitboard(best[s] != -VALUE_INFINITE) << s;
      }
      rows_[row].exit_ok = rows_[row].open & ~out;
      add_events(win_events_, row, won, best);
      add_events(exit_events_, row, lost, best);
    }
  }
}

Bitboard BothSidesSolver::pawn_moves_out(const ChessPosition& pos, Bitboard from, Bitboard occupied,
                                         std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  const Color side = pos.side;
  const Bitboard last = side == WHITE ? RANK_8 : RANK_1, prey = pos.all_pieces(~side) | pos.pawns[~side];
  Bitboard moved = 0;
  // The move from the positions of `from` where the black king stands
  // neither on `blocked` nor where the mover's king is left in check.
  const auto out = [&](ChessMove m, Bitboard blocked) {
    Bitboard squares = from & ~blocked;
    if (!squares) return;
    ChessPosition before = pos;
    before.king[BLACK] = lsb(squares);  // a stand-in off the move's way
    ChessPosition child = make_move(before, m);
    const Bitboard child_occupied = child.occupied() & ~square_bb(child.king[BLACK]);
    if (side == BLACK) {
      squares &= ~attacked_squares(child, WHITE, child_occupied);
    } else if (pawn_attacks(WHITE, square_bb(child.king[WHITE])) & child.pawns[BLACK]) {
      return;
    } else {
      for (int kind = 0; kind < PIECE_NB; ++kind)
        for (Bitboard p = child.pieces[BLACK][kind]; p;) {
          const Square at = pop_lsb(p);
          if (piece_attacks(Piece(kind), at, child_occupied) & square_bb(child.king[WHITE]))
            squares &= BETWEEN[at][child.king[WHITE]];
        }
    }
    moved |= squares;
    const auto take = [&](Square s, Value v) { best[s] = std::max(best[s], from_child(v)); };
    if (child.ep == NO_SQUARE) return for_each_king_square(found_.of(find, child), child, BLACK, squares, take);
    // A double step the other side may take en passant: its value is its moves'.
    for (; squares;) {
      child.king[BLACK] = pop_lsb(squares);
      take(child.king[BLACK], chess_value(child, find));
    }
  };
  for (Bitboard p = pos.pawns[side]; p;) {
    const Square at = pop_lsb(p);
    const auto move = [&](Square to, Bitboard blocked) {
      if (!(last & square_bb(to))) return out({at, to}, blocked);
      for (Piece kind : {QUEEN, ROOK, BISHOP, KNIGHT}) out({at, to, kind}, blocked);
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

void BothSidesSolver::examine(std::uint32_t row, ChessPosition& pos, Bitboard bits, Bitboard moving,
                              std::array<Value, SQUARE_NB>& best, const FindSlice& find) {
  const Color side = pos.side;
  for (; bits;) {
    const Square s = pop_lsb(bits);
    pos.king[BLACK] = s;
    const Bitboard occupied = pos.occupied();
    // Each capture by the man on `from`, legal where it leaves its king out of check.
    const auto captures = [&](Square from, Bitboard targets) {
      for (; targets;) {
        const ChessPosition child = make_move(pos, {from, pop_lsb(targets)});
        if (attackers(child, child.king[side], ~side, child.occupied())) continue;
        best[s] = std::max(best[s], from_child(view_value(found_.of(find, child), child)));
      }
    };
    const Bitboard prey = pos.all_pieces(~side) | pos.pawns[~side];
    captures(pos.king[side], KING_ATTACKS[pos.king[side]] & prey);
    for (int kind = 0; kind < PIECE_NB; ++kind)
      for (Bitboard b = pos.pieces[side][kind]; b;) {
        const Square from = pop_lsb(b);
        captures(from, piece_attacks(Piece(kind), from, occupied) & prey);
      }
    if (best[s] == -VALUE_INFINITE && !(moving & square_bb(s))) {
      // No move at all: mate or stalemate (a draw).
      if (in_check(pos))
        settle(row, square_bb(s), 0, false);
      else
        rows_[row].open &= ~square_bb(s);
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
  bits &= rows_[row].open;
  if (!bits) return 0;
  const Bitboard settled = bits;
  rows_[row].open &= ~bits;
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
  bits &= rows_[row].open & rows_[row].exit_ok;
  if (!bits) return;
  if (!rows_[row].affected) look_.push_back(row);
  rows_[row].affected |= bits;
}

Bitboard BothSidesSolver::losses(std::uint32_t row) const {
  Bitboard candidates = rows_[row].open & rows_[row].exit_ok & rows_[row].affected;
  if (!candidates) return 0;
  if (row >= bases_) {
    const std::uint32_t b = row - bases_;
    candidates &= ~retro::king_neighbours(rows_[b].legal & ~rows_[b].won);
  }
  for_each_move(row, [&](std::uint32_t target, int back, Bitboard blocked) {
    candidates &= transform(rows_[target].won | ~rows_[target].legal, back) | blocked;
    return candidates != 0;
  });
  return candidates;
}

void BothSidesSolver::flow() {
  const int last_event = last_events(exit_events_, win_events_);
  for (int d = 0;; ++d) {
    if (d > retro::MAX_TABLE_DISTANCE) throw std::logic_error("a distance beyond every table's encoding");
    // Moves out that allow a loss from here on.
    for (const auto& [row, bits] : exit_events_[std::size_t(d)]) {
      rows_[row].exit_ok |= bits;
      look(row, bits);
    }
    // Wins: a capture, or a move to a position lost at d - 1.
    for (const auto& [row, bits] : win_events_[std::size_t(d)]) settle(row, bits, d, true);
    for (const std::uint32_t row : lost_last_rows_)
      for_each_move_before(row, rows_[row].lost_last,
                           [&](std::uint32_t before, Bitboard bits) { settle(before, bits, d, true); });
    // Losses: every move reaches a position won before d.
    for (const std::uint32_t row : look_) {
      const Bitboard lost = losses(row);
      rows_[row].affected = 0;
      if (lost) settle(row, lost, d, false);
    }
    look_.clear();
    for (const std::uint32_t row : lost_last_rows_) rows_[row].lost_last = 0;
    lost_last_rows_.swap(lost_rows_);
    lost_rows_.clear();
    for (const std::uint32_t row : lost_last_rows_) {
      rows_[row].lost_last = rows_[row].lost_now;
      rows_[row].lost_now = 0;
    }
    // A row is looked at again once a row one of its moves reaches won.
    for (const std::uint32_t row : won_rows_) {
      for_each_move_before(row, rows_[row].won_now, [&](std::uint32_t before, Bitboard bits) { look(before, bits); });
      rows_[row].won |= rows_[row].won_now;
      rows_[row].won_now = 0;
    }
    won_rows_.clear();
    if (d >= last_event && lost_last_rows_.empty() && look_.empty()) break;
  }
}

}  // namespace chunker
