#include "chess_search.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "chess_evaluation.h"

namespace chunker::chess {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int MATE = 32000;  // mated at the root: -MATE; each ply nearer +1
constexpr int MATE_BOUND = MATE - 1000;
constexpr int INFINITE_SCORE = MATE + 1;
constexpr int MAX_PLY = 128;  // quiescence and extensions end here
// Nodes between looks at the clock: few, as a pawn ending's leaf may read
// a block of the oracle's table (bench/match: a promotion's check 1.5 s late
// at 1024).
constexpr int TIME_CHECK_NODES = 128;

// Move ordering: the table's move, captures by victim then attacker, queen
// promotions, the two killers of the ply, then history counts (kept below).
constexpr int TABLE_MOVE_ORDER = 1 << 30;
constexpr int CAPTURE_ORDER = 1 << 24;
constexpr int PROMOTION_ORDER = 1 << 23;
constexpr int KILLER_ORDER = 1 << 22;
constexpr int HISTORY_LIMIT = 1 << 21;

// Pruning of the nodes off the principal variation, where no score near a
// known win or a mate is at stake: null-move pruning from this depth, its
// reduction growing with depth; a static score this far above beta per ply
// of depth left cuts the node (reverse futility); late quiet moves (no
// capture, promotion, pawn move, killer or the table's move) searched a ply
// or two shallower first (late-move reductions), again at full depth where
// they beat alpha. Queen endings, the chess after Chunker's game, have few
// zugzwangs.
constexpr int NULL_MOVE_DEPTH = 3;
constexpr int FUTILITY_DEPTH = 3;
constexpr int FUTILITY_MARGIN = 150;
constexpr int REDUCTION_DEPTH = 3;
constexpr int REDUCTION_FROM_MOVE = 4;
constexpr int PRUNING_BOUND = KNOWN_WIN - 1000;

enum Bound : std::uint8_t { UPPER, LOWER, EXACT };

// Mate scores are stored relative to the node, so any path may use them.
int to_table(int score, int ply) {
  return score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
}
int from_table(int score, int ply) {
  return score > MATE_BOUND ? score - ply : score < -MATE_BOUND ? score + ply : score;
}

// How the threads of one search see each other: the first ends the others
// when it is done, and the nodes each has searched are summed for reports.
struct Team {
  std::atomic<bool> done{false};
  std::vector<std::atomic<std::uint64_t>> nodes;
  explicit Team(unsigned threads) : nodes(threads) {}
  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (const auto& t : nodes) n += t.load(std::memory_order_relaxed);
    return n;
  }
};

class Searcher {
 public:
  // Thread `index` of `team`: the first (0) reports and answers; the others
  // fill the table, every other one a ply ahead so that they part ways.
  Searcher(ChessPosition& pos, const ChessLimits& limits, ChessTable& table, Team& team, unsigned index)
      : pos_(pos), limits_(limits), start_(Clock::now()), table_(table), team_(team), index_(index) {}

  ChessIteration run(const std::function<void(const ChessIteration&)>& report) {
    ChessIteration result;
    const std::vector<ChessMove> legal = pos_.legal_moves();
    if (legal.empty()) return result;
    result.pv = {legal.front()};
    for (int depth = 1 + (index_ % 2); depth <= limits_.max_depth; ++depth) {
      root_best_ = {};
      root_depth_ = depth;
      const int score = search(depth, -INFINITE_SCORE, INFINITE_SCORE, 0);
      if (stopped_) {
        if (!root_best_.is_none()) result.pv = {root_best_};
        break;
      }
      result.depth = depth;
      result.centipawns = score;
      const int mate_plies = MATE - std::abs(score);
      result.mate_moves = std::abs(score) > MATE_BOUND ? (score > 0 ? 1 : -1) * (mate_plies + 1) / 2 : 0;
      result.pv = principal_variation(depth);
      if (result.pv.empty() || !(result.pv.front() == root_best_)) result.pv = {root_best_};
      team_.nodes[index_] = nodes_;
      result.nodes = team_.total_nodes();
      result.ms = elapsed_ms();
      if (report) report(result);
      // A mate within the full-width horizon: no deeper search finds a shorter one.
      if (result.mate_moves != 0 && mate_plies <= depth) break;
      if (legal.size() == 1 && depth >= 2) break;
    }
    team_.nodes[index_] = nodes_;
    result.nodes = team_.total_nodes();
    result.ms = elapsed_ms();
    return result;
  }

 private:
  long long elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

  bool poll() {
    if (++nodes_ % TIME_CHECK_NODES == 0) {
      team_.nodes[index_].store(nodes_, std::memory_order_relaxed);
      if ((limits_.stop && *limits_.stop) || (limits_.budget_ms >= 0 && elapsed_ms() >= limits_.budget_ms) ||
          (index_ > 0 && team_.done))
        stopped_ = true;
    }
    return stopped_;
  }

  // Orders `list` best first by the scores above.
  void order(MoveList& list, std::array<int, 256>& keys, ChessMove table_move, int ply) const {
    for (int i = 0; i < list.size; ++i) {
      const ChessMove m = list.moves[i];
      const Piece victim = m.flags & ChessMove::EN_PASSANT ? Piece(PAWN) : pos_.at(m.to);
      if (m == table_move)
        keys[i] = TABLE_MOVE_ORDER;
      else if (victim)
        keys[i] = CAPTURE_ORDER + 64 * PIECE_VALUE[kind_of(victim)] - kind_of(pos_.at(m.from)) +
                  (m.promotion == QUEEN ? PROMOTION_ORDER : 0);
      else if (m.promotion == QUEEN)
        keys[i] = PROMOTION_ORDER;
      else if (ply < MAX_PLY && (m == killers_[ply][0] || m == killers_[ply][1]))
        keys[i] = KILLER_ORDER - (m == killers_[ply][1]);
      else
        keys[i] = history_[pos_.at(m.from)][m.to] - (m.promotion != NONE ? HISTORY_LIMIT : 0);
    }
  }

  // Swaps the best remaining move to `i`.
  static void pick(MoveList& list, std::array<int, 256>& keys, int i) {
    int best = i;
    for (int j = i + 1; j < list.size; ++j)
      if (keys[j] > keys[best]) best = j;
    std::swap(list.moves[i], list.moves[best]);
    std::swap(keys[i], keys[best]);
  }

  // A side with a piece besides its king and pawns: a null move's pass is
  // then rarely its best move (no zugzwang).
  bool has_piece(Color c) const {
    for (Kind k : {KNIGHT, BISHOP, ROOK, QUEEN})
      if (pos_.count(make_piece(c, k))) return true;
    return false;
  }

  int search(int depth, int alpha, int beta, int ply, bool null_allowed = true) {
    if (ply > 0) {
      if (pos_.drawn_by_rule()) return draw();
      alpha = std::max(alpha, -MATE + ply);
      beta = std::min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      if (auto s = pawn_ending()) return *s;
    }
    const bool check = pos_.in_check();
    // The check extension, within twice the iteration's depth: a queen's
    // checks would otherwise extend a line to MAX_PLY.
    if (check && ply < 2 * root_depth_) ++depth;
    if (depth <= 0 || ply >= MAX_PLY) return quiesce(alpha, beta, ply);
    if (poll()) return 0;
    ChessMove table_move;
    if (const auto entry = table_.probe(pos_.key())) {
      table_move = ChessMove::from_raw(entry->move);
      const int s = from_table(entry->score, ply);
      if (ply > 0 && entry->depth >= depth &&
          (entry->bound == EXACT || (entry->bound == LOWER && s >= beta) || (entry->bound == UPPER && s <= alpha)))
        return s;
    }
    const bool pv_node = beta - alpha > 1;
    if (!pv_node && !check && std::abs(beta) < PRUNING_BOUND) {
      const int static_score = evaluate(pos_);
      if (depth <= FUTILITY_DEPTH && static_score - FUTILITY_MARGIN * depth >= beta) return static_score;
      if (null_allowed && depth >= NULL_MOVE_DEPTH && static_score >= beta && has_piece(pos_.side())) {
        pos_.make_null();
        const int s = -search(depth - 1 - (3 + depth / 6), -beta, -beta + 1, ply + 1, false);
        pos_.unmake_null();
        if (stopped_) return 0;
        if (s >= beta) return std::min(s, PRUNING_BOUND);
      }
    }
    MoveList list;
    pos_.generate(list, false);
    std::array<int, 256> keys;
    order(list, keys, table_move, ply);
    const int alpha_in = alpha;
    int best = -INFINITE_SCORE, legal = 0;
    ChessMove best_move;
    for (int i = 0; i < list.size; ++i) {
      pick(list, keys, i);
      const ChessMove m = list.moves[i];
      const bool quiet =
          !pos_.at(m.to) && m.promotion == NONE && kind_of(pos_.at(m.from)) != PAWN && keys[i] < KILLER_ORDER - 1;
      if (!pos_.make(m)) continue;
      int s;
      if (++legal == 1) {
        s = -search(depth - 1, -beta, -alpha, ply + 1);
      } else {
        const int reduction =
            depth >= REDUCTION_DEPTH && legal >= REDUCTION_FROM_MOVE && quiet && !check && !pos_.in_check()
                ? 1 + (!pv_node && legal >= 2 * REDUCTION_FROM_MOVE)
                : 0;
        s = -search(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
        if (reduction && s > alpha) s = -search(depth - 1, -alpha - 1, -alpha, ply + 1);
        if (s > alpha && s < beta) s = -search(depth - 1, -beta, -alpha, ply + 1);
      }
      pos_.unmake(m);
      if (stopped_) return 0;
      if (s <= best) continue;
      best = s;
      best_move = m;
      if (ply == 0) root_best_ = m;
      if (s <= alpha) continue;
      alpha = s;
      if (s >= beta) {
        if (!pos_.at(m.to) && m.promotion == NONE && ply < MAX_PLY) {
          if (!(killers_[ply][0] == m)) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
          int& h = history_[pos_.at(m.from)][m.to];
          h = std::min(h + depth * depth, HISTORY_LIMIT - 1);
        }
        break;
      }
    }
    if (legal == 0) return check ? -MATE + ply : draw();  // mate or stalemate
    table_.store(pos_.key(), {best_move.raw(), std::int16_t(to_table(best, ply)), std::int8_t(std::min(depth, 127)),
                              best >= beta      ? LOWER
                              : best > alpha_in ? EXACT
                                                : UPPER});
    return best;
  }

  // A draw's score for the side to move: limits_.draw_centipawns for the
  // root's side, as much less for the other.
  int draw() const { return pos_.side() == root_side_ ? limits_.draw_centipawns : -limits_.draw_centipawns; }

  std::optional<int> pawn_ending() const {
    if (!limits_.pawn_ending) return std::nullopt;
    const auto pos = pos_.kings_and_pawns();
    const auto v = pos ? limits_.pawn_ending(*pos) : std::nullopt;
    if (!v) return std::nullopt;
    return is_win(*v) ? KNOWN_WIN - distance_of(*v) : is_loss(*v) ? distance_of(*v) - KNOWN_WIN : draw();
  }

  // Captures and queen promotions until the position is quiet; in check,
  // every evasion, so a mate at the horizon is seen.
  int quiesce(int alpha, int beta, int ply) {
    if (poll()) return 0;
    if (pos_.insufficient_material()) return draw();
    if (auto s = pawn_ending()) return *s;
    const bool check = pos_.in_check();
    int best = -INFINITE_SCORE;
    if (!check || ply >= MAX_PLY) {
      best = evaluate(pos_);
      if (best >= beta || ply >= MAX_PLY) return best;
      alpha = std::max(alpha, best);
    }
    MoveList list;
    pos_.generate(list, !check);
    std::array<int, 256> keys;
    order(list, keys, {}, MAX_PLY);
    int legal = 0;
    for (int i = 0; i < list.size; ++i) {
      pick(list, keys, i);
      const ChessMove m = list.moves[i];
      if (!pos_.make(m)) continue;
      ++legal;
      const int s = -quiesce(-beta, -alpha, ply + 1);
      pos_.unmake(m);
      if (stopped_) return 0;
      if (s <= best) continue;
      best = s;
      if (s <= alpha) continue;
      alpha = s;
      if (s >= beta) break;
    }
    if (check && legal == 0) return -MATE + ply;
    return best;
  }

  // The table's moves from the root, as far as they are legal and new.
  std::vector<ChessMove> principal_variation(int depth) {
    std::vector<ChessMove> pv;
    std::vector<Key> seen;
    while (int(pv.size()) < depth) {
      const auto entry = table_.probe(pos_.key());
      if (!entry || std::find(seen.begin(), seen.end(), pos_.key()) != seen.end()) break;
      const std::optional<ChessMove> m = pos_.find(uci(ChessMove::from_raw(entry->move)));
      if (!m) break;
      seen.push_back(pos_.key());
      pos_.make(*m);
      pv.push_back(*m);
    }
    for (auto it = pv.rbegin(); it != pv.rend(); ++it) pos_.unmake(*it);
    return pv;
  }

  ChessPosition& pos_;
  const ChessLimits& limits_;
  Clock::time_point start_;
  ChessTable& table_;
  Team& team_;
  const unsigned index_;
  ChessMove killers_[MAX_PLY][2] = {};
  int history_[PIECE_CODES][128] = {};
  ChessMove root_best_;
  int root_depth_ = 0;
  const Color root_side_ = pos_.side();
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

ChessTable::ChessTable(int megabytes) {
  while (size_ * 2 * sizeof(Slot) <= std::size_t(std::max(megabytes, 1)) << 20) size_ *= 2;
  slots_ = std::make_unique<Slot[]>(size_);
}

std::optional<ChessTable::Data> ChessTable::probe(Key key) const {
  const Slot& slot = slots_[key & (size_ - 1)];
  const std::uint64_t data = slot.data.load(std::memory_order_relaxed);
  if ((slot.check.load(std::memory_order_relaxed) ^ data) != key || data == 0) return std::nullopt;
  return Data{std::uint32_t(data), std::int16_t(data >> 32), std::int8_t(data >> 48), std::uint8_t(data >> 56)};
}

void ChessTable::store(Key key, const Data& d) {
  const std::uint64_t data = std::uint64_t(d.move) | std::uint64_t(std::uint16_t(d.score)) << 32 |
                             std::uint64_t(std::uint8_t(d.depth)) << 48 | std::uint64_t(d.bound) << 56;
  Slot& slot = slots_[key & (size_ - 1)];
  slot.check.store(key ^ data, std::memory_order_relaxed);
  slot.data.store(data, std::memory_order_relaxed);
}

void ChessTable::clear() {
  for (std::size_t i = 0; i < size_; ++i) slots_[i].check = slots_[i].data = 0;
}

ChessIteration search_chess(ChessPosition& root, const ChessLimits& limits,
                            const std::function<void(const ChessIteration&)>& report) {
  std::unique_ptr<ChessTable> own;
  ChessTable& table = limits.table ? *limits.table : *(own = std::make_unique<ChessTable>(limits.hash_megabytes));
  const unsigned threads = std::max(1u, limits.threads);
  Team team(threads);
  std::vector<ChessPosition> boards(threads - 1, root);
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < threads; ++i)
    helpers.emplace_back([&, i] { Searcher(boards[i - 1], limits, table, team, i).run({}); });
  ChessIteration result = Searcher(root, limits, table, team, 0).run(report);
  team.done = true;
  for (std::thread& t : helpers) t.join();
  result.nodes = team.total_nodes();
  return result;
}

}  // namespace chunker::chess
