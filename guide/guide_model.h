// One level's model of the learned guide (learned_guide.h): two ensembles
// of boosted trees over the same features, one for the outcome, one for the
// knowledge depth, predicted together (tree_tables.h). Text form: "outcome",
// the outcome's trees, "depth", the depth's trees (each in BoostedTrees'
// text form).
#pragma once

#include <string>
#include <string_view>

#include "guide/boosted_trees.h"
#include "guide/tree_tables.h"

namespace chunker {

constexpr int GUIDE_LEVELS = 6;  // a model for each level of knowledge, 0 to 5

struct GuideModel {
  // Throws std::invalid_argument where they have different features.
  GuideModel(BoostedTrees outcome, BoostedTrees depth);
  BoostedTrees outcome;
  BoostedTrees depth;
  TreeTables tables;  // of both

  struct Prediction {
    float outcome, depth;
  };
  // `x` holds the models' features() values.
  Prediction predict(const int* x) const {
    float both[2];
    tables.predict(x, both);
    return {both[0], both[1]};
  }

  std::string text() const;
  // Throws std::invalid_argument naming what is wrong.
  static GuideModel parse(std::string_view text);
};

}  // namespace chunker
