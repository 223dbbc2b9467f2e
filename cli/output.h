// How results are written: words for values, and JSON for scripts.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "peasant/search.h"
#include "search.h"

namespace chunker::cli {

// "win", "draw" or "loss", for the side to move.
std::string value_word(Value v);
// A JSON string literal.
std::string json_string(const std::string& text);
// What the exact solver (libgen/exact.h) found for a root.
struct ExactReport {
  Value value = 0;
  std::vector<Move> line;                     // best play to the end, when decisive
  std::vector<std::pair<Move, Value>> moves;  // every legal move's value, for the side to move
  std::uint64_t structures = 0, positions = 0, from_oracle = 0;
  std::string source;  // how it was found: "solved", or the --load file it was read from
  double seconds = 0, peak_megabytes = 0;
};

// A solve: the search (unless a loaded table answered), the exact solver's
// result where it ran, else why it did not (empty when not needed).
struct Solved {
  std::optional<SearchResult> search;
  std::optional<ExactReport> exact;
  std::string exact_note;
  double seconds = 0;  // in all
  bool proven() const { return exact || (search && search->proven); }
};

// A solve as text lines or as one JSON object; `fullmove` numbers the line.
std::string solve_text(const Position& root, const Solved& s, int fullmove);
std::string solve_json(const Position& root, const Solved& s, int fullmove);
// The same for a Peasant search (solve --engine peasant).
std::string peasant_text(const Position& root, const PeasantResult& r, int fullmove);
std::string peasant_json(const Position& root, const PeasantResult& r, int fullmove);

}  // namespace chunker::cli
