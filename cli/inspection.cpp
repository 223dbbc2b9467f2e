#include "inspection.h"

#include "rules.h"

namespace chunker::cli {

Inspector::Inspector(const std::string& libraries_dir, std::string data_dir, SchemaMode mode)
    : libraries_(libraries_dir), data_dir_(std::move(data_dir)), mode_(mode),
      classifiers_(make_level(MAX_LEVEL, mode, libraries_)) {}

const Inspector::LoadedTable& Inspector::table(Layout layout) {
  auto it = tables_.find(layout);
  if (it != tables_.end()) return it->second;
  LoadedTable loaded;
  try {
    loaded.table.emplace(load_oracle(data_dir_, layout));
  } catch (const TableError& e) {
    loaded.problem = e.what();
  }
  return tables_.emplace(layout, std::move(loaded)).first->second;
}

Inspection Inspector::inspect(const Position& pos) {
  Inspection found;
  found.pos = pos;
  found.rules = rule_value(pos, legal_moves(pos));
  found.chunks = chunk_report(pos, libraries_);
  found.mode = mode_;
  for (const auto& c : classifiers_) found.schemas.push_back({c->name(), c->classify(pos), c->explain(pos)});
  if (auto slot = locate(pos)) {
    OracleFinding oracle;
    oracle.layout = slot->layout;
    const LoadedTable& loaded = table(slot->layout);
    oracle.built = loaded.table.has_value();
    oracle.problem = loaded.problem;
    if (oracle.built) {
      const Position view = slot->view(pos);
      oracle.value = loaded.table->value(view);
      for (auto [move, value] : move_values(*loaded.table, view)) oracle.moves.emplace_back(slot->unview(move), value);
    }
    found.oracle = std::move(oracle);
  }
  return found;
}

}  // namespace chunker::cli
