#include "play/table_json.h"

#include <cstdio>

#include "engine/notation.h"

namespace chunker {

namespace {

// A proven value in words: "win in 51", "win (no dist.)", "draw".
std::string proven_text(const TableCell& c) {
  if (!is_decisive(c.value)) return value_word(c.value);
  return value_word(c.value) + (c.distance_known ? " in " + std::to_string(c.distance) : " (no dist.)");
}

std::string expected_text(const TableResult& r) {
  if (r.expected_value.empty()) return "";
  return " (expected " + r.expected_value + (r.expected_dist.empty() ? "" : " in " + r.expected_dist) + ")";
}

}  // namespace

const char* search_name(SearchKind kind) { return kind == SearchKind::AlphaBeta ? "ab" : "pn"; }

std::string table_cell_text(const TableCell& c) {
  if (!c.proven) return "----";
  std::string text = std::to_string(c.nodes) + " (" + (c.ply || c.proof_depth ? std::to_string(c.ply) : "exh.") + ")";
  if (c.proof_positions) {
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, " %.1f", double(c.nodes) / double(c.proof_positions));
    text += ratio;
  }
  return text;
}

std::string knowledge_depth_text(const std::optional<Value>& depth) {
  if (!depth) return "-";
  return is_decisive(*depth) ? value_word(*depth) + " " + std::to_string(distance_of(*depth)) : value_word(*depth);
}

std::string table_result_text(const TableResult& r) {
  if (!r.shown) return "unproven";
  const std::string shown = proven_text(*r.shown) + (r.source ? " (" + source_name(*r.source) + ")" : "");
  switch (r.check) {
    case TableCheck::Unchecked:
      return shown;
    case TableCheck::Agrees:
      return shown + "  ok";
    case TableCheck::SuiteDiffers:
      return shown + "  MISMATCH with the suite" + expected_text(r);
    case TableCheck::LevelsDiffer: {
      std::string text = shown + "  WRONG at level" + (r.wrong_levels.size() > 1 ? "s" : "");
      for (std::size_t i = 0; i < r.wrong_levels.size(); ++i)
        text += (i ? ", " : " ") + std::to_string(r.wrong_levels[i]);
      return text + (r.source ? "" : expected_text(r));
    }
  }
  return shown;
}

Json table_row_json(const TableRow& row, SearchKind kind, int first) {
  Json levels = Json::array();
  for (std::size_t i = 0; i < row.cells.size(); ++i) {
    const TableCell& c = row.cells[i];
    levels.push_back({{"level", first + int(i)},
                      {"proven", c.proven},
                      {"nodes", c.nodes},
                      {"ply", c.proven && c.ply ? Json(c.ply) : Json(nullptr)},
                      {"proof_positions", c.proof_positions ? Json(c.proof_positions) : Json(nullptr)},
                      {"result", c.proven ? Json(proven_text(c)) : Json(nullptr)}});
  }
  return {{"id", row.id},
          {"search", search_name(kind)},
          {"knowledge_depth", knowledge_depth_text(row.knowledge_depth)},
          {"levels", std::move(levels)},
          {"result", table_result_text(row.result)},
          {"ok", row.ok()}};
}

}  // namespace chunker
