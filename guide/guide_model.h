// One level's model of the learned guide (learned_guide.h): two ensembles
// of boosted trees over the same features, one for the outcome, one for the
// knowledge depth. Text form: "outcome", the outcome's trees, "depth", the
// depth's trees (each in BoostedTrees' text form).
#pragma once

#include <string>
#include <string_view>

#include "guide/boosted_trees.h"

namespace chunker {

constexpr int GUIDE_LEVELS = 6;  // a model for each level of knowledge, 0 to 5

struct GuideModel {
  BoostedTrees outcome;
  BoostedTrees depth;

  std::string text() const;
  // Throws std::invalid_argument naming what is wrong.
  static GuideModel parse(std::string_view text);
};

}  // namespace chunker
