// `chunker uci`: the Universal Chess Interface, so that a chess GUI or a
// match runner can load the engine. Commands are read by execute(), one line
// at a time; what it says goes to the stream it was given. The move of a
// position comes from the game player (game_player.h): the exact move at
// once where a table holds the position, with `score mate N`; elsewhere the
// Chunker search answers on the thinking thread (thinker.h) while an exact
// solve runs in the background, until `stop`, the clock (time_budget.h) or
// the solve ends it. `go infinite` holds the bestmove back until `stop`, and
// `go ponder` until `ponderhit` or `stop`.
// It never sends an illegal or null move while a legal one exists: every
// move is checked against the chess board the GUI sees (chess/gui_game.h), and
// once Chunker's game is over it says so and a chess engine plays on
// (chess/chess_engine.h). Its options are declared once (uci_options.h).
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "uci/uci_options.h"

namespace chunker {

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

}  // namespace chunker
