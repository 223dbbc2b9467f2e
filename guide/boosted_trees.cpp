#include "guide/boosted_trees.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>

namespace chunker {

BoostedTrees::BoostedTrees(int features, float base, std::vector<Tree> trees)
    : features_(features), base_(base), trees_(std::move(trees)) {
  // Each feature's lowest and highest threshold.
  std::vector<std::pair<int, int>> span(static_cast<std::size_t>(std::max(features_, 0)),
                                        {std::numeric_limits<int>::max(), std::numeric_limits<int>::min()});
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    const Tree& tree = trees_[t];
    const auto bad = [t](const std::string& what) {
      return std::invalid_argument("tree " + std::to_string(t) + ": " + what);
    };
    if (tree.splits.size() > std::size_t(MAX_DEPTH)) throw bad("deeper than " + std::to_string(MAX_DEPTH));
    if (tree.leaves.size() != std::size_t(1) << tree.splits.size()) throw bad("not 2^depth leaves");
    for (const Split& s : tree.splits) {
      if (s.feature < 0 || s.feature >= features_) throw bad("no feature " + std::to_string(s.feature));
      auto& [low, high] = span[std::size_t(s.feature)];
      low = std::min(low, s.threshold);
      high = std::max(high, s.threshold);
    }
  }
  for (int f = 0; f < features_; ++f) {
    const auto [low, high] = span[std::size_t(f)];
    if (low <= high && std::int64_t(high) - low > MAX_SPAN)
      throw std::invalid_argument("feature " + std::to_string(f) + "'s thresholds span more than " +
                                  std::to_string(MAX_SPAN) + " values");
  }
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
      "oblivious-trees " + std::to_string(features_) + " " + std::to_string(trees_.size()) + " " + exact(base_) + "\n";
  for (const Tree& tree : trees_) {
    out += "tree " + std::to_string(tree.splits.size()) + "\n";
    for (const Split& s : tree.splits)
      out += "split " + std::to_string(s.feature) + " " + std::to_string(s.threshold) + "\n";
    for (float v : tree.leaves) out += "leaf " + exact(v) + "\n";
  }
  return out;
}

namespace {

// The model's words, read in place: the program parses the model it holds
// at every start, and a string stream took several times as long.
class Words {
 public:
  explicit Words(std::string_view text) : at_(text.data()), end_(text.data() + text.size()) {}
  bool next(std::string_view& word) {
    while (at_ != end_ && space(*at_)) ++at_;
    const char* begin = at_;
    while (at_ != end_ && !space(*at_)) ++at_;
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
  // The C locale's white space, without a call a character (std::isspace).
  static bool space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
  const char* at_;
  const char* end_;
};

}  // namespace

BoostedTrees BoostedTrees::parse(std::string_view text) {
  Words in(text);
  std::string_view word;
  int features = 0;
  std::size_t trees = 0;
  float base = 0;
  if (!in.next(word) || word != "oblivious-trees" || !in.next(features) || !in.next(trees) || !in.next(base) ||
      features <= 0 || features > MAX_FEATURES)
    throw std::invalid_argument("not an oblivious-trees model");
  std::vector<Tree> model;
  for (std::size_t t = 0; t < trees; ++t) {
    const std::string name = "tree " + std::to_string(t);
    std::size_t depth = 0;
    if (!in.next(word) || word != "tree" || !in.next(depth)) throw std::invalid_argument(name + " missing");
    if (depth > std::size_t(MAX_DEPTH)) throw std::invalid_argument(name + " deeper than " + std::to_string(MAX_DEPTH));
    Tree& tree = model.emplace_back();
    tree.splits.resize(depth);
    tree.leaves.resize(std::size_t(1) << depth);
    for (Split& s : tree.splits)
      if (!in.next(word) || word != "split" || !in.next(s.feature) || !in.next(s.threshold))
        throw std::invalid_argument(name + ": a split missing or malformed");
    for (float& v : tree.leaves)
      if (!in.next(word) || word != "leaf" || !in.next(v))
        throw std::invalid_argument(name + ": a leaf missing or malformed");
  }
  if (in.next(word)) throw std::invalid_argument("text after the last tree");
  return BoostedTrees(features, base, std::move(model));
}

namespace {

// Each feature's candidate thresholds: its distinct values, or max_bins of
// them at equal counts where there are more; a sample's bin is the first
// threshold at or above its value.
struct Bins {
  std::vector<std::vector<int>> thresholds;
  std::vector<std::uint8_t> bin;  // column-major: a feature's bins together
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
      bins.bin[std::size_t(f) * rows + r] = std::uint8_t(std::lower_bound(t.begin(), t.end(), v) - t.begin());
    }
  }
  return bins;
}

// The sum of squares a split of every node removes, up to a constant of
// the level: sum^2 / (count + l2) over the nodes it makes.
double split_score(double sum, std::uint32_t count, double l2) { return count ? sum * sum / (double(count) + l2) : 0; }

}  // namespace

BoostedTrees fit_boosted_trees(const std::vector<int>& x, int features, const std::vector<float>& y,
                               const TreeFitSettings& settings) {
  const std::size_t rows = y.size();
  if (rows == 0 || x.size() != rows * std::size_t(features)) throw std::invalid_argument("no samples to fit");
  if (settings.depth > BoostedTrees::MAX_DEPTH) throw std::invalid_argument("trees too deep to fit");
  const Bins bins = make_bins(x, features, rows, settings.max_bins);
  const double base = std::accumulate(y.begin(), y.end(), 0.0) / double(rows);
  const double l2 = settings.l2;
  std::vector<double> residual(rows);
  for (std::size_t r = 0; r < rows; ++r) residual[r] = y[r] - float(base);
  std::vector<BoostedTrees::Tree> trees;
  std::vector<std::uint8_t> leaf(rows);  // the node a row has reached
  // The best split of a level among a range of features: the first of the
  // highest score in the order (feature, threshold), as one pass over all
  // features would find it.
  struct Candidate {
    double score = -1;
    int feature = -1;
    std::size_t bin = 0;
  };
  auto best_among = [&](int first, int last, std::size_t nodes) {
    Candidate best;
    std::vector<double> sum;
    std::vector<std::uint32_t> count;
    for (int f = first; f < last; ++f) {
      const std::size_t nb = bins.thresholds[std::size_t(f)].size();
      const std::uint8_t* bin = &bins.bin[std::size_t(f) * rows];
      sum.assign(nodes * nb, 0);
      count.assign(nodes * nb, 0);
      for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t at = leaf[r] * nb + bin[r];
        sum[at] += residual[r];
        ++count[at];
      }
      // Each threshold but the last (which splits nothing off), over the nodes.
      std::vector<double> score(nb - 1, 0);
      for (std::size_t n = 0; n < nodes; ++n) {
        double node_sum = 0;
        std::uint32_t node_count = 0;
        for (std::size_t b = 0; b < nb; ++b) {
          node_sum += sum[n * nb + b];
          node_count += count[n * nb + b];
        }
        double left = 0;
        std::uint32_t left_count = 0;
        for (std::size_t b = 0; b + 1 < nb; ++b) {
          left += sum[n * nb + b];
          left_count += count[n * nb + b];
          score[b] += split_score(left, left_count, l2) + split_score(node_sum - left, node_count - left_count, l2);
        }
      }
      for (std::size_t b = 0; b + 1 < nb; ++b)
        if (score[b] > best.score) best = {score[b], f, b};
    }
    return best;
  };
  // The features are shared out among the threads in contiguous ranges,
  // whose winners are then compared in feature order: the same split, and
  // so the same model, with any number of threads.
  const int threads = std::clamp(settings.threads, 1, features);
  for (int t = 0; t < settings.trees; ++t) {
    BoostedTrees::Tree& tree = trees.emplace_back();
    std::fill(leaf.begin(), leaf.end(), std::uint8_t(0));
    for (int level = 0; level < settings.depth; ++level) {
      const std::size_t nodes = std::size_t(1) << level;
      std::vector<Candidate> found(static_cast<std::size_t>(threads));
      {
        std::vector<std::jthread> helpers;
        for (int i = 1; i < threads; ++i)
          helpers.emplace_back([&, i] {
            found[std::size_t(i)] = best_among(features * i / threads, features * (i + 1) / threads, nodes);
          });
        found[0] = best_among(0, features / threads, nodes);
      }
      Candidate best;
      for (const Candidate& c : found)
        if (c.score > best.score) best = c;
      if (best.feature < 0) break;  // every feature constant
      tree.splits.push_back({best.feature, bins.thresholds[std::size_t(best.feature)][best.bin]});
      const std::uint8_t* bin = &bins.bin[std::size_t(best.feature) * rows];
      for (std::size_t r = 0; r < rows; ++r) leaf[r] |= std::uint8_t((bin[r] > best.bin) << level);
    }
    const std::size_t leaves = std::size_t(1) << tree.splits.size();
    std::vector<double> sum(leaves, 0);
    std::vector<std::uint32_t> count(leaves, 0);
    for (std::size_t r = 0; r < rows; ++r) {
      sum[leaf[r]] += residual[r];
      ++count[leaf[r]];
    }
    for (std::size_t l = 0; l < leaves; ++l)
      tree.leaves.push_back(count[l] ? float(settings.learning_rate * sum[l] / (double(count[l]) + l2)) : 0.0f);
    for (std::size_t r = 0; r < rows; ++r) residual[r] -= tree.leaves[leaf[r]];
  }
  return BoostedTrees(features, float(base), std::move(trees));
}

}  // namespace chunker
