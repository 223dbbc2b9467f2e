// Move generation and the end of the game for the pawns-only variants (board.h has the rules).
// One generator serves perft and the solver alike.
#pragma once

#include <array>
#include <string>

#include "engine/variant/board.h"

namespace chunker::variant {

enum class MoveKind : std::uint8_t { Push, DoublePush, Capture, EnPassant };

struct Move {
  Square from = 0, to = 0;
  MoveKind kind = MoveKind::Push;
  bool operator==(const Move&) const = default;
  bool is_capture() const { return kind == MoveKind::Capture || kind == MoveKind::EnPassant; }
};

// Sixteen pawns with four moves each (push, double step, two captures) and two en-passant captures
// bound the moves of any position.
constexpr int MAX_MOVES = 16 * 4 + 2;

struct MoveList {
  std::array<Move, MAX_MOVES> moves;
  int size = 0;
  void add(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
};

// Every legal move of the side to move. Call only where the game is not over (game_over()).
void generate(const Variant& v, const Board& b, MoveList& list);
// The board after `m`, with the other side to move.
Board play(const Variant& v, const Board& b, Move m);

// Whether the side to move could put a pawn on its last rank at once (and so wins).
bool can_reach_last_rank(const Variant& v, const Board& b);

enum class Outcome : std::uint8_t { Ongoing, Loss, Draw };
// How the game stands for the side to move, by the rules of board.h: a loss when the opponent's
// last move reached its last rank or the side to move has no pawns; a draw when it has no legal
// move; otherwise the game goes on.
Outcome outcome(const Variant& v, const Board& b);

// "b2b4", "a4xb5" (en passant too).
std::string move_text(Move m);

}  // namespace chunker::variant
