#include "engine/variant/solver.h"

#include <algorithm>
#include <chrono>

namespace chunker::variant {

namespace {

constexpr int TABLE_MOVE_KEY = 1000;  // above every capture
constexpr int CAPTURE_KEY = 100;      // above every advance

int relative_rank(Color c, Square s, int size) { return c == WHITE ? rank_of(s) : size - 1 - rank_of(s); }

class Solver {
 public:
  Solver(const Variant& v, const SolveLimits& limits)
      : v_(v), table_(limits.hash_megabytes), limit_(limits.node_limit) {}

  int search(const Board& b, int alpha, int beta, int ply);
  bool stopped() const { return stopped_; }
  std::uint64_t nodes() const { return nodes_; }
  bool has_root_move() const { return has_root_move_; }
  Move root_move() const { return root_move_; }

 private:
  // Sorts `list` (captures, then advances, the table's move first) into `out`; returns their number.
  int order(const Board& b, const MoveList& list, Square hint_from, Square hint_to, Move* order) const;
  bool is_symmetric(const Board& b) const {
    return v_.mirror(b.pawns[WHITE]) == b.pawns[WHITE] && v_.mirror(b.pawns[BLACK]) == b.pawns[BLACK] &&
           v_.mirror(b.ep) == b.ep;
  }

  const Variant& v_;
  Table table_;
  std::uint64_t limit_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool has_root_move_ = false;
  Move root_move_;
};

int Solver::order(const Board& b, const MoveList& list, Square hint_from, Square hint_to, Move* out) const {
  int keys[MAX_MOVES];
  int n = 0;
  for (Move m : list) {
    int key = relative_rank(b.side, m.to, v_.size());
    if (m.is_capture()) key += CAPTURE_KEY;
    if (m.from == hint_from && m.to == hint_to) key += TABLE_MOVE_KEY;
    // Insertion sort: at most a few dozen moves; stable, so generation order breaks ties.
    int i = n++;
    for (; i > 0 && keys[i - 1] < key; --i) {
      keys[i] = keys[i - 1];
      out[i] = out[i - 1];
    }
    keys[i] = key;
    out[i] = m;
  }
  return n;
}

int Solver::search(const Board& b, int alpha, int beta, int ply) {
  ++nodes_;
  if (limit_ != 0 && nodes_ > limit_) {
    stopped_ = true;
    return DRAW;
  }
  const Color us = b.side;
  // The opponent's last move reached its last rank (only ever at the root: a parent takes the win
  // itself), or we have no pawns left.
  if ((b.pawns[~us] & v_.last_rank(~us)) || !b.pawns[us]) return LOSS;
  // At the root the move loop finds the winning move, to report it.
  if (ply > 0 && can_reach_last_rank(v_, b)) return WIN;
  MoveList list;
  generate(v_, b, list);
  if (list.size == 0) return DRAW;

  const Canonical c = canonical(v_, b);
  Square hint_from = NO_SQUARE, hint_to = NO_SQUARE;
  TableHit hit;
  if (ply > 0 && table_.probe(c.board, hit)) {
    if (hit.low == hit.high || hit.low >= beta) return hit.low;
    if (hit.high <= alpha) return hit.high;
    alpha = std::max(alpha, hit.low);
    beta = std::min(beta, hit.high);
    hint_from = c.mirrored ? v_.mirror(hit.from) : hit.from;
    hint_to = c.mirrored ? v_.mirror(hit.to) : hit.to;
  }

  Move moves[MAX_MOVES];
  const int n = order(b, list, hint_from, hint_to, moves);
  const bool symmetric = is_symmetric(b);
  const int alpha0 = alpha, beta0 = beta;
  const std::uint64_t nodes_before = nodes_;
  int best = LOSS - 1;
  Move best_move = moves[0];
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    // Of a move and its mirror image, which lead to mirrored positions of equal value, search one.
    if (symmetric && std::pair(v_.mirror(m.from), v_.mirror(m.to)) < std::pair(m.from, m.to)) continue;
    const int value = -search(play(v_, b, m), -beta, -alpha, ply + 1);
    if (stopped_) return DRAW;
    if (value > best) {
      best = value;
      best_move = m;
      alpha = std::max(alpha, value);
      if (alpha >= beta) break;
    }
  }

  // Fail-soft bounds: below the window the value is at most `best`, above it at least `best`.
  const int low = best <= alpha0 ? LOSS : best, high = best >= beta0 ? WIN : best;
  Square from = c.mirrored ? v_.mirror(best_move.from) : best_move.from;
  Square to = c.mirrored ? v_.mirror(best_move.to) : best_move.to;
  table_.store(c.board, low, high, from, to, nodes_ - nodes_before);
  if (ply == 0) {
    has_root_move_ = true;
    root_move_ = best_move;
  }
  return best;
}

}  // namespace

SolveResult solve(const Variant& v, const Board& root, const SolveLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  Solver solver(v, limits);
  SolveResult r;
  r.value = solver.search(root, LOSS, WIN, 0);
  r.solved = !solver.stopped();
  if (!r.solved) r.value = DRAW;
  r.has_best = r.solved && solver.has_root_move();
  r.best = solver.root_move();
  r.nodes = solver.nodes();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

const char* value_word(int value) { return value == WIN ? "win" : value == LOSS ? "loss" : "draw"; }

}  // namespace chunker::variant
