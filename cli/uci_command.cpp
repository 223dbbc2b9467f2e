// `chunker uci`: reads the command line's settings, the UCI options' starting
// values, then hands every line of stdin to the UCI engine (uci_engine.h).
#include <algorithm>
#include <iostream>
#include <thread>

#include "chess/chess_engine.h"
#include "cli/options.h"
#include "schemas/schemas.h"
#include "uci/uci_engine.h"

namespace chunker::cli {

int uci_command(const Args& args) {
  po::options_description options("uci options");
  add_libraries_option(options);
  add_data_option(options, "where the oracle tables live");
  add_hash_option(options, DEFAULT_HASH_MB, "hash table size in MB");
  options.add_options()("level", po::value<int>()->default_value(MAX_LEVEL), "the schemas consulted")(
      "no-oracle", "no tables: let the schemas and the evaluation play everywhere")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "MB an exact solve may take (0: never)")("cache", po::value<std::string>(),
                                               "directory of exact tables shared with solve (default: DATA/exact)")(
      "chess-engine", po::value<std::string>()->implicit_value(""),
      "the chess engine that plays on after Chunker's game, a command line (default: "
      "stockfish where installed; the option alone or '' for the built-in search)");
  add_threads_option(options);
  po::variables_map vm;
  if (!parse_args(
          args,
          "usage: chunker uci [--libraries DIR] [--data DIR] [--level N] [--hash MB] [--no-oracle] [--memory MB]\n"
          "                   [--cache DIR] [--threads N] [--chess-engine [COMMAND]]\n"
          "speaks UCI on stdin and stdout (uci, isready, position, go, stop, quit)",
          options, {}, vm))
    return 0;
  UciSettings settings;
  settings.libraries = vm["libraries"].as<std::string>();
  settings.oracle_dir = vm["data"].as<std::string>();
  settings.level = checked<int>(vm, "level", 0, MAX_LEVEL);
  settings.hash_mb = hash_megabytes(vm);
  settings.use_oracle = !vm.count("no-oracle");
  settings.exact_mb = std::size_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB));
  settings.exact_cache = exact_cache_option(vm);
  settings.threads = threads_option(vm);
  settings.chess_engine = vm.count("chess-engine") ? vm["chess-engine"].as<std::string>() : default_chess_engine();
  UciEngine engine(std::cout, settings);
  std::string line;
  while (std::getline(std::cin, line))
    if (!engine.execute(line)) return 0;
  return 0;
}

}  // namespace chunker::cli
