#include "guide/boosted_trees.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>

#ifdef __x86_64__
#include <immintrin.h>
#endif

namespace chunker {

namespace {

// Trees or'ed at once, in bytes: a vector of 256 bits. With 512 the trees
// are padded to more of them, and predict was slower here.
constexpr std::size_t VECTOR = 32;
using Bytes = std::uint8_t __attribute__((vector_size(VECTOR)));
// Independent chains of or's, so that each waits less on the one before.
constexpr std::size_t WAYS = 4;
// Partial sums of the leaves, tree t's in lane t % LANES, added up in lane
// order at the end: the leaves' loads do not wait on one another, and the
// sum is the same float on every machine.
constexpr std::size_t LANES = 16;
using Floats = float __attribute__((vector_size(LANES * sizeof(float))));

// The leaves VECTOR trees reach (each tree 2^depth leaves, from `leaves`),
// eight a load where an x86 processor gathers: a third of predict's time
// went to loading them one by one. Chosen when the program starts, so that
// the portable build has it too.
#ifdef __x86_64__
const bool HAS_AVX2 = __builtin_cpu_supports("avx2");
__attribute__((target("avx2"))) void reach_avx2(const float* leaves, const std::uint8_t* leaf_of, int depth,
                                                float* reached) {
  const __m256i tree_starts = _mm256_slli_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), depth);
  for (std::size_t t = 0; t < VECTOR; t += 8) {
    const __m256i at =
        _mm256_add_epi32(_mm256_add_epi32(tree_starts, _mm256_set1_epi32(int(t) << depth)),
                         _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(leaf_of + t))));
    _mm256_store_ps(reached + t, _mm256_i32gather_ps(leaves, at, 4));
  }
}
#endif
void reach(const float* leaves, const std::uint8_t* leaf_of, int depth, float* reached) {
#ifdef __x86_64__
  if (HAS_AVX2) return reach_avx2(leaves, leaf_of, depth, reached);
#endif
  for (std::size_t t = 0; t < VECTOR; ++t) reached[t] = leaves[(t << depth) + leaf_of[t]];
}

}  // namespace

BoostedTrees::BoostedTrees(int features, float base, std::vector<Tree> trees)
    : features_(features), base_(base), trees_(std::move(trees)) {
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    const Tree& tree = trees_[t];
    const auto bad = [t](const std::string& what) {
      return std::invalid_argument("tree " + std::to_string(t) + ": " + what);
    };
    if (tree.splits.size() > std::size_t(MAX_DEPTH)) throw bad("deeper than " + std::to_string(MAX_DEPTH));
    if (tree.leaves.size() != std::size_t(1) << tree.splits.size()) throw bad("not 2^depth leaves");
    for (const Split& s : tree.splits)
      if (s.feature < 0 || s.feature >= features_) throw bad("no feature " + std::to_string(s.feature));
    depth_ = std::max(depth_, int(tree.splits.size()));
  }
  lay_out();
}

void BoostedTrees::lay_out() {
  row_bytes_ = (trees_.size() + VECTOR - 1) / VECTOR * VECTOR;
  struct Asked {
    std::size_t tree, level;
    int threshold;
  };
  std::vector<std::vector<Asked>> asked(static_cast<std::size_t>(features_));
  for (std::size_t t = 0; t < trees_.size(); ++t)
    for (std::size_t l = 0; l < trees_[t].splits.size(); ++l) {
      const Split& s = trees_[t].splits[l];
      asked[std::size_t(s.feature)].push_back({t, l, s.threshold});
    }
  // Row 0 is all zeros: predict's padding.
  rows_.assign(row_bytes_, 0);
  for (int f = 0; f < features_; ++f) {
    std::vector<Asked>& asks = asked[std::size_t(f)];
    if (asks.empty()) continue;
    std::sort(asks.begin(), asks.end(), [](const Asked& a, const Asked& b) { return a.threshold < b.threshold; });
    std::vector<int> thresholds;  // distinct, rising
    for (const Asked& a : asks)
      if (thresholds.empty() || thresholds.back() != a.threshold) thresholds.push_back(a.threshold);
    if (std::int64_t(thresholds.back()) - thresholds.front() > MAX_SPAN)
      throw std::invalid_argument("feature " + std::to_string(f) + "'s thresholds span more than " +
                                  std::to_string(MAX_SPAN) + " values");
    const std::size_t first_row = rows_.size();
    rows_.resize(first_row + (thresholds.size() + 1) * row_bytes_, 0);
    // A value past a threshold answers yes: each bin's row is the one below
    // it with the levels whose threshold lies between them added.
    std::vector<std::uint8_t> yes(row_bytes_, 0);
    for (std::size_t b = 1, next = 0; b <= thresholds.size(); ++b) {
      for (; next < asks.size() && asks[next].threshold == thresholds[b - 1]; ++next)
        yes[asks[next].tree] |= std::uint8_t(1u << asks[next].level);
      std::copy(yes.begin(), yes.end(), rows_.begin() + std::ptrdiff_t(first_row + b * row_bytes_));
    }
    // Past the last threshold, one value stands for all (none where it is
    // the largest int).
    const int high = thresholds.back() < std::numeric_limits<int>::max() ? thresholds.back() + 1 : thresholds.back();
    const FeatureBins b{f, thresholds.front(), high, std::uint32_t(row_of_.size())};
    // Each value's bin, the number of thresholds below it, counted as it rises.
    row_of_.resize(b.at + std::size_t(std::int64_t(b.high) - b.low + 1));
    std::size_t below = 0;
    for (std::int64_t v = b.low; v <= b.high; ++v) {
      while (below < thresholds.size() && thresholds[below] < v) ++below;
      row_of_[b.at + std::size_t(v - b.low)] = std::uint32_t(first_row + below * row_bytes_);
    }
    bins_.push_back(b);
  }
  // Missing trees past the last a leaf of 0.
  leaves_.assign(row_bytes_ << depth_, 0);
  for (std::size_t t = 0; t < trees_.size(); ++t)
    std::copy(trees_[t].leaves.begin(), trees_[t].leaves.end(), leaves_.begin() + std::ptrdiff_t(t << depth_));
}

float BoostedTrees::predict(const int* x) const {
  // Each feature's row, then the zero row up to whole ways.
  const std::uint8_t* row[MAX_FEATURES + WAYS];
  std::size_t rows = 0;
  for (const FeatureBins& b : bins_)
    row[rows++] = rows_.data() + row_of_[b.at + std::size_t(std::clamp(x[b.feature], b.low, b.high) - b.low)];
  while (rows % WAYS) row[rows++] = rows_.data();
  Floats sum = {};
  alignas(64) float reached[VECTOR];
  for (std::size_t first = 0; first < row_bytes_; first += VECTOR) {
    Bytes leaf[WAYS] = {};
    for (std::size_t i = 0; i < rows; i += WAYS)
      for (std::size_t w = 0; w < WAYS; ++w) {
        Bytes bits;
        std::memcpy(&bits, row[i + w] + first, VECTOR);
        leaf[w] |= bits;
      }
    for (std::size_t w = 1; w < WAYS; ++w) leaf[0] |= leaf[w];
    alignas(VECTOR) std::uint8_t leaf_of[VECTOR];
    std::memcpy(leaf_of, &leaf[0], VECTOR);
    reach(leaves_.data() + (first << depth_), leaf_of, depth_, reached);
    for (std::size_t t = 0; t < VECTOR; t += LANES) {
      Floats v;
      std::memcpy(&v, reached + t, sizeof v);
      sum += v;
    }
  }
  float total = base_;
  for (std::size_t l = 0; l < LANES; ++l) total += sum[l];
  return total;
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
