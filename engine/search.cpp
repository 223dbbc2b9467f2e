#include "search.h"

#include <algorithm>
#include <chrono>
#include <climits>

#include "closure.h"
#include "move_order.h"
#include "rules.h"

namespace chunker {

namespace {

// Past the ply limit, checks and pawns about to promote are followed this
// many plies further before the position scores as undecided.
constexpr int QUIESCENCE_PLIES = 16;
constexpr int MAX_SEARCH_PLY = 1024;
constexpr int NO_REPETITION = INT_MAX;

// What a value depended on besides the position: the shallowest line ply
// whose position it found repeated, and whether any leaf was cut off by the
// ply limit. A value with rep_ply >= the node's ply holds wherever the node
// is reached; a complete one holds at any depth.
struct Dependence {
  int rep_ply = NO_REPETITION;
  bool complete = true;
  void add(const Dependence& d) {
    rep_ply = std::min(rep_ply, d.rep_ply);
    complete = complete && d.complete;
  }
};

struct Aborted {};

// A pawn on its seventh rank with its promotion square free: one reason to
// look past the ply limit.
bool pawn_about_to_promote(const Position& pos) {
  Bitboard free = ~pos.occupied();
  return (push(WHITE, pos.pawns[WHITE] & rank_bb(6)) & free) || (push(BLACK, pos.pawns[BLACK] & rank_bb(1)) & free);
}

class Solver {
public:
  explicit Solver(const SearchLimits& limits) : limits_(limits), table_(limits.hash_megabytes) {
    reversible_from_[0] = 0;
  }

  Value search(const Position& pos, int ply, int depth, Value alpha, Value beta, Dependence& dep);
  Move stored_move(const Position& pos) const;
  std::uint64_t nodes = 0;
  bool counting = true;

private:
  SearchLimits limits_;
  HashTable table_;
  Position line_[MAX_SEARCH_PLY + 1];
  Key line_keys_[MAX_SEARCH_PLY + 1];
  int reversible_from_[MAX_SEARCH_PLY + 1];  // first ply of the current run of reversible moves
  Move killers_[MAX_SEARCH_PLY + 1][2] = {};
};

Move Solver::stored_move(const Position& pos) const {
  Canonical c = canonical(pos);
  const HashEntry* e = table_.probe(c);
  if (!e) return Move();
  return c.is_mirror ? mirror_move(e->move) : e->move;
}

Value Solver::search(const Position& pos, int ply, int depth, Value alpha, Value beta, Dependence& dep) {
  if (counting && ++nodes > limits_.node_limit) throw Aborted{};
  dep = Dependence{};
  const Key key = zobrist(pos);
  line_[ply] = pos;
  line_keys_[ply] = key;
  for (int i = ply - 4; i >= reversible_from_[ply]; i -= 2)
    if (line_keys_[i] == key && line_[i] == pos) {
      dep.rep_ply = i;
      return 0;
    }

  MoveList moves = legal_moves(pos);
  if (auto v = rule_value(pos, moves)) return *v;

  if ((depth <= 0 && !pos.in_check() && !pawn_about_to_promote(pos)) || depth <= -QUIESCENCE_PLIES ||
      ply >= MAX_SEARCH_PLY) {
    dep.complete = false;
    return 0;
  }

  const Canonical c = canonical(pos);
  Move tt_move;
  if (const HashEntry* e = table_.probe(c)) {
    tt_move = c.is_mirror ? mirror_move(e->move) : e->move;
    Value v = e->value;
    Bound b = e->bound;
    bool usable = e->depth >= depth;
    // A win found is a true lower bound, a loss a true upper bound, at any depth.
    if (!usable && is_win(v) && b != Bound::Upper) usable = true, b = Bound::Lower;
    if (!usable && is_loss(v) && b != Bound::Lower) usable = true, b = Bound::Upper;
    if (usable && (b == Bound::Exact || (b == Bound::Lower && v >= beta) || (b == Bound::Upper && v <= alpha))) {
      dep.complete = e->depth == DEPTH_PROVEN || (is_win(v) && b == Bound::Lower) || (is_loss(v) && b == Bound::Upper);
      return v;
    }
  }

  order_moves(pos, moves, tt_move, killers_[ply]);
  const Value alpha_start = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move;
  for (Move m : moves) {
    Position child = make_move(pos, m);
    reversible_from_[ply + 1] = is_irreversible(pos, m) ? ply + 1 : reversible_from_[ply];
    Dependence child_dep;
    Value v = from_child(search(child, ply + 1, depth - 1, to_child(beta), to_child(alpha), child_dep));
    dep.add(child_dep);
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) {
          if (!is_capture(pos, m) && m != killers_[ply][0]) {
            killers_[ply][1] = killers_[ply][0];
            killers_[ply][0] = m;
          }
          break;
        }
      }
    }
  }

  Bound bound = best >= beta ? Bound::Lower : best <= alpha_start ? Bound::Upper : Bound::Exact;
  Move stored = c.is_mirror ? mirror_move(best_move) : best_move;
  if (dep.rep_ply >= ply) {
    bool proven = dep.complete || (bound == Bound::Exact && is_decisive(best) && distance_of(best) <= depth);
    table_.store(c, best, proven ? DEPTH_PROVEN : depth, bound, stored);
  } else if (is_win(best) && bound != Bound::Upper) {
    // Leaning on a repetition above only ever hides wins, so a win found
    // anyway is true, at most this far: keep it as a lower bound.
    table_.store(c, best, depth, Bound::Lower, stored);
  } else if (is_loss(best) && bound != Bound::Lower) {
    table_.store(c, best, depth, Bound::Upper, stored);
  }
  return best;
}

}  // namespace

SearchResult solve(const Position& root, const SearchLimits& limits) {
  auto start = std::chrono::steady_clock::now();
  auto solver = std::make_unique<Solver>(limits);
  SearchResult result;
  try {
    for (int limit = 1; limit <= limits.max_ply; ++limit) {
      Dependence dep;
      Value v = solver->search(root, 0, limit, -VALUE_INFINITE, VALUE_INFINITE, dep);
      result.value = v;
      result.completed_ply = limit;
      result.best = solver->stored_move(root);
      bool proven = dep.complete || (is_decisive(v) && distance_of(v) <= limit);
      if (proven) {
        result.proven = true;
        result.proof = Proof::Search;
        result.exact_ply = limit;
        result.distance = is_decisive(v) ? distance_of(v) : 0;
        result.stop = StopReason::Proven;
        break;
      }
    }
  } catch (const Aborted&) {
    result.stop = StopReason::NodeLimit;
  }
  result.nodes = std::min(solver->nodes, limits.node_limit);

  // The principal variation: for a proven win or loss, each move is the best
  // one of a search as deep as the distance left, so the line runs to the end.
  solver->counting = false;
  Position pos = root;
  int remaining = result.proven && is_decisive(result.value) ? result.distance : 0;
  Value expected = result.value;
  for (int i = 0; i < remaining; ++i) {
    if (Move promotion = safe_promotion(pos); !promotion.is_none()) {
      result.pv.push_back(promotion);
      break;
    }
    Dependence dep;
    Value v = solver->search(pos, 0, remaining - i, -VALUE_INFINITE, VALUE_INFINITE, dep);
    Move m = solver->stored_move(pos);
    if (v != expected || m.is_none()) break;
    result.pv.push_back(m);
    pos = make_move(pos, m);
    expected = to_child(expected);
  }
  if (!result.proven && limits.closure_budget > 0) {
    if (auto closure = solve_closure(root, limits.closure_budget)) {
      result.proven = true;
      result.proof = Proof::Exhaustive;
      result.value = closure->value;
      result.distance = is_decisive(closure->value) ? distance_of(closure->value) : 0;
      result.closure_positions = closure->positions;
      result.pv = closure->line;
    }
  }
  if (!result.pv.empty()) result.best = result.pv.front();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace chunker
