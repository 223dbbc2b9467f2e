// The learned guide's model as compiled in: guide/guide.model turned into
// data at build time (model_source.cpp) where its SHA-256 was
// guide/guide.model.sha256's and it parsed, else no trees and what was wrong.
#pragma once

#include <cstddef>
#include <cstdint>

#include "guide/boosted_trees.h"

namespace chunker {

struct GuideModelData {
  const char* problem;  // empty where the model is whole
  int features;
  float base;
  std::size_t trees;
  const std::uint8_t* depths;         // each tree's
  const BoostedTrees::Split* splits;  // the trees' one after another, each by level
  const float* leaves;                // the trees' one after another
};

extern const GuideModelData GUIDE_MODEL_DATA;

}  // namespace chunker
