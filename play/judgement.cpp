#include "play/judgement.h"

#include <algorithm>

#include "engine/move_order.h"
#include "engine/peasant/eval.h"
#include "engine/rules.h"
#include "play/evaluation.h"

namespace chunker {

namespace {

// A decided position's score at the root of a judgement: the evaluation's
// largest, so that a decided win counts above every evaluated one and stays
// a heuristic score, never a game value.
constexpr Value DECIDED_SCORE = EVALUATION_BOUND - 1;

}  // namespace

Judge::Judge(const std::vector<const Classifier*>& classifiers, const ChunkLibraries* libraries,
             std::size_t hash_megabytes)
    : classifiers_(classifiers), libraries_(libraries), hash_megabytes_(hash_megabytes), table_(hash_megabytes) {}

std::optional<Value> Judge::score(const Position& pos, int depth, std::uint64_t nodes, const std::atomic<bool>* stop) {
  node_limit_ = nodes_ + nodes;
  stop_ = stop;
  aborted_ = false;
  const Value v = search(pos, 0, std::min(depth, MAX_DEPTH), -VALUE_INFINITE, VALUE_INFINITE);
  if (aborted_) return std::nullopt;
  return is_decisive(v) ? (is_win(v) ? DECIDED_SCORE : -DECIDED_SCORE) : v;
}

Value Judge::evaluation(const Position& pos) const {
  return libraries_ ? evaluate(pos, *libraries_) : peasant_evaluate(pos);
}

Value Judge::search(const Position& pos, int ply, int depth, Value alpha, Value beta) {
  if (aborted_ || nodes_ >= node_limit_ || (stop_ && stop_->load(std::memory_order_relaxed))) {
    aborted_ = true;
    return 0;
  }
  ++nodes_;
  line_[ply] = pos;
  for (int i = ply - 4; i >= 0; i -= 2)
    if (line_[i] == pos) return 0;
  MoveList moves = legal_moves(pos);
  if (const auto over = rule_value(pos, moves)) return *over;
  for (const Classifier* c : classifiers_)
    if (const auto verdict = c->classify(pos)) return *verdict;
  if ((depth <= 0 && pos.promoted == NO_SQUARE) || ply == MAX_PLY) return evaluation(pos);

  const Canonical c = canonical(pos);
  const HashEntry* e = table_.probe(c);
  Move first;
  if (e) {
    first = c.is_mirror ? mirror_move(e->move) : e->move;
    const bool enough =
        e->depth >= depth && (e->bound == Bound::Exact || (e->bound == Bound::Lower && e->value >= beta) ||
                              (e->bound == Bound::Upper && e->value <= alpha));
    if (enough) return e->value;
  }
  order_moves(pos, moves, first, killers_[ply]);
  const Value alpha_start = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move;
  for (Move m : moves) {
    const Value v = from_child(search(make_move(pos, m), ply + 1, depth - 1, to_child(beta), to_child(alpha)));
    if (aborted_) return 0;
    if (v <= best) continue;
    best = v;
    best_move = m;
    alpha = std::max(alpha, v);
    if (alpha >= beta) {
      if (!is_capture(pos, m) && m != killers_[ply][0]) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
      }
      break;
    }
  }
  const Bound bound = best >= beta ? Bound::Lower : best <= alpha_start ? Bound::Upper : Bound::Exact;
  table_.store(c, best, std::max(depth, 0), bound, c.is_mirror ? mirror_move(best_move) : best_move);
  return best;
}

}  // namespace chunker
