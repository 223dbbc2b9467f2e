#include "play/table_rows.h"

#include "engine/notation.h"
#include "engine/proof_search.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

namespace chunker {

namespace {

TableCell cell_of(const SearchResult& r) {
  // (ply): the proving iteration, or the proof tree's depth.
  TableCell c{r.proven, r.nodes,          r.proof_positions, r.proof != Proof::None ? r.exact_ply : 0, "",
              r.value,  r.distance_known, r.distance,        r.kind == SearchKind::ProofNumber};
  if (r.proven) {
    c.result = value_word(r.value);
    if (is_decisive(r.value)) c.result += r.distance_known ? " in " + std::to_string(r.distance) : " (no dist.)";
  }
  return c;
}

// The exact answer's result in a cell's terms, for the last column.
TableCell cell_of(const Answer& a) {
  TableCell c;
  c.proven = true;
  c.value = a.value;
  c.distance_known = a.distance_known;
  c.distance = is_decisive(a.value) ? distance_of(a.value) : 0;
  c.result = value_word(a.value) + (is_decisive(a.value) ? " in " + std::to_string(c.distance) : "");
  return c;
}

// The last column: the play layer's exact answer where it has one (the
// oracle, an exact table or solve), else the best-informed proven cell (a
// known distance beats none); whether it matches the suite's `value` and
// `dist`; and each level (cells[i] is level first + i) whose proven result
// differs from the exact answer or the suite.
struct Verdict {
  std::string text;
  bool ok = true;
};
Verdict verdict(const Epd& epd, const std::vector<TableCell>& cells, int first, const std::optional<Answer>& exact) {
  std::optional<TableCell> truth;
  if (exact) truth = cell_of(*exact);
  const TableCell* best = truth ? &*truth : nullptr;
  for (const TableCell& c : cells)
    if (!truth && c.proven && (!best || (c.distance_known && !best->distance_known))) best = &c;
  if (!best) return {"unproven"};
  const std::string expected_value = epd.op("value"), expected_dist = epd.op("dist");
  const std::string shown = best->result + (exact ? " (" + source_name(exact->source) + ")" : "");
  auto agree = [](const TableCell& c, const std::string& value, const std::string& dist) {
    if (value_word(c.value) != value) return false;
    return !(c.distance_known && is_decisive(c.value) && !dist.empty()) || std::to_string(c.distance) == dist;
  };
  auto matches = [&](const TableCell& c) {
    if (truth && !agree(c, value_word(truth->value), is_decisive(truth->value) ? std::to_string(truth->distance) : ""))
      return false;
    return expected_value.empty() || agree(c, expected_value, expected_dist);
  };
  const std::string expected = expected_value.empty() ? ""
                                                      : " (expected " + expected_value +
                                                            (expected_dist.empty() ? "" : " in " + expected_dist) + ")";
  if (truth && !matches(*truth)) return {shown + "  MISMATCH with the suite" + expected, false};
  std::string wrong;
  int wrong_levels = 0;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i].proven && !matches(cells[i])) wrong += (wrong_levels++ ? ", " : " ") + std::to_string(first + int(i));
  if (!wrong_levels) return {shown + (expected_value.empty() && !truth ? "" : "  ok")};
  return {shown + "  WRONG at level" + (wrong_levels > 1 ? "s" : "") + wrong + (truth ? "" : expected), false};
}

}  // namespace

TableRows::TableRows(TableSettings settings, Player& player)
    : settings_(std::move(settings)),
      player_(player),
      fingerprint_(knowledge_fingerprint(player.settings().libraries)) {
  for (int level = settings_.first; level <= settings_.last; ++level) {
    PlaySettings at = player.settings();
    at.level = level;
    at.mode = settings_.mode;
    levels_.emplace_back(at, player);
  }
}

// Each position's knowledge depth at the top level and mode (the exact form
// of the paper's "(33)" estimates), where the position is in the domain and
// its layout's depth table is saved; "-" elsewhere. Tables are loaded on
// first use.
std::string TableRows::depth_of(const Position& pos) {
  const auto slot = locate(pos);
  if (!slot) return "-";
  const int layout = int(slot->layout);
  const std::string name = knowledge_name(settings_.last, settings_.mode);
  if (!depths_[layout]) {
    if (!depth_saved(settings_.data_dir, slot->layout, settings_.last, name, fingerprint_)) {
      unsaved_[layout] = true;
      return "-";
    }
    depths_[layout] =
        std::make_unique<DepthTable>(load_depth(settings_.data_dir, slot->layout, settings_.last, name, fingerprint_));
  }
  const Value v = depths_[layout]->value(slot->view(pos));
  return is_decisive(v) ? value_word(v) + " " + std::to_string(distance_of(v)) : value_word(v);
}

TableRow TableRows::row(const Epd& epd, SearchKind kind) {
  TableRow row;
  row.id = epd.op("id").empty() ? board_fields(epd.pos) : epd.op("id");
  for (std::size_t i = 0; i < levels_.size(); ++i) {
    SearchLimits limits = settings_.limits;
    limits.kind = kind;
    // Each level's search steered by its own guide (as Player::search does).
    const ProofGuide g = guide(player_.libraries(), settings_.first + int(i), settings_.guide);
    limits.guide = g.estimate;
    limits.guide_shape = g.shape;
    limits.threads = player_.workers();
    row.top = run_search(epd.pos, limits, levels_[i].classifiers());
    row.cells.push_back(cell_of(*row.top));
  }
  row.knowledge_depth = depth_of(epd.pos);
  std::optional<ExactRefusal> refusal;  // why the play layer has no exact answer: the column says so
  const Verdict checked = verdict(epd, row.cells, settings_.first, player_.exact_answer(epd.pos, {}, refusal));
  row.result = checked.text;
  row.ok = checked.ok;
  return row;
}

std::vector<Layout> TableRows::unsaved_depths() const {
  std::vector<Layout> unsaved;
  for (int l = 0; l < LAYOUT_NB; ++l)
    if (unsaved_[l]) unsaved.push_back(Layout(l));
  return unsaved;
}

}  // namespace chunker
