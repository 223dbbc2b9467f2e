// The Level-0 solver: negamax alpha-beta with iterative deepening on a ply
// limit, a hash table of whole positions, repetition against the current
// line, quiescence past the limit. Moves are ordered: a move whose position
// the hash table already proves lost for the opponent, the hash move of an
// entry that proves a win or a loss, the killers, then by the guide's
// estimate of the position each move leads to (statically without a guide).
//
// What it proves. Within an iteration of limit L an undecided position at
// the limit scores as a draw for search only. A win or loss the search
// returns is always true (it rests only on terminal positions and on true
// hash entries); its distance is exact once L reaches it. A draw is proven
// only when the whole tree was searched without reaching the limit.
// When search alone cannot prove the value, `chunker solve` asks the exact
// solver (libgen/exact.h), which lies above the engine.
// A classifier's verdict has no distance: a win it decides scores as a win
// at UNKNOWN_DISTANCE plies, which is still a true bound. With classifiers the
// search therefore proves the value only (two null-window tests around the
// draw, is it a win and is it a loss: the first win found at a node settles
// it), and the result says that the distance is not known.
// Hints (Classifier::likely_holds): in a null-window test, at a node of the
// side that only has to avoid losing, a hint that it holds ends the node as
// a draw, unsearched. That only removes the other side's tries to win, so a
// win or loss the search returns still rests on terminal positions and
// verdicts alone; a wrong hint can only hide one. A value that passed a hint
// is never a proven draw, nor stored as one.
// The guide's hint, in the same tests with a guide that tells knowledge
// depths: where the guide expects the side trying to win to need more
// plies than the limit leaves (more still where it doubts that side wins
// at all), the node ends as a draw, unsearched: iterative deepening in the
// manner of IDA*, the guide's depth its estimate of the distance to a
// decided position. A wrong estimate only delays a proof to a later
// iteration; it hides none for good where the limit keeps growing.
// Graph-history interaction: a value that leaned on a repetition of a
// position above the node is never stored, so a repetition draw found on
// one line is never replayed as a fact on another.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/classifier.h"
#include "engine/estimate.h"
#include "engine/hash_table.h"
#include "engine/movegen.h"

namespace chunker {

// Which search answers (proof_search.h's run_search): the alpha-beta search
// below, or the proof-number search.
enum class SearchKind { AlphaBeta, ProofNumber };

// How the proof-number search turns a guide's estimate (estimate.h) into a
// child's initial numbers (proof_search.cpp), and how long it follows one
// child. The estimate's sureness that the attacker wins, that it loses, and
// the rest (a draw, or doubt) weigh these: proving a win it is sure of costs
// that win's knowledge depth over `per_depth` (for a guide that tells depths,
// the learned one), a deeper win costing more; disproving it costs `cap`
// units; proving a win where it is sure of a loss costs `cap`, and where it
// expects a draw `draw` of `cap`, the more so the less it leans to a win: a
// draw is no win, but is told from one less surely than a loss is. A guide
// that gives a score only (the hand-made one) is as sure as its score, in
// units of 20 of it up to `cap`. All of it is scaled by `unit`: the search
// itself adds one for each open sibling and one past the second-best
// sibling, so the larger the unit, the longer the guide's word holds against
// those counts. A child is searched until its number passes the second-best
// sibling's by the share `epsilon` (the 1+epsilon rule), not by one, so that
// two siblings do not take turns one step at a time. The defaults are the
// hand-made guide's (play/evaluation.h), chosen on the default suite at
// Level 5, where other scales and caps did no better (docs/benchmarks.md,
// bench/pn_guide).
struct GuideShape {
  double cap = 8;
  double per_depth = 1;
  double unit = 1;
  double draw = 0;
  double epsilon = 0.25;
};

struct SearchLimits {
  SearchKind kind = SearchKind::AlphaBeta;
  int max_ply = 64;                       // last iteration's ply limit
  std::uint64_t node_limit = 10'000'000;  // nodes over all iterations
  std::size_t hash_megabytes = DEFAULT_HASH_MB;
  // Past the ply limit, follow checks and pawns about to promote (see
  // search.cpp). Off, the search sees exactly the positions within the
  // limit, and takes from its hash table only what was searched with the
  // same number of plies left (a win proven higher in the tree, reused
  // deeper, would carry the proof past the limit): then it proves a value
  // with a limit exactly when the limit is at least the knowledge depth
  // (libgen/knowledge_depth.h).
  bool quiescence = true;
  // Take the classifiers' hints (above). Off, a value the search proves
  // with a ply limit is every value the knowledge proves within it.
  bool hints = true;
  // Set by another thread to end the search early (`chunker uci`'s stop,
  // or its clock); the result is then that of the last completed iteration.
  const std::atomic<bool>* stop = nullptr;
  // Called after each completed iteration with its ply limit, value, nodes
  // so far and best move, so a front end can show progress.
  std::function<void(int ply, Value value, std::uint64_t nodes, Move best)> on_iteration;
  // An estimate for the side to move (estimate.h), never a proof: both
  // searches order a node's moves by it; the proof-number search starts an
  // unknown child's numbers from it (df-pn+); where it tells knowledge
  // depths, the alpha-beta search also takes it as a hint (above: the
  // guide's hint). Empty: no guide. Each thread that asks it (threads,
  // below) asks its own copy: a guide may keep a cache.
  std::function<Estimate(const Position&)> guide;
  GuideShape guide_shape;  // each guide has its own, as measured
  // Threads that make the guide's estimates together (guide_pool.h), the
  // search's own among them; the proof-number search itself is one thread.
  // Its nodes and proof are the same with any number.
  unsigned threads = 1;
};

enum class StopReason { Proven, PlyLimit, NodeLimit, Stopped };
enum class Proof { None, Search, ProofNumber };
struct ProofTree;

struct SearchResult {
  SearchKind kind = SearchKind::AlphaBeta;
  Value value = 0;      // for the side to move; a draw score when unproven
  bool proven = false;  // value (and distance, when decisive) are exact
  Proof proof = Proof::None;
  int distance = 0;   // plies to the end, when proven and decisive
  int exact_ply = 0;  // iteration at which the value became exact (Table 4-1's ply)
  int completed_ply = 0;
  bool distance_known = true;  // false when the value rests on a classifier, which gives none
  Move best;
  std::vector<Move> pv;
  std::uint64_t nodes = 0;
  // Terminal nodes by what ended them: the rules (a game over, a
  // repetition), the hash table, a hint, each classifier in the order given.
  std::uint64_t rule_terminals = 0, hash_terminals = 0, hint_terminals = 0;
  std::vector<std::uint64_t> classifier_terminals;
  std::vector<std::string> classifier_names;
  double seconds = 0;
  StopReason stop = StopReason::PlyLimit;
  // The proof-number search's proof of a win or a loss; exact_ply is then its depth.
  std::shared_ptr<const ProofTree> proof_tree;
  std::size_t proof_positions = 0;
};

// With classifiers (Levels 1-5), each is asked in turn at every node before
// it is expanded; the first answer ends the node.
SearchResult solve(const Position& pos, const SearchLimits& limits,
                   const std::vector<const Classifier*>& classifiers = {});

}  // namespace chunker
