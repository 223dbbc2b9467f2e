// `chunker uci`: reads the command line's settings, then hands every line of
// stdin to the UCI engine (uci_engine.h).
#include <iostream>

#include "options.h"
#include "schemas.h"
#include "uci_engine.h"

namespace chunker::cli {

int uci_command(const Args& args) {
  po::options_description options("uci options");
  options.add_options()("libraries", po::value<std::string>()->default_value(CHUNKER_DATA_DIR),
                        "where the chunk libraries live (the UCI option Libraries)")(
      "data", po::value<std::string>()->default_value(CHUNKER_DATA_DIR),
      "where the oracle tables live (the UCI option OracleDir)")("level", po::value<int>()->default_value(MAX_LEVEL),
                                                                 "the schemas consulted (the UCI option Level)")(
      "hash", po::value<long long>()->default_value(64), "hash table size in MB (the UCI option Hash)")(
      "no-oracle", "let the schemas and the evaluation play in the domain too (the UCI option UseOracle false)");
  po::variables_map vm;
  if (!parse_args(args,
                  "usage: chunker uci [--libraries DIR] [--data DIR] [--level N] [--hash MB] [--no-oracle]\n"
                  "speaks UCI on stdin and stdout (uci, isready, position, go, stop, quit)",
                  options, {}, vm))
    return 0;
  UciSettings settings;
  settings.libraries = vm["libraries"].as<std::string>();
  settings.oracle_dir = vm["data"].as<std::string>();
  settings.level = checked<int>(vm, "level", 0, MAX_LEVEL);
  settings.hash_mb = std::size_t(checked<long long>(vm, "hash", 1, 16384));
  settings.use_oracle = !vm.count("no-oracle");
  UciEngine engine(std::cout, settings);
  std::string line;
  while (std::getline(std::cin, line))
    if (!engine.execute(line)) return 0;
  return 0;
}

}  // namespace chunker::cli
