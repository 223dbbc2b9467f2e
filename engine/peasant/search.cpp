#include "engine/peasant/search.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "engine/hash_table.h"
#include "engine/move_order.h"
#include "engine/pawns.h"
#include "engine/peasant/eval.h"
#include "engine/rules.h"

namespace chunker {

namespace {

// "Near the tips": king moves are pruned at nodes with this many plies or
// fewer left to search.
constexpr int KING_PRUNING_DEPTH = 2;
// The reply to a promotion is searched past the depth (rule 3): one ply more.
constexpr int MAX_PLY = PEASANT_MAX_DEPTH + 1;

// The seed says only that "many king moves near the tips" were pruned. We
// keep the king moves that capture, that step towards the pawns' centre of
// gravity (the K1 direction), or that step towards the promotion square of
// an enemy passed pawn (to catch it); a king move away from all of these is
// the one least likely to matter a ply or two before the evaluator is asked.
// The squares such pruned moves would go to:
Bitboard pruned_king_squares(const Position& pos) {
  const Square k = pos.king[pos.side];
  const PawnCentre centre(pos.pawns[WHITE] | pos.pawns[BLACK]);
  Bitboard catch_squares = 0;
  for (Bitboard b = passed_pawns(pos, ~pos.side); b;)
    catch_squares |= square_bb(promotion_square(~pos.side, pop_lsb(b)));
  Bitboard pruned = 0;
  for (Bitboard b = KING_ATTACKS[k] & ~pos.pawns[~pos.side]; b;) {
    Square to = pop_lsb(b);
    bool closer = !centre.empty() && centre.scaled_distance(to) < centre.scaled_distance(k);
    for (Bitboard t = catch_squares; t && !closer;) {
      Square target = pop_lsb(t);
      closer = distance(to, target) < distance(k, target);
    }
    if (!closer) pruned |= square_bb(to);
  }
  return pruned;
}

class Peasant {
 public:
  explicit Peasant(std::size_t hash_megabytes) : table_(hash_megabytes) { reversible_from_[0] = 0; }

  Value search(const Position& pos, int ply, int depth, Value alpha, Value beta);
  std::vector<Move> line(const Position& root, int depth) const;
  std::uint64_t nodes = 0, terminal_nodes = 0;

 private:
  Value terminal(Value v) {
    ++terminal_nodes;
    return v;
  }
  // Rule 6: the value a position got when it was reached before. A stored
  // bound is a sound win only as a lower bound and a sound loss only as an
  // upper bound; on its other side it says nothing, and the evaluator speaks.
  static Value reached_value(const HashEntry& e, const Position& pos) {
    bool unsound = (is_win(e.value) && e.bound == Bound::Upper) || (is_loss(e.value) && e.bound == Bound::Lower);
    return unsound ? peasant_evaluate(pos) : e.value;
  }

  HashTable table_;
  Position line_[MAX_PLY + 1];
  Key line_keys_[MAX_PLY + 1];
  int reversible_from_[MAX_PLY + 1];  // first ply of the current run of reversible moves
  Move killers_[MAX_PLY + 1][2] = {};
  Move pv_[MAX_PLY + 1][MAX_PLY + 1];
  int pv_length_[MAX_PLY + 1] = {};
};

Value Peasant::search(const Position& pos, int ply, int depth, Value alpha, Value beta) {
  ++nodes;
  pv_length_[ply] = 0;
  const Key key = zobrist(pos);
  line_[ply] = pos;
  line_keys_[ply] = key;
  // Rules 8 and 9: a position already on the line repeats; the line is drawn.
  for (int i = ply - 4; i >= reversible_from_[ply]; i -= 2)
    if (line_keys_[i] == key && line_[i] == pos) return terminal(0);

  // Rule 7 and the other game ends of docs/design.md §1.
  MoveList moves = legal_moves(pos);
  if (auto v = rule_value(pos, moves)) {
    if (*v == win_in(1)) {
      pv_[ply][0] = safe_promotion(pos);
      pv_length_[ply] = 1;
    }
    return terminal(*v);
  }

  // Rule 5: no line through here can beat a win already guaranteed above.
  alpha = std::max(alpha, loss_in(0));
  beta = std::min(beta, win_in(1));
  if (alpha >= beta) return terminal(alpha);

  const Canonical c = canonical(pos);
  if (ply > 0) {
    // Rule 6, as Church corrected it: reached before, at any depth.
    if (const HashEntry* e = table_.probe(c)) return terminal(reached_value(*e, pos));
    // Rules 2 and 4, then rule 1 (unless a promoted piece waits: rule 3).
    std::optional<Value> v = peasant_knowledge(pos);
    if (!v && depth <= 0 && pos.promoted == NO_SQUARE) v = peasant_evaluate(pos);
    if (v) {
      table_.store(c, *v, std::max(depth, 0), Bound::Exact, Move());
      return terminal(*v);
    }
  }

  order_moves(pos, moves, Move(), killers_[ply]);
  // Forward pruning near the tips, never out of check (every escape counts)
  // nor of every move a node has.
  Bitboard pruned_squares = ply > 0 && depth <= KING_PRUNING_DEPTH && !pos.in_check() && pos.promoted == NO_SQUARE
                                ? pruned_king_squares(pos)
                                : 0;
  auto is_pruned = [&](Move m) { return m.from() == pos.king[pos.side] && (pruned_squares & square_bb(m.to())); };
  if (std::all_of(moves.begin(), moves.end(), is_pruned)) pruned_squares = 0;
  bool pruned = false;
  const Value alpha_start = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move;
  for (Move m : moves) {
    if (is_pruned(m)) {
      pruned = true;
      continue;
    }
    Position child = make_move(pos, m);
    reversible_from_[ply + 1] = is_irreversible(pos, m) ? ply + 1 : reversible_from_[ply];
    Value v = from_child(search(child, ply + 1, depth - 1, to_child(beta), to_child(alpha)));
    if (v > best) {
      best = v;
      best_move = m;
      if (v > alpha) {
        alpha = v;
        pv_[ply][0] = m;
        std::copy(pv_[ply + 1], pv_[ply + 1] + pv_length_[ply + 1], pv_[ply] + 1);
        pv_length_[ply] = pv_length_[ply + 1] + 1;
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
  // A loss is proven only when every move was searched.
  if (pruned && is_loss(best)) best = -KNOWN_WIN;

  Bound bound = best >= beta ? Bound::Lower : best <= alpha_start ? Bound::Upper : Bound::Exact;
  table_.store(c, best, depth, bound, c.is_mirror ? mirror_move(best_move) : best_move);
  return best;
}

// The principal variation. Where it meets a node that rule 6 ended, the
// position's earlier visit left its best move in the table: the line goes on
// with those moves, which are what the value rests on, up to the depth.
std::vector<Move> Peasant::line(const Position& root, int depth) const {
  std::vector<Move> line(pv_[0], pv_[0] + pv_length_[0]);
  Position pos = root;
  for (Move m : line) pos = make_move(pos, m);
  while (int(line.size()) < depth) {
    const Canonical c = canonical(pos);
    const HashEntry* e = table_.probe(c);
    if (!e || e->move.is_none()) break;
    line.push_back(c.is_mirror ? mirror_move(e->move) : e->move);
    pos = make_move(pos, line.back());
  }
  return line;
}

}  // namespace

PeasantResult peasant_search(const Position& root, const PeasantLimits& limits) {
  auto start = std::chrono::steady_clock::now();
  auto peasant = std::make_unique<Peasant>(limits.hash_megabytes);
  PeasantResult result;
  result.depth = limits.depth;
  result.value = peasant->search(root, 0, limits.depth, -VALUE_INFINITE, VALUE_INFINITE);
  result.pv = peasant->line(root, limits.depth);
  if (!result.pv.empty()) result.best = result.pv.front();
  // A game over at the root is exact whatever its value; below it only a
  // decisive value can rest on exact terminal nodes alone.
  MoveList moves = legal_moves(root);
  result.proven = is_decisive(result.value) || rule_value(root, moves).has_value();
  if (is_decisive(result.value)) result.distance = distance_of(result.value);
  result.nodes = peasant->nodes;
  result.terminal_nodes = peasant->terminal_nodes;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace chunker
