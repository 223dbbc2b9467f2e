#include "cli/table_paper.h"

#include <cstdio>
#include <iterator>
#include <numeric>

#include "engine/epd.h"

namespace chunker::cli {

namespace {

// Table 4-1's row 547: nodes and ply limit at levels 0-5; 0 nodes where the
// paper has "----" (more than 10^6 nodes).
struct PaperCell {
  unsigned nodes;
  int ply;
};
constexpr PaperCell PAPER_547[] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {211'513, 18}, {23'962, 18}};
// The shares of terminal nodes in CHUNKER's Level 5 search of 547, in per
// cent: terminal nodes (the rules), hash table lookups, levels 1-5.
constexpr double PAPER_RULES = 6.6, PAPER_HASH = 11.8;
constexpr double PAPER_LEVEL[] = {66.8, 5.3, 6.6, 1.7, 1.2};

std::string share_line(const std::string& source, std::uint64_t count, std::uint64_t total, double paper) {
  char paper_text[16] = "-";
  if (paper >= 0) std::snprintf(paper_text, sizeof paper_text, "%.1f%%", paper);
  char line[160];
  std::snprintf(line, sizeof line, "  %-28s %5.1f%%   CHUNKER 1983: %s", source.c_str(),
                total ? 100.0 * double(count) / double(total) : 0.0, paper_text);
  return line;
}

}  // namespace

bool is_szen(const Position& pos) {
  Position szen = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - -").pos;
  szen.side = pos.side;
  return pos == szen;
}

std::vector<std::string> paper_547_cells(int first, int last) {
  std::vector<std::string> cells;
  for (int level = first; level <= last; ++level) {
    const PaperCell& c = PAPER_547[level];
    cells.push_back(c.nodes ? std::to_string(c.nodes) + " (" + std::to_string(c.ply) + ")" : "----");
  }
  return cells;
}

std::vector<std::string> terminal_shares(const SearchResult& r) {
  const std::uint64_t total = std::accumulate(r.classifier_terminals.begin(), r.classifier_terminals.end(),
                                              r.rule_terminals + r.hash_terminals + r.hint_terminals);
  // A level's schemas are named "level N (...)" and counted together; the
  // libraries' own verdicts (KPK, K3CPPvK) have no line in the paper.
  std::uint64_t by_level[std::size(PAPER_LEVEL)] = {};
  std::vector<std::string> others;
  for (std::size_t i = 0; i < r.classifier_names.size(); ++i) {
    int level = 0;
    if (std::sscanf(r.classifier_names[i].c_str(), "level %d", &level) == 1 && level >= 1 &&
        level <= int(std::size(PAPER_LEVEL)))
      by_level[level - 1] += r.classifier_terminals[i];
    else
      others.push_back(share_line(r.classifier_names[i], r.classifier_terminals[i], total, -1));
  }
  std::vector<std::string> lines{share_line("rules", r.rule_terminals, total, PAPER_RULES),
                                 share_line("hash table", r.hash_terminals, total, PAPER_HASH)};
  if (r.hint_terminals) lines.push_back(share_line("hints", r.hint_terminals, total, -1));
  for (std::size_t l = 0; l < std::size(PAPER_LEVEL); ++l)
    lines.push_back(share_line("level " + std::to_string(l + 1), by_level[l], total, PAPER_LEVEL[l]));
  lines.insert(lines.end(), others.begin(), others.end());
  return lines;
}

}  // namespace chunker::cli
