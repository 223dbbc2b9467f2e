// The learned guide's models as compiled in: guide/level-N.model turned
// into data at build time (model_source.cpp) where its SHA-256 was
// guide/level-N.model.sha256's and it parsed, else no trees and what was
// wrong.
#pragma once

#include <cstddef>
#include <cstdint>

#include "guide/boosted_trees.h"

namespace chunker {

struct GuideModelData {
  struct Head {
    float base;
    std::size_t trees;
    const std::uint8_t* depths;         // each tree's
    const BoostedTrees::Split* splits;  // the trees' one after another, each by level
    const float* leaves;                // the trees' one after another
  };
  const char* problem;  // empty where the model is whole
  int features;
  Head outcome, depth;  // learned_guide.h's GuideModel
};

// Level N's, one generated source each.
extern const GuideModelData GUIDE_MODEL_0, GUIDE_MODEL_1, GUIDE_MODEL_2, GUIDE_MODEL_3, GUIDE_MODEL_4, GUIDE_MODEL_5;
inline const GuideModelData* const GUIDE_MODEL_DATA[] = {&GUIDE_MODEL_0, &GUIDE_MODEL_1, &GUIDE_MODEL_2,
                                                         &GUIDE_MODEL_3, &GUIDE_MODEL_4, &GUIDE_MODEL_5};

}  // namespace chunker
