// How `chunker inspect` prints an Inspection (inspection.h): as text for a
// person (inspect_text.cpp) and as one JSON object for scripts
// (play/inspection_json.cpp; its schema is docs/json/inspect.schema.json).
#pragma once

#include <string>

#include "play/inspection.h"
#include "play/inspection_json.h"

namespace chunker::cli {

// Which parse the text shows: the default (two Kv3CPP chunks), or one of
// the report's alternate parses by its place in ChunkReport::alternates.
constexpr int DEFAULT_PARSE = -1;

// The board, the parse, the chunks' library properties, the schemas and the oracle.
std::string inspection_text(const Inspection& in, int parse, int fullmove);
// The legal moves with the oracle's value of each, best first where the table is built.
std::string moves_text(const Inspection& in);

// "pawns win in 7", "king wins in 12", "draw", or "cannot arise", for the
// pawns' side of a chunk; `defender` names the other piece ("king", "lone king").
std::string chunk_result_words(const ChunkResult& r, const std::string& defender);
// "win in 51", "loss in 50", "draw": a value for the side to move.
std::string value_words(Value v);

}  // namespace chunker::cli
