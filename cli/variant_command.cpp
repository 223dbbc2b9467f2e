// `chunker variant`: perft and the exact solver of the pawns-only games of engine/variant
// (Peasants' Chess and the N×N pawn game).
#include <chrono>
#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "cli/options.h"
#include "engine/variant/perft.h"
#include "engine/variant/solver.h"

namespace chunker::cli {

namespace {

constexpr int MAX_VARIANT_PERFT_DEPTH = 30;
constexpr std::size_t DEFAULT_VARIANT_HASH_MB = 256;

const char* VARIANT_USAGE =
    "usage: chunker variant peasants|pawngame [--size N] [--en-passant on|off] perft DEPTH [--perft-end seventh|last]\n"
    "       chunker variant peasants|pawngame [--size N] [--en-passant on|off] solve [--hash MB] [--node-limit N]";

// "on" or "off" to a bool, or InputError naming the option.
bool on_off(const std::string& option, const std::string& value) {
  if (value == "on") return true;
  if (value == "off") return false;
  throw InputError("--" + option + " must be on or off, got '" + value + "'");
}

variant::Variant make_variant(const po::variables_map& vm, const std::string& game) {
  variant::Rules rules;
  if (game == "peasants") {
    rules.game = variant::Game::Peasants;
  } else if (game == "pawngame") {
    rules.game = variant::Game::PawnGame;
  } else {
    throw InputError("unknown game '" + game + "' (peasants or pawngame)");
  }
  rules.size = checked<int>(vm, "size", variant::MIN_SIZE, variant::MAX_SIZE);
  if (rules.game == variant::Game::Peasants && rules.size != 8)
    throw InputError("Peasants' Chess is played on 8x8 only, got --size " + std::to_string(rules.size));
  // Each game's own source decides the default: seed 002 plays en passant, pawnsonly does not.
  rules.en_passant = vm.count("en-passant") ? on_off("en-passant", vm["en-passant"].as<std::string>())
                                            : rules.game == variant::Game::Peasants;
  try {
    return variant::Variant(rules);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
}

void print_solve(const variant::Variant& v, const variant::SolveResult& r, std::uint64_t node_limit) {
  const char* side = v.start().side == variant::WHITE ? "White" : "Black";
  std::cout << "game     " << v.name() << "\n";
  if (r.solved)
    std::cout << "value    " << variant::value_word(r.value) << " for " << side << ", the side to move\n";
  else
    std::cout << "value    unknown: the node limit (" << node_limit << ") stopped the search\n";
  if (r.has_best) std::cout << "best     " << variant::move_text(r.best) << "\n";
  std::cout << "nodes    " << r.nodes << "\n";
  std::printf("time     %.3f s\n", r.seconds);
}

}  // namespace

int variant_command(const Args& args) {
  po::options_description options("variant options");
  std::string game, action;
  auto add = options.add_options();
  add("game", po::value<std::string>(&game)->required(), "peasants or pawngame");
  add("action", po::value<std::string>(&action)->required(), "perft or solve");
  add("depth", po::value<long long>(), "perft: plies to enumerate");
  add("size", po::value<int>()->default_value(8), "board size N (3..8; Peasants' Chess: 8)");
  add("en-passant", po::value<std::string>(), "on or off (default: on for peasants, off for pawngame)");
  add("perft-end", po::value<std::string>()->default_value("seventh"),
      "perft: a game ends on reaching the seventh rank (seed 002) or the last rank");
  add_hash_option(options, DEFAULT_VARIANT_HASH_MB, "solve: hash table size in MB");
  add("node-limit", po::value<long long>()->default_value(0), "solve: stop after this many nodes (0: none)");
  po::positional_options_description positional;
  positional.add("game", 1).add("action", 1).add("depth", 1);
  po::variables_map vm;
  if (!parse_args(args, VARIANT_USAGE, options, positional, vm)) return 0;
  const variant::Variant v = make_variant(vm, game);

  if (action == "perft") {
    if (!vm.count("depth")) throw InputError("perft needs a DEPTH");
    const long long depth = vm["depth"].as<long long>();
    if (depth < 1 || depth > MAX_VARIANT_PERFT_DEPTH)
      throw InputError("depth must be between 1 and " + std::to_string(MAX_VARIANT_PERFT_DEPTH) + ", got " +
                       std::to_string(depth));
    const std::string end = vm["perft-end"].as<std::string>();
    if (end != "seventh" && end != "last") throw InputError("--perft-end must be seventh or last, got '" + end + "'");
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = variant::perft(
        v, v.start(), int(depth), end == "last" ? variant::PerftEnd::LastRank : variant::PerftEnd::SeventhRank);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "Nodes searched: " << nodes << "\n";
    std::cerr << "time " << seconds << " s\n";
    return 0;
  }
  if (action == "solve") {
    if (vm.count("depth")) throw InputError("solve takes no DEPTH");
    variant::SolveLimits limits;
    limits.hash_megabytes = hash_megabytes(vm);
    limits.node_limit = std::uint64_t(checked<long long>(vm, "node-limit", 0, 1LL << 50));
    print_solve(v, variant::solve(v, v.start(), limits), limits.node_limit);
    return 0;
  }
  throw InputError("unknown action '" + action + "' (perft or solve)");
}

}  // namespace chunker::cli
