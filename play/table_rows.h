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
  int ply = 0;         // the iteration at which the value became exact (0: exhaustive), or the proof's depth
  std::string result;  // "win in 51", "win (no dist.)", "draw"
  Value value = 0;
  bool distance_known = true;
  int distance = 0;
  bool proof_depth = false;  // ply is the proof-number search's proof depth
};

struct TableRow {
  std::string id;                   // the suite's id, else the board's FEN fields
  std::string knowledge_depth;      // "win 18", "draw"; "-" where not in the domain or not saved
  std::vector<TableCell> cells;     // the levels first..last
  std::optional<SearchResult> top;  // the top level's search
  std::string result;               // the exact (else best-informed proven) result and where it disagrees
  bool ok = true;                   // false where a level, the exact result or the suite disagree
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
  std::string depth_of(const Position& pos);

  TableSettings settings_;
  Player& player_;
  std::vector<Player> levels_;  // first..last, over player_'s tables
  std::string fingerprint_;     // the libraries' knowledge_fingerprint
  std::unique_ptr<DepthTable> depths_[LAYOUT_NB];
  bool unsaved_[LAYOUT_NB] = {};
};

}  // namespace chunker
