// `chunker`: one program, one subcommand per job (docs/design.md §7). Errors are
// one line on stderr and exit status 2 (bad input) or 3 (an internal error).
#include <boost/program_options/errors.hpp>
#include <exception>
#include <iostream>
#include <map>

#include "chunks/table_file.h"
#include "cli/commands.h"
#include "engine/position.h"

namespace {

constexpr int EXIT_BAD_INPUT = 2;
constexpr int EXIT_INTERNAL_ERROR = 3;  // a fault of the program, not of its input

const char* USAGE =
    "usage: chunker <command> [arguments]\n"
    "\n"
    "commands:\n"
    "  perft FEN DEPTH [--divide]   count move paths (compare with Stockfish's go perft)\n"
    "  solve FEN [options]          prove the value of a position (--help for options)\n"
    "  solve --epd FILE [options]   solve every position of an EPD suite\n"
    "  table [SUITE.epd] [options]  the paper's Table 4-1: nodes (ply) per level for a suite\n"
    "  inspect [FEN] [--json]       interactive: board, chunks, library properties, schemas, oracle\n"
    "  uci                          play through the UCI protocol (chess GUIs, match runners)\n"
    "  oracle build|probe|stats|verify  the exact tablebase of the domain, the schemas' check\n"
    "  oracle depth [FEN] [options]  the knowledge depth of each level, or of one position\n"
    "  proof check FILE             verify a proof that solve --search pn --proof wrote\n"
    "  guide fit [--level N]        refit the searches' learned guide of each level from its depth table\n"
    "  serve [options]              exact answers over HTTP: a tablebase API and a board page\n"
    "  libgen [--only NAME...]      regenerate the chunk libraries into data/\n"
    "  variant GAME perft|solve     pawns-only games: Peasants' Chess, the NxN pawn game (--help)\n"
    "  --version                    print the version\n"
    "\n"
    "Tables and libraries are read from --data and --libraries, else $CHUNKER_DATA, else\n"
    "the data directory of the source tree (man chunker).\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace chunker::cli;
  const std::map<std::string, int (*)(const Args&)> commands = {
      {"perft", perft_command},   {"solve", solve_command}, {"oracle", oracle_command},   {"variant", variant_command},
      {"libgen", libgen_command}, {"table", table_command}, {"inspect", inspect_command}, {"uci", uci_command},
      {"proof", proof_command},   {"serve", serve_command}, {"guide", guide_command},
  };
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h" || std::string(argv[1]) == "help") {
    std::cout << USAGE;
    return argc < 2 ? EXIT_BAD_INPUT : 0;
  }
  if (std::string(argv[1]) == "--version") {
    std::cout << "chunker " CHUNKER_VERSION "\n";
    return 0;
  }
  auto command = commands.find(argv[1]);
  if (command == commands.end()) {
    std::cerr << "chunker: unknown command '" << argv[1] << "' (try 'chunker --help')\n";
    return EXIT_BAD_INPUT;
  }
  try {
    return command->second(Args(argv + 2, argv + argc));
  } catch (const chunker::InputError& e) {
    std::cerr << "chunker " << argv[1] << ": " << e.what() << "\n";
  } catch (const boost::program_options::error& e) {
    std::cerr << "chunker " << argv[1] << ": " << e.what() << "\n";
  } catch (const chunker::TableError& e) {  // a table file found damaged in use (a block of it)
    std::cerr << "chunker " << argv[1] << ": " << e.what() << "\n";
  } catch (const std::exception& e) {  // a fault of the program's own: one line still, not an abort
    std::cerr << "chunker " << argv[1] << ": internal error: " << e.what() << "\n";
    return EXIT_INTERNAL_ERROR;
  }
  return EXIT_BAD_INPUT;
}
