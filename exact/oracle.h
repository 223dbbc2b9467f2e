// The oracle: the exact tablebase of the whole domain (docs/design.md §6), one
// byte per position: the value for the side to move and its distance.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "chunks/table_file.h"
#include "exact/domain_solve.h"
#include "exact/oracle_index.h"

namespace chunker {

// The rules of the oracle's game (domain_solve.h): the game ends only where
// rules.h says so. Byte encoding: 0 a draw, d + 1 a win or loss in d plies
// (a win ends on the winner's move, so odd distances are wins and even ones
// losses), king_slice::ILLEGAL_BYTE a placement that cannot arise.
struct OracleRules {
  static constexpr int MAX_STORED_DISTANCE = 253;
  std::optional<Value> end(const Position&, std::optional<Value> by_rules) const { return by_rules; }
  static std::uint8_t encode(Value v) { return is_decisive(v) ? std::uint8_t(distance_of(v) + 1) : 0; }
  static Value decode(std::uint8_t b) {
    if (b == 0) return 0;
    int d = b - 1;
    return d % 2 ? win_in(d) : loss_in(d);
  }
};

class OracleTable : public DomainTable<OracleRules> {
 public:
  static std::uint8_t encode(Value v) { return OracleRules::encode(v); }
  static Value decode(std::uint8_t b) { return OracleRules::decode(b); }
  explicit OracleTable(Layout layout, TableBytes bytes = {}) : DomainTable(layout, std::move(bytes)) {}
  OracleTable(Layout layout, std::shared_ptr<const BlockTable> file) : DomainTable(layout, std::move(file)) {}
};

// Files: data/oracle-<layout>.tbl in the block format of block_table.h.
std::string oracle_path(const std::string& data_dir, Layout layout);
std::string oracle_rebuild_command(Layout layout);
void save_oracle(const OracleTable& table, const std::string& data_dir);
// Throws TableError naming the rebuild command when the file is missing,
// damaged or stale (a damaged block of a mapped table: when it is probed).
OracleTable load_oracle(const std::string& data_dir, Layout layout, TableRead read = TableRead::Mapped);

// The value of every legal move of a position in the table's layout (after
// the slot's change of view), in move-generation order.
std::vector<std::pair<Move, Value>> move_values(const OracleTable& table, const Position& pos);

}  // namespace chunker
