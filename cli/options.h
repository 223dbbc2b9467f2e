// Shared argument handling for the subcommands, on Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.h"
#include "cli/paths.h"
#include "engine/cores.h"
#include "engine/hash_table.h"
#include "engine/position.h"
#include "engine/search.h"
#include "play/answer.h"
#include "schemas/schema_mode.h"

namespace chunker::cli {

namespace po = boost::program_options;

// Parses `args` against `options` and `positional`; prints help and returns
// false when --help was given.
inline bool parse_args(const Args& args, const char* usage, po::options_description& options,
                       const po::positional_options_description& positional, po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << options;
    return false;
  }
  po::notify(vm);
  return true;
}

// An integer option within [low, high], or InputError naming it.
template <typename T>
T checked(const po::variables_map& vm, const std::string& name, T low, T high) {
  T value = vm[name].as<T>();
  if (value < low || value > high)
    throw InputError("--" + name + " must be between " + std::to_string(low) + " and " + std::to_string(high) +
                     ", got " + std::to_string(value));
  return value;
}

// A range of levels "A-B" (or one level "N") within [0, max_level], or
// InputError naming the option.
inline std::pair<int, int> level_range(const std::string& option, const std::string& text, int max_level) {
  int first = 0, last = 0;
  char dash = 0;
  std::istringstream range(text);
  bool ok = bool(range >> first);
  if (ok && range.peek() == '-')
    ok = bool(range >> dash >> last);
  else
    last = first;
  if (!ok || !range.eof() || first < 0 || last > max_level || first > last)
    throw InputError("--" + option + " must be N or A-B with 0 <= A <= B <= " + std::to_string(max_level) + ", got '" +
                     text + "'");
  return {first, last};
}

// Options several commands share, each declared once here.

inline void add_libraries_option(po::options_description& options) {
  options.add_options()("libraries", po::value<std::string>()->default_value(default_data_dir()),
                        "where the chunk libraries live (chunker libgen writes them)");
}
inline void add_data_option(po::options_description& options, const char* what = "where the oracle's tables live") {
  options.add_options()("data", po::value<std::string>()->default_value(default_data_dir()), what);
}
inline void add_hash_option(po::options_description& options, std::size_t default_mb = DEFAULT_HASH_MB,
                            const char* what = "hash table size in MB") {
  options.add_options()("hash", po::value<long long>()->default_value(static_cast<long long>(default_mb)), what);
}
// --schemas sound|paper, and with `both` (oracle depth) both modes.
inline void add_schemas_option(po::options_description& options, bool both = false) {
  options.add_options()(
      "schemas", po::value<std::string>()->default_value("sound"),
      both ? "sound, paper or both" : "sound (never where chunks may interact) or paper (the rules as published)");
}

// --search ab|pn, and with `both` (table) both searches.
inline void add_search_option(po::options_description& options, bool both = false, const char* default_kind = "ab") {
  options.add_options()("search", po::value<std::string>()->default_value(default_kind),
                        both ? "ab (alpha-beta), pn (proof-number search) or both"
                             : "ab (alpha-beta with iterative deepening) or pn (proof-number search)");
}
inline std::vector<SearchKind> search_kinds(const po::variables_map& vm, bool both = false) {
  const std::string kind = vm["search"].as<std::string>();
  if (kind == "ab") return {SearchKind::AlphaBeta};
  if (kind == "pn") return {SearchKind::ProofNumber};
  if (both && kind == "both") return {SearchKind::AlphaBeta, SearchKind::ProofNumber};
  throw InputError(std::string("--search must be ab") + (both ? ", pn or both" : " or pn") + ", got '" + kind + "'");
}

// --threads: PlaySettings::workers, by default every core the process may run on.
inline void add_threads_option(po::options_description& options) {
  options.add_options()("threads", po::value<unsigned>()->default_value(usable_cores()),
                        "threads of an exact solve and of the proof-number search's guide (default: every core this "
                        "process may run on)");
}
inline unsigned threads_option(const po::variables_map& vm) { return checked<unsigned>(vm, "threads", 1, MAX_THREADS); }

// --guide learned|hand-made: the searches' guide (play/evaluation.h).
inline void add_guide_option(po::options_description& options) {
  options.add_options()("guide", po::value<std::string>()->default_value("learned"),
                        "the searches' guide: learned (each level's model of its knowledge depth) or hand-made "
                        "(the chunk evaluation)");
}
inline GuideKind guide_option(const po::variables_map& vm) {
  const std::string kind = vm["guide"].as<std::string>();
  if (kind == "learned") return GuideKind::Learned;
  if (kind == "hand-made") return GuideKind::HandMade;
  throw InputError("--guide must be learned or hand-made, got '" + kind + "'");
}

// --source auto|oracle|exact|search: which of the play layer's sources answer.
inline Sources sources_option(const std::string& text) {
  if (text == "auto") return Sources::All;
  if (text == "oracle") return Sources::Oracle;
  if (text == "exact") return Sources::Exact;
  if (text == "search") return Sources::Search;
  throw InputError("--source must be auto, oracle, exact or search, got '" + text + "'");
}

// --cache DIR: the exact tables' cache directory, by default DATA/exact
// (the --data option's directory).
inline std::string exact_cache_option(const po::variables_map& vm) {
  if (vm.count("cache")) return vm["cache"].as<std::string>();
  return vm["data"].as<std::string>() + "/exact";
}

inline std::size_t hash_megabytes(const po::variables_map& vm) {
  return static_cast<std::size_t>(checked<long long>(vm, "hash", 1, static_cast<long long>(MAX_HASH_MB)));
}
// The modes --schemas names: one, or with `both` allowed, both (sound first).
inline std::vector<SchemaMode> schema_modes(const po::variables_map& vm, bool both = false) {
  const std::string mode = vm["schemas"].as<std::string>();
  if (mode == "sound") return {SchemaMode::Sound};
  if (mode == "paper") return {SchemaMode::Paper};
  if (both && mode == "both") return {SchemaMode::Sound, SchemaMode::Paper};
  throw InputError(std::string("--schemas must be sound") + (both ? ", paper or both" : " or paper") + ", got '" +
                   mode + "'");
}
inline SchemaMode schema_mode(const po::variables_map& vm) { return schema_modes(vm).front(); }

}  // namespace chunker::cli
