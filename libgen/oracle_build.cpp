// Building the oracle. Within a slice (one pawn configuration) only king
// moves are possible without leaving it; every other move (a pawn move, a
// capture, a promotion) leads to a slice already solved. So each slice is
// solved on its own: first every position's moves are generated once with the
// engine's own move generator and rules, the ones leaving the slice are
// looked up, and the in-slice king moves are counted; then values flow
// backwards along king moves in order of distance (retrograde counting).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

#include "oracle.h"

namespace chunker {

namespace {

constexpr Value UNKNOWN = VALUE_INFINITE;
constexpr Value NOT_LEGAL = -VALUE_INFINITE;
constexpr int BUCKETS = OracleTable::MAX_STORED_DISTANCE + 2;

std::uint32_t local_index(Color side, Square white_king, Square black_king) {
  return (std::uint32_t(side) << 12) | (white_king << 6) | black_king;
}

class SliceSolver {
public:
  SliceSolver(const OracleIndex& index, std::vector<std::uint8_t>& table) : index_(index), table_(table) {}
  void solve(std::uint32_t config);

private:
  Value stored(const Position& pos) const { return OracleTable::decode(table_[index_.index(pos)]); }
  void offer(std::uint32_t local, Value v);
  void settle(std::uint32_t local, Value v, const Bitboard pawns[COLOR_NB]);

  const OracleIndex& index_;
  std::vector<std::uint8_t>& table_;
  Value value_[SLICE_SIZE];
  Value exit_best_[SLICE_SIZE];    // best value over moves that leave the slice
  Value candidate_[SLICE_SIZE];    // best win offered so far
  std::uint8_t pending_[SLICE_SIZE];  // in-slice moves not yet known to lose
  bool settled_[SLICE_SIZE];           // its value has been passed on
  std::vector<std::uint16_t> bucket_[BUCKETS];
};

void SliceSolver::offer(std::uint32_t local, Value v) {
  if (v <= candidate_[local] && candidate_[local] != UNKNOWN) return;
  if (distance_of(v) >= BUCKETS) throw std::logic_error("a distance beyond the oracle's one-byte encoding");
  candidate_[local] = v;
  bucket_[distance_of(v)].push_back(std::uint16_t(local));
}

// A position's value is now known: pass it to the positions one king move
// before it.
void SliceSolver::settle(std::uint32_t local, Value v, const Bitboard pawns[COLOR_NB]) {
  value_[local] = v;
  settled_[local] = true;
  const Color side = Color(local >> 12);
  const Color mover = ~side;  // whose king moved to get here
  Square king[COLOR_NB] = {Square((local >> 6) & 63), Square(local & 63)};
  const Bitboard blocked = pawns[WHITE] | pawns[BLACK] | square_bb(king[side]);
  for (Bitboard from = KING_ATTACKS[king[mover]] & ~blocked; from;) {
    Square before[COLOR_NB] = {king[WHITE], king[BLACK]};
    before[mover] = pop_lsb(from);
    std::uint32_t pred = local_index(mover, before[WHITE], before[BLACK]);
    if (value_[pred] != UNKNOWN) continue;  // not legal, game over, or known
    if (is_loss(v)) {
      offer(pred, from_child(v));
    } else if (--pending_[pred] == 0) {
      Value best = std::max(exit_best_[pred], from_child(v));
      if (is_loss(best)) offer(pred, best);
    }
  }
}

void SliceSolver::solve(std::uint32_t config) {
  const std::uint64_t base = std::uint64_t(config) << 13;
  Bitboard pawns[COLOR_NB];
  index_.pawns_of(config, pawns);
  for (auto& b : bucket_) b.clear();
  Position pos;
  pos.pawns[WHITE] = pawns[WHITE];
  pos.pawns[BLACK] = pawns[BLACK];
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
    pos.side = Color(local >> 12);
    pos.king[WHITE] = Square((local >> 6) & 63);
    pos.king[BLACK] = Square(local & 63);
    candidate_[local] = UNKNOWN;
    settled_[local] = false;
    if (!is_legal(pos)) {
      value_[local] = NOT_LEGAL;
      continue;
    }
    MoveList moves = legal_moves(pos);
    if (auto end = rule_value(pos, moves)) {
      value_[local] = *end;
      continue;
    }
    value_[local] = UNKNOWN;
    int pending = 0;
    Value exit_best = -VALUE_INFINITE;
    for (Move m : moves) {
      if (m.from() == pos.king[pos.side] && !(pawns[~pos.side] & square_bb(m.to())))
        ++pending;
      else if (m.kind() == MoveKind::Promotion)
        exit_best = std::max(exit_best, from_child(value_after_promotion(make_move(pos, m), [this](const Position& p) { return stored(p); })));
      else
        exit_best = std::max(exit_best, from_child(OracleTable::decode(table_[index_.successor(base + local, pos, m)])));
    }
    pending_[local] = std::uint8_t(pending);
    exit_best_[local] = exit_best;
    if (is_win(exit_best) || (pending == 0 && is_loss(exit_best))) offer(local, exit_best);
  }
  // Positions that end the game start the flow.
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local)
    if (value_[local] != UNKNOWN && value_[local] != NOT_LEGAL && is_decisive(value_[local]))
      offer(local, value_[local]);
  for (int d = 0; d < BUCKETS; ++d)
    for (std::size_t i = 0; i < bucket_[d].size(); ++i) {
      std::uint32_t local = bucket_[d][i];
      if (settled_[local] || distance_of(candidate_[local]) != d) continue;
      settle(local, candidate_[local], pawns);
    }
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
    Value v = value_[local];
    table_[base + local] = v == NOT_LEGAL ? OracleTable::ILLEGAL : OracleTable::encode(v == UNKNOWN ? 0 : v);
  }
  if (!index_.self_twin()) return;
  const std::uint64_t twin_base = std::uint64_t(OracleIndex::twin_config(config)) << 13;
  if (twin_base == base) return;
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local)
    table_[twin_base + OracleIndex::twin_local(local)] = table_[base + local];
}

}  // namespace

OracleTable::OracleTable(Layout layout, std::vector<std::uint8_t> bytes) : index_(layout), bytes_(std::move(bytes)) {}

OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress) {
  OracleTable table(layout);
  table.bytes_.assign(ORACLE_ENTRIES, 0);
  // Configs grouped by progress; a group depends only on the groups above it.
  std::vector<std::vector<std::uint32_t>> groups(6 * PAWN_CODES);
  // Of twin configs (same progress) only one is solved; it writes both.
  for (std::uint32_t c = 0; c < CONFIG_NB; ++c)
    if (!table.index_.self_twin() || c <= OracleIndex::twin_config(c))
      groups[std::size_t(OracleIndex::progress(c))].push_back(c);

  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::unique_ptr<SliceSolver>> solvers;
  for (unsigned t = 0; t < threads; ++t) solvers.push_back(std::make_unique<SliceSolver>(table.index_, table.bytes_));
  std::atomic<std::uint32_t> done = 0;
  auto last_report = std::chrono::steady_clock::now();
  for (auto group = groups.rbegin(); group != groups.rend(); ++group) {
    std::atomic<std::size_t> next = 0;
    auto work = [&](unsigned t) {
      for (std::size_t i; (i = next++) < group->size();) {
        std::uint32_t config = (*group)[i];
        solvers[t]->solve(config);
        done += table.index_.self_twin() && config != OracleIndex::twin_config(config) ? 2 : 1;
        if (t == 0 && std::chrono::steady_clock::now() - last_report > std::chrono::milliseconds(100)) {
          progress(done, CONFIG_NB);
          last_report = std::chrono::steady_clock::now();
        }
      }
    };
    // The calling thread is worker 0 and the one that reports progress.
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work, t);
    work(0);
    for (auto& h : helpers) h.join();
  }
  progress(done, CONFIG_NB);
  return table;
}

}  // namespace chunker
