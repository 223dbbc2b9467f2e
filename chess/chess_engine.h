// The chess after Chunker's game. A GUI plays on in chess once Chunker's
// rules have ended the game (a safe promotion, a repetition), and asks a
// move wherever those rules have nothing to say. A real chess engine plays
// it, talked to over UCI (the option ChessEngine: a command line); where none
// is set, or it fails, a small built-in search on the GUI's board plays
// legal moves. The careful rules (careful_rules.h) stay Chunker's own: they
// choose among Chunker's winning moves, before the chess begins.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "chess/chess_board.h"

namespace chunker {

class ChildProcess;

// A chess move with the score its engine gave, for the side to move.
struct ChessReply {
  std::string move;    // coordinates; empty only where no legal move exists
  int centipawns = 0;  // when mate_moves is 0
  int mate_moves = 0;  // > 0: the side to move mates in so many; < 0: is mated
  std::string engine;  // who answered: the engine's name, or the built-in search
};

// The stockfish found on the PATH or at /usr/games/stockfish; empty where
// there is none: ChessEngine's default.
std::string default_chess_engine();

class ChessEngine {
 public:
  // `command`: the engine's command line, its words split on spaces; empty:
  // the built-in search alone.
  explicit ChessEngine(std::string command);
  ~ChessEngine();
  ChessEngine(const ChessEngine&) = delete;
  ChessEngine& operator=(const ChessEngine&) = delete;

  // Who plays: the engine's `id name`, or the built-in search and why.
  std::string name();
  // Starts the engine where it is not started yet and no search is using
  // it, so that the clock never pays for its start (a GUI's `isready`, from
  // the thread that reads the GUI's commands while another may be thinking).
  void prepare();

  // The move in the game `position` describes (UCI's words after `position`:
  // startpos or fen FEN, then moves), whose current board is `board`:
  // within `budget_ms` (< 0: until `stop`) or `depth` plies (0: no limit).
  // The engine's info lines go to `info`. Always a legal move of `board`
  // where one exists: an engine that fails or answers an illegal move is
  // replaced by the built-in search, and `info` is told.
  // `earlier`: the game's boards before, for the built-in search's repetitions.
  ChessReply play(const std::string& position, const ChessBoard& board, long long budget_ms, int depth,
                  std::stop_token stop, const std::function<void(const std::string&)>& info = {},
                  const std::vector<ChessBoard>& earlier = {});

  // The engine's choice among `among` (moves of `board`, UCI's searchmoves)
  // within `budget_ms` or until `stop`, whichever comes first: the chess
  // judgement of moves that Chunker's rules score alike. None where no
  // engine plays (the built-in search sees too few plies to judge them) or
  // it chose none of them.
  std::optional<std::string> choose(const std::string& position, const ChessBoard& board,
                                    const std::vector<std::string>& among, long long budget_ms, std::stop_token stop);

  // A new game: the engine forgets the last one.
  void new_game();

  // Thread safety: play, choose, name and new_game may be called from any
  // thread, one at a time (each holds the engine while it talks to it);
  // prepare from another thread meanwhile; a `stop` given to play or choose
  // may come from any thread.

 private:
  bool start();  // the engine, started and ready; false where it cannot be; with use_mutex_ held
  // Sends `go` for `position` and reads the engine's answer, a legal move
  // of `board` (the built-in search's where the engine fails).
  ChessReply search(const std::string& position, const ChessBoard& board, const std::string& go, long long budget_ms,
                    std::stop_token stop, const std::function<void(const std::string&)>& info,
                    const std::vector<ChessBoard>& earlier);
  void drop(const std::string& why, const std::function<void(const std::string&)>& info);

  std::string command_;
  std::string name_;
  std::string why_builtin_;  // why the built-in search plays, once the engine failed
  std::unique_ptr<ChildProcess> process_;
  std::mutex use_mutex_;    // held while a thread talks to the engine or starts it
  std::mutex write_mutex_;  // `stop` is written from the thread that stops; guards process_'s reset
};

// The built-in search: a few plies of material on the GUI's board, mate and
// stalemate seen, a move back to one of the game's boards `earlier` a draw;
// no tuning, only legal moves.
ChessReply builtin_chess_move(const ChessBoard& board, int depth, std::stop_token stop,
                              const std::vector<ChessBoard>& earlier = {});

}  // namespace chunker
