// The move to play in a GUI's game: the exact move where a table in memory
// holds the position (play/answer.h); elsewhere an exact solve of everything
// reachable from it (or the cache's table of it, read), on a thread of its
// own when it fits the memory and the time it may take, while the Chunker
// search with the evaluation (play/move_choice.h) answers; once the solve is
// done its table answers this position and the rest of the game.
//
// A GUI plays chess on after Chunker's game is won, so in a won position the
// winning moves go through a pipeline before one is played: the careful
// filter (a second solve by CarefulRules, chess/careful_rules.h, keeps the
// wins that leave the opponent no promotion to answer ours with, or, where
// every win allows one, those whose answer only draws), the board's
// refutations (a promotion with check that chess lets us answer only by
// capture), and the chess engine's tie-break among the quickest wins left.
// In a drawn position the engine chooses among the drawing moves.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "chess/chess_engine.h"
#include "chess/gui_game.h"
#include "play/answer.h"
#include "play/move_choice.h"

namespace chunker {

// What the choice of a move tells the GUI besides the move (uci_engine.cpp
// words it).
struct GameNote {
  enum class Kind {
    CarefulWin,           // `move` wins too, and the opponent cannot promote in answer (after `instead` it can)
    CarefulDraw,          // `move` wins too, and the opponent's answering promotion only draws
    EnginePrefers,        // `move` keeps Chunker's result too, and the chess engine prefers it to `instead`
    CheckingPromotion,    // after `instead` a promotion with check leaves no winning reply chess allows
    PromotionLosesChess,  // the promotion `instead` wins Chunker's game but loses the chess after it
    CarefulSolved,        // the careful table is built: `positions` in `seconds`
    CarefulNotSolved,     // the careful table could not be built: `why`
    ExactSolveRefused,    // the exact solve of this position was not tried or failed: `why`
    LibrariesMissing,     // a chunk library is missing or damaged (`why`): Level 0 with Peasant's evaluation
  };
  Kind kind;
  Move move, instead;
  double positions = 0, seconds = 0;
  std::string why;                      // the lower layer's failure, for the last three
  std::optional<ExactRefusal> refusal;  // a solve's refusal, for the careful and the exact solve
};

struct GameMove {
  Move move;
  Value value = 0;                 // for the side that plays it: exact, proven, or the evaluation
  bool proven = false;             // an exact or a proven value
  bool exact = false;              // a table's (value with its distance)
  Source source = Source::Search;  // where a proven value came from
  Origin origin;
  std::vector<GameNote> notes;
  Move ponder;  // the reply the table expects, where a table gave the move
};

class GamePlayer {
 public:
  // `chess`, where given, plays the chess a GUI goes on with: it judges
  // whether a winning promotion loses the chess after it.
  explicit GamePlayer(Player& player, ChessEngine* chess = nullptr) : player_(player), chess_(chess) {}
  ~GamePlayer();  // cancels a running exact solve, and waits for it to end

  // The move among `allowed` (pos's legal moves a GUI accepts) after the
  // game's positions `earlier` (a move back to one is a draw). `limits` bound
  // the search; `stop` ends the thinking. An exact solve started here may
  // take `exact_seconds` by the measured rate (< 0: no limit). `progress`
  // gets the search's ranking after each round.
  // `game`, where given, is the GUI's game: the winning moves then go
  // through the pipeline above.
  GameMove choose(const Position& pos, const std::vector<Position>& earlier, const std::vector<Move>& allowed,
                  const ChoiceLimits& limits, double exact_seconds, std::stop_token stop,
                  const std::function<void(const MoveChoice&)>& progress, const GuiGame* game = nullptr);

  // After Chunker's game ended in a repetition (a draw by its rules) a GUI
  // plays on, in chess, where a repetition is no draw yet: while the board
  // holds kings and pawns only and a table holds the position, the table's
  // move among the GUI's legal ones (the game's positions left out: the
  // draw is recorded already); else none: a chess engine playing on from a
  // drawn pawn ending can let the opponent promote.
  std::optional<Move> table_move(const ChessBoard& board);

  // A GUI's new game (UCI's ucinewgame; a game that comes back shorter is
  // one too): the last game's careful solve stops, and its table is dropped.
  void new_game();

 private:
  std::optional<GameMove> exact_move(const Position& pos, const std::vector<Position>& earlier,
                                     const std::vector<Move>& allowed, double seconds, const std::stop_token& stop,
                                     const GuiGame* game);
  // The pipeline of a won position in a GUI: from the table's move `chosen`
  // among the winning moves `wins` (valued by `value_of`) to the one played.
  Move winning_move(const Position& pos, const std::vector<Move>& wins, Move chosen,
                    const std::function<Value(Move)>& value_of, double seconds, const std::stop_token& stop,
                    const GuiGame& game, std::vector<GameNote>& notes);
  // Where the careful table is built and holds `pos`, and scores it won or
  // drawn by CarefulRules: the moves of `allowed` that keep that value, the
  // quickest careful win first. Else none, and a careful solve from `pos` is
  // started where none runs or has run this game (one that fits the memory
  // and `seconds` by the measured rate).
  struct CarefulMoves {
    std::vector<Move> moves;
    bool won = false;  // the moves win by the careful rules (else they draw)
  };
  CarefulMoves careful_moves(const Position& pos, const std::vector<Move>& allowed, double seconds);
  // Whether the safe promotion `m` leaves the opponent a won chess position
  // (chess_, after `game`), as far as the engine sees before `stop`.
  bool loses_in_chess(const GuiGame& game, Move m, const std::stop_token& stop);
  // The chess engine's choice (chess_, after `game`) among `moves`, which
  // Chunker's rules score alike, until `stop`: a win by them ends its game,
  // the GUI's chess goes on, and the engine sees there what the rules do
  // not (an answering queen that wins, a mating net). None where fewer than
  // two are given or no engine plays.
  std::optional<Move> chess_choice(const GuiGame& game, const std::vector<Move>& moves, const std::stop_token& stop);
  // The search's choice at `pos`, until `stop`, `limits`, or the end of the
  // exact solve that runs.
  MoveChoice search(const Position& pos, const std::vector<Position>& earlier, const std::vector<Move>& allowed,
                    const std::vector<const Classifier*>& classifiers, const ChoiceLimits& limits,
                    const std::stop_token& stop, const std::function<void(const MoveChoice&)>& progress);
  // Starts the exact solve of `pos` where none runs; whether the solve that
  // runs (or ran) now is one of `pos`'s. One solve at a time: another
  // position's, still running, goes on.
  bool start_solve(const Position& pos, double seconds);
  // The reply a table expects after `m`, where one holds the position after it.
  Move expected_reply(const Position& pos, Move m);

  // An exact solve on a thread of its own: it outlives the choice that
  // started it, and its table answers every later position it holds.
  struct Job {
    Position root;
    PawnStructure structure;
    std::optional<ExactRefusal> refusal;  // why it was not tried, once done
    std::string failure;                  // why it failed, once done
    bool refused = false;                 // not tried, or failed, once done
    std::stop_source finished;            // requested when done: it halts the search that waits for it
    bool done() const { return finished.stop_requested(); }
    std::thread thread;
  };
  // The careful solve: one a game, from the first won position it meets.
  struct CarefulJob {
    std::shared_ptr<const ExactTable> table;  // once done; null when it could not be built
    double positions = 0, seconds = 0;        // its size and time, once built
    std::optional<ExactRefusal> refusal;      // why it was not tried
    std::string why;                          // why it failed
    std::stop_source finished;                // requested when done
    bool done() const { return finished.stop_requested(); }
    bool told = false;                // the note was given
    bool stale = false;               // a new game began
    std::atomic<bool> cancel{false};  // set when the game it serves is over: the solve stops
    std::thread thread;
  };
  Player& player_;
  ChessEngine* chess_;
  std::atomic<bool> cancel_{false};  // set when this player goes: the exact solve stops
  std::unique_ptr<Job> job_;
  std::unique_ptr<CarefulJob> careful_;
  bool libraries_usable_ = true;
  // Winning promotions put off this game for the chess after them, and the
  // game's length when last asked (a shorter one is a new game).
  int put_off_ = 0;
  std::size_t game_length_ = 0;
};

}  // namespace chunker
