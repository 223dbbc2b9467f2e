// The learned guide's Level 5 model (guide/level-5.model as compiled in) on
// positions of a-c vs e-g, the layout its fit holds out, drawn as `chunker
// guide fit` draws them to measure it: the time of one estimate from a
// position's features (both ensembles, as the guide asks them; the features
// computed beforehand, so only the model is timed), and the estimates'
// error against the Level 5 knowledge depth, as `chunker guide fit`
// reports it.
//   guide_predict_rate DATA_DIR [CALLS]
#include <chrono>
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

namespace {

void print_error(const char* what, const GuideModel& model, const GuideSamples& samples) {
  const GuideFitError e = guide_fit_error(model, samples);
  std::printf(
      "  %s: %zu positions; outcome named on %.1f%% of the decisive ones, %.1f%% of the draws left "
      "unnamed; depth rms error %.2f plies\n",
      what, samples.values.size(), 100 * e.decisive_named, 100 * e.draws_named, e.depth_rms);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: guide_predict_rate DATA_DIR [CALLS]\n");
    return 2;
  }
  const std::string data = argv[1];
  const std::uint64_t calls = argc > 2 ? count_argument("guide_predict_rate", "CALLS", argv[2]) : 10'000'000;
  constexpr int LEVEL = 5;
  try {
    std::string why_not;
    const auto model = compiled_guide_model(LEVEL, why_not);
    if (!model) {
      std::fprintf(stderr, "guide_predict_rate: %s\n", why_not.c_str());
      return 1;
    }
    const ChunkLibraries libraries(data);
    const DepthTable table =
        load_depth(data, Layout::AbcEfg, LEVEL, knowledge_name(LEVEL, SchemaMode::Sound), knowledge_fingerprint(data));
    // Enough positions that the walk does not see the same few again and
    // again, few enough that their features stay in the cache as a search's
    // would not: the time is the model's.
    const GuideSamples samples = draw_guide_samples(table, libraries, GUIDE_CHECK_SAMPLING, 1);
    const std::size_t rows = samples.values.size();
    float sink = 0;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (std::uint64_t i = 0; i < calls; ++i) {
      const GuideModel::Prediction p = model->predict(&samples.features[(i % rows) * GUIDE_FEATURES]);
      sink += p.outcome + p.depth;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    // On a shared machine the CPU time says what a call costs, the wall
    // time what a user waits.
    std::printf(
        "guide model: %zu + %zu trees; predict (both) %.1f ns a call of CPU time, %.1f ns wall (%llu calls, "
        "checksum %.6g)\n",
        model->outcome.trees(), model->depth.trees(), 1e9 * cpu / double(calls), 1e9 * seconds / double(calls),
        static_cast<unsigned long long>(calls), double(sink));
    print_error("a-c vs e-g (held out)", *model, samples);
    // The decisive ones of knowledge depth 10 or more, those bench/pn proves.
    GuideSamples deep;
    for (std::size_t r = 0; r < rows; ++r) {
      const Value v = samples.values[r];
      if (!is_decisive(v) || distance_of(v) < 10) continue;
      deep.values.push_back(v);
      deep.features.insert(deep.features.end(), &samples.features[r * GUIDE_FEATURES],
                           &samples.features[(r + 1) * GUIDE_FEATURES]);
    }
    print_error("of which decisive at knowledge depth >= 10", *model, deep);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "guide_predict_rate: %s\n", e.what());
    return 1;
  }
  return 0;
}
