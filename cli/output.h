// How results are written: words for values, and JSON for scripts.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answer.h"
#include "json_text.h"
#include "peasant/search.h"
#include "search.h"

namespace chunker::cli {

// A solve (the play layer's answer) as text lines or as one JSON object;
// `fullmove` numbers the line.
std::string solve_text(const Position& root, const Answer& a, int fullmove);
std::string solve_json(const Position& root, const Answer& a, int fullmove);
// The same for a Peasant search (solve --engine peasant).
std::string peasant_text(const Position& root, const PeasantResult& r, int fullmove);
std::string peasant_json(const Position& root, const PeasantResult& r, int fullmove);

}  // namespace chunker::cli
