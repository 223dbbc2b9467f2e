// `chunker guide fit`: refits the searches' learned guide
// (guide/learned_guide.h), one model for each level, from that level's
// (sound) knowledge-depth table of a-c vs f-h, and writes
// guide/level-N.model with its SHA-256; the positions of a-c vs e-g stay out
// of the fit and measure it. The same tables and libraries write the same
// bytes, with any number of threads.
#include <cstdio>
#include <iostream>

#include "chunks/atomic_file.h"
#include "chunks/manifest.h"
#include "cli/options.h"
#include "cli/oracle_depth.h"
#include "exact/knowledge_depth.h"
#include "guide/guide_features.h"
#include "guide/guide_fit.h"
#include "schemas/schemas.h"

namespace chunker::cli {

namespace {

// How well `model` matches a layout's samples.
void print_fit_error(const GuideModel& model, Layout layout, const GuideSamples& samples, bool fitted) {
  const GuideFitError e = guide_fit_error(model, samples);
  std::printf(
      "  %s (%s): %zu positions; outcome named on %.1f%% of the decisive ones, %.1f%% of the draws left "
      "unnamed; depth rms error %.2f plies\n",
      layout_name(layout).c_str(), fitted ? "fitted" : "held out", samples.values.size(), 100 * e.decisive_named,
      100 * e.draws_named, e.depth_rms);
}

// Fits a level's model on a-c vs f-h, writes it and its SHA-256 into
// `out`, and measures it on a-c vs e-g where that table is saved (the model
// is the same without it).
void fit_level(int level, const std::string& data, const std::string& out, const ChunkLibraries& libraries,
               const std::string& fingerprint, unsigned threads) {
  const std::string schemas = knowledge_name(level, SchemaMode::Sound);
  const GuideSamples fitted = draw_guide_samples(load_depth(data, Layout::AbcFgh, level, schemas, fingerprint),
                                                 libraries, guide_fit_sampling(level), threads);
  const GuideModel model = fit_guide_model(fitted, threads);
  const std::string text = model.text(), name = "level-" + std::to_string(level) + ".model";
  const std::string path = out + "/" + name;
  write_atomically(path, text);
  write_atomically(path + ".sha256", sha256_of_file(path) + "  " + name + "\n");
  std::printf("level %d: %zu + %zu trees, %zu bytes, written to %s\n", level, model.outcome.trees(),
              model.depth.trees(), text.size(), path.c_str());
  print_fit_error(model, Layout::AbcFgh, fitted, true);
  if (depth_saved(data, Layout::AbcEfg, level, schemas, fingerprint))
    print_fit_error(model, Layout::AbcEfg,
                    draw_guide_samples(load_depth(data, Layout::AbcEfg, level, schemas, fingerprint), libraries,
                                       GUIDE_CHECK_SAMPLING, threads),
                    false);
  else
    std::printf("  abc-efg (held out): not measured, no current depth table (%s)\n",
                depth_rebuild_command(Layout::AbcEfg, level, schemas).c_str());
  std::fflush(stdout);
}

}  // namespace

int guide_command(const Args& args) {
  po::options_description options("guide options");
  std::string action, out, levels;
  options.add_options()("action", po::value<std::string>(&action)->required(), "fit")(
      "level", po::value<std::string>(&levels)->default_value("0-" + std::to_string(MAX_LEVEL)),
      "the levels whose models to fit, N or A-B")(
      "out", po::value<std::string>(&out)->default_value(CHUNKER_SOURCE_DIR "/guide"),
      "where level-N.model and level-N.model.sha256 go");
  add_threads_option(options);
  add_libraries_option(options);
  add_data_option(options);
  po::positional_options_description positional;
  positional.add("action", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker guide fit [--level N|A-B] [--data DIR] [--libraries DIR] [--out DIR]", options,
                  positional, vm))
    return 0;
  if (action != "fit") throw InputError("unknown action '" + action + "' (fit)");
  const auto [first, last] = level_range("level", levels, MAX_LEVEL);
  const unsigned threads = threads_option(vm);
  const std::string data = vm["data"].as<std::string>(), libraries_dir = vm["libraries"].as<std::string>();
  const ChunkLibraries libraries(libraries_dir);
  const std::string fingerprint = knowledge_fingerprint(libraries_dir);
  for (int level = first; level <= last; ++level) fit_level(level, data, out, libraries, fingerprint, threads);
  return 0;
}

}  // namespace chunker::cli
