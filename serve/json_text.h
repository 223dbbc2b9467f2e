// The words and JSON literals every presentation of a value shares: the
// command line's --json, `inspect --json` and the HTTP server.
#pragma once

#include <string>

#include "types.h"

namespace chunker {

// "win", "draw" or "loss", for the side to move.
std::string value_word(Value v);
// A JSON string literal.
std::string json_string(const std::string& text);

}  // namespace chunker
