// What predicts with ensembles of oblivious trees (boosted_trees.h) over the
// same features: their trees laid out as one, so that a row of features is
// read once for all of them. Each feature the trees ask of has its
// thresholds sorted, and a value's bin is the number of them below it. For
// each bin a row of bytes, one a tree, holds the bits of the levels the
// value answers yes: the leaves' numbers are the rows of the features' bins
// or'ed together, a few vector operations a feature, whatever the trees'
// depth. The learned guide's two ensembles (guide_model.h) share most of
// their features, so together each feature's bin is found once, not twice.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/zeroed_memory.h"
#include "guide/boosted_trees.h"

namespace chunker {

class TreeTables {
 public:
  // The ensembles must have the same number of features. The tables are
  // theirs alone: they outlive the ensembles.
  explicit TreeTables(const std::vector<const BoostedTrees*>& ensembles);
  std::size_t ensembles() const { return ensembles_.size(); }

  // `x` holds the ensembles' features() values; `out` gets each ensemble's
  // prediction, in their order. Each is the float that ensemble alone gives:
  // its trees' leaves are added in the same order whatever the others.
  void predict(const int* x, float* out) const;

 private:
  struct FeatureBins {
    int feature;
    int low, high;     // a value is taken as low below it, as high above it
    std::uint32_t at;  // in row_of_, for low..high
  };
  struct Ensemble {
    float base;
    std::size_t first, end;  // its trees' bytes in a row, a whole number of vectors
  };
  std::vector<Ensemble> ensembles_;
  std::vector<FeatureBins> bins_;
  std::size_t row_bytes_ = 0;
  int depth_ = 0;  // of the deepest tree
  // The tables predict reads, in huge pages (zeroed_memory.h): at every call
  // it reads a row of each feature and a leaf of each tree, a few hundred
  // cache lines at random in half a megabyte, and on pages of 4 KB nearly
  // each was a miss of the processor's table of pages as well.
  Zeroed<std::uint8_t> memory_;
  const float* leaves_ = nullptr;          // 2^depth_ a tree, by the tree's byte in a row
  const std::uint8_t* rows_ = nullptr;     // row_bytes_ a row
  const std::uint32_t* row_of_ = nullptr;  // by feature and value, where the bin's row starts in rows_
};

}  // namespace chunker
