// How the move choice (move_choice.h) judges a move no proof decides outside
// the learned guide's domain: an alpha-beta search a fixed number of plies
// deep whose leaves are the rules' game ends, the classifiers' verdicts (the
// chunk libraries' word) and, where neither decides, the chunk evaluation
// (evaluation.h). The evaluation of the position right after a move sees
// neither the capture that answers it nor the race it starts; a few plies of
// search over the same knowledge do. Its score is a heuristic, never a
// proof: a decided leaf counts as the evaluation's largest score, below every
// game value. A line's repetition scores as a draw; a pending promoted piece
// is always answered (the reply is searched past the depth).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "chunks/chunk_libraries.h"
#include "engine/classifier.h"
#include "engine/hash_table.h"

namespace chunker {

class Judge {
 public:
  // Without `libraries`, Peasant's evaluator judges the leaves.
  Judge(const std::vector<const Classifier*>& classifiers, const ChunkLibraries* libraries, std::size_t hash_megabytes);
  std::size_t hash_megabytes() const { return hash_megabytes_; }
  // The score of `pos` for the side to move, `depth` plies deep (0: the
  // evaluation), |score| < EVALUATION_BOUND; none where `nodes` more nodes
  // did not finish it or `stop` was set first. Positions scored before keep
  // their entries in the hash table.
  std::optional<Value> score(const Position& pos, int depth, std::uint64_t nodes, const std::atomic<bool>* stop);
  std::uint64_t nodes() const { return nodes_; }  // over every call
  // The evaluation of a leaf, uncounted.
  Value evaluation(const Position& pos) const;

  static constexpr int MAX_DEPTH = 60;

 private:
  Value search(const Position& pos, int ply, int depth, Value alpha, Value beta);

  const std::vector<const Classifier*>& classifiers_;
  const ChunkLibraries* libraries_;
  std::size_t hash_megabytes_;
  HashTable table_;
  std::uint64_t nodes_ = 0, node_limit_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool aborted_ = false;
  // The line from the root: a position repeated on it scores as a draw.
  static constexpr int MAX_PLY = 2 * MAX_DEPTH;
  Position line_[MAX_PLY + 1];
  Move killers_[MAX_PLY + 1][2] = {};
};

}  // namespace chunker
