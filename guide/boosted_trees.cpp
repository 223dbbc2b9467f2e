#include "boosted_trees.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string_view>

namespace chunker {

void BoostedTrees::add_tree(const std::vector<Node>& nodes) {
  roots_.push_back(std::uint32_t(nodes_.size()));
  nodes_.insert(nodes_.end(), nodes.begin(), nodes.end());
  int depth = 0;
  struct Pending {
    int node, depth;
  };
  for (std::vector<Pending> stack{{0, 0}}; !stack.empty();) {
    const Pending p = stack.back();
    stack.pop_back();
    const Node& n = nodes[std::size_t(p.node)];
    depth = std::max(depth, p.depth);
    if (n.feature < 0) continue;
    stack.push_back({n.left, p.depth + 1});
    stack.push_back({n.right, p.depth + 1});
  }
  if (depth > MAX_DEPTH) throw std::length_error("boosted trees: a tree deeper than " + std::to_string(MAX_DEPTH));
  if (depth <= depth_) return lay_out(roots_.size() - 1);
  // A deeper tree: every tree laid out again at its depth.
  depth_ = depth;
  splits_.clear();
  leaves_.clear();
  for (std::size_t t = 0; t < roots_.size(); ++t) lay_out(t);
}

void BoostedTrees::lay_out(std::size_t t) {
  const std::size_t splits = (std::size_t(1) << depth_) - 1, group = t / LANES, lane = t % LANES;
  // Whole groups of LANES trees, the last one's missing trees a leaf of 0
  // that predict does not add.
  splits_.resize((group + 1) * splits * LANES);
  leaves_.resize((group + 1) * (splits + 1) * LANES);
  Split* group_splits = splits_.data() + group * splits * LANES;
  float* group_leaves = leaves_.data() + group * (splits + 1) * LANES;
  const Node* nodes = &nodes_[roots_[t]];
  struct Pending {
    int node;
    std::size_t at;  // heap index
  };
  for (std::vector<Pending> stack{{0, 0}}; !stack.empty();) {
    const Pending p = stack.back();
    stack.pop_back();
    const Node& n = nodes[p.node];
    if (n.feature < 0) {
      std::size_t at = p.at;
      while (at < splits) at = 2 * at + 1;
      group_leaves[(at - splits) * LANES + lane] = n.value;
      continue;
    }
    group_splits[p.at * LANES + lane] = {n.threshold, n.feature};
    stack.push_back({n.left, 2 * p.at + 1});
    stack.push_back({n.right, 2 * p.at + 2});
  }
}

float BoostedTrees::predict(const int* x) const {
  // LANES trees at a time, level by level, so that their loads overlap;
  // each lane's place held in a register.
  const std::size_t trees = roots_.size(), splits = (std::size_t(1) << depth_) - 1;
  float sum = base_;
  for (std::size_t first = 0; first < trees; first += LANES) {
    const Split* group = splits_.data() + first * splits;
    std::size_t at[LANES] = {};
    for (int d = 0; d < depth_; ++d)
#pragma GCC unroll 8
      for (std::size_t l = 0; l < LANES; ++l) {
        const Split& s = group[at[l] * LANES + l];
        at[l] = 2 * at[l] + 1 + std::size_t(x[s.feature] > s.threshold);
      }
    const float* leaves = leaves_.data() + first * (splits + 1) - splits * LANES;
    const std::size_t lanes = std::min(LANES, trees - first);
    for (std::size_t l = 0; l < lanes; ++l) sum += leaves[at[l] * LANES + l];
  }
  return sum;
}

namespace {

// A float printed so that reading it back gives the same float.
std::string exact(float v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", double(v));
  return text;
}

}  // namespace

std::string BoostedTrees::text() const {
  std::string out =
      "boosted-trees " + std::to_string(features_) + " " + std::to_string(roots_.size()) + " " + exact(base_) + "\n";
  for (std::size_t t = 0; t < roots_.size(); ++t) {
    const std::size_t end = t + 1 < roots_.size() ? roots_[t + 1] : nodes_.size();
    out += "tree " + std::to_string(end - roots_[t]) + "\n";
    for (std::size_t i = roots_[t]; i < end; ++i) {
      const Node& n = nodes_[i];
      out += n.feature < 0 ? "leaf " + exact(n.value) + "\n"
                           : "split " + std::to_string(n.feature) + " " + std::to_string(n.threshold) + " " +
                                 std::to_string(n.left) + " " + std::to_string(n.right) + "\n";
    }
  }
  return out;
}

namespace {

// The model's words, read in place: the program parses the model it holds
// at every start, and a string stream took several times as long.
class Words {
 public:
  explicit Words(const std::string& text) : at_(text.data()), end_(text.data() + text.size()) {}
  bool next(std::string_view& word) {
    while (at_ != end_ && std::isspace(static_cast<unsigned char>(*at_))) ++at_;
    const char* begin = at_;
    while (at_ != end_ && !std::isspace(static_cast<unsigned char>(*at_))) ++at_;
    word = {begin, std::size_t(at_ - begin)};
    return !word.empty();
  }
  // A number that is the whole of the next word.
  template <class T>
  bool next(T& value) {
    std::string_view word;
    if (!next(word)) return false;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    return error == std::errc() && end == word.data() + word.size();
  }

 private:
  const char* at_;
  const char* end_;
};

}  // namespace

BoostedTrees BoostedTrees::parse(const std::string& text) {
  Words in(text);
  std::string_view word;
  int features = 0;
  std::size_t trees = 0;
  float base = 0;
  if (!in.next(word) || word != "boosted-trees" || !in.next(features) || !in.next(trees) || !in.next(base) ||
      features <= 0 || features > MAX_FEATURES)
    throw std::invalid_argument("not a boosted-trees model");
  BoostedTrees model(features, base);
  std::vector<Node> nodes;
  for (std::size_t t = 0; t < trees; ++t) {
    std::size_t size = 0;
    if (!in.next(word) || word != "tree" || !in.next(size) || size == 0)
      throw std::invalid_argument("tree " + std::to_string(t) + " missing");
    nodes.assign(size, Node{});
    for (std::size_t i = 0; i < size; ++i) {
      Node& n = nodes[i];
      if (!in.next(word)) throw std::invalid_argument("tree " + std::to_string(t) + " cut short");
      const bool ok = word == "leaf" ? in.next(n.value)
                      : word == "split"
                          ? in.next(n.feature) && in.next(n.threshold) && in.next(n.left) && in.next(n.right)
                          : false;
      // Children lie after their parent, so every walk ends at a leaf.
      const auto child_ok = [&](int c) { return c > int(i) && c < int(size); };
      if (!ok || (n.feature >= 0 && (n.feature >= features || !child_ok(n.left) || !child_ok(n.right))))
        throw std::invalid_argument("tree " + std::to_string(t) + " node " + std::to_string(i) + " malformed");
    }
    model.add_tree(nodes);
  }
  if (in.next(word)) throw std::invalid_argument("text after the last tree");
  return model;
}

namespace {

// Each feature's candidate thresholds: its distinct values, or max_bins of
// them at equal counts where there are more; a sample's bin is the first
// threshold at or above its value.
struct Bins {
  std::vector<std::vector<int>> thresholds;
  std::vector<std::uint8_t> bin;  // row-major like x
};

Bins make_bins(const std::vector<int>& x, int features, std::size_t rows, int max_bins) {
  Bins bins;
  bins.thresholds.resize(std::size_t(features));
  bins.bin.resize(x.size());
  for (int f = 0; f < features; ++f) {
    std::vector<int> values(rows);
    for (std::size_t r = 0; r < rows; ++r) values[r] = x[r * std::size_t(features) + std::size_t(f)];
    std::sort(values.begin(), values.end());
    std::vector<int>& t = bins.thresholds[std::size_t(f)];
    for (int b = 1; b <= max_bins; ++b) {
      const int v = values[std::min(rows - 1, rows * std::size_t(b) / std::size_t(max_bins))];
      if (t.empty() || v > t.back()) t.push_back(v);
    }
    if (t.back() < values.back()) t.push_back(values.back());
    for (std::size_t r = 0; r < rows; ++r) {
      const int v = x[r * std::size_t(features) + std::size_t(f)];
      bins.bin[r * std::size_t(features) + std::size_t(f)] =
          std::uint8_t(std::lower_bound(t.begin(), t.end(), v) - t.begin());
    }
  }
  return bins;
}

struct Split {
  double gain = 0;
  int feature = -1, bin = 0;
};

}  // namespace

BoostedTrees fit_boosted_trees(const std::vector<int>& x, int features, const std::vector<float>& y,
                               const TreeFitSettings& settings) {
  const std::size_t rows = y.size();
  if (rows == 0 || x.size() != rows * std::size_t(features)) throw std::invalid_argument("no samples to fit");
  const Bins bins = make_bins(x, features, rows, settings.max_bins);
  const double base = std::accumulate(y.begin(), y.end(), 0.0) / double(rows);
  BoostedTrees model(features, float(base));
  std::vector<double> residual(rows);
  for (std::size_t r = 0; r < rows; ++r) residual[r] = y[r] - float(base);
  std::vector<std::uint32_t> order(rows);
  for (int t = 0; t < settings.trees; ++t) {
    // Grown depth-first: a node holds a contiguous range of `order`.
    std::iota(order.begin(), order.end(), 0u);
    std::vector<BoostedTrees::Node> nodes;
    struct Pending {
      std::size_t node, begin, end;
      int depth;
    };
    nodes.emplace_back();
    std::vector<Pending> stack{{0, 0, rows, 0}};
    while (!stack.empty()) {
      const Pending p = stack.back();
      stack.pop_back();
      double sum = 0;
      for (std::size_t i = p.begin; i < p.end; ++i) sum += residual[order[i]];
      const double count = double(p.end - p.begin);
      Split best;
      if (p.depth < settings.depth && p.end - p.begin >= 2 * std::size_t(settings.min_leaf)) {
        for (int f = 0; f < features; ++f) {
          const std::size_t nb = bins.thresholds[std::size_t(f)].size();
          std::vector<double> s(nb, 0);
          std::vector<std::size_t> c(nb, 0);
          for (std::size_t i = p.begin; i < p.end; ++i) {
            const std::uint8_t b = bins.bin[std::size_t(order[i]) * std::size_t(features) + std::size_t(f)];
            s[b] += residual[order[i]];
            ++c[b];
          }
          double ls = 0;
          std::size_t lc = 0;
          for (std::size_t b = 0; b + 1 < nb; ++b) {
            ls += s[b];
            lc += c[b];
            const std::size_t rc = (p.end - p.begin) - lc;
            if (lc < std::size_t(settings.min_leaf) || rc < std::size_t(settings.min_leaf)) continue;
            const double rs = sum - ls;
            const double gain = ls * ls / double(lc) + rs * rs / double(rc) - sum * sum / count;
            if (gain > best.gain) best = {gain, f, int(b)};
          }
        }
      }
      if (best.feature < 0) {
        nodes[p.node].value = float(settings.learning_rate * sum / count);
        continue;
      }
      const int threshold = bins.thresholds[std::size_t(best.feature)][std::size_t(best.bin)];
      const auto mid = std::stable_partition(
          order.begin() + std::ptrdiff_t(p.begin), order.begin() + std::ptrdiff_t(p.end), [&](std::uint32_t r) {
            return bins.bin[std::size_t(r) * std::size_t(features) + std::size_t(best.feature)] <= best.bin;
          });
      const std::size_t split = std::size_t(mid - order.begin());
      const std::size_t left = nodes.size(), right = nodes.size() + 1;
      BoostedTrees::Node& n = nodes[p.node];
      n.feature = best.feature;
      n.threshold = threshold;
      n.left = int(left);
      n.right = int(right);
      nodes.resize(nodes.size() + 2);
      stack.push_back({right, split, p.end, p.depth + 1});
      stack.push_back({left, p.begin, split, p.depth + 1});
    }
    BoostedTrees tree(features, 0);
    tree.add_tree(nodes);
    for (std::size_t r = 0; r < rows; ++r) residual[r] -= tree.predict(&x[r * std::size_t(features)]);
    model.add_tree(nodes);
  }
  return model;
}

}  // namespace chunker
