// Legal moves of a chess position of kings, pawns and pieces
// (chess_position.h), copy-make, and their notation: UCI coordinates and SAN.
// A promotion names its piece; every one of the four is generated.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pieces/chess_position.h"

namespace chunker::pieces {

struct ChessMove {
  Square from = 0, to = 0;
  Piece promotion = PIECE_NB;  // the piece a pawn becomes; PIECE_NB for none
  bool operator==(const ChessMove&) const = default;
  bool is_none() const { return from == to; }
};

struct ChessMoveList {
  // More than any position of a few pieces has; a whole army's record is 218.
  static constexpr int CAPACITY = 256;
  ChessMove moves[CAPACITY];
  int size = 0;
  void add(ChessMove m) { moves[size++] = m; }
  const ChessMove* begin() const { return moves; }
  const ChessMove* end() const { return moves + size; }
  bool empty() const { return size == 0; }
};

// The squares each man of the side to move may legally move to (those
// with none left out), the men in the order legal_moves takes them: for a
// caller that counts moves by bitboard rather than listing them.
struct LegalTargets {
  struct Man {
    Square from;
    Bitboard to;
  };
  Man man[16];
  int size = 0;
};
LegalTargets legal_targets(const ChessPosition& pos);
// Calls f(move) for each move of the man on `from` to `to` (legal_targets'):
// a pawn reaching the last rank makes one move per promotion piece. A pawn's
// moves come in a fixed order: its steps, its captures, en passant.
template <typename F>
void for_each_move(const ChessPosition& pos, Square from, Bitboard to, F f) {
  if (!(pos.pawns[pos.side] & square_bb(from))) {
    while (to) f(ChessMove{from, pop_lsb(to)});
    return;
  }
  auto add = [&](Square s) {
    if (!(to & square_bb(s))) return;
    if (rank_of(s) == 0 || rank_of(s) == 7) {
      for (Piece p : {QUEEN, ROOK, BISHOP, KNIGHT}) f(ChessMove{from, s, p});
    } else {
      f(ChessMove{from, s});
    }
  };
  const int up = forward(pos.side);
  add(Square(from + up));
  if (rank_of(from) == (pos.side == WHITE ? 1 : 6)) add(Square(from + 2 * up));
  for (Bitboard takes = to & pos.occupied(); takes;) add(pop_lsb(takes));
  if (pos.ep != NO_SQUARE) add(pos.ep);
}
ChessMoveList legal_moves(const ChessPosition& pos);
ChessPosition make_move(const ChessPosition& pos, ChessMove m);
// Whether the move takes a man or moves a pawn: every other move keeps the
// men of both sides, only their squares change.
inline bool changes_material_or_pawns(const ChessPosition& pos, ChessMove m) {
  return ((pos.pawns[pos.side] & square_bb(m.from)) | (pos.occupied() & square_bb(m.to))) != 0;
}

// "e7e8q".
std::string uci(ChessMove m);
// SAN with "+" for check and "#" for mate; "e8=N".
std::string san(const ChessPosition& pos, ChessMove m);
// Numbered SAN from `pos`: "1. Kb1 Kb7 2. Kc1".
std::string san_line(ChessPosition pos, const std::vector<ChessMove>& line, int fullmove = 1);
// The legal move `text` names, in UCI or SAN; nullopt when none does.
std::optional<ChessMove> find_move(const ChessPosition& pos, std::string_view text);

// Leaf nodes at `depth` plies (move generation's check against published counts).
std::uint64_t perft(const ChessPosition& pos, int depth);

}  // namespace chunker::pieces
