#include "inspection.h"

#include "rules.h"

namespace chunker::cli {

Inspector::Inspector(const std::string& libraries_dir, std::string data_dir, SchemaMode mode)
    : libraries_(libraries_dir),
      mode_(mode),
      classifiers_(make_level(MAX_LEVEL, mode, libraries_)),
      oracle_(std::move(data_dir)) {}

Inspection Inspector::inspect(const Position& pos) {
  Inspection found;
  found.pos = pos;
  found.rules = rule_value(pos, legal_moves(pos));
  found.chunks = chunk_report(pos, libraries_);
  found.mode = mode_;
  for (const auto& c : classifiers_) {
    found.schemas.push_back({c->name(), c->classify(pos), c->explain(pos)});
    if (found.hint.empty() && c->likely_holds(pos)) found.hint = c->name();
  }
  found.oracle = oracle_.probe(pos);
  return found;
}

}  // namespace chunker::cli
