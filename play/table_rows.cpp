#include "play/table_rows.h"

#include "engine/notation.h"
#include "engine/proof_search.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

namespace chunker {

namespace {

TableCell cell_of(const SearchResult& r) {
  // (ply): the proving iteration, or the proof tree's depth.
  return {r.proven, r.nodes,          r.proof_positions, r.proof != Proof::None ? r.exact_ply : 0,
          r.value,  r.distance_known, r.distance,        r.kind == SearchKind::ProofNumber};
}

// The exact answer in a cell's terms, for the last column.
TableCell cell_of(const Answer& a) {
  TableCell c;
  c.proven = true;
  c.value = a.value;
  c.distance_known = a.distance_known;
  c.distance = is_decisive(a.value) ? distance_of(a.value) : 0;
  return c;
}

// Whether a cell's value (and its distance, where both are known) is
// `value` (a word of value_word) and `dist`.
bool agrees(const TableCell& c, const std::string& value, const std::string& dist) {
  if (value_word(c.value) != value) return false;
  return !(c.distance_known && is_decisive(c.value) && !dist.empty()) || std::to_string(c.distance) == dist;
}

// The last column, and whether each level (cells[i] is level first + i) and
// the suite agree with it.
TableResult checked(const Epd& epd, const std::vector<TableCell>& cells, int first,
                    const std::optional<Answer>& exact) {
  TableResult r;
  if (exact) r.shown = cell_of(*exact), r.source = exact->source;
  for (const TableCell& c : cells)
    if (!exact && c.proven && (!r.shown || (c.distance_known && !r.shown->distance_known))) r.shown = c;
  if (!r.shown) return r;
  r.expected_value = epd.op("value"), r.expected_dist = epd.op("dist");
  const std::optional<TableCell> truth = exact ? r.shown : std::nullopt;
  auto matches = [&](const TableCell& c) {
    if (truth && !agrees(c, value_word(truth->value), is_decisive(truth->value) ? std::to_string(truth->distance) : ""))
      return false;
    return r.expected_value.empty() || agrees(c, r.expected_value, r.expected_dist);
  };
  if (truth && !matches(*truth)) {
    r.check = TableCheck::SuiteDiffers;
    return r;
  }
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i].proven && !matches(cells[i])) r.wrong_levels.push_back(first + int(i));
  if (!r.wrong_levels.empty())
    r.check = TableCheck::LevelsDiffer;
  else if (truth || !r.expected_value.empty())
    r.check = TableCheck::Agrees;
  return r;
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
// its layout's depth table is saved; none elsewhere. Tables are loaded on
// first use.
std::optional<Value> TableRows::depth_of(const Position& pos) {
  const auto slot = locate(pos);
  if (!slot) return std::nullopt;
  const int layout = int(slot->layout);
  const std::string name = knowledge_name(settings_.last, settings_.mode);
  if (!depths_[layout]) {
    if (!depth_saved(settings_.data_dir, slot->layout, settings_.last, name, fingerprint_)) {
      unsaved_[layout] = true;
      return std::nullopt;
    }
    depths_[layout] =
        std::make_unique<DepthTable>(load_depth(settings_.data_dir, slot->layout, settings_.last, name, fingerprint_));
  }
  return depths_[layout]->value(slot->view(pos));
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
  row.result = checked(epd, row.cells, settings_.first, player_.exact_answer(epd.pos, {}, refusal));
  return row;
}

std::vector<Layout> TableRows::unsaved_depths() const {
  std::vector<Layout> unsaved;
  for (int l = 0; l < LAYOUT_NB; ++l)
    if (unsaved_[l]) unsaved.push_back(Layout(l));
  return unsaved;
}

}  // namespace chunker
