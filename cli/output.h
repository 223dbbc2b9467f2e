// How results are written: words for values, and JSON for scripts.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/peasant/search.h"
#include "engine/search.h"
#include "play/answer.h"

namespace chunker::cli {

// Where an answer came from, in words: "the oracle's abc-fgh table", "the
// exact table of FEN, read from FILE", "solved now; oracle abc-fgh; cached in
// FILE", "proof-number search", ...
std::string origin_words(const Answer& a);
// Why no exact solve answered: "not tried (--memory 0)", or what the reachable
// set takes against --memory or the clock.
std::string refusal_words(const ExactRefusal& r);
// "win in 23", "draw", "loss in 8": a value for the side to move.
std::string value_with_distance(Value v);

// A solve (the play layer's answer) as text lines or as one JSON object;
// `fullmove` numbers the line.
std::string solve_text(const Position& root, const Answer& a, int fullmove);
std::string solve_json(const Position& root, const Answer& a, int fullmove);
// The same for a Peasant search (solve --engine peasant).
std::string peasant_text(const Position& root, const PeasantResult& r, int fullmove);
std::string peasant_json(const Position& root, const PeasantResult& r, int fullmove);

}  // namespace chunker::cli
