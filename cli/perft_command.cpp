#include <chrono>
#include <iostream>

#include "cli/options.h"
#include "engine/notation.h"
#include "engine/perft.h"

namespace chunker::cli {

namespace {
constexpr int MAX_PERFT_DEPTH = 30;
}

int perft_command(const Args& args) {
  po::options_description options("perft options");
  std::string fen;
  long long depth = 0;
  options.add_options()("fen", po::value<std::string>(&fen)->required(), "the position")(
      "depth", po::value<long long>(&depth)->required(), "plies to enumerate")("divide",
                                                                               "print the count below each move");
  po::positional_options_description positional;
  positional.add("fen", 1).add("depth", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker perft FEN DEPTH [--divide]", options, positional, vm)) return 0;
  if (depth < 1 || depth > MAX_PERFT_DEPTH)
    throw InputError("depth must be between 1 and " + std::to_string(MAX_PERFT_DEPTH) + ", got " +
                     std::to_string(depth));
  Position pos = parse_fen(fen).pos;

  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (vm.count("divide")) {
    for (auto [move, count] : perft_divide(pos, int(depth))) {
      std::cout << uci(move) << ": " << count << "\n";
      nodes += count;
    }
    std::cout << "\n";
  } else {
    nodes = perft(pos, int(depth));
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "Nodes searched: " << nodes << "\n";
  std::cerr << "time " << seconds << " s, " << (seconds > 0 ? nodes / seconds : 0) << " nodes/s\n";
  return 0;
}

}  // namespace chunker::cli
