// The offline fit of the proof-number search's learned guide
// (guide/learned_guide.h): positions drawn at random from a layout's Level 5
// knowledge-depth table, their chunk features and their targets (the
// knowledge depth as guide_target scores it), gradient-boosted trees fitted
// by least squares, and the fit's error on positions of another layout.
// Single-threaded with a fixed seed: the same tables and libraries give the
// same model, byte for byte.
#pragma once

#include <cstdint>

#include "chunks/chunk_libraries.h"
#include "exact/knowledge_depth.h"
#include "guide/boosted_trees.h"

namespace chunker {

struct GuideSamples {
  std::vector<int> features;  // row-major, GUIDE_FEATURES a row
  std::vector<float> targets;
};

// `count` legal positions of the table drawn with `seed` (repeats allowed).
GuideSamples draw_guide_samples(const DepthTable& table, const ChunkLibraries& libraries, std::size_t count,
                                std::uint64_t seed);

// How well a model's estimates match the targets: the root mean square
// error, and among decisive positions the share whose estimate has the
// target's sign.
struct GuideFitError {
  double rms = 0;
  double sign_agreement = 0;
};
GuideFitError guide_fit_error(const BoostedTrees& model, const GuideSamples& samples);

// The settings `chunker guide fit` uses.
constexpr std::size_t GUIDE_FIT_SAMPLES = 400'000, GUIDE_CHECK_SAMPLES = 100'000;
constexpr std::uint64_t GUIDE_FIT_SEED = 20260101, GUIDE_CHECK_SEED = 20260102;
// 160 oblivious trees of depth 8: against fewer, shallower or more
// regularised ones, the least rms error on the positions held out, and with
// its shape (LEARNED_GUIDE_SHAPE) the fewest nodes for Szén (the commit
// that set them has the figures).
constexpr TreeFitSettings GUIDE_TREE_SETTINGS{160, 8, 0.15f, 1, 64};

}  // namespace chunker
