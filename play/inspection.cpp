#include "play/inspection.h"

#include "engine/rules.h"

namespace chunker {

Inspection inspect_position(Player& player, const Position& pos, const ExactAsk& exact) {
  Inspection found;
  found.pos = pos;
  found.rules = rule_value(pos, legal_moves(pos));
  found.chunks = chunk_report(pos, player.libraries());
  found.mode = player.settings().mode;
  for (const Classifier* c : player.classifiers()) {
    found.schemas.push_back({c->name(), c->classify(pos), c->explain(pos)});
    if (found.hint.empty() && c->likely_holds(pos)) found.hint = c->name();
  }
  found.oracle = player.oracle_answer(pos);
  if (found.oracle) return found;
  // Outside the domain: a table held, else one solved now where it fits.
  found.exact = exact(pos, found.exact_refusal);
  return found;
}

Inspection Inspector::inspect(const Position& pos) {
  return inspect_position(player_, pos, [this](const Position& p, std::optional<ExactRefusal>& refusal) {
    return player_.exact_answer(p, {}, refusal);
  });
}

}  // namespace chunker
