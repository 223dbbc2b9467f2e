// The learned guide's model (guide/guide.model as compiled in) on positions
// of a-c vs e-g, the layout its fit holds out: the time of one estimate from
// a position's features (the features computed beforehand, so only the
// model is timed), and the estimates' error against the Level 5 knowledge
// depth, as `chunker guide fit` reports it.
//   guide_predict_rate DATA_DIR [CALLS]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "bench/count_argument.h"
#include "exact/knowledge_depth.h"
#include "guide/guide_features.h"
#include "guide/guide_fit.h"
#include "guide/learned_guide.h"
#include "schemas/schemas.h"

using namespace chunker;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: guide_predict_rate DATA_DIR [CALLS]\n");
    return 2;
  }
  const std::string data = argv[1];
  const std::uint64_t calls = argc > 2 ? count_argument("guide_predict_rate", "CALLS", argv[2]) : 10'000'000;
  try {
    std::string why_not;
    const auto model = compiled_guide_model(why_not);
    if (!model) {
      std::fprintf(stderr, "guide_predict_rate: %s\n", why_not.c_str());
      return 1;
    }
    const ChunkLibraries libraries(data);
    const DepthTable table = load_depth(data, Layout::AbcEfg, MAX_LEVEL, "sound", knowledge_fingerprint(data));
    // Enough positions that the walk does not see the same few again and
    // again, few enough that their features stay in the cache as a search's
    // would not: the time is the model's.
    const GuideSamples samples = draw_guide_samples(table, libraries, 20'000, GUIDE_CHECK_SEED);
    const std::size_t rows = samples.targets.size();
    float sink = 0;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (std::uint64_t i = 0; i < calls; ++i) sink += model->predict(&samples.features[(i % rows) * GUIDE_FEATURES]);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const GuideFitError e = guide_fit_error(*model, samples);
    // On a shared machine the CPU time says what a call costs, the wall
    // time what a user waits.
    std::printf(
        "guide model: %zu trees; predict %.1f ns a call of CPU time, %.1f ns wall (%llu calls, checksum %.6g)\n",
        model->trees(), 1e9 * cpu / double(calls), 1e9 * seconds / double(calls),
        static_cast<unsigned long long>(calls), double(sink));
    std::printf("  a-c vs e-g (held out): %zu positions, rms error %.2f plies, sign right on %.1f%% of decisive ones\n",
                rows, e.rms, 100 * e.sign_agreement);
    // The decisive ones of knowledge depth 10 or more, those bench/pn proves.
    GuideSamples deep;
    for (std::size_t r = 0; r < rows; ++r) {
      const float t = samples.targets[r];
      if (t == 0 || std::abs(t) > GUIDE_SPAN - 10) continue;
      deep.targets.push_back(t);
      deep.features.insert(deep.features.end(), &samples.features[r * GUIDE_FEATURES],
                           &samples.features[(r + 1) * GUIDE_FEATURES]);
    }
    const GuideFitError d = guide_fit_error(*model, deep);
    std::printf("  of which decisive at knowledge depth >= 10: %zu positions, rms error %.2f plies\n",
                deep.targets.size(), d.rms);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "guide_predict_rate: %s\n", e.what());
    return 1;
  }
  return 0;
}
