#include "guide/guide_fit.h"

#include <cmath>
#include <random>

#include "guide/guide_features.h"
#include "guide/learned_guide.h"

namespace chunker {

GuideSamples draw_guide_samples(const DepthTable& table, const ChunkLibraries& libraries, std::size_t count,
                                std::uint64_t seed) {
  // mt19937_64's output is fixed by the standard (its distributions are not).
  std::mt19937_64 rng(seed);
  GuideSamples samples;
  samples.features.reserve(count * GUIDE_FEATURES);
  samples.targets.reserve(count);
  while (samples.targets.size() < count) {
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    const std::uint8_t b = table.byte(i);
    if (b == king_slice::ILLEGAL_BYTE) continue;
    const GuideFeatures f = guide_features(table.index().position(i), libraries);
    samples.features.insert(samples.features.end(), f.begin(), f.end());
    samples.targets.push_back(guide_target(KnowledgeRules::decode(b)));
  }
  return samples;
}

GuideFitError guide_fit_error(const BoostedTrees& model, const GuideSamples& samples) {
  double squares = 0;
  std::size_t decisive = 0, agree = 0;
  for (std::size_t r = 0; r < samples.targets.size(); ++r) {
    const float estimate = model.predict(&samples.features[r * GUIDE_FEATURES]);
    const float target = samples.targets[r];
    squares += double(estimate - target) * double(estimate - target);
    if (target != 0) {
      ++decisive;
      agree += (estimate > 0) == (target > 0);
    }
  }
  const double n = double(samples.targets.size());
  return {std::sqrt(squares / n), decisive ? double(agree) / double(decisive) : 0};
}

}  // namespace chunker
