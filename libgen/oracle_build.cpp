// Building the oracle with the retrograde loop of retrograde.h. A slice is
// one pawn configuration; inside it only king moves are possible (pawns never
// meet in this domain, so every pawn move, capture and promotion leaves it).
// Each position's moves come from the engine's own move generator and rules.
#include <array>
#include <memory>

#include "oracle.h"
#include "retrograde.h"

namespace chunker {

namespace {

static_assert(OracleTable::MAX_STORED_DISTANCE >= retro::MAX_TABLE_DISTANCE);
using retro::NOT_LEGAL;
using retro::UNKNOWN;

// A stored byte as the value of a move into that position, for the side that
// makes it: from_child(decode(byte)) by lookup, without the branches on the
// kind of value that the build would mispredict on nearly every move.
const std::array<std::int16_t, 256> VALUE_OF_MOVE_TO = [] {
  std::array<std::int16_t, 256> t{};
  for (int b = 0; b < 256; ++b) t[b] = std::int16_t(from_child(OracleTable::decode(std::uint8_t(b))));
  return t;
}();

// One slice of the oracle as retrograde.h sees it. Local index: side to
// move (bit 12), white king (bits 6-11), black king (bits 0-5).
class OracleSlice {
public:
  OracleSlice(const OracleIndex& index, const TableBytes& table, std::uint32_t config)
      : index_(index), table_(table), base_(std::uint64_t(config) << 13) {
    index.pawns_of(config, pos_.pawns);
    // For each black king square, where the white king cannot stand: on a
    // pawn, on or next to the black king, anywhere if the black king is on a pawn.
    const Bitboard pawn_squares = pos_.pawns[WHITE] | pos_.pawns[BLACK];
    for (Square s = 0; s < SQUARE_NB; ++s)
      no_white_king_[s] = pawn_squares & square_bb(s) ? ~Bitboard(0) : pawn_squares | KING_ATTACKS[s] | square_bb(s);
  }

  retro::Examined examine(std::uint32_t local) {
    Position& pos = pos_;
    retro::place_two_kings(pos, local);
    retro::Examined e;
    // Kings on pawns or next to each other fail is_legal; most placements
    // that cannot arise are these, and a mask finds them sooner.
    if ((square_bb(pos.king[WHITE]) & no_white_king_[pos.king[BLACK]]) || !is_legal(pos)) {
      e.over = NOT_LEGAL;
      return e;
    }
    const MoveList moves = legal_moves(pos);
    if (auto end = rule_value(pos, moves)) {
      e.over = *end;
      return e;
    }
    auto stored = [this](const Position& p) { return OracleTable::decode(table_[index_.index(p)]); };
    for (Move m : moves) {
      if (retro::stays_in_slice(pos, m))
        ++e.in_slice;
      else if (m.kind() == MoveKind::Promotion)
        e.exit_best = std::max(e.exit_best, from_child(retro::value_after_promotion(make_move(pos, m), stored)));
      else
        e.exit_best = std::max<Value>(e.exit_best, VALUE_OF_MOVE_TO[table_[index_.successor(base_ + local, pos, m)]]);
    }
    return e;
  }

  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    retro::for_each_king_move_predecessor(local, pos_.pawns[WHITE] | pos_.pawns[BLACK], f);
  }

private:
  const OracleIndex& index_;
  const TableBytes& table_;
  const std::uint64_t base_;
  Position pos_;
  Bitboard no_white_king_[SQUARE_NB];
};

}  // namespace

OracleTable::OracleTable(Layout layout, TableBytes bytes) : index_(layout), bytes_(std::move(bytes)) {}

OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                         bool use_twins) {
  OracleTable table(layout);
  const bool twins = use_twins && table.index_.self_twin();
  table.bytes_.resize(ORACLE_ENTRIES);  // uninitialised: every slice writes all its bytes
  // Configs grouped by progress, most advanced first: a group's moves out lead
  // only to groups before it. Of twin configs (same progress) only one is
  // solved; it writes both.
  std::vector<std::vector<std::uint32_t>> groups(6 * PAWN_CODES);
  std::uint32_t slices = 0;
  for (std::uint32_t c = 0; c < CONFIG_NB; ++c)
    if (!twins || c <= OracleIndex::twin_config(c)) {
      groups[groups.size() - 1 - std::size_t(OracleIndex::progress(c))].push_back(c);
      ++slices;
    }

  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::unique_ptr<retro::SliceSolver<SLICE_SIZE>>> solvers;
  for (unsigned w = 0; w < workers; ++w) solvers.push_back(std::make_unique<retro::SliceSolver<SLICE_SIZE>>());
  auto solve = [&](unsigned worker, std::uint32_t config) {
    OracleSlice slice(table.index_, table.bytes_, config);
    auto& solver = *solvers[worker];
    solver.solve(slice);
    const std::uint64_t base = std::uint64_t(config) << 13;
    const std::uint64_t twin_base = std::uint64_t(OracleIndex::twin_config(config)) << 13;
    const bool twin = twins && twin_base != base;
    for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
      const Value v = solver.value(local);
      const std::uint8_t byte = v == NOT_LEGAL ? OracleTable::ILLEGAL : OracleTable::encode(v);
      table.bytes_[base + local] = byte;
      if (twin) table.bytes_[twin_base + OracleIndex::twin_local(local)] = byte;
    }
  };
  retro::solve_in_order(groups, workers, solve, [&](std::uint32_t done) { progress(done, slices); });
  return table;
}

}  // namespace chunker
