// GET /standard's answer: one JSON object in the shape of lila-tablebase's
// (lichess's tablebase server), with its field names where the meaning is the
// same, and Chunker's own where it is not. Chunker's game ends at the first
// safe promotion (docs/design.md §1), so its distances are not chess's:
// `dtm` and `dtz` stay null, the distance is `distance` (plies to the end of
// Chunker's game, for the side to move), and `rules` says "chunker".
#pragma once

#include <optional>
#include <string>

#include "answer.h"

namespace chunker::serve {

// What the server knows of a position: a proven answer with every move's
// value (the oracle's, an exact table's or an exact solve's), or none and
// why (the exact solver's estimate of what the position needs).
struct Lookup {
  std::optional<Answer> answer;
  std::string estimate;
};

// `category` is "win", "draw", "loss" or, without an answer, "unknown"; the
// moves, best first, carry the category for the side that plays them and
// `fen`, the position after them (what the board page shows next).
std::string tablebase_json(const Position& pos, const Lookup& found);

}  // namespace chunker::serve
