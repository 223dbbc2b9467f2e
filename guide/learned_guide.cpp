#include "learned_guide.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "guide_features.h"
#include "guide_model_text.h"

namespace chunker {

float guide_target(Value depth_value) {
  if (!is_decisive(depth_value)) return 0;
  const float score = float(GUIDE_SPAN - std::min(distance_of(depth_value), GUIDE_SPAN - 1));
  return is_win(depth_value) ? score : -score;
}

std::optional<BoostedTrees> compiled_guide_model(std::string& why_not) {
  if (*GUIDE_MODEL_PROBLEM) {
    why_not = GUIDE_MODEL_PROBLEM;
    return std::nullopt;
  }
  try {
    BoostedTrees model = BoostedTrees::parse(GUIDE_MODEL_TEXT);
    if (model.features() == GUIDE_FEATURES) return model;
    why_not = "guide/guide.model has " + std::to_string(model.features()) + " features, the guide " +
              std::to_string(GUIDE_FEATURES);
  } catch (const std::invalid_argument& e) {
    why_not = std::string("guide/guide.model: ") + e.what();
  }
  return std::nullopt;
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
