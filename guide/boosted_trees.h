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
#include <limits>
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
  // The trees as predict walks them: each a complete tree of `depth_`
  // levels in heap order (split i's children are 2i + 1 and 2i + 2), so the
  // walk reads no child's index and branches on no feature, and the walks
  // of different trees overlap in the processor. A leaf above the last
  // level is reached through splits that always go left (feature 0 at the
  // largest threshold), at the leftmost leaf of the last level below it.
  // A complete tree doubles with each level: a deeper one is refused.
  static constexpr int MAX_DEPTH = 12;
  static constexpr std::size_t LANES = 8;  // trees walked together
  struct Split {
    int threshold = std::numeric_limits<int>::max();
    int feature = 0;
  };
  // Appends tree t (of nodes_) laid out at depth_.
  void lay_out(std::size_t t);
  int features_;
  float base_;
  std::vector<Node> nodes_;  // as read or fitted, for text()
  std::vector<std::uint32_t> roots_;
  // By group of LANES trees, then by node, then by lane: a level's nodes of
  // the group's trees lie together.
  std::vector<Split> splits_;  // 2^depth_ - 1 a tree
  std::vector<float> leaves_;  // 2^depth_ a tree
  int depth_ = 0;              // of the deepest leaf
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
