#include "play/move_choice.h"

#include <algorithm>
#include <memory>

#include "engine/rules.h"
#include "exact/oracle_index.h"
#include "play/judgement.h"

namespace chunker {

namespace {

// The first round's budget per move; each round doubles it, so the rounds
// before the last cost at most as much as the last.
constexpr std::uint64_t FIRST_ROUND_NODES = 2000;
// A hash table (each move's search's, the judgement's) grows with its node
// budget (a table allocated and cleared per search must not cost more than
// the search), up to the Hash the GUI set.
constexpr std::uint64_t HASH_BYTES_PER_NODE = 64;
std::size_t hash_megabytes_for(std::uint64_t nodes, const ChoiceLimits& limits) {
  return std::clamp<std::size_t>(nodes * HASH_BYTES_PER_NODE >> 20, 1, limits.hash_megabytes);
}

// A proven draw (a repetition, say) ranks below an undecided move that the
// judgement does not find clearly worse: the search has not proven the
// position drawn, so the undecided move may still win. In Peasant's units
// (a pawn is 10).
constexpr int DRAW_CONTEMPT = 30;

// A key that orders candidates: proven wins (shorter first, known distances
// before unknown), then the rest by score, then proven losses (longer first).
struct Rank {
  int tier;  // 2 win, 1 undecided or draw, 0 loss
  long key;  // larger is better within the tier
};
Rank rank_of(const RankedMove& m) {
  if (m.proven && is_win(m.value)) return {2, m.value};
  if (m.proven && is_loss(m.value)) return {0, m.value};
  return {1, m.proven ? -DRAW_CONTEMPT : m.value};
}

// The guide's score (Estimate::score, 20,000 at most, for a win it is sure
// of) in the evaluation's units: within 1,000 either way, a score, well
// inside EVALUATION_BOUND and so below every game value.
constexpr int GUIDE_SCORE_PER_UNIT = 20;

// The learned guide's estimate of the position after each move, for the
// mover, orders the moves, so that the ranking keeps that order among moves
// it scores alike; where the guide `judges`, it is each unproven move's score.
void apply_guide(const Position& pos, std::vector<RankedMove>& ranked,
                 const std::function<Estimate(const Position&)>& guide, bool judges) {
  std::vector<std::pair<int, RankedMove>> keyed;
  for (RankedMove r : ranked) {
    const int key = -guide(make_move(pos, r.move)).score;
    if (judges && !r.proven) r.value = key / GUIDE_SCORE_PER_UNIT;
    keyed.emplace_back(key, r);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < ranked.size(); ++i) ranked[i] = keyed[i].second;
}

// Judges the moves no proof decided one ply deeper than `judged` (plies
// below the position after the move), and deeper again while the judgement
// has taken fewer nodes than `proof_nodes`, the proofs' this round: the two
// share the nodes. A depth that the nodes or the stop cut short leaves every
// move the score of the last whole depth: the evaluation leans towards the
// side to move, so only scores of one depth compare. Returns the depth.
int judge_deeper(Judge& judge, const Position& pos, MoveChoice& choice, int judged, std::uint64_t proof_nodes,
                 const ChoiceLimits& limits) {
  const std::uint64_t start = choice.nodes;
  const int deepest = std::min(limits.max_ply - 1, Judge::MAX_DEPTH);
  while (judged < deepest) {
    std::vector<std::pair<RankedMove*, Value>> scores;
    for (RankedMove& r : choice.ranked) {
      if (r.proven) continue;
      const std::uint64_t before = judge.nodes();
      const auto s = judge.score(make_move(pos, r.move), judged + 1, limits.node_limit - choice.nodes, limits.stop);
      choice.nodes += judge.nodes() - before;
      if (!s) return judged;
      scores.emplace_back(&r, -*s);
    }
    for (auto [r, v] : scores) r->value = v;
    ++judged;
    if (scores.empty() || choice.nodes - start >= proof_nodes) break;
  }
  return judged;
}

}  // namespace

bool ranks_before(const RankedMove& a, const RankedMove& b) {
  const Rank ra = rank_of(a), rb = rank_of(b);
  return ra.tier != rb.tier ? ra.tier > rb.tier : ra.key > rb.key;
}

MoveChoice choose_move(const Position& pos, const std::vector<Move>& allowed, const std::vector<Position>& earlier,
                       const std::vector<const Classifier*>& classifiers, const ChunkLibraries* libraries,
                       const std::function<Estimate(const Position&)>& guide, const ChoiceLimits& limits,
                       const std::function<void(const MoveChoice&)>& progress) {
  MoveChoice choice;
  auto judge = std::make_unique<Judge>(classifiers, libraries, 1);
  for (Move m : allowed) {
    RankedMove r;
    r.move = m;
    const Position child = make_move(pos, m);
    if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) {
      r.value = win_in(1);
      r.proven = true;
    } else if (std::find(earlier.begin(), earlier.end(), child) != earlier.end()) {
      r.value = 0;
      r.proven = true;
    } else if (const auto over = rule_value(child, legal_moves(child))) {
      r.value = from_child(*over);
      r.proven = true;
    } else {
      r.value = -judge->evaluation(child);
    }
    choice.ranked.push_back(r);
  }
  auto stopped = [&] { return limits.stop && limits.stop->load(); };
  auto settled = [&] {
    // A proven win with its distance cannot be beaten by further search but
    // by a shorter one; stop once every move is proven or one wins at once.
    return std::all_of(choice.ranked.begin(), choice.ranked.end(), [](const RankedMove& r) { return r.proven; }) ||
           std::any_of(choice.ranked.begin(), choice.ranked.end(),
                       [](const RankedMove& r) { return r.proven && r.value == win_in(1); });
  };
  // Inside the domain its model was fitted on and measured in (the oracle's:
  // pawns that never meet), the learned guide judges the moves; outside it,
  // where it has seen no position like them, the judgement does.
  const bool guide_judges = guide && locate(pos).has_value();
  if (guide) apply_guide(pos, choice.ranked, guide, guide_judges);
  std::stable_sort(choice.ranked.begin(), choice.ranked.end(), ranks_before);
  int judged = 0;
  for (std::uint64_t budget = FIRST_ROUND_NODES; !settled() && !stopped() && choice.nodes < limits.node_limit;
       budget *= 2) {
    const std::uint64_t round_start = choice.nodes;
    bool any_searched = false, budget_ran_out = false;
    for (RankedMove& r : choice.ranked) {
      if (r.proven || stopped() || choice.nodes >= limits.node_limit) continue;
      SearchLimits search;
      search.max_ply = std::max(1, limits.max_ply - 1);
      search.node_limit = std::min(budget, limits.node_limit - choice.nodes);
      search.hash_megabytes = hash_megabytes_for(search.node_limit, limits);
      search.stop = limits.stop;
      const SearchResult result = solve(make_move(pos, r.move), search, classifiers);
      choice.nodes += result.nodes;
      any_searched = true;
      budget_ran_out |= result.stop == StopReason::NodeLimit;
      if (result.proven) {
        r.proven = true;
        r.value = from_child(result.value);
        r.distance_known = result.distance_known;
      }
    }
    if (!any_searched) break;
    if (!guide_judges) {
      // The judgement's table grows with its nodes (its entries are lost
      // then: a table touched all over costs more than the plies they save).
      const std::uint64_t proof_nodes = choice.nodes - round_start;
      const std::size_t megabytes = hash_megabytes_for(proof_nodes, limits);
      if (megabytes > judge->hash_megabytes()) judge = std::make_unique<Judge>(classifiers, libraries, megabytes);
      judged = judge_deeper(*judge, pos, choice, judged, proof_nodes, limits);
    }
    std::stable_sort(choice.ranked.begin(), choice.ranked.end(), ranks_before);
    ++choice.rounds;
    if (progress) progress(choice);
    // Every search ended at its ply limit, not its budget: more nodes
    // would only repeat them.
    if (!budget_ran_out) break;
  }
  return choice;
}

}  // namespace chunker
