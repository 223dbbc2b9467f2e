#include "guide/tree_tables.h"

#include <algorithm>
#include <cstring>
#include <limits>

#ifdef __x86_64__
#include <immintrin.h>
#endif

namespace chunker {

namespace {

// Trees or'ed at once, in bytes: the widest vector the build's target has,
// so that the compiler keeps each in a register (a vector wider than the
// target's is split into pieces that went through memory). The trees are
// padded to whole vectors, which changes no sum (a leaf of 0 is added).
#if defined(__AVX512BW__)
constexpr std::size_t VECTOR = 64;
#elif defined(__AVX2__)
constexpr std::size_t VECTOR = 32;
#else
constexpr std::size_t VECTOR = 16;
#endif
using Bytes = std::uint8_t __attribute__((vector_size(VECTOR)));
// Independent chains of or's, so that each waits less on the one before.
constexpr std::size_t WAYS = 4;
// Partial sums of the leaves, tree t's in lane t % LANES, added up in lane
// order at the end: the leaves' loads do not wait on one another, and the
// sum is the same float on every machine, whatever its vectors.
constexpr std::size_t LANES = 16;
using Floats = float __attribute__((vector_size(LANES * sizeof(float))));
static_assert(VECTOR % LANES == 0);
// Trees whose leaves predict finds before it reads their values.
constexpr std::size_t BLOCK = 4 * VECTOR;

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

// A number of trees rounded up to whole vectors.
std::size_t whole_vectors(std::size_t trees) { return (trees + VECTOR - 1) / VECTOR * VECTOR; }

}  // namespace

TreeTables::TreeTables(const std::vector<const BoostedTrees*>& ensembles) {
  // Each tree's byte in a row, each ensemble's starting on a whole vector.
  struct Asked {
    std::size_t tree, level;
    int threshold;
  };
  const int features = ensembles.empty() ? 0 : ensembles.front()->features();
  std::vector<std::vector<Asked>> asked(static_cast<std::size_t>(features));
  for (const BoostedTrees* e : ensembles) {
    const std::size_t first = row_bytes_;
    for (std::size_t t = 0; t < e->trees(); ++t) {
      const BoostedTrees::Tree& tree = e->tree(t);
      for (std::size_t l = 0; l < tree.splits.size(); ++l) {
        const BoostedTrees::Split& s = tree.splits[l];
        asked[std::size_t(s.feature)].push_back({first + t, l, s.threshold});
      }
      depth_ = std::max(depth_, int(tree.splits.size()));
    }
    row_bytes_ += whole_vectors(e->trees());
    ensembles_.push_back({e->base(), first, row_bytes_});
  }
  std::vector<std::uint32_t> row_of;
  // Row 0 is all zeros: predict's padding.
  std::vector<std::uint8_t> rows(row_bytes_, 0);
  for (int f = 0; f < features; ++f) {
    std::vector<Asked>& asks = asked[std::size_t(f)];
    if (asks.empty()) continue;
    std::sort(asks.begin(), asks.end(), [](const Asked& a, const Asked& b) { return a.threshold < b.threshold; });
    std::vector<int> thresholds;  // distinct, rising
    for (const Asked& a : asks)
      if (thresholds.empty() || thresholds.back() != a.threshold) thresholds.push_back(a.threshold);
    const std::size_t first_row = rows.size();
    rows.resize(first_row + (thresholds.size() + 1) * row_bytes_, 0);
    // A value past a threshold answers yes: each bin's row is the one below
    // it with the levels whose threshold lies between them added.
    std::vector<std::uint8_t> yes(row_bytes_, 0);
    for (std::size_t b = 1, next = 0; b <= thresholds.size(); ++b) {
      for (; next < asks.size() && asks[next].threshold == thresholds[b - 1]; ++next)
        yes[asks[next].tree] |= std::uint8_t(1u << asks[next].level);
      std::copy(yes.begin(), yes.end(), rows.begin() + std::ptrdiff_t(first_row + b * row_bytes_));
    }
    // Past the last threshold, one value stands for all (none where it is
    // the largest int).
    const int high = thresholds.back() < std::numeric_limits<int>::max() ? thresholds.back() + 1 : thresholds.back();
    const FeatureBins b{f, thresholds.front(), high, std::uint32_t(row_of.size())};
    // Each value's bin, the number of thresholds below it, counted as it rises.
    row_of.resize(b.at + std::size_t(std::int64_t(b.high) - b.low + 1));
    std::size_t below = 0;
    for (std::int64_t v = b.low; v <= b.high; ++v) {
      while (below < thresholds.size() && thresholds[below] < v) ++below;
      row_of[b.at + std::size_t(v - b.low)] = std::uint32_t(first_row + below * row_bytes_);
    }
    bins_.push_back(b);
  }
  // Padding trees a leaf of 0.
  std::vector<float> leaves(row_bytes_ << depth_, 0);
  for (std::size_t e = 0; e < ensembles.size(); ++e)
    for (std::size_t t = 0; t < ensembles[e]->trees(); ++t) {
      const std::vector<float>& tree = ensembles[e]->tree(t).leaves;
      const std::size_t at = (ensembles_[e].first + t) << depth_;
      std::copy(tree.begin(), tree.end(), leaves.begin() + std::ptrdiff_t(at));
    }
  // One after another, each a whole number of the next one's alignment:
  // the leaves, the rows, the rows' places.
  const std::size_t leaf_bytes = leaves.size() * sizeof(float), row_of_at = leaf_bytes + rows.size();
  memory_ = zeroed<std::uint8_t>(row_of_at + row_of.size() * sizeof(std::uint32_t));
  std::copy(leaves.begin(), leaves.end(), reinterpret_cast<float*>(memory_.get()));
  std::copy(rows.begin(), rows.end(), memory_.get() + leaf_bytes);
  std::copy(row_of.begin(), row_of.end(), reinterpret_cast<std::uint32_t*>(memory_.get() + row_of_at));
  leaves_ = reinterpret_cast<const float*>(memory_.get());
  rows_ = memory_.get() + leaf_bytes;
  row_of_ = reinterpret_cast<const std::uint32_t*>(memory_.get() + row_of_at);
}

void TreeTables::predict(const int* x, float* out) const {
  // Each feature's row, then the zero row up to whole ways.
  const std::uint8_t* row[BoostedTrees::MAX_FEATURES + WAYS];
  std::size_t rows = 0;
  for (const FeatureBins& b : bins_)
    row[rows++] = rows_ + row_of_[b.at + std::size_t(std::clamp(x[b.feature], b.low, b.high) - b.low)];
  while (rows % WAYS) row[rows++] = rows_;
  // A block of trees at a time: first the leaves they reach, then their
  // values, so that the loads of the values wait on no or's, and on each
  // other no more than the processor's loads in flight.
  alignas(64) std::uint8_t leaf_of[BLOCK];
  alignas(64) float reached[BLOCK];
  for (std::size_t e = 0; e < ensembles_.size(); ++e) {
    Floats sum = {};
    for (std::size_t block = ensembles_[e].first; block < ensembles_[e].end; block += BLOCK) {
      const std::size_t size = std::min(BLOCK, ensembles_[e].end - block);
      for (std::size_t v = 0; v < size; v += VECTOR) {
        Bytes leaf[WAYS] = {};
        for (std::size_t i = 0; i < rows; i += WAYS)
          for (std::size_t w = 0; w < WAYS; ++w) {
            Bytes bits;
            std::memcpy(&bits, row[i + w] + block + v, VECTOR);
            leaf[w] |= bits;
          }
        for (std::size_t w = 1; w < WAYS; ++w) leaf[0] |= leaf[w];
        std::memcpy(leaf_of + v, &leaf[0], VECTOR);
      }
      for (std::size_t v = 0; v < size; v += VECTOR)
        reach(leaves_ + ((block + v) << depth_), leaf_of + v, depth_, reached + v);
      for (std::size_t t = 0; t < size; t += LANES) {
        Floats v;
        std::memcpy(&v, reached + t, sizeof v);
        sum += v;
      }
    }
    float total = ensembles_[e].base;
    for (std::size_t l = 0; l < LANES; ++l) total += sum[l];
    out[e] = total;
  }
}

}  // namespace chunker
