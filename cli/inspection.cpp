#include "inspection.h"

#include "rules.h"

namespace chunker::cli {

Inspection Inspector::inspect(const Position& pos) {
  Inspection found;
  found.pos = pos;
  found.rules = rule_value(pos, legal_moves(pos));
  found.chunks = chunk_report(pos, player_.libraries());
  found.mode = player_.settings().mode;
  for (const Classifier* c : player_.classifiers()) {
    found.schemas.push_back({c->name(), c->classify(pos), c->explain(pos)});
    if (found.hint.empty() && c->likely_holds(pos)) found.hint = c->name();
  }
  found.oracle = player_.oracle_answer(pos);
  if (found.oracle) return found;
  // Outside the domain: a table held, else one solved now where it fits.
  found.exact = player_.exact_answer(pos, {}, found.exact_problem);
  return found;
}

}  // namespace chunker::cli
