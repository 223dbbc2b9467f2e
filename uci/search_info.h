// What `chunker uci` tells the GUI of its thinking: a value as a UCI score,
// the info line of a search round or of a table's move, and the words of the
// game player's notes (game_player.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "engine/types.h"
#include "play/evaluation.h"
#include "uci/game_player.h"

namespace chunker {

// The evaluation counts a pawn as 10 (play/evaluation.h); UCI's centipawns, 100.
constexpr int CENTIPAWNS_PER_UNIT = 10;
// A win or loss proven without its distance: beyond every evaluation.
constexpr int PROVEN_CP = EVALUATION_BOUND * CENTIPAWNS_PER_UNIT;

// For the side to move: `mate N` (moves, negative when losing) for a win or
// loss with its distance; `cp ±PROVEN_CP` for one without; `cp 0` for a
// proven draw; else the evaluation in centipawns.
std::string score_text(Value v, bool proven);

std::string info_line(int depth, const std::string& score, std::uint64_t nodes,
                      std::chrono::steady_clock::time_point start, Move best);

// One line for an `info string`.
std::string note_words(const GameNote& note);
// The table a move's value came from: "the oracle's abc-fgh table", "the exact table of FEN".
std::string source_words(Source source, const Origin& origin);

}  // namespace chunker
