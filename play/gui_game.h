// The game as a chess GUI sends it to `chunker uci`: the chess board (every
// piece, queens after a promotion) and, while Chunker's rules (docs/design.md §1)
// still have the game going on, Chunker's position. A GUI plays chess, not
// "first safe promotion wins": it sends the queen a promotion made, keeps
// playing after a safe one, and repeats positions Chunker scores as a draw.
// This is where the two views are kept side by side and where the moment
// Chunker's game ends is found.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chess_board.h"
#include "movegen.h"
#include "types.h"

namespace chunker {

struct GuiGame {
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

// The value by Chunker's rules of a kings-and-pawns position where a table
// holds it (Player::known_value): the chess search's pawn endings.
using KnownValue = std::function<std::optional<Value>(const Position&)>;

// Whether the promotion `move` (coordinates), which wins Chunker's game, hands
// the opponent a chess position it wins: a short chess search (a few plies,
// a fraction of a second) from the board after it finds the answering
// promotion that mates or wins the new queen, or a queen trade into a pawn
// ending `known` holds as lost. `earlier`: as chess_move's.
bool promotion_loses_in_chess(const ChessBoard& board, const std::vector<ChessBoard>& earlier, const KnownValue& known,
                              const std::string& move);

namespace chess {
class ChessTable;
}

// What the chess search of a game may use: the table kept from move to
// move (null: one of its own each move), and its threads.
struct ChessResources {
  chess::ChessTable* table = nullptr;
  unsigned threads = 1;
};

// A legal chess move to answer with when Chunker's rules have nothing to
// say: the chess search over every piece (play/chess_search.h) until `stop`
// is set or `max_depth` plies (0: no limit) are searched, with the game's
// boards `earlier` (the current one last, or left out) for repetitions and
// the 50-move rule, and the pawn endings `known` holds. Every finished
// iteration goes to `info` as a UCI info line (`score mate N` in moves, or
// `cp`). Empty when there is no legal move.
std::string chess_move(const ChessBoard& board, const std::vector<ChessBoard>& earlier, const KnownValue& known,
                       const std::atomic<bool>& stop, const ChessResources& resources, int max_depth = 0,
                       const std::function<void(const std::string&)>& info = {});

}  // namespace chunker
