// The JSON of play's values (nlohmann's ordered objects), each field written
// in one place for every printer: `solve --json` (cli/output.h), `inspect
// --json` and the server's /explain (inspection_json.h), and the server's
// /standard (serve/tablebase_json.h). A file path appears only where `paths`
// says so: the command line shows the user's own files, the server none of
// its own. The schemas of the documents are under docs/json/.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "engine/position.h"
#include "play/answer.h"

namespace chunker {

using Json = nlohmann::ordered_json;

// A distance in plies for a decisive value whose distance is known, else null.
Json distance_json(Value v, bool known = true);
// Why no exact solve answered: {"reason", "positions", "at_least", "structures", "megabytes",
// "budget_megabytes", "seconds"}.
Json refusal_json(const ExactRefusal& r);
// Where a proven answer came from: {"source", "layout", "root", "file", "oracles", "cached_in",
// "not_saved", "saved_to", "repetitions"}, the fields that are not the source's null.
Json origin_json(const Answer& a, bool paths);
// Every move of `moves` as {"san", "uci", "value", "distance"} (a move's value for the side that plays it).
Json moves_json(const Position& pos, const std::vector<MoveValue>& moves, bool distance_known);

}  // namespace chunker
