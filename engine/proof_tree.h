// A proof that one side wins a position, as the proof-number search
// (proof_search.h) extracts it, and its check. Every node of the winner's
// holds its one move, every node of the loser's all of its moves, every leaf
// what decides it: the rules (rules.h) or a classifier, by name. The proof
// is a graph (transpositions are shared), and checking it needs nothing but
// the rules and the classifiers: it can be checked apart from the search
// that found it (`chunker proof check`), and against the oracle where its
// table is built (play/proof_oracle.h).
//
// File format (text, one node a line, positions found by replaying moves
// from the root, so a position after an unsafe promotion needs no FEN):
//   chunker-proof 1
//   root <FEN>
//   winner white|black
//   <id> move <uci> <child id>
//   <id> every <uci>:<child id> <uci>:<child id> ...
//   <id> leaf <rules | the classifier's name>
// Node 0 is the root; ids are 0..N-1 in any order of lines.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/classifier.h"
#include "engine/movegen.h"

namespace chunker {

struct ProofNode {
  enum class Kind : std::uint8_t { Move, Every, Leaf };
  Kind kind = Kind::Leaf;
  std::vector<std::pair<Move, std::uint32_t>> children;  // Move: one; Every: each legal move
  std::string leaf;                                      // Leaf: "rules" or a classifier's name
};

struct ProofTree {
  Position root;
  Color winner = WHITE;
  std::vector<ProofNode> nodes;  // node 0 is the root
  int depth = 0;                 // plies on the longest path from the root to a leaf
  bool empty() const { return nodes.empty(); }
};

constexpr const char* RULES_LEAF = "rules";

void write_proof(const ProofTree& tree, std::ostream& out);
// Throws InputError naming the line that does not parse.
ProofTree read_proof(std::istream& in);

// What a check found: nothing wrong, or the first position where the proof
// fails and why. `positions` visits every position the proof reaches once,
// in depth-first order from the root, with whether the winner is to move
// (for a check against the oracle).
struct ProofCheck {
  std::optional<std::string> failure;
  std::size_t positions = 0;
  int depth = 0;
};
ProofCheck check_proof(const ProofTree& tree, const std::vector<const Classifier*>& classifiers);
// Every position a proof reaches (node order), found by replaying its moves.
// Throws InputError where a move is not legal or two lines reach one node
// with different positions.
std::vector<Position> proof_positions(const ProofTree& tree);

}  // namespace chunker
