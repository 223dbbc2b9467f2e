// `chunker uci`: the Universal Chess Interface, so that a chess GUI or a
// match runner can load the engine. Commands are read by execute(), one line
// at a time; what it says goes to the stream it was given. It asks the play
// layer (play/answer.h): where a table holds the position (the oracle, an
// exact table solved earlier or cached) it plays the exact move at once,
// with `score mate N`; elsewhere it starts an exact solve in the background
// when the reachable set fits ExactMemory and, by the measured rate, the
// clock, and keeps the table for the rest of the game, while the Chunker
// search with the libraries and schemas, guided by the chunk evaluation
// (play/move_choice.h), answers on its own thread until the solve is done:
// `stop`, the clock or `movetime` end it, and `go infinite` holds its
// bestmove back until `stop`.
// It never sends an illegal or null move while a legal one exists: every
// move is checked against the chess board the GUI sees (chess/gui_game.h), and
// once Chunker's game is over it says so and a chess engine plays on
// (chess/chess_engine.h). Its options are declared once, in uci_engine.cpp's
// table, which `uci` prints and `setoption` parses.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

namespace chunker::cli {

struct UciSettings {
  std::string libraries;     // the chunk libraries' directory
  std::string oracle_dir;    // the oracle tables' directory
  int level = 5;             // the schemas consulted
  std::size_t hash_mb = 64;  // the search's hash table
  bool use_oracle = true;    // false: no tables, the schemas and the evaluation play alone
  std::size_t exact_mb = 0;  // what an exact solve may take; 0: never
  std::string exact_cache;   // the exact tables' directory, shared with solve; empty: none
  unsigned threads = 1;      // an exact solve's
  std::string chess_engine;  // the command line of the engine that plays the chess after Chunker's game; empty: none
};

class UciEngine {
 public:
  UciEngine(std::ostream& out, UciSettings settings);
  ~UciEngine();
  // Runs one command line; false after `quit`. Never throws: a malformed
  // command gets an `info string` and the engine goes on.
  bool execute(const std::string& line);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace chunker::cli
