// GET /standard's answer: one JSON object in lila-tablebase's conventions
// (lichess's tablebase server): its field names where the meaning is the same,
// each move's `category` and signed distance for the position after the move
// (a winning move reads "loss": the opponent loses), and its order of moves.
// Chunker's game ends at the first safe promotion (docs/design.md §1), so its
// distances are not chess's: `dtm` and `dtz` stay null, the distance is
// `distance` (plies to the end of Chunker's game, positive where the side to
// move wins, negative where it loses), and `rules` says "chunker". With
// rules=chess the answer is chess's, played on to mate (chess_tablebase_json).
// No file path of the server appears.
#pragma once

#include <optional>
#include <string>

#include "play/answer.h"
#include "play/chess_answer.h"

namespace chunker::serve {

// What the server knows of a position: a proven answer with every move's
// value (the oracle's, an exact table's or an exact solve's), or none and
// why (the exact solver's estimate of what the position needs).
struct Lookup {
  std::optional<Answer> answer;
  std::optional<ExactRefusal> refusal;
};

std::string tablebase_json(const Position& pos, const Lookup& found);

// The same under chess's rules (rules=chess): `rules` "chess", the value to
// mate, `dtm` lila's signed plies to mate (positive where the side to move
// mates, 0 for a draw), `distance` the same.
struct ChessLookup {
  std::optional<ChessAnswer> answer;
  std::optional<ExactRefusal> refusal;
};
std::string chess_tablebase_json(const ChessPosition& pos, const ChessLookup& found);

}  // namespace chunker::serve
