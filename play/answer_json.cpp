#include "play/answer_json.h"

#include "engine/notation.h"

namespace chunker {

namespace {

const char* reason_name(ExactRefusal::Reason r) {
  switch (r) {
    case ExactRefusal::Reason::NoBudget:
      return "no-memory";
    case ExactRefusal::Reason::OverMemory:
      return "over-memory";
    case ExactRefusal::Reason::OverClock:
      return "over-clock";
  }
  return "";
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

}  // namespace

Json distance_json(Value v, bool known) { return known && is_decisive(v) ? Json(distance_of(v)) : Json(nullptr); }

Json refusal_json(const ExactRefusal& r) {
  constexpr double MB = 1024.0 * 1024.0;
  const bool sized = r.reason != ExactRefusal::Reason::NoBudget;
  return {{"reason", reason_name(r.reason)},
          {"positions", sized ? Json(r.positions) : Json(nullptr)},
          {"at_least", sized && !r.counted},
          {"structures", sized ? Json(r.structures) : Json(nullptr)},
          {"megabytes", sized ? Json(double(r.bytes) / MB) : Json(nullptr)},
          {"budget_megabytes", double(r.budget) / MB},
          {"seconds", r.reason == ExactRefusal::Reason::OverClock ? Json(r.seconds) : Json(nullptr)}};
}

Json origin_json(const Answer& a, bool paths) {
  const Origin& o = a.origin;
  Json oracles = Json::array();
  for (const OracleUse& use : o.oracles)
    oracles.push_back({{"layout", layout_name(use.layout)}, {"used", use.problem.empty()}});
  return {{"source", source_name(a.source)},
          {"layout", o.layout ? Json(layout_name(*o.layout)) : Json(nullptr)},
          {"root", text_or_null(o.table_root)},
          {"file", paths ? text_or_null(o.file) : Json(nullptr)},
          {"oracles", std::move(oracles)},
          {"cached_in", paths ? text_or_null(o.cached_in) : Json(nullptr)},
          {"not_saved", paths ? text_or_null(o.not_saved) : Json(nullptr)},
          {"saved_to", paths ? text_or_null(o.saved_to) : Json(nullptr)},
          {"repetitions", o.repetitions}};
}

Json moves_json(const Position& pos, const std::vector<MoveValue>& moves, bool distance_known) {
  Json out = Json::array();
  for (const MoveValue& m : moves)
    out.push_back({{"san", san(pos, m.move)},
                   {"uci", uci(m.move)},
                   {"value", m.proven ? Json(value_word(m.value)) : Json(nullptr)},
                   {"distance", m.proven ? distance_json(m.value, distance_known) : Json(nullptr)}});
  return out;
}

}  // namespace chunker
