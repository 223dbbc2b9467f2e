// The oracle: the exact tablebase of the whole domain (DESIGN.md §6), one
// byte per position: the value for the side to move and its distance.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "oracle_index.h"
#include "retrograde.h"
#include "table_file.h"

namespace chunker {

class OracleTable {
public:
  // Byte encoding: 0 a draw, d + 1 a win or loss in d plies (a win ends on
  // the winner's move, so odd distances are wins and even ones losses),
  // ILLEGAL a placement that cannot arise.
  static constexpr std::uint8_t ILLEGAL = 255;
  static constexpr int MAX_STORED_DISTANCE = 253;
  static std::uint8_t encode(Value v) { return is_decisive(v) ? std::uint8_t(distance_of(v) + 1) : 0; }
  static Value decode(std::uint8_t b) {
    if (b == 0) return 0;
    int d = b - 1;
    return d % 2 ? win_in(d) : loss_in(d);
  }

  explicit OracleTable(Layout layout, TableBytes bytes = {});

  const OracleIndex& index() const { return index_; }
  Layout layout() const { return index_.layout(); }
  // The entry at an index of the layout (OracleIndex), wherever it is stored.
  std::uint8_t byte(std::uint64_t i) const { return bytes_[index_.storage(i)]; }
  // The stored entries (OracleIndex::storage), as the file holds them.
  const TableBytes& bytes() const { return bytes_; }
  // The value of a legal position that fits this layout.
  Value value(const Position& pos) const { return decode(byte(index_.index(pos))); }

private:
  friend OracleTable build_oracle(Layout, const std::function<void(std::uint32_t, std::uint32_t)>&, std::uint64_t*);
  OracleIndex index_;
  TableBytes bytes_;
};

// Retrograde analysis of a whole layout, one pawn configuration (slice) at a
// time in order of pawn progress, on all cores. `progress(done, total)` is
// called now and then with the configs solved so far. Where the layout is
// its own colour-reversed mirror only the kept config of each twin pair is
// solved (OracleIndex::storage). Given `twin_mismatches`, the other configs
// are solved as well, from their own side, after all the kept ones, and each
// of their entries compared with the stored entry of its twin: the count of
// those that differ goes there (0: the symmetry holds over the whole table).
OracleTable build_oracle(Layout layout, const std::function<void(std::uint32_t, std::uint32_t)>& progress,
                         std::uint64_t* twin_mismatches = nullptr);

}  // namespace chunker

namespace chunker {

// Files: data/oracle-<layout>.tbl in the table format of table_file.h.
std::string oracle_path(const std::string& data_dir, Layout layout);
std::string oracle_rebuild_command(Layout layout);
void save_oracle(const OracleTable& table, const std::string& data_dir);
// Throws TableError naming the rebuild command when the file is missing,
// damaged or stale.
OracleTable load_oracle(const std::string& data_dir, Layout layout);

// The value of every legal move of a position in the table's layout (after
// the slot's change of view), in move-generation order.
std::vector<std::pair<Move, Value>> move_values(const OracleTable& table, const Position& pos);

// What `chunker oracle stats` reports, for one side to move.
struct OracleStats {
  std::uint64_t legal = 0, wins = 0, draws = 0, losses = 0;
  int longest_win = 0;
  std::uint64_t longest_win_index = 0;
  std::uint64_t one_winning_move = 0;  // wins with exactly one winning move
};
struct OracleSummary {
  OracleStats side[COLOR_NB];
  std::uint64_t mutual_zugzwangs = 0;  // placements lost with either side to move
};
OracleSummary summarize(const OracleTable& table);

}  // namespace chunker
