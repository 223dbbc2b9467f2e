#include "guide/learned_guide.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "guide/guide_features.h"
#include "guide/guide_model_data.h"

namespace chunker {

namespace {

// The score of an estimate: a win the guide is sure of above anything
// doubtful, the shallower the higher; a loss it is sure of below, the deeper
// the higher; in between, by sureness alone. Depths past SCORED_DEPTH score
// as that depth.
constexpr int SCORED_DEPTH = 50;
constexpr int SURE_SCORE = 20000, SCORE_PER_PLY = 100, DOUBTFUL_SCORE_PER_POINT = 100;
static_assert(SURE_SCORE - SCORE_PER_PLY * SCORED_DEPTH > DOUBTFUL_SCORE_PER_POINT * GUIDE_SURE_FROM);

BoostedTrees trees_of(const GuideModelData::Head& head, int features) {
  std::vector<BoostedTrees::Tree> trees(head.trees);
  const BoostedTrees::Split* split = head.splits;
  const float* leaf = head.leaves;
  for (std::size_t t = 0; t < head.trees; ++t) {
    const std::size_t depth = head.depths[t], leaves = std::size_t(1) << depth;
    trees[t].splits.assign(split, split + depth);
    trees[t].leaves.assign(leaf, leaf + leaves);
    split += depth;
    leaf += leaves;
  }
  // The build parsed the same trees into a model: they fit.
  return BoostedTrees(features, head.base, std::move(trees));
}

}  // namespace

float outcome_target(Value depth_value) { return is_win(depth_value) ? 1.0f : is_loss(depth_value) ? -1.0f : 0.0f; }

float depth_target(Value depth_value) { return float(distance_of(depth_value)); }

Estimate guide_estimate(float outcome, float depth) {
  Estimate e;
  e.outcome = std::int8_t(std::lround(std::clamp(outcome, -1.0f, 1.0f) * Estimate::SURE));
  e.depth = std::uint8_t(std::lround(std::clamp(depth, 0.0f, float(Estimate::NO_DEPTH - 1))));
  const int scored = SURE_SCORE - SCORE_PER_PLY * std::min<int>(e.depth, SCORED_DEPTH);
  e.score = std::int16_t(e.outcome > GUIDE_SURE_FROM    ? scored
                         : e.outcome < -GUIDE_SURE_FROM ? -scored
                                                        : DOUBTFUL_SCORE_PER_POINT * e.outcome);
  return e;
}

std::optional<GuideModel> compiled_guide_model(int level, std::string& why_not) {
  const GuideModelData& data = *GUIDE_MODEL_DATA[level];
  if (*data.problem) {
    why_not = data.problem;
    return std::nullopt;
  }
  if (data.features != GUIDE_FEATURES) {
    why_not = "guide/level-" + std::to_string(level) + ".model has " + std::to_string(data.features) +
              " features, the guide " + std::to_string(GUIDE_FEATURES);
    return std::nullopt;
  }
  return GuideModel{trees_of(data.outcome, data.features), trees_of(data.depth, data.features)};
}

std::function<Estimate(const Position&)> learned_guide(const ChunkLibraries& libraries,
                                                       std::shared_ptr<const GuideModel> model) {
  // Each copy of the guide (each search's) keeps its own chunk cache.
  return [&libraries, model = std::move(model), cache = ChunkReportCache()](const Position& pos) mutable {
    const GuideModel::Prediction p = model->predict(guide_features(pos, libraries, &cache).data());
    return guide_estimate(p.outcome, p.depth);
  };
}

}  // namespace chunker
