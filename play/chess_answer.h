// Chess-exact answers: the value of a position of kings, pawns and pieces
// under chess's rules played on to mate (exact/chess/chess_table.h), with
// every move's value and a line, from a table this process holds or one
// solved now where the reachable set fits the memory budget. Values are for
// the side to move, in plies to mate; a repetition is a draw and there is no
// 50-move rule. `solve --rules chess`, the server's rules=chess and a game's
// moves after a promotion ask here.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "chess/chess_board.h"
#include "exact/chess/chess_table.h"
#include "play/answer.h"

namespace chunker {

struct ChessMoveValue {
  ChessMove move;
  Value value = 0;  // for the side that plays it
};

struct ChessAnswer {
  Value value = 0;
  bool solved_now = false;  // else a table this process held answered
  std::string table_root;   // the FEN the answering table was solved from
  std::vector<ChessMoveValue> moves;
  // Decisive: best play to mate. A draw: moves that keep it, each the one
  // leaving the opponent the fewest replies that keep it, until a position
  // repeats or the game ends (at most DRAW_LINE_PLIES).
  std::vector<ChessMove> line;
  ExactFigures figures;          // structures: the slices
  std::uint64_t from_store = 0;  // slices read from the slice store, not solved
  std::uint64_t batches = 0;     // past the budget: the solves into the store before the root was read
  std::string not_stored;        // why a solved slice could not be stored

  // The move to play: the line's first, else the first best move; none where no move is legal.
  ChessMove best() const;
};

constexpr int DRAW_LINE_PLIES = 24;

// The chess-exact solver's rate, positions a second on one core, for the
// time estimate of a solve in a game: well below what bench/chess_exact
// measures on its 4-man roots (a GUI's machine may be busy; a solve that
// overruns its estimate is cancelled at the clock's end).
constexpr double CHESS_RATE_PER_CORE = 8e6;

// A GUI's board as the chess-exact solver's position (castling rights,
// which the GUI's board never plays, left out).
ChessPosition chess_position(const ChessBoard& board);

// The answer `table` gives for a position it holds.
ChessAnswer chess_answer(const ChessTable& table, const ChessPosition& pos);
// Of `values` (every legal move's), the one to play: the quickest win, the
// longest loss, and of drawing moves the one leaving the opponent the fewest
// drawing replies (`drawing_replies`), the first listed among equals.
ChessMove chess_move(const std::vector<ChessMoveValue>& values, const std::function<int(ChessMove)>& drawing_replies);

class ChessPlayer {
 public:
  // `memory`: bytes a solve may take (0: never solve); `workers`: its
  // threads; `store`: the directory of finished slices (slice_store.h), "" for none.
  ChessPlayer(std::uint64_t memory, unsigned workers,
              std::function<void(std::uint64_t done, std::uint64_t total)> progress = nullptr, std::string store = "");
  // From a held table, else a solve now within the budget; nullopt with
  // `refusal` saying why not. `cancel` ends a solve with ExactCancelled.
  std::optional<ChessAnswer> answer(const ChessPosition& pos, std::optional<ExactRefusal>& refusal,
                                    const std::atomic<bool>* cancel = nullptr);
  // Past the budget, a root's reachable set is solved into the store in
  // batches that fit (build_class) and the root then read from it, rather
  // than refused: for `solve`, where the user waits for the answer (a
  // game's clock or a server's client would not).
  void solve_past_budget_in_batches() { in_batches_ = true; }
  // From a held table only.
  std::optional<ChessAnswer> known(const ChessPosition& pos);
  // The reachable set of `pos` against the budget, without solving.
  ChessPlan plan(const ChessPosition& pos) const;

 private:
  std::shared_ptr<const ChessTable> holding(const ChessPosition& pos);

  std::uint64_t memory_;
  unsigned workers_;
  std::string store_;
  bool in_batches_ = false;
  std::function<void(std::uint64_t, std::uint64_t)> progress_;
  std::mutex mutex_;
  std::vector<std::shared_ptr<const ChessTable>> tables_;
};

}  // namespace chunker
