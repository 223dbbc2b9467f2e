// `chunker proof check FILE`: verifies a proof that --search pn wrote
// (engine/proof_tree.h) on its own: every move replayed by the rules, every
// leaf decided by the rules or the named classifier, no cycle; and against
// the oracle where its tables are built.
#include <fstream>
#include <iostream>

#include "cli/options.h"
#include "play/proof_oracle.h"
#include "schemas/schemas.h"

namespace chunker::cli {

int proof_command(const Args& args) {
  po::options_description options("proof options");
  std::string action, file;
  options.add_options()("action", po::value<std::string>(&action)->required(), "check")(
      "file", po::value<std::string>(&file)->required(), "the proof file (chunker solve --search pn --proof FILE)")(
      "level", po::value<int>()->default_value(MAX_LEVEL), "the classifiers a leaf may name: those of this level")(
      "no-oracle", "do not compare with the oracle's tables");
  add_schemas_option(options);
  add_libraries_option(options);
  add_data_option(options);
  po::positional_options_description positional;
  positional.add("action", 1).add("file", 1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker proof check FILE [--level N] [--schemas sound|paper] [--no-oracle]", options,
                  positional, vm))
    return 0;
  if (action != "check") throw InputError("unknown action '" + action + "' (check)");
  const int level = checked<int>(vm, "level", 0, MAX_LEVEL);
  std::ifstream in(file);
  if (!in) throw InputError("cannot read " + file);
  const ProofTree tree = read_proof(in);

  const ChunkLibraries libraries(vm["libraries"].as<std::string>());
  std::vector<std::unique_ptr<Classifier>> owned;
  owned = make_level(level, schema_mode(vm), libraries);
  std::vector<const Classifier*> classifiers;
  for (const auto& c : owned) classifiers.push_back(c.get());

  const ProofCheck check = check_proof(tree, classifiers);
  if (check.failure) {
    std::cout << "proof rejected: " << *check.failure << "\n";
    return 1;
  }
  std::cout << "proof ok: " << (tree.winner == WHITE ? "White" : "Black") << " wins " << to_fen(tree.root) << "; "
            << check.positions << " positions, depth " << check.depth << "\n";
  if (vm.count("no-oracle")) return 0;
  OracleTables oracle(vm["data"].as<std::string>());
  for (const std::string& problem : oracle.load_all()) std::cout << "oracle: " << problem << "\n";
  const ProofOracleCheck agreement = check_proof_against_oracle(tree, oracle);
  if (agreement.failure) {
    std::cout << "proof rejected: " << *agreement.failure << "\n";
    return 1;
  }
  std::cout << "oracle: " << agreement.agreed << " positions of the proof in the domain, each with the proof's value\n";
  return 0;
}

}  // namespace chunker::cli
