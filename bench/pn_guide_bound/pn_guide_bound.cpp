// How far a better guide could take the proof-number search: for each position of a suite, the nodes and the proof's
// size of `prove` at Level 5 (sound) unguided, guided by the chunk evaluation (the hand-made guide), by the learned
// guide (what `solve` and `table` use), and by an ideal estimate at either guide's cap: the position's knowledge depth
// at Level 5 from the saved depth table (the plies to a proof with today's knowledge when both sides play for it, a
// table of whole positions that no schema or guide of Chunker may consult).
// It is what a guide of the same shape that knew the depths exactly would give, not a bound on the nodes: the
// proof-number search's own order can make a guide that errs find a smaller proof sooner.
//   pn_guide_bound DATA_DIR SUITE.epd [NODE_LIMIT]
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "bench/count_argument.h"
#include "chunks/table_file.h"
#include "engine/epd.h"
#include "engine/proof_search.h"
#include "exact/knowledge_depth.h"
#include "exact/oracle_index.h"
#include "guide/learned_guide.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

using namespace chunker;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: pn_guide_bound DATA_DIR SUITE.epd [NODE_LIMIT]\n");
    return 2;
  }
  const std::string data = argv[1];
  const std::uint64_t limit = argc > 3 ? count_argument("pn_guide_bound", "NODE_LIMIT", argv[3]) : 4'000'000;
  try {
    ChunkLibraries libraries(data);
    const auto level = make_level(5, SchemaMode::Sound, libraries);
    std::vector<const Classifier*> classifiers;
    for (const auto& c : level) classifiers.push_back(c.get());
    std::optional<DepthTable> depth[LAYOUT_NB];
    const std::string fingerprint = knowledge_fingerprint(data);
    for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) try {
        depth[int(layout)] = load_depth(data, layout, 5, "sound", fingerprint);
      } catch (const TableError& e) {
        std::fprintf(stderr, "pn_guide_bound: no ideal guide in %s: %s\n", layout_name(layout).c_str(), e.what());
      }
    // Sure of the position's outcome at Level 5, and of its knowledge
    // depth, as the learned guide would be were it never wrong.
    auto ideal = [&](const Position& pos) -> Estimate {
      const auto slot = locate(pos);
      if (!slot || !depth[int(slot->layout)]) return {};
      const Value v = depth[int(slot->layout)]->value(slot->view(pos));
      return guide_estimate(outcome_target(v), depth_target(v));
    };
    const ProofGuide hand_made = guide(libraries, 5, GuideKind::HandMade), learned = guide(libraries, 5);
    const ProofGuide guides[] = {{}, hand_made, learned, {ideal, hand_made.shape, {}}, {ideal, learned.shape, {}}};
    const ProofGuide* first_ideal = &guides[3];
    std::printf("%-20s %24s %24s %24s %24s %24s\n", "position", "unguided: nodes (proof)", "hand-made", "learned",
                "ideal, hand-made's cap", "ideal, learned's cap");
    for (const Epd& epd : read_epd_file(argv[2])) {
      std::printf("%-20s", epd.op("id").c_str());
      for (const ProofGuide& g : guides) {
        const auto slot = locate(epd.pos);
        if (&g >= first_ideal && (!slot || !depth[int(slot->layout)])) {
          std::printf(" %24s", "no depth table");
          continue;
        }
        ProofLimits limits;
        limits.node_limit = limit;
        limits.guide = g.estimate;
        limits.guide_shape = g.shape;
        const ProofResult r = prove(epd.pos, limits, classifiers);
        char cell[64];
        if (r.proven && !r.tree.empty())
          std::snprintf(cell, sizeof cell, "%llu (%zu)", static_cast<unsigned long long>(r.nodes), r.tree.nodes.size());
        else if (r.proven)
          std::snprintf(cell, sizeof cell, "%llu (draw)", static_cast<unsigned long long>(r.nodes));
        else
          std::snprintf(cell, sizeof cell, "---- (%llu)", static_cast<unsigned long long>(limit));
        std::printf(" %24s", cell);
        std::fflush(stdout);
      }
      std::printf("\n");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pn_guide_bound: %s\n", e.what());
    return 1;
  }
}
