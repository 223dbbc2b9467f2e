#include "engine/proof_search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <memory>
#include <new>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <unordered_map>

#include "engine/guide_memo.h"
#include "engine/guide_pool.h"
#include "engine/move_order.h"
#include "engine/node_budget.h"
#include "engine/rules.h"
#include "engine/zeroed_memory.h"

namespace chunker {

namespace {

using Number = std::uint32_t;  // a proof or disproof number
constexpr Number INF = 1u << 30;
constexpr int MAX_PROOF_PLY = 1024;
constexpr int EXTRACT_ATTEMPTS = 8;
// A guide's score as sureness (GuideShape, search.h): this much of it is one unit.
constexpr double SCORE_PER_UNIT = 20;

Number add(Number a, Number b) { return std::min<Number>(INF, a + b); }

// What decided a position (Prover::Verdict::source): the rules, a classifier's index, or nothing.
constexpr int RULES_SOURCE = -1, UNDECIDED = -2;

// A node's numbers, for proving that the attacker wins. `rep_ply`: for a
// disproven one, the shallowest line ply whose position the disproof found
// repeated; `source`: for a position decided without its moves, what
// decided it, so that a proof's leaves need not be asked again.
struct Numbers {
  Number pn = 1, dn = 1;
  int rep_ply = NO_REPETITION;
  int source = UNDECIDED;
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
};

// An unknown child's numbers from the guide's estimate for the attacker
// (GuideShape, search.h): `win` and `loss` its sureness of either (the
// outcome where the guide tells one, else the score), the rest a draw or
// doubt.
Numbers guided_numbers(Estimate e, const GuideShape& shape) {
  const double sure = e.tells_depth() ? double(e.outcome) / Estimate::SURE
                                      : std::clamp(e.score / SCORE_PER_UNIT, -shape.cap, shape.cap) / shape.cap;
  const double win = std::max(0.0, sure), loss = std::max(0.0, -sure), rest = 1 - win - loss;
  const double depth = e.tells_depth() ? e.depth / shape.per_depth : 0;
  const double pn = 1 + win * depth + (1 - win) * shape.cap * (loss + rest * shape.draw);
  const double dn = 1 + win * shape.cap + loss * depth;
  return Numbers{Number(shape.unit * pn), Number(shape.unit * dn)};
}

// The table of whole positions (mirror-canonical), as the alpha-beta
// search's: a collision never hands one position another's numbers. A
// position has two buckets of BUCKET entries (one from each half of its
// key), and goes to the one with room: with two choices a bucket is seldom
// full before most of the table is used.
// It starts small and doubles, up to its megabytes, whenever a new position
// finds both buckets full: until then nothing is replaced, so it holds what
// a table of its full size would, while a short proof touches a huge page or
// two, not every page of the full size (probes at random fault them all in,
// at a cost above the search's own). At its full size a new position
// replaces the one of the two buckets whose numbers cost the least work to
// find again. An empty entry has work 0.
class ProofTable {
 public:
  explicit ProofTable(std::size_t megabytes)
      : max_size_(std::max<std::size_t>(BUCKET, std::bit_floor(megabytes * 1024 * 1024 / sizeof(Entry)))),
        size_(std::min(max_size_, INITIAL_SIZE)),
        entries_(zeroed<Entry>(size_)) {}
  // Asks the processor to fetch the buckets of `key`, which a probe reads soon.
  void prefetch(Key key) const {
    for (const Entry* bucket : buckets_of(key)) {
      const char* bytes = reinterpret_cast<const char*>(bucket);
      for (std::size_t at = 0; at < BUCKET * sizeof(Entry); at += CACHE_LINE) __builtin_prefetch(bytes + at);
    }
  }
  const Numbers* probe(const Canonical& c) const {
    const Entry* found = find(c.pos, c.key);
    return found ? &found->numbers : nullptr;
  }
  void erase(const Canonical& c) {
    if (Entry* found = find(c.pos, c.key)) found->work = 0;
  }
  void store(const Canonical& c, const Numbers& n, std::uint64_t work) {
    const Entry entry{c.pos, n, std::max<std::uint64_t>(work, 1)};
    if (Entry* found = find(c.pos, c.key)) {
      *found = entry;
      return;
    }
    while (!place(entry, c.key, size_ == max_size_)) grow();
  }

 private:
  static constexpr int BUCKET = 4;
  static constexpr std::size_t CACHE_LINE = 64;
  // Entries: each growth zeroes a new table and moves every entry, so the
  // table starts at a size a search of tens of thousands of nodes needs.
  static constexpr std::size_t INITIAL_SIZE = std::size_t(1) << 16;
  struct Entry {
    Position pos;
    Numbers numbers;
    std::uint64_t work = 0;  // nodes spent on the position's numbers; 0: empty
  };
  std::array<Entry*, 2> buckets_of(Key key) const {
    return {&entries_[(key * BUCKET) & (size_ - 1)], &entries_[((key >> 32) * BUCKET) & (size_ - 1)]};
  }
  Entry* find(const Position& pos, Key key) const {
    for (Entry* bucket : buckets_of(key))
      for (int i = 0; i < BUCKET; ++i)
        if (bucket[i].work && bucket[i].pos == pos) return &bucket[i];
    return nullptr;
  }
  // Puts a new position in an empty slot of its buckets, or where `replace`
  // in the slot of least work; false when it found no room.
  bool place(const Entry& entry, Key key, bool replace) {
    Entry* slot = nullptr;
    for (Entry* bucket : buckets_of(key))
      for (int i = 0; i < BUCKET; ++i)
        if (!slot || bucket[i].work < slot->work) slot = &bucket[i];
    if (slot->work && !replace) return false;
    *slot = entry;
    return true;
  }
  // Every entry moved to a table twice the size; one that finds no room
  // there (rare) doubles it again.
  void grow() {
    const Zeroed<Entry> old = std::move(entries_);
    const std::size_t old_size = size_;
    for (bool moved = false; !moved;) {
      size_ *= 2;
      entries_ = zeroed<Entry>(size_);
      moved = true;
      for (std::size_t i = 0; i < old_size && moved; ++i)
        if (old[i].work) moved = place(old[i], zobrist(old[i].pos), size_ == max_size_);
    }
  }
  std::size_t max_size_, size_;
  Zeroed<Entry> entries_;
};

class Prover {
 public:
  Prover(const ProofLimits& limits, const std::vector<const Classifier*>& classifiers, Color attacker,
         std::uint64_t& nodes, std::vector<std::uint64_t>& classifier_terminals, std::uint64_t& rule_terminals)
      : limits_(limits),
        classifiers_(classifiers),
        attacker_(attacker),
        table_(limits.hash_megabytes),
        nodes_(nodes),
        classifier_terminals_(classifier_terminals),
        rule_terminals_(rule_terminals) {}

  Numbers run(const Position& root) {
    line_keys_[0] = canonical(root).key;
    reversible_from_[0] = 0;
    return mid(root, 0, INF, INF);
  }
  // The proof of a proven root; a few attempts where the table's proven
  // marks lean on each other in a cycle.
  ProofTree extract(const Position& root, int attempts_left = EXTRACT_ATTEMPTS);

 private:
  // What decides a position: the rules (RULES_SOURCE) or the first
  // classifier that answers (its index), and whether that is a win for the
  // attacker.
  struct Verdict {
    int source;
    bool win;
  };
  std::optional<Verdict> verdict(const Position& pos, const MoveList& moves) const {
    std::optional<Value> v = rule_value(pos, moves);
    int source = RULES_SOURCE;
    for (std::size_t i = 0; !v && i < classifiers_.size(); ++i)
      if ((v = classifiers_[i]->classify(pos))) source = int(i);
    return as_verdict(pos, v, source);
  }
  // The verdict of `source` alone, which decided the position or its mirror
  // image in the search: most leaves are decided by the last classifiers,
  // and asking the others again was much of a proof's extraction. Where it
  // does not decide this position after all, the verdict of all.
  std::optional<Verdict> verdict_of(const Position& pos, int source) const {
    const std::optional<Value> v =
        source == RULES_SOURCE ? rule_value(pos, legal_moves(pos)) : classifiers_[std::size_t(source)]->classify(pos);
    return v ? as_verdict(pos, v, source) : verdict(pos, legal_moves(pos));
  }
  std::optional<Verdict> as_verdict(const Position& pos, std::optional<Value> v, int source) const {
    if (!v) return std::nullopt;
    return Verdict{source, pos.side == attacker_ ? is_win(*v) : is_loss(*v)};
  }
  // The verdict as numbers, counted among the leaves of its source.
  std::optional<Numbers> decided(const Position& pos, const MoveList& moves) {
    const auto v = verdict(pos, moves);
    if (!v) return std::nullopt;
    ++(v->source == RULES_SOURCE ? rule_terminals_ : classifier_terminals_[std::size_t(v->source)]);
    return v->win ? Numbers{0, INF, NO_REPETITION, v->source} : Numbers{INF, 0, NO_REPETITION, v->source};
  }
  // A verdict's source (Verdict::source) as a proof names it: the rules or the classifier.
  std::string leaf_name(int source) const {
    return source == RULES_SOURCE ? std::string(RULES_LEAF) : classifiers_[std::size_t(source)]->name();
  }

  struct Child {
    Move move;
    Position pos;
    Canonical canon;
    Numbers numbers;
    Estimate guess;  // the guide's estimate, for the attacker
    // Whether the position was expanded before (its numbers from the table
    // or from its own search), so that nothing decides it: a decided
    // position's numbers are a proof or a disproof, and it is never entered.
    bool expanded;
  };
  // A node's children, left uninitialised as MoveList's moves: only the
  // first of them are ever made, and initialising all of them at every
  // expansion cost a good part of it.
  struct Children {
    union {
      Child at[MoveList::CAPACITY];
    };
    Children() {}
  };

  // The guide's estimates of a node's children, for the attacker: those the
  // memo holds at once, the others begun (GuidePool) and then taken.
  struct Guesses {
    const Position* asked[MoveList::CAPACITY];
    Child* asked_for[MoveList::CAPACITY];
    int count = 0;
  };
  void begin_guesses(Child* children, int n, Guesses& g) {
    for (int i = 0; i < n; ++i) {
      Child& c = children[i];
      if (const Estimate* known = guide_memo_.find(c.canon.key)) {
        c.guess = for_attacker(c.canon.pos, *known);
      } else {
        g.asked[g.count] = &c.canon.pos;
        g.asked_for[g.count++] = &c;
      }
    }
    guide_->begin(g.asked, g.count);
  }
  void finish_guesses(const Guesses& g) {
    Estimate answers[MoveList::CAPACITY];
    guide_->finish(answers);
    for (int j = 0; j < g.count; ++j) {
      Child& c = *g.asked_for[j];
      guide_memo_.store(c.canon.key, answers[j]);
      c.guess = for_attacker(c.canon.pos, answers[j]);
    }
  }
  Estimate for_attacker(const Position& pos, Estimate e) const { return pos.side == attacker_ ? e : flipped(e); }

  // The numbers a child starts with: a repetition of the line (no win for
  // either side), the table's, or unknown: (1, 1), or from the guide's estimate.
  // `expanded`: whether they are the table's.
  Numbers child_numbers(const Canonical& c, int ply, bool irreversible, Estimate guess, bool& expanded) {
    const Key key = c.key;  // the line holds canonical positions
    line_keys_[ply] = key;
    reversible_from_[ply] = irreversible ? ply : reversible_from_[ply - 1];
    expanded = false;
    for (int i = ply - 4; i >= reversible_from_[ply]; i -= 2)
      if (line_keys_[i] == key && line_[i] == c.pos) return Numbers{INF, 0, i};
    if (const Numbers* n = table_.probe(c)) {
      expanded = true;
      return *n;
    }
    if (!limits_.guide) return Numbers{};
    return guided_numbers(guess, limits_.guide_shape);
  }

  void count() { count_node(nodes_, limits_.node_limit, limits_.stop); }

  // A node's children: made, their estimates begun, and then ordered best
  // first for the side to move (`children`).
  struct Expansion {
    Children made;
    Child* children[MoveList::CAPACITY];
    int n = 0;
    Guesses guesses;
  };
  void make_children(const Position& pos, MoveList& moves, Expansion& x);
  void order_children(Expansion& x, bool or_node);
  // A node's numbers from its children's, the child to search (`best`) and
  // the number of the second best, which bounds its threshold.
  struct Summary {
    Numbers numbers;
    int best = -1;
    Number second = INF;
  };
  static Summary summary(const Expansion& x, bool or_node);
  // The repetition a node's disproof leaned on.
  static int disproof_rep(const Expansion& x, bool or_node);

  // The proven positions extract gathers (its comment says how): each with
  // the winner's proven moves, or every move, as edges into `nodes`, and the
  // depth of its proof as found so far.
  using Edge = std::pair<Move, std::uint32_t>;
  struct Gathered {
    Position pos;
    bool or_node = false, leaf = false, dead = false;  // dead: a loser's move that is not proven
    int leaf_source = 0;                               // a leaf's Verdict::source
    std::uint32_t first_edge = 0, edges = 0;           // the winner's proven moves, or every move
    std::uint32_t same_key = UINT32_MAX;               // the next node whose position has the same key
    int depth = INT_MAX;
  };
  // Plain values, the children in one array for all: thousands are
  // gathered, and an allocation or two for each was a good part of the time.
  struct Gathering {
    std::vector<Gathered> nodes;
    std::vector<Edge> edges;
    std::unordered_map<Key, std::uint32_t> first_of_key;
    std::vector<std::uint32_t> open;  // nodes to expand
    std::span<const Edge> children_of(const Gathered& g) const {
      return std::span(edges).subspan(g.first_edge, g.edges);
    }
  };
  bool proven_again(const Position& pos) {
    line_keys_[0] = canonical(pos).key;
    reversible_from_[0] = 0;
    return mid(pos, 0, INF, INF).proven();
  }
  std::optional<std::uint32_t> gathered_node(Gathering& g, const Position& pos, bool prove_again);
  void gather(Gathering& g);
  static void settle_depths(Gathering& g);
  ProofTree proof_of(const Gathering& g, const Position& root) const;

  // `expanded`: the position was expanded before, so nothing decides it.
  Numbers mid(const Position& pos, int ply, Number th_pn, Number th_dn, bool expanded = false);

  const ProofLimits& limits_;
  const std::vector<const Classifier*>& classifiers_;
  Color attacker_;
  ProofTable table_;
  std::uint64_t& nodes_;
  std::vector<std::uint64_t>& classifier_terminals_;
  std::uint64_t& rule_terminals_;
  GuideMemo guide_memo_{bool(limits_.guide)};
  std::unique_ptr<GuidePool> guide_ =
      limits_.guide ? std::make_unique<GuidePool>(limits_.guide, std::max(1u, limits_.threads)) : nullptr;
  Position line_[MAX_PROOF_PLY + 1];
  Key line_keys_[MAX_PROOF_PLY + 1];
  int reversible_from_[MAX_PROOF_PLY + 1];
};

void Prover::make_children(const Position& pos, MoveList& moves, Expansion& x) {
  const Move no_killers[2] = {};
  order_moves(pos, moves, Move(), no_killers);
  for (Move m : moves) {
    Child& c = x.made.at[x.n++];
    c.move = m;
    c.pos = make_move(pos, m);
    c.canon = canonical(c.pos);
    // Each child's estimate and table bucket lie where the cache seldom
    // holds them: fetched for all the children at once, the misses overlap.
    if (guide_) guide_memo_.prefetch(c.canon.key);
    table_.prefetch(c.canon.key);
  }
  if (guide_) begin_guesses(x.made.at, x.n, x.guesses);
}

void Prover::order_children(Expansion& x, bool or_node) {
  if (guide_) finish_guesses(x.guesses);
  for (int i = 0; i < x.n; ++i) {
    Child& c = x.made.at[i];
    if (!guide_) c.guess = Estimate{};
    // With a guide, the side to move's best estimate first (ties keep the
    // static order): of equal numbers, the first child is searched first.
    // A stable insertion, as the lists are short.
    int at = i;
    for (; at > 0 && (or_node ? c.guess.score > x.children[at - 1]->guess.score
                              : c.guess.score < x.children[at - 1]->guess.score);
         --at)
      x.children[at] = x.children[at - 1];
    x.children[at] = &c;
  }
}

// OR: the easiest child to prove; to disprove, every child. AND the other
// way round. "Every child" counts weakly (Ueda et al. 2008): the largest
// number plus one for each other open child, not the sum, which counts a
// subtree once for every path that transposes into it (king moves commute
// with most moves). Measured on the default suite at Level 5: 2.0M nodes for
// the proven rows against 2.6M with sums.
Prover::Summary Prover::summary(const Expansion& x, bool or_node) {
  Summary s;
  Number easiest = INF, largest = 0, open = 0;
  for (int i = 0; i < x.n; ++i) {
    const Numbers& c = x.children[i]->numbers;
    const Number v = or_node ? c.pn : c.dn, w = or_node ? c.dn : c.pn;
    largest = std::max(largest, w);
    open += w != 0;
    if (v < easiest) {
      s.second = easiest;
      easiest = v;
      s.best = i;
    } else if (v < s.second) {
      s.second = v;
    }
  }
  const Number every = largest >= INF ? INF : largest == 0 ? 0 : add(largest, open - 1);
  s.numbers = or_node ? Numbers{easiest, every} : Numbers{every, easiest};
  return s;
}

int Prover::disproof_rep(const Expansion& x, bool or_node) {
  if (x.n == 0) return NO_REPETITION;
  int rep = or_node ? NO_REPETITION : INT_MIN;
  for (int i = 0; i < x.n; ++i) {
    const Numbers& c = x.children[i]->numbers;
    if (or_node) rep = std::min(rep, c.rep_ply);
    if (!or_node && c.disproven()) rep = std::max(rep, c.rep_ply);  // the disproof that leans least on the line
  }
  return rep;
}

Numbers Prover::mid(const Position& pos, int ply, Number th_pn, Number th_dn, bool expanded) {
  count();
  const std::uint64_t nodes_before = nodes_;
  const Canonical self = canonical(pos);
  MoveList moves = legal_moves(pos);
  const bool or_node = pos.side == attacker_;
  Expansion x;
  // With helpers, the children's estimates are begun first and made while
  // the classifiers look at the position, which most often leave it open.
  const bool early = !expanded && guide_ && guide_->helping();
  if (early) make_children(pos, moves, x);
  // A position is asked what decides it when it is first entered, not
  // when its parent is expanded: most children are never entered.
  if (!expanded)
    if (auto leaf = decided(pos, moves)) {
      table_.store(self, *leaf, 1);
      return *leaf;
    }
  line_[ply] = self.pos;
  line_keys_[ply] = self.key;
  // No proof this deep: a disproof of this line only, never stored (rep_ply 0).
  if (ply >= MAX_PROOF_PLY) return Numbers{INF, 0, 0};
  if (!early) make_children(pos, moves, x);
  order_children(x, or_node);
  for (int i = 0; i < x.n; ++i) {
    Child& c = *x.children[i];
    c.numbers = child_numbers(c.canon, ply + 1, is_irreversible(pos, c.move), c.guess, c.expanded);
  }
  Numbers self_numbers;
  for (;;) {
    const Summary s = summary(x, or_node);
    self_numbers = s.numbers;
    const Number pn = s.numbers.pn, dn = s.numbers.dn;
    if (pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0) break;
    Child& c = *x.children[s.best];
    const Number sibling =
        std::max<Number>(add(s.second, 1), Number(std::min<double>(INF, s.second * (1 + limits_.guide_shape.epsilon))));
    Number child_pn, child_dn;
    if (or_node) {
      child_pn = std::min(th_pn, sibling);
      child_dn = th_dn >= INF ? INF : add(th_dn - dn, c.numbers.dn);
    } else {
      child_dn = std::min(th_dn, sibling);
      child_pn = th_pn >= INF ? INF : add(th_pn - pn, c.numbers.pn);
    }
    line_keys_[ply + 1] = c.canon.key;
    reversible_from_[ply + 1] = is_irreversible(pos, c.move) ? ply + 1 : reversible_from_[ply];
    c.numbers = mid(c.pos, ply + 1, child_pn, child_dn, c.expanded);
    c.expanded = true;
  }
  if (self_numbers.disproven()) self_numbers.rep_ply = disproof_rep(x, or_node);
  if (!self_numbers.disproven() || self_numbers.rep_ply >= ply) table_.store(self, self_numbers, nodes_ - nodes_before);
  return self_numbers;
}

// The node of a position (added, to be expanded, when new); none where the
// position is neither a verdict's win nor proven.
std::optional<std::uint32_t> Prover::gathered_node(Gathering& g, const Position& p, bool prove_again) {
  const Key key = zobrist(p);
  const auto first = g.first_of_key.find(key);
  for (std::uint32_t i = first == g.first_of_key.end() ? UINT32_MAX : first->second; i != UINT32_MAX;
       i = g.nodes[i].same_key)
    if (g.nodes[i].pos == p) return i;
  const Numbers* e = table_.probe(canonical(p));
  // A winner's move the search never examined is left out: asking the
  // classifiers about every such move was most of the extraction's time.
  if (!e && !prove_again) return std::nullopt;
  // Where the table holds the numbers of an expansion of the position,
  // nothing decided it then, and nothing does now, so no classifier need be
  // asked again. (A disproof is left out: one found by a repetition on the
  // line was never decided, nor expanded.)
  const bool table_expanded = e && !e->disproven() && e->source == UNDECIDED;
  const auto l = table_expanded                ? std::nullopt
                 : e && e->source != UNDECIDED ? verdict_of(p, e->source)
                                               : verdict(p, legal_moves(p));
  if (l && !l->win) return std::nullopt;
  if (!l && !(e && e->proven()) && !(prove_again && proven_again(p))) return std::nullopt;
  const std::uint32_t i = std::uint32_t(g.nodes.size());
  Gathered n;
  n.pos = p;
  n.or_node = p.side == attacker_;
  if (l) {
    n.leaf = true;
    n.leaf_source = l->source;
    n.depth = 0;
  } else {
    g.open.push_back(i);
  }
  if (first != g.first_of_key.end()) n.same_key = first->second;
  g.nodes.push_back(n);
  g.first_of_key[key] = i;
  return i;
}

// Expands every open node: the winner's proven moves, or every move of the
// loser's (one not proven makes the node dead).
void Prover::gather(Gathering& g) {
  while (!g.open.empty()) {
    const std::uint32_t i = g.open.back();
    g.open.pop_back();
    const Position pos = g.nodes[i].pos;
    const bool or_node = g.nodes[i].or_node;
    // gathered_node adds nodes, never edges: this node's lie together at the end.
    const std::size_t first_edge = g.edges.size();
    bool dead = false;
    for (int attempt = 0; attempt < 2 && g.edges.size() == first_edge; ++attempt) {
      if (attempt > 0 && (!or_node || !proven_again(pos))) break;
      for (Move m : legal_moves(pos)) {
        const auto child = gathered_node(g, make_move(pos, m), !or_node);
        if (child) g.edges.push_back({m, *child});
        if (!child && !or_node) dead = true;
      }
    }
    g.nodes[i].first_edge = std::uint32_t(first_edge);
    g.nodes[i].edges = std::uint32_t(g.edges.size() - first_edge);
    g.nodes[i].dead = dead || g.nodes[i].edges == 0;
  }
}

// Proof depths from the leaves up: each round lowers some, never raises one.
void Prover::settle_depths(Gathering& g) {
  for (bool changed = true; changed;) {
    changed = false;
    for (Gathered& n : g.nodes) {
      if (n.leaf || n.dead) continue;
      int d = n.or_node ? INT_MAX : 0;
      for (const Edge& c : g.children_of(n)) {
        const int cd = g.nodes[c.second].depth;
        d = n.or_node ? std::min(d, cd) : std::max(d, cd);
      }
      if (d != INT_MAX && d + 1 < n.depth) {
        n.depth = d + 1;
        changed = true;
      }
    }
  }
}

// The proof: the winner's move to the shallowest child, from the root.
ProofTree Prover::proof_of(const Gathering& g, const Position& root) const {
  ProofTree tree;
  tree.root = root;
  tree.winner = attacker_;
  std::vector<std::uint32_t> id(g.nodes.size(), UINT32_MAX);
  std::vector<std::uint32_t> stack{0};
  id[0] = 0;
  tree.nodes.emplace_back();
  while (!stack.empty()) {
    const Gathered& n = g.nodes[stack.back()];
    ProofNode node;
    const std::uint32_t self = id[stack.back()];
    stack.pop_back();
    node.kind = n.leaf ? ProofNode::Kind::Leaf : n.or_node ? ProofNode::Kind::Move : ProofNode::Kind::Every;
    if (n.leaf) node.leaf = leaf_name(n.leaf_source);
    auto take = [&](const Edge& c) {
      if (id[c.second] == UINT32_MAX) {
        id[c.second] = std::uint32_t(tree.nodes.size());
        tree.nodes.emplace_back();
        stack.push_back(c.second);
      }
      node.children.push_back({c.first, id[c.second]});
    };
    const std::span<const Edge> children = g.children_of(n);
    if (n.or_node && !n.leaf)
      take(*std::min_element(children.begin(), children.end(), [&](const Edge& x, const Edge& y) {
        return g.nodes[x.second].depth < g.nodes[y.second].depth;
      }));
    else
      for (const Edge& c : children) take(c);
    tree.nodes[self] = std::move(node);
  }
  return tree;
}

// The proof, from the table. The proven positions the root reaches (every
// proven move of the winner that the search examined, every move of the
// loser) are gathered first, a loser's move whose entry is gone proven
// again (and a winner's position none of whose moves is left, itself);
// then each one's proof depth is found afresh, from the leaves up, until
// none changes. A table's depths alone can disagree (an entry replaced, and
// proven again by another path, with another depth), and a winner's move
// chosen by them can lead back to a position on the way: by the fresh
// depths, which fall by one at least along every move chosen, the proof has
// no cycle. Where the root has no finite depth, its proven marks lean on
// each other in a cycle (below); empty when a few attempts find no proof
// (then the value counts as not proven). Found on abc-efg-967 of bench/pn's sample,
// k7/4pp2/8/8/3K4/1P6/2P5/8 w: the table's depths alone gave a proof with a
// cycle, which its check refused.
ProofTree Prover::extract(const Position& root, int attempts_left) {
  Gathering g;
  if (!gathered_node(g, root, true)) return {};
  gather(g);
  settle_depths(g);
  if (g.nodes[0].depth == INT_MAX) {
    // The proven marks lean on each other in a cycle: each was right when
    // it was made, on a proof whose entries were replaced since. Those
    // marks go, and the root is proven again, on new entries.
    if (attempts_left == 0) return {};
    for (const Gathered& n : g.nodes)
      if (n.depth == INT_MAX) table_.erase(canonical(n.pos));
    if (!proven_again(root)) return {};
    return extract(root, attempts_left - 1);
  }
  return proof_of(g, root);
}

}  // namespace

ProofResult prove(const Position& root, const ProofLimits& limits, const std::vector<const Classifier*>& classifiers) {
  const auto start = std::chrono::steady_clock::now();
  ProofResult result;
  result.classifier_terminals.assign(classifiers.size(), 0);
  for (const Classifier* c : classifiers) result.classifier_names.push_back(c->name());
  try {
    // Does the side to move win; if not, does it lose?
    for (Color attacker : {root.side, ~root.side}) {
      auto prover = std::make_unique<Prover>(limits, classifiers, attacker, result.nodes, result.classifier_terminals,
                                             result.rule_terminals);
      const Numbers n = prover->run(root);
      if (n.proven()) {
        result.tree = prover->extract(root);
        // A proof the table cannot give without a cycle is no proof: reported
        // as the node limit (more nodes would let the table keep one).
        if (result.tree.empty()) throw NodeLimitReached{};
        result.outcome = attacker == root.side ? Outcome::Win : Outcome::Loss;
        result.proven = true;
        break;
      }
      if (attacker != root.side) result.proven = true;  // neither side wins: a draw
    }
    result.stop = StopReason::Proven;
  } catch (const NodeLimitReached&) {
    result.stop = StopReason::NodeLimit;
  } catch (const StopRequested&) {
    result.stop = StopReason::Stopped;
  }
  result.nodes = std::min(result.nodes, limits.node_limit);
  if (!result.tree.empty()) {
    const ProofCheck check = check_proof(result.tree, classifiers);
    if (check.failure) throw std::logic_error("proof-number search: its own proof fails: " + *check.failure);
    result.tree.depth = check.depth;
    // The principal line: the winner's move, against the defence with the deepest proof below it.
    std::vector<int> depth(result.tree.nodes.size(), -1);
    auto depth_of = [&](auto&& self, std::uint32_t id) -> int {
      if (depth[id] >= 0) return depth[id];
      int d = 0;
      for (const auto& c : result.tree.nodes[id].children) d = std::max(d, self(self, c.second) + 1);
      return depth[id] = d;
    };
    for (std::uint32_t id = 0; !result.tree.nodes[id].children.empty();) {
      const auto& children = result.tree.nodes[id].children;
      const auto next = std::max_element(children.begin(), children.end(), [&](const auto& a, const auto& b) {
        return depth_of(depth_of, a.second) < depth_of(depth_of, b.second);
      });
      result.pv.push_back(next->first);
      id = next->second;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

SearchResult run_search(const Position& root, const SearchLimits& limits,
                        const std::vector<const Classifier*>& classifiers) {
  if (limits.kind == SearchKind::AlphaBeta) return solve(root, limits, classifiers);
  ProofResult p = prove(
      root, {limits.node_limit, limits.hash_megabytes, limits.stop, limits.guide, limits.guide_shape, limits.threads},
      classifiers);
  SearchResult r;
  r.kind = SearchKind::ProofNumber;
  r.value = value_of(p.outcome);
  r.proven = p.proven;
  r.proof = p.proven ? Proof::ProofNumber : Proof::None;
  r.distance_known = false;
  r.exact_ply = p.tree.depth;
  r.pv = p.pv;
  if (!r.pv.empty()) r.best = r.pv.front();
  r.nodes = p.nodes;
  r.rule_terminals = p.rule_terminals;
  r.classifier_terminals = p.classifier_terminals;
  r.classifier_names = p.classifier_names;
  r.seconds = p.seconds;
  r.stop = p.stop;
  if (!p.tree.empty()) {
    r.proof_positions = p.tree.nodes.size();
    r.proof_tree = std::make_shared<const ProofTree>(std::move(p.tree));
  }
  return r;
}

}  // namespace chunker
