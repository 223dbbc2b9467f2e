// The chess search that plays on once Chunker's game is over (a safe
// promotion won it, say) and a GUI keeps playing chess to mate: iterative
// deepening negamax with alpha-beta (principal variation search), a
// transposition table shared by one or more threads, check extensions, null-move pruning, reverse futility
// pruning and late-move reductions off the principal variation, a quiescence
// search over captures and queen promotions, mate scores, and the draws of
// chess (repetition of the game's positions, the 50-move rule, insufficient
// material, stalemate) on the board of chess_position.h with the evaluation
// of chess_evaluation.h.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "chess_position.h"

namespace chunker::chess {

constexpr int MAX_CHESS_DEPTH = 64;
// The score of a pawn ending won by Chunker's rules (its first safe
// promotion), less the plies to it: above any evaluation, below any mate.
constexpr int KNOWN_WIN = 20000;

// The search's transposition table: shared by its threads, and kept by a
// caller from one move of a game to the next, so that each search starts
// from what the last one learnt. An entry is two words written and read
// apart, the first the key xor the second: an entry torn by two threads
// writing at once fails its key check and counts as empty.
class ChessTable {
 public:
  struct Data {
    std::uint32_t move = 0;  // ChessMove::raw
    std::int16_t score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;
  };
  explicit ChessTable(int megabytes);
  std::optional<Data> probe(Key key) const;
  void store(Key key, const Data& data);
  void clear();

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0}, data{0};
  };
  std::size_t size_ = 1;  // a power of two
  std::unique_ptr<Slot[]> slots_;
};

struct ChessLimits {
  const std::atomic<bool>* stop = nullptr;  // the caller's clock or `stop` command; may be null
  long long budget_ms = -1;                 // -1: only `stop` and max_depth end the search
  int max_depth = MAX_CHESS_DEPTH;
  int hash_megabytes = 16;      // the size of the search's own table, where `table` is null
  ChessTable* table = nullptr;  // a table kept by the caller, or null
  // Threads searching the root together (lazy SMP): each its own copy of the
  // board, all one table; the first one's result is the search's.
  unsigned threads = 1;
  // The value by Chunker's rules, for the side to move, of a position of
  // kings and pawns where the caller's tables hold it (Player::known_value:
  // the oracle, an exact table): a leaf of the search, scored KNOWN_WIN less
  // its distance, or as a draw (draw_centipawns). A queen trade into a lost
  // pawn ending is then seen as lost, which material alone scores even.
  std::function<std::optional<Value>(const Position&)> pawn_ending;
  // What a draw (by a rule of chess, or a pawn ending drawn by Chunker's
  // rules) is worth to the side to move at the root: above 0, the search
  // takes a draw over a position it scores about even.
  int draw_centipawns = 0;
};

// One finished iteration: its depth, its score for the side to move (the
// mate in moves, positive when winning, or 0 and the centipawns), its line.
struct ChessIteration {
  int depth = 0;
  int centipawns = 0;
  int mate_moves = 0;
  std::uint64_t nodes = 0;
  long long ms = 0;
  std::vector<ChessMove> pv;  // the best move first; empty when there is no legal move
};

// Searches `root` (with its game history set) until a limit ends it; calls
// `report` after every finished iteration. The result's pv starts with the
// move to play: the best of the deepest iteration, or of the unfinished one
// where it already found a better move.
ChessIteration search_chess(ChessPosition& root, const ChessLimits& limits,
                            const std::function<void(const ChessIteration&)>& report = {});

}  // namespace chunker::chess
