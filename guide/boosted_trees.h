// Gradient-boosted oblivious regression trees over integer features: the
// learned guide's model (learned_guide.h), fitted offline by least squares
// (fit_boosted_trees) and read back from its text form; tree_tables.h
// predicts with it. A tree is oblivious: all the nodes of one level ask the
// same question (is feature F greater than THRESHOLD?), so the leaf a row
// reaches is the number whose bit l answers level l, and no answer waits
// for another.
//
// Text form, one item a line: "oblivious-trees FEATURES TREES BASE", then
// each tree: "tree DEPTH", its levels from the first, "split FEATURE
// THRESHOLD", and its 2^DEPTH leaves in order of that number, "leaf VALUE".
// Numbers are printed so that the same fit writes the same bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace chunker {

class BoostedTrees {
 public:
  static constexpr int MAX_FEATURES = 256;
  // A leaf's number is a byte.
  static constexpr int MAX_DEPTH = 8;
  struct Split {
    int feature = 0;
    int threshold = 0;
  };
  struct Tree {
    std::vector<Split> splits;  // by level
    std::vector<float> leaves;  // 2^splits.size()
  };

  // Throws std::invalid_argument naming a tree that does not fit: too
  // deep, a feature out of range, the wrong number of leaves, or a feature's
  // thresholds too far apart for the tables that predict.
  BoostedTrees(int features, float base, std::vector<Tree> trees);
  int features() const { return features_; }
  float base() const { return base_; }
  std::size_t trees() const { return trees_.size(); }
  const Tree& tree(std::size_t t) const { return trees_[t]; }

  std::string text() const;
  // Throws std::invalid_argument naming what is wrong.
  static BoostedTrees parse(std::string_view text);

 private:
  // The span of values from a feature's first threshold to its last that
  // the tables that predict (tree_tables.h) hold a row for.
  static constexpr int MAX_SPAN = 1 << 16;
  int features_;
  float base_;
  std::vector<Tree> trees_;
};

struct TreeFitSettings {
  int trees;
  int depth;
  float learning_rate;
  float l2;         // added to a leaf's sample count where its value is the residuals' mean
  int max_bins;     // candidate thresholds per feature
  int threads = 1;  // that look for each level's split; the model is the same with any number
};

// Least squares: each tree fits the residuals of those before it, level by
// level, each level the split that most reduces their squares over all the
// level's nodes. `x` is row-major, one row of `features` values per target.
// Deterministic.
BoostedTrees fit_boosted_trees(const std::vector<int>& x, int features, const std::vector<float>& y,
                               const TreeFitSettings& settings);

}  // namespace chunker
