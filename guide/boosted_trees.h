// Gradient-boosted regression trees over integer features: the learned
// guide's model (learned_guide.h), fitted offline by least squares
// (fit_boosted_trees) and read back from its text form.
//
// Text form, one item a line: "boosted-trees FEATURES TREES BASE", then each
// tree's nodes in order, "split FEATURE THRESHOLD LEFT RIGHT" (go LEFT, a
// node index within the tree, where the feature is at most THRESHOLD) or
// "leaf VALUE". Numbers are printed so that the same fit writes the same
// bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chunker {

class BoostedTrees {
 public:
  static constexpr int MAX_FEATURES = 256;
  struct Node {
    int feature = -1;  // -1: a leaf
    int threshold = 0;
    int left = 0, right = 0;  // node indices within the tree
    float value = 0;          // a leaf's
  };

  BoostedTrees(int features, float base) : features_(features), base_(base) {}
  int features() const { return features_; }
  std::size_t trees() const { return roots_.size(); }
  void add_tree(const std::vector<Node>& nodes);

  // `x` holds features() values.
  float predict(const int* x) const;

  std::string text() const;
  // Throws std::invalid_argument naming what is wrong.
  static BoostedTrees parse(const std::string& text);

 private:
  // The trees as predict walks them, without a branch on the features: a
  // split's children side by side, so the next node is the pair's first
  // plus (feature > threshold); a leaf its own next node (it splits on
  // feature 0 at the largest threshold). Every walk then takes `depth_`
  // steps, and the walks of different trees overlap in the processor.
  static constexpr std::uint32_t MAX_STEPS = 1u << 24;
  struct Step {
    int threshold;
    std::uint32_t feature : 8, next : 24;  // next: the children's pair, or the leaf itself
    float value;                           // a leaf's
  };
  int features_;
  float base_;
  std::vector<Node> nodes_;  // as read or fitted, for text()
  std::vector<std::uint32_t> roots_;
  std::vector<Step> steps_;
  std::vector<std::uint32_t> step_roots_;
  int depth_ = 0;  // of the deepest leaf
};

struct TreeFitSettings {
  int trees;
  int depth;
  float learning_rate;
  int min_leaf;  // samples
  int max_bins;  // candidate thresholds per feature
};

// Least squares: each tree fits the residuals of those before it. `x` is
// row-major, one row of `features` values per target. Deterministic.
BoostedTrees fit_boosted_trees(const std::vector<int>& x, int features, const std::vector<float>& y,
                               const TreeFitSettings& settings);

}  // namespace chunker
