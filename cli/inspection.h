// What `chunker inspect` shows of a position, gathered once into plain values
// that the text and the JSON presentation (inspect_text.cpp,
// inspect_json.cpp) both print: the chunk libraries' view (chunk_report.h),
// each consulted classifier's verdict and its reason in one line, and the
// oracle's values where the position's table is built.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chunk_report.h"
#include "classifier.h"
#include "oracle_play.h"
#include "schemas.h"

namespace chunker::cli {

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
};

// Holds the libraries, the classifiers and the oracle tables (each loaded
// the first time a position needs it) across the positions of a session.
class Inspector {
 public:
  // Throws TableError when a chunk library is missing or damaged.
  Inspector(const std::string& libraries_dir, std::string data_dir, SchemaMode mode);
  Inspection inspect(const Position& pos);
  const ChunkLibraries& libraries() const { return libraries_; }
  SchemaMode mode() const { return mode_; }

 private:
  ChunkLibraries libraries_;
  SchemaMode mode_;
  std::vector<std::unique_ptr<Classifier>> classifiers_;
  OracleTables oracle_;
};

}  // namespace chunker::cli
