// The second search: depth-first proof-number search (df-pn, Nagai 2002)
// through the same Classifier port, move generator and rules as the
// alpha-beta search. It grows the tree where a proof is cheapest (fewest
// leaves still to prove), which suits deep, narrow wins better than
// iterative deepening, which re-searches every shallower limit.
//
// What it proves. A proof that side X wins rests only on game ends (rules.h)
// and classifier verdicts: a node of X's is proven when one move is, a node
// of the other side's when every move is. The value of the root is found by
// two proofs: does the side to move win, and if not, does it lose; where
// neither holds the position is a draw. No distance is proven (classifier
// verdicts have none); the depth reported is that of the proof tree, the
// "(ply)" of Table 4-1 for this search.
// Repetition: a position that repeats one on the current line is no win for
// either side. A disproof that rests on a repetition above the node depends
// on the path and is never stored; a proof never does (a repetition only
// ever disproves).
// Thresholds: the 1+epsilon rule (Pawlewicz and Lew) against endless
// re-expansion of two siblings, its epsilon the guide's (GuideShape).
// Guide (df-pn+, Nagai and Imai): with an estimate of a position (estimate.h:
// the learned guide's, or the chunk evaluation), a node's moves are tried best first for
// the side to move and an unknown child starts with numbers that grow with
// the estimate against the side they ask about; a proof still rests only on
// game ends and verdicts.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/classifier.h"
#include "engine/hash_table.h"
#include "engine/movegen.h"
#include "engine/proof_tree.h"
#include "engine/search.h"

namespace chunker {

struct ProofLimits {
  std::uint64_t node_limit = 10'000'000;  // nodes over both proofs
  std::size_t hash_megabytes = DEFAULT_HASH_MB;
  const std::atomic<bool>* stop = nullptr;         // set by another thread to end the search early
  std::function<Estimate(const Position&)> guide;  // SearchLimits::guide
  GuideShape guide_shape;                          // SearchLimits::guide_shape
  unsigned threads = 1;                            // SearchLimits::threads
};

struct ProofResult {
  Outcome outcome = Outcome::Draw;  // for the side to move
  bool proven = false;
  // Positions examined: every expansion, and every new position the rules
  // and the classifiers were asked about.
  std::uint64_t nodes = 0;
  ProofTree tree;        // the proof of a win or a loss (tree.empty() otherwise)
  std::vector<Move> pv;  // the winner's moves against the longest defence, to a leaf
  // Leaves by what decided them: the rules, each classifier in the order given.
  std::uint64_t rule_terminals = 0;
  std::vector<std::uint64_t> classifier_terminals;
  std::vector<std::string> classifier_names;
  double seconds = 0;
  StopReason stop = StopReason::NodeLimit;
};

ProofResult prove(const Position& root, const ProofLimits& limits,
                  const std::vector<const Classifier*>& classifiers = {});

// The search limits.kind names, its result in the alpha-beta search's form
// (for the proof-number search: exact_ply the proof's depth, no distance).
SearchResult run_search(const Position& root, const SearchLimits& limits,
                        const std::vector<const Classifier*>& classifiers = {});

}  // namespace chunker
