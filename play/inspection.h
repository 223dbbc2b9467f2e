// What `chunker inspect` and the server's /explain show of a position,
// gathered once into plain values that the text and the JSON presentation
// (cli/inspect_text.cpp, inspection_json.cpp) print: the chunk libraries' view (chunk_report.h),
// each consulted classifier's verdict and its reason in one line, the
// oracle's values where the position's table is built, and outside the
// oracle's domain the exact values the play layer has or can solve at once.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chunks/chunk_report.h"
#include "engine/classifier.h"
#include "play/answer.h"
#include "play/oracle_play.h"
#include "schemas/schemas.h"

namespace chunker {

struct SchemaFinding {
  std::string name;
  std::optional<Value> verdict;  // classify()'s answer for the side to move
  std::string reason;            // explain()'s line
};

using OracleFinding = OracleAnswer;

struct Inspection {
  Position pos;
  // The rules' value where they decide the position before any move: a
  // safe promotion at hand, mate, stalemate, bare kings.
  std::optional<Value> rules;
  ChunkReport chunks;
  SchemaMode mode = SchemaMode::Sound;
  std::vector<SchemaFinding> schemas;  // the KPK library, then levels 1..MAX_LEVEL
  // The first classifier whose hint says the side to move holds (search.h:
  // a null-window search takes the position as a draw there), or empty.
  std::string hint;
  std::optional<OracleFinding> oracle;  // nullopt outside the oracle's domain
  // Outside the oracle's domain: an exact table's answer (play/answer.h),
  // or why there is none (too large for the session's exact budget).
  std::optional<Answer> exact;
  std::optional<ExactRefusal> exact_refusal;
};

// Where an inspection outside the oracle's domain gets its exact answer, or
// why there is none: Player::exact_answer, or the server's answers, which
// share one solve among the requests for the same root.
using ExactAsk = std::function<std::optional<Answer>(const Position& pos, std::optional<ExactRefusal>& refusal)>;

// Asks `player` (its libraries, classifiers and oracle tables) and `exact`.
// Throws TableError when a chunk library is missing or damaged.
Inspection inspect_position(Player& player, const Position& pos, const ExactAsk& exact);

// Asks the play layer (its libraries, classifiers, oracle tables and exact
// tables, each loaded the first time a position needs it) across the
// positions of a session. Its settings' level is the top level.
class Inspector {
 public:
  explicit Inspector(PlaySettings settings) : player_(std::move(settings)) {}
  // Throws TableError when a chunk library is missing or damaged.
  Inspection inspect(const Position& pos);
  Player& player() { return player_; }

 private:
  Player player_;
};

}  // namespace chunker
