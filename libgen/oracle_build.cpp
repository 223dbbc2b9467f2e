// Building the oracle. Within a slice (one pawn configuration) only king
// moves are possible without leaving it; every other move (a pawn move, a
// capture, a promotion) leads to a slice already solved. So each slice is
// solved on its own: first every position's moves are generated once with the
// engine's own move generator and rules, the ones leaving the slice are
// looked up, and the in-slice king moves are counted; then values flow
// backwards along king moves in order of distance (retrograde counting).
#include <algorithm>
#include <array>
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

// A stored byte as the value of a move into that position, for the side that
// makes it: from_child(decode(byte)) by lookup, without the branches on the
// kind of value that the build would mispredict on nearly every move.
const std::array<std::int16_t, 256> VALUE_OF_MOVE_TO = [] {
  std::array<std::int16_t, 256> t{};
  for (int b = 0; b < 256; ++b) t[b] = std::int16_t(from_child(OracleTable::decode(std::uint8_t(b))));
  return t;
}();

// The state of one position of the slice being solved, packed into 8 bytes
// so that passing a value to a predecessor touches one cache line, and a
// whole slice (64 KB) stays in the core's cache.
struct Node {
  std::int16_t value;      // UNKNOWN until settled; NOT_LEGAL; a game-ending value
  std::int16_t exit_best;  // best value over the moves that leave the slice
  std::int16_t candidate;  // best value offered so far, UNKNOWN when none
  std::uint8_t pending;    // in-slice moves not yet known to lose
  bool settled;            // its value has been passed on
};
static_assert(sizeof(Node) == 8 && WIN < INT16_MAX && VALUE_INFINITE <= INT16_MAX);

class SliceSolver {
public:
  SliceSolver(const OracleIndex& index, TableBytes& table, bool write_twins)
      : index_(index), table_(table), write_twins_(write_twins) {}
  void solve(std::uint32_t config);

private:
  void offer(std::uint32_t local, Value v);
  void settle(std::uint32_t local, Value v, const Bitboard pawns[COLOR_NB]);

  const OracleIndex& index_;
  TableBytes& table_;
  bool write_twins_;
  Node node_[SLICE_SIZE];
  std::vector<std::uint16_t> bucket_[BUCKETS];
};

inline void SliceSolver::offer(std::uint32_t local, Value v) {
  Node& n = node_[local];
  if (v <= n.candidate && n.candidate != UNKNOWN) return;
  if (distance_of(v) >= BUCKETS) throw std::logic_error("a distance beyond the oracle's one-byte encoding");
  n.candidate = std::int16_t(v);
  bucket_[distance_of(v)].push_back(std::uint16_t(local));
}

// A position's value is now known: pass it to the positions one king move
// before it.
void SliceSolver::settle(std::uint32_t local, Value v, const Bitboard pawns[COLOR_NB]) {
  node_[local].value = std::int16_t(v);
  node_[local].settled = true;
  const Color side = Color(local >> 12);
  const Color mover = ~side;  // whose king moved to get here
  const Square king[COLOR_NB] = {Square((local >> 6) & 63), Square(local & 63)};
  // The mover's king came from a square next to where it stands, not on a
  // pawn and not next to the other king.
  const Bitboard blocked = pawns[WHITE] | pawns[BLACK] | KING_ATTACKS[king[side]] | square_bb(king[side]);
  // A predecessor's index: the mover to move, its king on `from`.
  const int shift = mover == WHITE ? 6 : 0;
  const std::uint32_t fixed = (std::uint32_t(mover) << 12) | (std::uint32_t(king[side]) << (6 - shift));
  for (Bitboard from = KING_ATTACKS[king[mover]] & ~blocked; from;) {
    std::uint32_t pred = fixed | (std::uint32_t(pop_lsb(from)) << shift);
    Node& p = node_[pred];
    if (p.value != UNKNOWN) continue;  // not legal, game over, or known
    if (is_loss(v)) {
      offer(pred, from_child(v));
    } else if (--p.pending == 0) {
      Value best = std::max<Value>(p.exit_best, from_child(v));
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
  // For each black king square, where the white king cannot stand: on a
  // pawn, on or next to the black king, anywhere if the black king is on a pawn.
  const Bitboard pawn_squares = pawns[WHITE] | pawns[BLACK];
  Bitboard no_white_king[SQUARE_NB];
  for (Square s = 0; s < SQUARE_NB; ++s)
    no_white_king[s] = pawn_squares & square_bb(s) ? ~Bitboard(0) : pawn_squares | KING_ATTACKS[s] | square_bb(s);
  auto stored = [this](const Position& p) { return OracleTable::decode(table_[index_.index(p)]); };
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
    pos.side = Color(local >> 12);
    pos.king[WHITE] = Square((local >> 6) & 63);
    pos.king[BLACK] = Square(local & 63);
    Node& n = node_[local];
    n = Node{UNKNOWN, -VALUE_INFINITE, UNKNOWN, 0, false};
    // Kings on pawns or next to each other fail is_legal; most placements
    // that cannot arise are these, and a mask finds them sooner.
    if ((square_bb(pos.king[WHITE]) & no_white_king[pos.king[BLACK]]) || !is_legal(pos)) {
      n.value = NOT_LEGAL;
      continue;
    }
    MoveList moves = legal_moves(pos);
    if (auto end = rule_value(pos, moves)) {
      n.value = std::int16_t(*end);
      if (is_decisive(*end)) offer(local, *end);  // the positions that end the game start the flow
      continue;
    }
    Value exit_best = -VALUE_INFINITE;
    for (Move m : moves) {
      if (m.from() == pos.king[pos.side] && !(pawns[~pos.side] & square_bb(m.to())))
        ++n.pending;
      else if (m.kind() == MoveKind::Promotion)
        exit_best = std::max(exit_best, from_child(value_after_promotion(make_move(pos, m), stored)));
      else
        exit_best = std::max<Value>(exit_best, VALUE_OF_MOVE_TO[table_[index_.successor(base + local, pos, m)]]);
    }
    n.exit_best = std::int16_t(exit_best);
    if (is_win(exit_best) || (n.pending == 0 && is_loss(exit_best))) offer(local, exit_best);
  }
  for (int d = 0; d < BUCKETS; ++d)
    for (std::size_t i = 0; i < bucket_[d].size(); ++i) {
      std::uint32_t local = bucket_[d][i];
      if (node_[local].settled || distance_of(node_[local].candidate) != d) continue;
      settle(local, node_[local].candidate, pawns);
    }
  const std::uint64_t twin_base = std::uint64_t(OracleIndex::twin_config(config)) << 13;
  const bool twin = write_twins_ && twin_base != base;
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
    Value v = node_[local].value;
    std::uint8_t byte = v == NOT_LEGAL ? OracleTable::ILLEGAL : OracleTable::encode(v == UNKNOWN ? 0 : v);
    table_[base + local] = byte;
    if (twin) table_[twin_base + OracleIndex::twin_local(local)] = byte;
  }
}

}  // namespace

OracleTable::OracleTable(Layout layout, TableBytes bytes) : index_(layout), bytes_(std::move(bytes)) {}

OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                         bool use_twins) {
  OracleTable table(layout);
  const bool twins = use_twins && table.index_.self_twin();
  table.bytes_.resize(ORACLE_ENTRIES);  // uninitialised: every slice writes all its bytes
  // Configs grouped by progress; a group depends only on the groups above it.
  std::vector<std::vector<std::uint32_t>> groups(6 * PAWN_CODES);
  // Of twin configs (same progress) only one is solved; it writes both.
  for (std::uint32_t c = 0; c < CONFIG_NB; ++c)
    if (!twins || c <= OracleIndex::twin_config(c))
      groups[std::size_t(OracleIndex::progress(c))].push_back(c);

  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::unique_ptr<SliceSolver>> solvers;
  for (unsigned t = 0; t < threads; ++t) solvers.push_back(std::make_unique<SliceSolver>(table.index_, table.bytes_, twins));
  std::atomic<std::uint32_t> done = 0;
  auto last_report = std::chrono::steady_clock::now();
  for (auto group = groups.rbegin(); group != groups.rend(); ++group) {
    std::atomic<std::size_t> next = 0;
    auto work = [&](unsigned t) {
      for (std::size_t i; (i = next++) < group->size();) {
        std::uint32_t config = (*group)[i];
        solvers[t]->solve(config);
        done += twins && config != OracleIndex::twin_config(config) ? 2 : 1;
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
