#include "exact/knowledge_depth.h"

#include <algorithm>
#include <filesystem>
#include <random>
#include <stdexcept>

namespace chunker {

namespace {

// 1: the first format (KnowledgeRules' byte encoding, stored as OracleIndex::storage).
// 2: the same entries in the block format (block_table.h).
constexpr std::uint32_t DEPTH_FORMAT_VERSION = 2;

// Above Level 0 the parameters name the libraries the schemas read and the
// version of their verdicts (knowledge_fingerprint), so a table goes stale
// when either changes.
TableHeader depth_header(Layout layout, int level, const std::string& schemas, const std::string& libraries) {
  return {"knowledge-depth",
          "layout=" + layout_name(layout) + " level=" + std::to_string(level) + " schemas=" + schemas +
              (level ? " libraries=" + libraries : ""),
          DEPTH_FORMAT_VERSION};
}

// Why the rules end a game, in words, for a position rules.h decides.
std::string rule_reason(const Position& pos, const MoveList& moves, Value v) {
  if (pos.bare_kings()) return "rules: bare kings";
  if (moves.empty()) return pos.in_check() ? "rules: checkmate" : "rules: stalemate";
  return is_win(v) ? "rules: a safe promotion" : "rules";
}

}  // namespace

std::uint8_t KnowledgeRules::encode(Value v) {
  if (!is_decisive(v)) return 0;
  const int d = distance_of(v);
  if (d > MAX_DEPTH) throw std::logic_error("a knowledge depth beyond the table's encoding");
  return std::uint8_t(1 + 2 * d + (is_loss(v) ? 1 : 0));
}

std::string depth_path(const std::string& data_dir, Layout layout, int level, const std::string& schemas) {
  return data_dir + "/depth-" + layout_name(layout) + "-L" + std::to_string(level) + "-" + schemas + ".tbl";
}

std::string depth_rebuild_command(Layout layout, int level, const std::string& schemas) {
  return "chunker oracle depth --layout " + layout_name(layout) + " --level " + std::to_string(level) +
         (level ? " --schemas " + schemas : "") + " --save";
}

void save_depth(const DepthTable& table, int level, const std::string& schemas, const std::string& libraries,
                const std::string& data_dir) {
  write_block_table(depth_path(data_dir, table.layout(), level, schemas),
                    depth_header(table.layout(), level, schemas, libraries), table.bytes());
}

bool depth_saved(const std::string& data_dir, Layout layout, int level, const std::string& schemas,
                 const std::string& libraries) {
  const std::string path = depth_path(data_dir, layout, level, schemas);
  if (!std::filesystem::exists(path)) return false;
  try {
    const TableHeader saved = read_table_header(path), wanted = depth_header(layout, level, schemas, libraries);
    return saved.parameters == wanted.parameters && saved.format_version == wanted.format_version;
  } catch (const TableError&) {
    return true;  // damaged: load_depth says so, with the rebuild command
  }
}

DepthTable load_depth(const std::string& data_dir, Layout layout, int level, const std::string& schemas,
                      const std::string& libraries, TableRead read) {
  return load_domain_table<DepthTable>(layout, depth_path(data_dir, layout, level, schemas),
                                       depth_header(layout, level, schemas, libraries),
                                       depth_rebuild_command(layout, level, schemas), read);
}

std::vector<KnowledgeStep> knowledge_line(const DepthTable& table, const OracleSlot& slot, const Position& pos,
                                          const std::vector<const Classifier*>& classifiers) {
  const KnowledgeRules rules{&classifiers};
  auto stored = [&](const Position& p) { return table.value(slot.view(p)); };
  auto end = [&](const Position& p, const MoveList& replies) { return rules.end(p, rule_value(p, replies)); };
  // A position right after an unsafe promotion is in no table: its replies are.
  auto value = [&](const Position& p) {
    return p.promoted != NO_SQUARE ? retro::value_after_promotion(p, stored, end) : stored(p);
  };
  std::vector<KnowledgeStep> line{{pos, Move(), value(pos), ""}};
  while (is_decisive(line.back().value)) {
    KnowledgeStep& at = line.back();
    const MoveList moves = legal_moves(at.pos);
    if (auto by_rules = rule_value(at.pos, moves)) {
      at.decided_by = rule_reason(at.pos, moves, *by_rules);
      break;
    }
    bool decided = false;
    for (const Classifier* c : classifiers)
      if (c->classify(at.pos)) {
        at.decided_by = c->name();
        decided = true;
        break;
      }
    if (decided) break;
    // The move the modified game's value rests on: the fastest win, the
    // longest defence.
    const Value want = at.value;
    std::optional<KnowledgeStep> next;
    for (Move m : moves) {
      const Position child = make_move(at.pos, m);
      const Value v = value(child);
      if (from_child(v) == want) {
        next = KnowledgeStep{child, m, v, ""};
        break;
      }
    }
    if (!next) throw std::logic_error("a depth table whose value no move keeps");
    line.push_back(*next);
  }
  return line;
}

std::vector<std::uint64_t> sample_deep(const DepthTable& table, std::size_t count, int min_depth, std::uint64_t seed) {
  // Rejection sampling over the whole index: deep positions are a few per
  // cent of the table, so a few million draws find a thousand.
  constexpr std::uint64_t MAX_DRAWS = 200'000'000;
  std::mt19937_64 rng(seed);
  std::vector<std::uint64_t> found;
  for (std::uint64_t draw = 0; draw < MAX_DRAWS && found.size() < count; ++draw) {
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    const std::uint8_t b = table.byte(i);
    if (b == king_slice::ILLEGAL_BYTE) continue;
    const Value v = KnowledgeRules::decode(b);
    if (!is_decisive(v) || distance_of(v) < min_depth) continue;
    if (std::find(found.begin(), found.end(), i) == found.end()) found.push_back(i);
  }
  return found;
}

}  // namespace chunker
