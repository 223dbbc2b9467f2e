#include "libgen/depth_build.h"

#include <thread>

#include "engine/cores.h"

namespace chunker {

DepthTable build_depth(Layout layout, const std::vector<const Classifier*>& classifiers,
                       const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                       std::uint64_t* twin_mismatches) {
  return DepthTable(layout, solve_domain(OracleIndex(layout), KnowledgeRules{&classifiers}, progress, twin_mismatches));
}

std::uint64_t DepthHistogram::decisive() const { return decisive_within(KnowledgeRules::MAX_DEPTH); }

std::uint64_t DepthHistogram::decisive_within(int depth) const {
  std::uint64_t n = 0;
  for (int d = 0; d <= depth && d <= KnowledgeRules::MAX_DEPTH; ++d) n += wins[d] + losses[d];
  return n;
}

DepthSummary summarize_depth(const DepthTable& depth, const OracleTable& oracle) {
  const unsigned threads = usable_cores();
  std::vector<DepthSummary> parts(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      DepthSummary& sum = parts[t];
      for (std::uint32_t config = t; config < CONFIG_NB; config += threads) {
        const std::uint64_t base = king_slice::index(config, 0);
        for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
          const std::uint8_t b = depth.byte(base + local);
          if (b == king_slice::ILLEGAL_BYTE) continue;
          DepthHistogram& h = sum.side[king_slice::side(local)];
          ++h.legal;
          const Value v = KnowledgeRules::decode(b);
          if (is_decisive(v)) {
            const int d = distance_of(v);
            ++(is_win(v) ? h.wins : h.losses)[d];
            if (d > h.deepest) h.deepest = d, h.deepest_index = base + local;
          } else {
            ++h.draws;
          }
          if (outcome_of(v) != outcome_of(OracleTable::decode(oracle.byte(base + local))) &&
              sum.changed++ < DepthSummary::MAX_SHOWN)
            sum.first_changed.push_back(base + local);
        }
      }
    });
  for (auto& w : workers) w.join();
  DepthSummary total;
  for (const DepthSummary& p : parts) {
    total.changed += p.changed;
    for (std::uint64_t i : p.first_changed)
      if (total.first_changed.size() < DepthSummary::MAX_SHOWN) total.first_changed.push_back(i);
    for (Color c : {WHITE, BLACK}) {
      DepthHistogram& t = total.side[c];
      const DepthHistogram& s = p.side[c];
      t.legal += s.legal, t.draws += s.draws;
      for (int d = 0; d <= KnowledgeRules::MAX_DEPTH; ++d) t.wins[d] += s.wins[d], t.losses[d] += s.losses[d];
      if (s.deepest > t.deepest || (s.deepest == t.deepest && s.deepest_index < t.deepest_index))
        t.deepest = s.deepest, t.deepest_index = s.deepest_index;
    }
  }
  return total;
}

}  // namespace chunker
