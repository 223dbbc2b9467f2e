// The paper's Table 4-1, a row a position of an EPD suite: the search's
// nodes and (ply) at each level (a level's row ends unproven at the node
// limit, 10^6 as in the paper), the position's knowledge depth at the top
// level where its depth table is saved (chunker oracle depth --save), and
// its exact result from the play layer (the oracle, an exact table or
// solve) with whether every level's proven value and the suite's `value`
// (and `dist`, where a result knows its distance) agree with it. `chunker
// table` prints the rows, the Python module returns them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/epd.h"
#include "engine/search.h"
#include "exact/knowledge_depth.h"
#include "play/answer.h"

namespace chunker {

// One level's search of a position.
struct TableCell {
  bool proven = false;
  std::uint64_t nodes = 0;
  std::size_t proof_positions = 0;  // of the search's proof of a win or a loss; 0 where it has none
  int ply = 0;  // the iteration at which the value became exact (0: exhaustive), or the proof's depth
  Value value = 0;
  bool distance_known = true;
  int distance = 0;
  bool proof_depth = false;  // ply is the proof-number search's proof depth
};

// How a row's result stands against the suite's `value` and `dist` and the
// levels' proven values.
enum class TableCheck {
  Unchecked,     // no exact answer and no suite value to hold the levels to
  Agrees,        // the exact answer, the suite and every proven level agree
  SuiteDiffers,  // the exact answer differs from the suite
  LevelsDiffer,  // the levels of `wrong_levels` differ from the exact answer (else the suite)
};

// A row's last column: the play layer's exact answer where it has one (the
// oracle, an exact table or solve), else the best-informed proven level (a
// known distance beats none), and how it stands.
struct TableResult {
  std::optional<TableCell> shown;  // none: no level proved a value and no exact answer
  std::optional<Source> source;    // the exact answer's source, where `shown` is it
  TableCheck check = TableCheck::Unchecked;
  std::vector<int> wrong_levels;
  std::string expected_value, expected_dist;  // the suite's `value` and `dist`, as written there
};

struct TableRow {
  std::string id;                        // the suite's id, else the board's FEN fields
  std::optional<Value> knowledge_depth;  // at the top level; none where not in the domain or not saved
  std::vector<TableCell> cells;          // the levels first..last
  std::optional<SearchResult> top;       // the top level's search
  TableResult result;
  // False where a level, the exact result or the suite disagree.
  bool ok() const { return result.check != TableCheck::SuiteDiffers && result.check != TableCheck::LevelsDiffer; }
};

struct TableSettings {
  int first = 0, last = MAX_LEVEL;
  SchemaMode mode = SchemaMode::Sound;
  SearchLimits limits;  // each level's search; its kind is asked per row
  GuideKind guide = GuideKind::Learned;
  std::string data_dir;  // where the saved knowledge-depth tables are
};

class TableRows {
 public:
  // `player` answers the exact result (its settings' sources and memory)
  // and opens the libraries and each level's classifiers.
  TableRows(TableSettings settings, Player& player);
  TableRow row(const Epd& epd, SearchKind kind);
  // The layouts whose depth table is missing, or was built with other
  // libraries or schemas: the depth column shows - there.
  std::vector<Layout> unsaved_depths() const;
  const TableSettings& settings() const { return settings_; }

 private:
  std::optional<Value> depth_of(const Position& pos);

  TableSettings settings_;
  Player& player_;
  std::vector<Player> levels_;  // first..last, over player_'s tables
  std::string fingerprint_;     // the libraries' knowledge_fingerprint
  std::unique_ptr<DepthTable> depths_[LAYOUT_NB];
  bool unsaved_[LAYOUT_NB] = {};
};

}  // namespace chunker
