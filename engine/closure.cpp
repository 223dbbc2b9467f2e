#include "closure.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "rules.h"
#include "zobrist.h"

namespace chunker {

namespace {

struct PositionHash {
  std::size_t operator()(const Position& p) const { return zobrist(p); }
};

constexpr Value UNKNOWN = VALUE_INFINITE;
// reachable_bound overestimates; KP vs KP with kings and pawns apart
// reaches about 1/7 of it. Enumeration starts when bound / this <= budget.
constexpr double BOUND_SLACK = 8.0;

// An upper bound on the positions reachable from `pos`, cheap to compute so
// that hopeless enumerations are not started: king placements times, for
// each pawn, the squares it can still reach (it leaves its file only by
// capturing, at most once per enemy pawn) plus being gone.
double reachable_bound(const Position& pos) {
  double bound = 2.0 * SQUARE_NB * SQUARE_NB;
  for (Color c : {WHITE, BLACK}) {
    int enemies = popcount(pos.pawns[~c]);
    for (Bitboard b = pos.pawns[c]; b;) {
      int steps = 6 - relative_rank(c, pop_lsb(b));
      int squares = 1;
      for (int k = 1; k <= steps; ++k) squares += std::min(8, 1 + 2 * std::min(k, enemies));
      bound *= squares + 1;
    }
  }
  return bound;
}

}  // namespace

std::optional<ClosureResult> solve_closure(const Position& root, std::uint64_t budget) {
  std::unordered_map<Position, std::uint32_t, PositionHash> index;
  std::vector<Position> positions;
  std::vector<Value> value;
  std::vector<std::uint32_t> undecided_children;  // successors not yet shown won for the opponent
  std::vector<std::vector<std::uint32_t>> parents;
  std::vector<std::uint32_t> frontier;  // decided positions, in order of distance

  auto intern = [&](const Position& p) -> std::optional<std::uint32_t> {
    auto [it, fresh] = index.try_emplace(p, std::uint32_t(positions.size()));
    if (fresh) {
      if (positions.size() >= budget) return std::nullopt;
      positions.push_back(p);
    }
    return it->second;
  };

  if (reachable_bound(root) > BOUND_SLACK * double(budget) || !intern(root)) return std::nullopt;
  // Forward: enumerate, note each position's parents, and seed the ends.
  for (std::uint32_t i = 0; i < positions.size(); ++i) {
    Position pos = positions[i];
    MoveList moves = legal_moves(pos);
    std::optional<Value> end = rule_value(pos, moves);
    value.push_back(end ? *end : UNKNOWN);
    undecided_children.push_back(end ? 0 : std::uint32_t(moves.size));
    if (end) {
      if (is_decisive(*end)) frontier.push_back(i);
      continue;
    }
    for (Move m : moves) {
      auto child = intern(make_move(pos, m));
      if (!child) return std::nullopt;
      if (parents.size() < positions.size()) parents.resize(positions.size());
      parents[*child].push_back(i);
    }
  }
  parents.resize(positions.size());
  // The ends in order of distance: losses in 0 (checkmates) before wins in 1.
  std::stable_partition(frontier.begin(), frontier.end(), [&](std::uint32_t i) { return is_loss(value[i]); });

  // Backward: a position with a child lost for the opponent is won, one step
  // further; one whose children are all won for the opponent is lost, one
  // step beyond the last of them. Taking decided positions in order of
  // distance makes the winner's distance the least and the loser's the most.
  for (std::size_t next = 0; next < frontier.size(); ++next) {
    std::uint32_t child = frontier[next];
    Value cv = value[child];
    for (std::uint32_t parent : parents[child]) {
      if (value[parent] != UNKNOWN) continue;
      if (is_loss(cv)) {
        value[parent] = from_child(cv);
        frontier.push_back(parent);
      } else if (--undecided_children[parent] == 0) {
        value[parent] = from_child(cv);
        frontier.push_back(parent);
      }
    }
  }
  auto value_of = [&](const Position& p) {
    Value v = value[index.at(p)];
    return v == UNKNOWN ? 0 : v;
  };
  ClosureResult result{value_of(root), positions.size(), {}};
  Position pos = root;
  for (Value v = result.value; is_decisive(v) && distance_of(v) > 0; v = to_child(v)) {
    MoveList moves = legal_moves(pos);
    // A game-ending position's successors were never enumerated: its move is the safe promotion.
    auto ends = [&](Move m) { return m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m); };
    auto ending = std::find_if(moves.begin(), moves.end(), ends);
    if (ending != moves.end()) {
      result.line.push_back(*ending);
      break;
    }
    Move chosen = *std::find_if(moves.begin(), moves.end(),
                                [&](Move m) { return from_child(value_of(make_move(pos, m))) == v; });
    result.line.push_back(chosen);
    pos = make_move(pos, chosen);
  }
  return result;
}

}  // namespace chunker
