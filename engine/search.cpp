#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <memory>
#include <stdexcept>
#include <unordered_map>

#include "engine/guide_memo.h"
#include "engine/move_order.h"
#include "engine/node_budget.h"
#include "engine/proof_tree.h"
#include "engine/rules.h"
#include "engine/verdict_memo.h"

namespace chunker {

namespace {

// Past the ply limit, checks and pawns about to promote are followed this
// many plies further before the position scores as undecided.
constexpr int QUIESCENCE_PLIES = 16;
constexpr int MAX_SEARCH_PLY = 1024;
constexpr int MAX_CLASSIFIED_LINE = 40;  // plies of line shown for a classified result
// The guide's hint (search.h): a position where the guide's sureness that
// the side trying to win wins is at most DOUBT (of Estimate::SURE) counts
// DOUBT_PLIES deeper than the guide expects. Chosen at Level 5 on Szén with
// either side to move and on 100 positions of a-c vs e-g of knowledge depth
// 10 or more (bench/ab): a doubtful position cut off at once (no extra
// plies) left 6 of those 100 unproven within 10^6 nodes; 4 to 16 extra
// plies proved all 100, 8 with the fewest nodes on Szén.
constexpr int DOUBT = -20, DOUBT_PLIES = 8;

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

// A pawn on its seventh rank with its promotion square free: one reason to
// look past the ply limit.
bool pawn_about_to_promote(const Position& pos) {
  Bitboard free = ~pos.occupied();
  return (push(WHITE, pos.pawns[WHITE] & rank_bb(6)) & free) || (push(BLACK, pos.pawns[BLACK] & rank_bb(1)) & free);
}

class Solver {
 public:
  Solver(const SearchLimits& limits, const std::vector<const Classifier*>& classifiers)
      : classifier_terminals(classifiers.size(), 0),
        limits_(limits),
        table_(limits.hash_megabytes),
        classifiers_(classifiers) {
    reversible_from_[0] = 0;
  }

  Value search(const Position& pos, int ply, int depth, Value alpha, Value beta, Dependence& dep);
  // The outcome of the root within a ply limit, by two null-window tests
  // around the draw: is it a win, and if not, is it a loss? In the win test
  // a draw fails low, so below a move of the loser's that draws the loser
  // stops at once instead of hunting for a win of its own; the loss test
  // mirrors it. A win test that fails low with a loss has proven the loss
  // (a decisive bound rests only on decided positions), so the loss test
  // runs only when it returned a draw. `dep` covers both.
  Value outcome(const Position& root, int limit, Dependence& dep) {
    const Value win_test = search(root, 0, limit, 0, DECISIVE, dep);
    if (is_decisive(win_test)) return win_test;
    Dependence loss_dep;
    const Value loss_test = search(root, 0, limit, -DECISIVE, 0, loss_dep);
    dep.add(loss_dep);
    return is_loss(loss_test) ? loss_test : 0;
  }
  Move stored_move(const Position& pos) const;
  // The proof of the root's proven win or loss (proof_tree.h); empty where
  // none is found within the effort allowed.
  ProofTree proof(const Position& root, Color winner, int limit);
  // What the rules, the first classifier that answers, or a decisive bound
  // in the hash table prove about a position, uncounted.
  std::optional<Value> proven(const Position& pos) const {
    if (auto v = rule_value(pos, legal_moves(pos))) return v;
    if (const Classified c = verdicts_.classify(pos, zobrist(pos)); c.decided()) return c.value;
    const HashEntry* e = table_.probe(canonical(pos));
    if (e && proves_decisive(e->value, e->bound)) return Value(e->value);
    return std::nullopt;
  }
  // The moves of a position of the winner's whose positions the rules, a
  // classifier or an entry prove lost for the opponent: the quickest loss
  // first where the values tell distances, else in the search's order.
  // Along the quickest losses the distance falls at every move, so a proof
  // read back by them meets no cycle.
  MoveList proven_wins(const Position& pos, MoveList moves) const {
    const Move no_killers[2] = {};
    order_moves(pos, moves, stored_move(pos), no_killers);
    std::pair<Value, Move> found[MoveList::CAPACITY];
    int n = 0;
    for (Move m : moves) {
      const auto v = proven(make_move(pos, m));
      if (v && is_loss(*v)) found[n++] = {*v, m};
    }
    std::stable_sort(found, found + n, [](const auto& a, const auto& b) { return a.first < b.first; });
    MoveList wins;
    for (int i = 0; i < n; ++i) wins.add(found[i].second);
    return wins;
  }
  // Searches the positions a winner's moves lead to, `limit` plies deep,
  // each of them (the first lost may be a slower win that leads back to the
  // path); whether one is lost.
  bool prove_a_loss(const Position& pos, const MoveList& moves, int limit) {
    bool lost = false;
    for (Move m : moves) {
      const Position child = make_move(pos, m);
      Dependence dep;
      line_keys_[0] = zobrist(child);
      line_[0] = child;
      reversible_from_[0] = 0;
      lost = is_loss(search(child, 0, limit, -DECISIVE, 0, dep)) || lost;
    }
    return lost;
  }
  bool holds(const Position& pos) const {
    return std::any_of(classifiers_.begin(), classifiers_.end(),
                       [&](const Classifier* c) { return c->likely_holds(pos); });
  }
  // The guide's estimate of a position, from the memo where it is there.
  Estimate estimate(const Position& pos) { return estimate(canonical(pos)); }
  Estimate estimate(const Canonical& c) {
    if (const Estimate* known = memo_.find(c.key)) return *known;
    const Estimate e = limits_.guide(c.pos);
    memo_.store(c.key, e);
    return e;
  }
  // The guide's hint (search.h): in a null-window test around the draw,
  // whether the guide expects the side trying to win to need more plies
  // than `depth` leaves.
  bool beyond_guide_depth(const Position& pos, int depth, Value alpha, Value beta) {
    const bool winner_moves = alpha == 0 && beta == DECISIVE;
    if (!winner_moves && !(alpha == -DECISIVE && beta == 0)) return false;
    const Estimate e = estimate(pos);
    if (!e.tells_depth()) return false;
    const int sure = winner_moves ? e.outcome : -e.outcome;
    return e.depth + (sure > DOUBT ? 0 : DOUBT_PLIES) > depth;
  }
  // The killers, then the others by the guide's estimate of the position
  // each leads to (the lower for the opponent, the better), after `first`;
  // where the guide tells no depths (the hand-made one), the static order
  // stays: by the chunk evaluation, Szen at Level 5 took more than 10^6
  // nodes, against 305,612 in the static order. Sorts [from, to) of a list
  // that order_moves has put in the static order, stably.
  class Children;
  void order_by_guide(const Children& children, Move* from, Move* to, Move first, const Move (&killers)[2]) {
    int keys[MoveList::CAPACITY];
    const int n = int(to - from);
    for (int i = 0; i < n; ++i) {
      const Move m = from[i];
      const Estimate e = estimate(children[m]);
      if (!e.tells_depth()) return;
      keys[i] = m == first ? GUIDED_FIRST : m == killers[0] || m == killers[1] ? GUIDED_KILLER - e.score : -e.score;
    }
    // A stable insertion sort: lists are short, and equal keys keep the static order.
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && keys[j] > keys[j - 1]; --j) {
        std::swap(keys[j], keys[j - 1]);
        std::swap(from[j], from[j - 1]);
      }
  }
  // Whether the hash table proves a move's position (canonical) lost for the
  // opponent, at least by `beta`.
  bool proven_cut(const Canonical& child, Value beta) const {
    const HashEntry* e = table_.probe(child);
    return e && is_loss(e->value) && proves_decisive(e->value, e->bound) && from_child(e->value) >= beta;
  }
  // The canonical positions a node's moves lead to, made once for the hash
  // table's proven cuts and the guide's estimates, their entries in the
  // table and the memo asked of the processor together, so that the misses
  // overlap.
  class Children {
   public:
    Children(const Solver& solver, const Position& pos, const MoveList& moves) : size_(moves.size) {
      for (int i = 0; i < size_; ++i) {
        moves_[i] = moves.moves[i];
        std::construct_at(&positions_[i], canonical(make_move(pos, moves_[i])));
        solver.table_.prefetch(positions_[i].key);
        if (solver.limits_.guide) solver.memo_.prefetch(positions_[i].key);
      }
    }
    // The canonical position of one of the node's moves.
    const Canonical& operator[](Move m) const { return positions_[std::find(moves_, moves_ + size_, m) - moves_]; }

   private:
    int size_;
    Move moves_[MoveList::CAPACITY];
    // In a union, so that only the node's own moves' places are made: a
    // node has few of the list's places.
    union {
      Canonical positions_[MoveList::CAPACITY];
    };
  };
  // The moves of a node in the order search() takes them, a stage at a
  // time: `first` and the killers, by the guide, then the others, by the
  // guide too, only once the first have not cut off (most cut-offs come
  // from a killer, and an estimate costs more than a node). A move whose
  // position the hash table already proves lost for the opponent goes first
  // (an enhanced transposition cutoff: only a probe, and the position then
  // costs one node). The order is that of sorting all the moves at once.
  class Order {
   public:
    Order(Solver& solver, const Position& pos, MoveList& moves, Move first, const Move (&killers)[2], Value beta)
        : solver_(solver),
          moves_(moves),
          children_(solver, pos, moves),
          first_(first),
          killers_{killers[0], killers[1]} {
      order_moves(pos, moves, first, killers);
      // A guide that tells no depths (the hand-made one) leaves the static order.
      sorted_ = !solver.limits_.guide || !solver.estimate(pos).tells_depth();
      rest_ = sorted_ ? moves.size : favour(moves, first, killers);
      if (!sorted_) solver.order_by_guide(children_, moves.begin(), moves.begin() + rest_, first, killers);
      // The first proven cut in the whole order: among the favoured, else
      // among the others, which are sorted for it only where two are.
      int cut = -1, cuts = 0;
      for (int i = 0; i < moves.size && cut < 0; ++i)
        if (solver.proven_cut(children_[moves.moves[i]], beta)) cut = i;
      for (int i = cut + 1; i < moves.size && cut >= rest_; ++i)
        cuts += solver.proven_cut(children_[moves.moves[i]], beta);
      if (cut >= rest_ && cuts > 0) {
        sort_rest();
        cut = rest_;
        while (!solver.proven_cut(children_[moves.moves[cut]], beta)) ++cut;
      }
      if (cut < 0) return;
      std::rotate(moves.moves, moves.moves + cut, moves.moves + cut + 1);
      if (cut >= rest_) ++rest_;
    }
    // Sorts the others where the search reaches them.
    Move operator[](int i) {
      if (i == rest_) sort_rest();
      return moves_.moves[i];
    }

   private:
    void sort_rest() {
      if (!sorted_) solver_.order_by_guide(children_, moves_.begin() + rest_, moves_.end(), first_, killers_);
      sorted_ = true;
    }
    // Puts `first` and the killers before the others, each part in the
    // order it had; where the others start.
    static int favour(MoveList& moves, Move first, const Move (&killers)[2]) {
      Move others[MoveList::CAPACITY];
      int favoured = 0, n = 0;
      for (int i = 0; i < moves.size; ++i) {
        const Move m = moves.moves[i];
        if (m == first || m == killers[0] || m == killers[1])
          moves.moves[favoured++] = m;
        else
          others[n++] = m;
      }
      std::copy(others, others + n, moves.moves + favoured);
      return favoured;
    }
    Solver& solver_;
    MoveList& moves_;
    Children children_;
    Move first_;
    Move killers_[2];
    int rest_;     // where the others start
    bool sorted_;  // whether they are in order
  };
  bool counting = true;
  std::uint64_t nodes = 0, rule_terminals = 0, hash_terminals = 0, hint_terminals = 0;
  // Classified wins and losses without a distance: a search that met one
  // may have been kept from a shorter line through it, so no distance it
  // finds afterwards is known to be exact (the hash table remembers them too).
  std::uint64_t inexact_terminals = 0;
  std::vector<std::uint64_t> classifier_terminals;  // per classifier

 private:
  SearchLimits limits_;
  HashTable table_;
  const std::vector<const Classifier*>& classifiers_;
  GuideMemo memo_{bool(limits_.guide)};
  VerdictMemo verdicts_{classifiers_};
  // Keys of order_by_guide above any guide's score (|score| < 2^15).
  static constexpr int GUIDED_KILLER = 1 << 16, GUIDED_FIRST = 1 << 20;
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

// The proof from the hash table, uncounted: at a position of the winner's,
// the move the search stored where it leads to a proof, else the first move
// of proven_wins that does; at a position of the loser's, every move. The
// stored move is the proof the search found; proven_wins asks every move's
// position, which costs more than most searches. Where the table has lost
// what proved a position of the winner's (an entry replaced, or overwritten
// by a bound that proves nothing), its moves' positions are searched again
// with the limit that proved the root. A move back to a
// position on the path is never taken (a cycle proves nothing), so a
// position can fail on one path and hold on another: only a failure that
// met no such move is remembered. The effort is bounded: past
// PROOF_EFFORT_PER_NODE positions built for each node the search counted,
// no proof.
ProofTree Solver::proof(const Position& root, Color winner, int limit) {
  constexpr std::uint64_t PROOF_EFFORT_PER_NODE = 4, PROOF_EFFORT_LEAST = 100'000;
  enum class State : std::uint8_t { OnPath, Proven, Failed };
  struct Built {
    Position pos;
    std::uint32_t id;  // in tree.nodes, where proven
    State state;
  };
  ProofTree tree;
  tree.root = root;
  tree.winner = winner;
  std::vector<Built> built;
  std::unordered_multimap<Key, std::size_t> by_key;  // into built
  std::uint64_t effort = std::max(PROOF_EFFORT_LEAST, PROOF_EFFORT_PER_NODE * nodes);
  const bool was_counting = counting;
  counting = false;
  auto wins = [&](const Position& pos, Value v) { return pos.side == winner ? is_win(v) : is_loss(v); };
  // The node of `pos` in tree.nodes, or nullopt; `cut` is set where a move
  // back to the path was refused on the way.
  auto build = [&](auto&& self, const Position& pos, bool& cut) -> std::optional<std::uint32_t> {
    const Key key = zobrist(pos);
    for (auto [at, end] = by_key.equal_range(key); at != end; ++at) {
      const Built& b = built[at->second];
      if (!(b.pos == pos)) continue;
      if (b.state == State::OnPath) cut = true;
      if (b.state == State::Proven) return b.id;
      return std::nullopt;
    }
    if (effort-- == 0) return std::nullopt;
    const std::size_t self_at = built.size();
    built.push_back({pos, 0, State::OnPath});
    by_key.emplace(key, self_at);
    ProofNode node;
    MoveList moves = legal_moves(pos);
    std::optional<Value> decided = rule_value(pos, moves);
    node.leaf = RULES_LEAF;
    if (!decided)
      if (const Classified c = verdicts_.classify(pos, key); c.decided()) {
        decided = c.value;
        node.leaf = classifiers_[std::size_t(c.classifier)]->name();
      }
    bool done = false, met_cut = false;
    if (decided) {
      done = wins(pos, *decided);
    } else if (pos.side == winner) {
      node.kind = ProofNode::Kind::Move;
      const Move stored = stored_move(pos);
      MoveList stored_only;
      if (!stored.is_none()) stored_only.add(stored);
      const auto proves = [&](Move m) {
        const auto id = self(self, make_move(pos, m), met_cut);
        if (id) node.children = {{m, *id}};
        return id.has_value();
      };
      // The stored move, then every proven win. Where none leads to a proof
      // (the table lost what proved one), the stored move's position is
      // searched again, then every move's (the position's own entry would
      // answer for it at once).
      for (int attempt = 0; attempt < 3 && !done; ++attempt) {
        if (attempt == 1 && !prove_a_loss(pos, stored_only, limit)) continue;
        if (attempt == 2 && !prove_a_loss(pos, moves, limit)) break;
        if (const auto v = stored.is_none() ? std::nullopt : proven(make_move(pos, stored)); v && is_loss(*v))
          done = proves(stored);
        for (Move m : done ? MoveList() : proven_wins(pos, moves))
          if ((done = proves(m))) break;
      }
    } else {
      node.kind = ProofNode::Kind::Every;
      done = true;
      for (Move m : moves) {
        const auto id = self(self, make_move(pos, m), met_cut);
        if (!id) {
          done = false;
          break;
        }
        node.children.push_back({m, *id});
      }
    }
    cut = cut || met_cut;
    Built& b = built[self_at];
    if (!done) {
      // Failed for good only where no cycle was refused below: else forget
      // it, so another path may prove it.
      if (met_cut)
        for (auto [at, end] = by_key.equal_range(key); at != end; ++at)
          if (at->second == self_at) {
            by_key.erase(at);
            break;
          }
      b.state = State::Failed;
      return std::nullopt;
    }
    if (!decided) node.leaf.clear();
    b.state = State::Proven;
    b.id = std::uint32_t(tree.nodes.size());
    tree.nodes.push_back(std::move(node));
    return b.id;
  };
  bool cut = false;
  const auto root_id = build(build, root, cut);
  counting = was_counting;
  if (!root_id) return {};
  // The root first (node 0), as the proof's format has it.
  std::vector<std::uint32_t> renumber(tree.nodes.size());
  for (std::uint32_t i = 0; i < renumber.size(); ++i) renumber[i] = i == *root_id ? 0 : i < *root_id ? i + 1 : i;
  std::vector<ProofNode> nodes(tree.nodes.size());
  for (std::uint32_t i = 0; i < renumber.size(); ++i) {
    for (auto& [m, child] : tree.nodes[i].children) child = renumber[child];
    nodes[renumber[i]] = std::move(tree.nodes[i]);
  }
  tree.nodes = std::move(nodes);
  return tree;
}

Value Solver::search(const Position& pos, int ply, int depth, Value alpha, Value beta, Dependence& dep) {
  if (counting) count_node(nodes, limits_.node_limit, limits_.stop);
  dep = Dependence{};
  const Key key = zobrist(pos);
  line_[ply] = pos;
  line_keys_[ply] = key;
  for (int i = ply - 4; i >= reversible_from_[ply]; i -= 2)
    if (line_keys_[i] == key && line_[i] == pos) {
      dep.rep_ply = i;
      rule_terminals += counting;
      return 0;
    }

  MoveList moves = legal_moves(pos);
  if (auto v = rule_value(pos, moves)) {
    rule_terminals += counting;
    return *v;
  }
  if (const Classified verdict = verdicts_.classify(pos, key); verdict.decided()) {
    classifier_terminals[std::size_t(verdict.classifier)] += counting;
    if (is_decisive(verdict.value) && distance_of(verdict.value) >= UNKNOWN_DISTANCE) ++inexact_terminals;
    return verdict.value;
  }

  if ((depth <= 0 && (!limits_.quiescence || (!pos.in_check() && !pawn_about_to_promote(pos)))) ||
      depth <= -QUIESCENCE_PLIES || ply >= MAX_SEARCH_PLY) {
    dep.complete = false;
    return 0;
  }

  const Canonical c = canonical(pos);
  Move tt_move;
  if (const HashEntry* e = table_.probe(c)) {
    Value v = e->value;
    Bound b = e->bound;
    // The hash move goes first only where its entry proves a win or a loss.
    // A move that only held the draw at a smaller ply limit is no guide
    // deeper, where the killers order better.
    if (proves_decisive(v, b)) tt_move = c.is_mirror ? mirror_move(e->move) : e->move;
    bool usable = limits_.quiescence ? e->depth >= depth : e->depth == depth;
    // A win found is a true lower bound, a loss a true upper bound, at any depth.
    if (limits_.quiescence && !usable && proves_decisive(v, b))
      usable = true, b = is_win(v) ? Bound::Lower : Bound::Upper;
    if (usable && (b == Bound::Exact || (b == Bound::Lower && v >= beta) || (b == Bound::Upper && v <= alpha))) {
      dep.complete = e->depth == DEPTH_PROVEN || (is_win(v) && b == Bound::Lower) || (is_loss(v) && b == Bound::Upper);
      hash_terminals += counting;
      return v;
    }
  }

  // The side that only has to avoid losing (the null window below the draw),
  // where a hint says it holds, or where the guide expects the win to take
  // longer than the limit allows: a draw for this search, unsearched.
  if (limits_.hints && ply > 0 &&
      ((alpha == -DECISIVE && beta == 0 && holds(pos)) ||
       (limits_.guide && beyond_guide_depth(pos, depth, alpha, beta)))) {
    dep.complete = false;
    hint_terminals += counting;
    return 0;
  }

  Order order(*this, pos, moves, tt_move, killers_[ply], beta);
  const Value alpha_start = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move;
  for (int i = 0; i < moves.size; ++i) {
    const Move m = order[i];
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

SearchResult solve(const Position& root, const SearchLimits& limits,
                   const std::vector<const Classifier*>& classifiers) {
  auto start = std::chrono::steady_clock::now();
  auto solver = std::make_unique<Solver>(limits, classifiers);
  SearchResult result;
  // With classifiers, whose verdicts have no distance, the search proves the
  // outcome only (Solver::outcome): the first win found at a node settles it
  // instead of the search hunting a shorter one.
  const bool value_only = !classifiers.empty();
  try {
    for (int limit = 1; limit <= limits.max_ply; ++limit) {
      Dependence dep;
      const Value v = value_only ? solver->outcome(root, limit, dep)
                                 : solver->search(root, 0, limit, -VALUE_INFINITE, VALUE_INFINITE, dep);
      result.value = v;
      result.completed_ply = limit;
      result.best = solver->stored_move(root);
      if (limits.on_iteration) limits.on_iteration(limit, v, solver->nodes, result.best);
      // A classified win or loss is proven at once; its distance is not known.
      const bool classified =
          is_decisive(v) && (value_only || distance_of(v) >= UNKNOWN_DISTANCE || solver->inexact_terminals > 0);
      bool proven = dep.complete || (is_decisive(v) && (distance_of(v) <= limit || classified));
      if (proven) {
        result.proven = true;
        result.proof = Proof::Search;
        result.exact_ply = limit;
        result.distance_known = !classified;
        result.distance = is_decisive(v) && !classified ? distance_of(v) : 0;
        result.stop = StopReason::Proven;
        break;
      }
    }
  } catch (const NodeLimitReached&) {
    result.stop = StopReason::NodeLimit;
  } catch (const StopRequested&) {
    result.stop = StopReason::Stopped;
  }
  result.nodes = std::min(solver->nodes, limits.node_limit);
  result.rule_terminals = solver->rule_terminals;
  result.hash_terminals = solver->hash_terminals;
  result.hint_terminals = solver->hint_terminals;
  result.classifier_terminals = solver->classifier_terminals;
  for (const Classifier* c : classifiers) result.classifier_names.push_back(c->name());

  // The proof of a win or a loss, checked as `chunker proof check` would.
  if (result.proven && is_decisive(result.value)) {
    ProofTree tree = solver->proof(root, is_win(result.value) ? root.side : ~root.side, result.exact_ply);
    if (!tree.empty()) {
      const ProofCheck check = check_proof(tree, classifiers);
      if (check.failure) throw std::logic_error("alpha-beta search: its own proof fails: " + *check.failure);
      tree.depth = check.depth;
      result.proof_positions = tree.nodes.size();
      result.proof_tree = std::make_shared<const ProofTree>(std::move(tree));
    }
  }

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
  // A classified result: from the root on, a move to a position whose
  // outcome is proven the same way (by the rules, a classifier, or a decisive
  // bound in the hash table), the hash table's move first, then captures,
  // promotions and pawn moves (so that the line makes progress), until the
  // game ends, nothing proven follows, or a position would repeat. (The
  // hash move alone is not enough: a null-window search keeps a move that
  // merely drew where the draw settled the node.)
  Outcome outcome = outcome_of(result.value);
  std::vector<Position> line{pos};
  for (int i = 0; result.proven && !result.distance_known && i < MAX_CLASSIFIED_LINE; ++i) {
    MoveList moves = legal_moves(pos);
    if (rule_value(pos, moves)) {
      if (Move promotion = safe_promotion(pos); !promotion.is_none()) result.pv.push_back(promotion);
      break;
    }
    const Move no_killers[2] = {};
    order_moves(pos, moves, solver->stored_move(pos), no_killers);
    Move m;
    for (Move candidate : moves) {
      const auto v = solver->proven(make_move(pos, candidate));
      if (v && outcome_of(from_child(*v)) == outcome) {
        m = candidate;
        break;
      }
    }
    if (m.is_none()) break;
    const Position next = make_move(pos, m);
    if (std::find(line.begin(), line.end(), next) != line.end()) break;
    result.pv.push_back(m);
    line.push_back(pos = next);
    outcome = Outcome(-int(outcome));
  }
  if (!result.pv.empty()) result.best = result.pv.front();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace chunker
