// `chunker guide fit`: refits the proof-number search's learned guide
// (guide/learned_guide.h) from the Level 5 (sound) knowledge-depth table of
// a-c vs f-h and writes guide/guide.model with its SHA-256; the positions of
// a-c vs e-g stay out of the fit and measure it. The same tables and
// libraries write the same bytes.
#include <cstdio>
#include <iostream>

#include "chunks/atomic_file.h"
#include "chunks/manifest.h"
#include "cli/options.h"
#include "guide/guide_features.h"
#include "guide/guide_fit.h"
#include "schemas/schemas.h"

namespace chunker::cli {

int guide_command(const Args& args) {
  po::options_description options("guide options");
  std::string action, out;
  options.add_options()("action", po::value<std::string>(&action)->required(), "fit")(
      "out", po::value<std::string>(&out)->default_value(CHUNKER_SOURCE_DIR "/guide"),
      "where guide.model and guide.model.sha256 go");
  add_libraries_option(options);
  add_data_option(options);
  po::positional_options_description positional;
  positional.add("action", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker guide fit [--data DIR] [--libraries DIR] [--out DIR]", options, positional, vm))
    return 0;
  if (action != "fit") throw InputError("unknown action '" + action + "' (fit)");
  const std::string data = vm["data"].as<std::string>(), libraries_dir = vm["libraries"].as<std::string>();
  const ChunkLibraries libraries(libraries_dir);
  const std::string fingerprint = knowledge_fingerprint(libraries_dir);
  GuideSamples samples[LAYOUT_NB];
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    const DepthTable table = load_depth(data, layout, MAX_LEVEL, "sound", fingerprint);
    const bool fitted = layout == Layout::AbcFgh;
    samples[int(layout)] = draw_guide_samples(table, libraries, fitted ? GUIDE_FIT_SAMPLES : GUIDE_CHECK_SAMPLES,
                                              fitted ? GUIDE_FIT_SEED : GUIDE_CHECK_SEED);
  }
  const BoostedTrees model = fit_boosted_trees(samples[int(Layout::AbcFgh)].features, GUIDE_FEATURES,
                                               samples[int(Layout::AbcFgh)].targets, GUIDE_TREE_SETTINGS);
  const std::string text = model.text();
  const std::string path = out + "/guide.model";
  write_atomically(path, text);
  write_atomically(path + ".sha256", sha256_of_file(path) + "  guide.model\n");
  std::printf("guide model: %zu trees, %zu bytes, written to %s\n", model.trees(), text.size(), path.c_str());
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    const GuideFitError e = guide_fit_error(model, samples[int(layout)]);
    std::printf("  %s (%s): %zu positions, rms error %.2f plies, sign right on %.1f%% of decisive ones\n",
                layout_name(layout).c_str(), layout == Layout::AbcFgh ? "fitted" : "held out",
                samples[int(layout)].targets.size(), e.rms, 100 * e.sign_agreement);
  }
  return 0;
}

}  // namespace chunker::cli
