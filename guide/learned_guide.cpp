#include "guide/learned_guide.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "guide/guide_features.h"
#include "guide/guide_model_data.h"

namespace chunker {

float guide_target(Value depth_value) {
  if (!is_decisive(depth_value)) return 0;
  const float score = float(GUIDE_SPAN - std::min(distance_of(depth_value), GUIDE_SPAN - 1));
  return is_win(depth_value) ? score : -score;
}

std::optional<BoostedTrees> compiled_guide_model(std::string& why_not) {
  const GuideModelData& data = GUIDE_MODEL_DATA;
  if (*data.problem) {
    why_not = data.problem;
    return std::nullopt;
  }
  if (data.features != GUIDE_FEATURES) {
    why_not = "guide/guide.model has " + std::to_string(data.features) + " features, the guide " +
              std::to_string(GUIDE_FEATURES);
    return std::nullopt;
  }
  std::vector<BoostedTrees::Tree> trees(data.trees);
  const BoostedTrees::Split* split = data.splits;
  const float* leaf = data.leaves;
  for (std::size_t t = 0; t < data.trees; ++t) {
    const std::size_t depth = data.depths[t], leaves = std::size_t(1) << depth;
    trees[t].splits.assign(split, split + depth);
    trees[t].leaves.assign(leaf, leaf + leaves);
    split += depth;
    leaf += leaves;
  }
  // The build parsed the same trees into a model: they fit.
  return BoostedTrees(data.features, data.base, std::move(trees));
}

std::function<Value(const Position&)> learned_guide(const ChunkLibraries& libraries,
                                                    std::shared_ptr<const BoostedTrees> model) {
  // Each copy of the guide (each search's) keeps its own chunk cache.
  return [&libraries, model = std::move(model), cache = ChunkReportCache()](const Position& pos) mutable {
    const GuideFeatures f = guide_features(pos, libraries, &cache);
    return Value(std::lround(GUIDE_UNIT * model->predict(f.data())));
  };
}

}  // namespace chunker
