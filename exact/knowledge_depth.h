// Knowledge depth (docs/design.md §6): how far a level's knowledge shortens the
// proof of every position of the domain.
//
// The knowledge depth of a position at a level is the least ply limit with
// which a full-width search without quiescence proves its value when every
// position that the rules or the level's classifiers decide is a leaf
// carrying that verdict: 0 for a position decided itself, 1 for one that can
// move into a decided loss, and so on; the winner hurries, the loser delays,
// endless play is a draw. It is the distance in a modified game in which the
// decided positions end the game at once, solved by the oracle's retrograde
// loop (domain_solve.h) with those positions as its game-ending ones.
//
// At Level 0 only the rules decide: a side that can promote safely has won
// and a side that is mated has lost, at the node itself. So a win ending in a
// safe promotion has depth one less than the oracle's distance (the final
// ply, the promotion, is seen without being made); a game ending in
// checkmate keeps the oracle's distance (the mate must be played).
//
// A classifier's verdict may be wrong (the published rules, `--schemas
// paper`): then the modified game's value differs from the oracle's there,
// and each such position is a place where those rules mislead a search.
#pragma once

#include <string>
#include <vector>

#include "engine/classifier.h"
#include "exact/oracle.h"

namespace chunker {

// The game that ends where the rules or the classifiers (in the search's
// order: the first answer counts) decide a position. Values are win_in(d),
// loss_in(d) or 0 with d the knowledge depth. Byte encoding: 0 a draw,
// 1 + 2d a win at depth d, 2 + 2d a loss at depth d, king_slice::ILLEGAL_BYTE no position.
struct KnowledgeRules {
  static constexpr int MAX_DEPTH = 126;
  const std::vector<const Classifier*>* classifiers;

  std::optional<Value> end(const Position& pos, std::optional<Value> by_rules) const {
    std::optional<Value> v = by_rules;
    for (std::size_t i = 0; !v && i < classifiers->size(); ++i) v = (*classifiers)[i]->classify(pos);
    if (!v) return std::nullopt;
    return is_win(*v) ? win_in(0) : is_loss(*v) ? loss_in(0) : 0;
  }
  static std::uint8_t encode(Value v);
  static Value decode(std::uint8_t b) {
    if (b == 0) return 0;
    const int d = (b - 1) / 2;
    return b % 2 ? win_in(d) : loss_in(d);
  }
};

using DepthTable = DomainTable<KnowledgeRules>;

// Saved depth tables: data/depth-<layout>-L<level>-<schemas>.tbl in the
// block format of block_table.h. It records what its verdicts came from
// (`libraries`: knowledge_fingerprint, the libraries' checksums and the
// version of the verdicts, schemas/schemas.h), and is stale once that differs.
std::string depth_path(const std::string& data_dir, Layout layout, int level, const std::string& schemas);
std::string depth_rebuild_command(Layout layout, int level, const std::string& schemas);
void save_depth(const DepthTable& table, int level, const std::string& schemas, const std::string& libraries,
                const std::string& data_dir);
// Whether the table is saved and not stale (a damaged one counts as saved:
// load_depth reports it).
bool depth_saved(const std::string& data_dir, Layout layout, int level, const std::string& schemas,
                 const std::string& libraries);
// Throws TableError naming the rebuild command when the file is missing,
// damaged or stale.
DepthTable load_depth(const std::string& data_dir, Layout layout, int level, const std::string& schemas,
                      const std::string& libraries, TableRead read = TableRead::Mapped);

// `count` positions of the table drawn at random (a seeded generator, so
// the same draw every time) among the wins and losses of knowledge depth
// at least `min_depth` where the game goes on; fewer where the table has
// fewer. Indices of the layout (OracleIndex).
std::vector<std::uint64_t> sample_deep(const DepthTable& table, std::size_t count, int min_depth, std::uint64_t seed);

// The knowledge line of a position: from it, the winner hurrying to and the
// loser delaying a decided position, ending at the first decided one. Each
// step is the position reached (the first: the position itself), the move
// that reached it, its value in the modified game (the depth left) and what
// decides it, empty while nothing does.
struct KnowledgeStep {
  Position pos;
  Move move;
  Value value;
  std::string decided_by;
};
// `table` is the depth table of pos's layout, `slot` where pos lives in it
// (locate()), `classifiers` those of the table's build.
std::vector<KnowledgeStep> knowledge_line(const DepthTable& table, const OracleSlot& slot, const Position& pos,
                                          const std::vector<const Classifier*>& classifiers);

}  // namespace chunker
