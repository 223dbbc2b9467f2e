// Every table over the oracle's domain (the oracle itself, the knowledge
// depth of each level) is one game solved by the retrograde loop of
// retrograde.h, slice by slice: a slice is one pawn configuration; inside it
// only king moves are possible (pawns never meet in this domain, so every
// pawn move, capture and promotion leaves it). Each position's moves come
// from the engine's own move generator and rules. What differs between the
// tables is what ends the game and how a value is stored, which `Rules`
// says:
//   std::optional<Value> end(const Position& pos, std::optional<Value> by_rules) const;
//     the value of a position whose game is over, given what rules.h says
//     of it (nullopt while the rules let play go on); nullopt if play goes on
//   static std::uint8_t encode(Value v);  static Value decode(std::uint8_t b);
//     a settled value as a stored byte and back (king_slice::ILLEGAL_BYTE for no position).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <memory>

#include "chunks/block_table.h"
#include "chunks/table_file.h"
#include "engine/cores.h"
#include "exact/oracle_index.h"
#include "exact/retrograde.h"

namespace chunker {

// How a saved table is read: through its file's map, a block at a time (a
// few probes); the same, keeping every block read in memory (a process that
// probes on and on at random: BlockTable's `keep`); or whole into memory (a
// reader of every entry).
enum class TableRead { Mapped, Kept, Whole };

// A solved domain table: one byte per position of a layout, as `Rules`
// encodes it, stored as OracleIndex::storage says; in memory, or read from
// its file a block at a time.
template <typename Rules>
class DomainTable {
 public:
  DomainTable(Layout layout, TableBytes bytes) : index_(layout), bytes_(std::move(bytes)) {}
  DomainTable(Layout layout, std::shared_ptr<const BlockTable> file) : index_(layout), file_(std::move(file)) {}

  const OracleIndex& index() const { return index_; }
  Layout layout() const { return index_.layout(); }
  // The entry at an index of the layout (OracleIndex), wherever it is stored.
  std::uint8_t byte(std::uint64_t i) const {
    const std::uint64_t at = index_.storage(i);
    return file_ ? file_->at(at) : bytes_[at];
  }
  // The stored entries (OracleIndex::storage), as the file holds them; empty
  // for a table read through its file's map.
  const TableBytes& bytes() const { return bytes_; }
  // The value of a legal position that fits this layout.
  Value value(const Position& pos) const { return Rules::decode(byte(index_.index(pos))); }

 private:
  OracleIndex index_;
  TableBytes bytes_;
  std::shared_ptr<const BlockTable> file_;
};

// A saved table of a layout (block_table.h), read as `read` says; a file
// that does not hold the layout's stored entries is refused as damaged.
template <typename Table>
Table load_domain_table(Layout layout, const std::string& path, const TableHeader& expected, const std::string& rebuild,
                        TableRead read) {
  auto file = std::make_shared<const BlockTable>(path, expected, rebuild, read == TableRead::Kept);
  if (file->size() != OracleIndex(layout).stored_entries())
    throw TableError(path,
                     "holds " + std::to_string(file->size()) + " entries, not " +
                         std::to_string(OracleIndex(layout).stored_entries()),
                     rebuild);
  if (read == TableRead::Whole) return Table(layout, file->read_all());
  return Table(layout, std::move(file));
}

namespace domain {

// A byte stored under `Rules` as the value of a move into that position, for
// the side that makes it: from_child(decode(byte)) by lookup, without the
// branches on the kind of value that a build would mispredict on nearly
// every move.
template <typename Rules>
inline const std::array<std::int16_t, 256> VALUE_OF_MOVE_TO = [] {
  std::array<std::int16_t, 256> t{};
  for (int b = 0; b < 256; ++b) t[b] = std::int16_t(from_child(Rules::decode(std::uint8_t(b))));
  return t;
}();

// One slice of a domain table as retrograde.h sees it, numbered by king_slice.h.
template <typename Rules>
class Slice {
 public:
  Slice(const OracleIndex& index, const Rules& rules, const TableBytes& table, std::uint32_t config)
      : index_(index),
        rules_(rules),
        table_(table),
        base_(king_slice::index(config, 0)),
        kings_mask_(pawns_of(index, config, pos_)) {
    // A pawn move that does not promote keeps both kings and passes the
    // move: it leads to the same local position, other side to move, of one
    // config, the same for every position of this slice. Each file holds at
    // most one pawn of a side and the sides' files differ, so the square a
    // pawn lands on names the move (the double step is filled in for every
    // pawn: only those on their second rank look it up). Kings stand
    // anywhere here: successor() puts them in the local bits, which are cut off.
    for (Color c : {WHITE, BLACK}) {
      Position mover = pos_;
      mover.side = c;
      mover.king[WHITE] = mover.king[BLACK] = 0;
      for (Bitboard b = pos_.pawns[c]; b;) {
        const Square from = pop_lsb(b);
        for (int step = 1; step <= 2; ++step) {
          const Square to = Square(from + step * forward(c));
          if (relative_rank(c, to) == 7) break;  // a promotion: looked up through its replies
          pawn_exit_[to] = index.storage_of(OracleIndex::config_of(index.successor(base_, mover, Move(from, to))));
        }
      }
    }
  }

  retro::Examined examine(std::uint32_t local) {
    Position& pos = pos_;
    king_slice::place(pos, local);
    retro::Examined e;
    auto end = [this](const Position& p, std::optional<Value> by_rules) { return rules_.end(p, by_rules); };
    const auto targets = retro::examine_start(pos, kings_mask_, end, e);
    if (!targets) return e;
    // The king's captures and every pawn move leave the slice.
    const Bitboard their_pawns = pos.pawns[~pos.side];
    for (Bitboard captures = targets->king_to & their_pawns; captures;) {
      const Move m(pos.king[pos.side], pop_lsb(captures));
      add_exit(e, table_[index_.storage(index_.successor(base_ + local, pos, m))]);
    }
    for_each_pawn_move(pos, targets->pawn_to, [&](Move m) {
      if (m.kind() == MoveKind::Promotion) {
        auto stored = [this](const Position& p) { return Rules::decode(table_[index_.storage(index_.index(p))]); };
        auto end = [this](const Position& p, const MoveList& replies) { return rules_.end(p, rule_value(p, replies)); };
        e.exit_best = std::max(e.exit_best, from_child(retro::value_after_promotion(make_move(pos, m), stored, end)));
      } else {
        add_exit(e, table_[pawn_exit_[m.to()].at(local ^ king_slice::SIDE_BIT)]);
      }
    });
    return e;
  }

  // Its pawns: a retro::TwoKingGame.
  const Bitboard (&pawns() const)[COLOR_NB] { return pos_.pawns; }

 private:
  // Places a config's pawns in `pos` and returns them.
  static const Bitboard (&pawns_of(const OracleIndex& index, std::uint32_t config, Position& pos))[COLOR_NB] {
    index.pawns_of(config, pos.pawns);
    return pos.pawns;
  }

  // A move out of the slice to a position stored as `byte`.
  static void add_exit(retro::Examined& e, std::uint8_t byte) {
    e.exit_best = std::max<Value>(e.exit_best, VALUE_OF_MOVE_TO<Rules>[byte]);
  }

  const OracleIndex& index_;
  const Rules& rules_;
  const TableBytes& table_;
  const std::uint64_t base_;
  Position pos_;
  const retro::KingsMask kings_mask_;
  // Where the config a pawn move landing on a square leads to is stored.
  OracleIndex::SliceStorage pawn_exit_[SQUARE_NB];
};

}  // namespace domain

// Retrograde analysis of a whole layout under `rules`, one pawn
// configuration (slice) at a time in order of pawn progress, on all cores;
// returns the stored entries (OracleIndex::storage). `progress(done, total)`
// is called now and then with the configs solved so far. Where the layout is
// its own colour-reversed mirror only the kept config of each twin pair is
// solved. Given `twin_mismatches`, the other configs are solved as well, from
// their own side, after all the kept ones, and each of their entries compared
// with the stored entry of its twin: the count of those that differ goes
// there (0: the symmetry holds over the whole table). `run`, where given,
// runs the groups instead of retro::solve_in_order.
template <typename Rules>
TableBytes solve_domain(const OracleIndex& index, const Rules& rules,
                        const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                        std::uint64_t* twin_mismatches, const retro::GroupRunner& run = {}) {
  TableBytes bytes(index.stored_entries());  // uninitialised: every kept slice writes all its bytes
  // Kept configs grouped by progress, most advanced first: a group's moves
  // out lead only to groups before it. The twins to check come last, as one
  // group: nothing reads them.
  std::vector<std::vector<std::uint32_t>> groups(6 * PAWN_CODES + 1);
  std::uint32_t slices = 0;
  for (std::uint32_t c = 0; c < CONFIG_NB; ++c) {
    if (index.kept(c))
      groups[groups.size() - 2 - std::size_t(OracleIndex::progress(c))].push_back(c);
    else if (twin_mismatches)
      groups.back().push_back(c);
    else
      continue;
    ++slices;
  }

  const unsigned workers = usable_cores();
  std::vector<std::unique_ptr<retro::SliceSolver<king_slice::SIZE>>> solvers;
  for (unsigned w = 0; w < workers; ++w) solvers.push_back(std::make_unique<retro::SliceSolver<king_slice::SIZE>>());
  std::atomic<std::uint64_t> mismatches = 0;
  auto solve = [&](unsigned worker, std::uint32_t config) {
    domain::Slice<Rules> slice(index, rules, bytes, config);
    auto& solver = *solvers[worker];
    solver.solve(slice);
    const OracleIndex::SliceStorage stored = index.storage_of(config);
    auto byte = [&](std::uint32_t local) {
      const Value v = solver.value(local);
      return v == retro::NOT_LEGAL ? king_slice::ILLEGAL_BYTE : Rules::encode(v);
    };
    // A config that is its own twin holds the twins of its own entries.
    const bool own_twin = twin_mismatches && index.self_twin() && OracleIndex::twin_config(config) == config;
    std::uint64_t differ = 0;
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      if (stored.twin) {
        differ += bytes[stored.at(local)] != byte(local);
      } else {
        bytes[stored.base + local] = byte(local);
        if (own_twin) differ += byte(OracleIndex::twin_local(local)) != byte(local);
      }
    }
    mismatches += differ;
  };
  auto report = [&](std::uint32_t done) { progress(done, slices); };
  if (run)
    run(groups, workers, solve, report, [&](std::uint32_t config) {
      return std::span<std::uint8_t>(bytes.data() + index.storage_of(config).base, king_slice::SIZE);
    });
  else
    retro::solve_in_order(groups, workers, solve, report);
  if (twin_mismatches) *twin_mismatches = mismatches;
  return bytes;
}

}  // namespace chunker
