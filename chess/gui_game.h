// The game as a chess GUI sends it to `chunker uci`: the chess board (every
// piece, queens after a promotion) and, while Chunker's rules (docs/design.md §1)
// still have the game going on, Chunker's position. A GUI plays chess, not
// "first safe promotion wins": it sends the queen a promotion made, keeps
// playing after a safe one, and repeats positions Chunker scores as a draw.
// This is where the two views are kept side by side and where the moment
// Chunker's game ends is found.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "chess/chess_board.h"
#include "engine/movegen.h"
#include "engine/types.h"

namespace chunker {

struct GuiGame {
  std::string words;  // what followed `position`: startpos or fen FEN, then the moves
  ChessBoard board;
  // Chunker's position while its game goes on: nullopt once it is over, or
  // when the position never was one of kings and pawns.
  std::optional<Position> position;
  // Why `position` is empty: the end of Chunker's game, or the pieces.
  std::string over;
  std::optional<Color> winner;     // of Chunker's game; nullopt for a draw or none
  bool repeated = false;           // it ended in a repetition (the board may still be one of kings and pawns)
  std::vector<Position> line;      // Chunker's positions of the game so far, the current one last
  std::vector<ChessBoard> boards;  // the chess positions of the game so far, the current one last
};

// From the words after `position` (startpos|fen FEN [moves M...]). Throws
// InputError naming the first problem: a malformed FEN, an illegal move.
GuiGame read_game(const std::string& words);

// Chunker's position of a chess board with kings and pawns and, right after
// an unsafe promotion, the promoted queen; nullopt otherwise, with `why`
// saying what stands in the way (another piece, a promotion that was safe).
std::optional<Position> chunker_position(const ChessBoard& board, std::string& why, std::optional<Color>& winner);

// The legal moves of Chunker's position a chess GUI accepts too (in check
// by a promoted queen, say, only its capture), in movegen order.
std::vector<Move> gui_legal_moves(const Position& pos, const ChessBoard& board);

}  // namespace chunker
