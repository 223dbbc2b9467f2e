#include "exact/oracle.h"

#include "chunks/block_table.h"

namespace chunker {

namespace {
// 2: a-c vs f-h stores one config of each twin pair (OracleIndex::storage).
// 3: the same entries in the block format (block_table.h).
constexpr std::uint32_t ORACLE_FORMAT_VERSION = 3;

TableHeader oracle_header(Layout layout) { return {"oracle", "layout=" + layout_name(layout), ORACLE_FORMAT_VERSION}; }
}  // namespace

std::string oracle_path(const std::string& data_dir, Layout layout) {
  return data_dir + "/oracle-" + layout_name(layout) + ".tbl";
}

std::string oracle_rebuild_command(Layout layout) { return "chunker oracle build --layout " + layout_name(layout); }

void save_oracle(const OracleTable& table, const std::string& data_dir) {
  write_block_table(oracle_path(data_dir, table.layout()), oracle_header(table.layout()), table.bytes());
}

OracleTable load_oracle(const std::string& data_dir, Layout layout, TableRead read) {
  return load_domain_table<OracleTable>(layout, oracle_path(data_dir, layout), oracle_header(layout),
                                        oracle_rebuild_command(layout), read);
}

std::vector<std::pair<Move, Value>> move_values(const OracleTable& table, const Position& pos) {
  auto stored = [&](const Position& p) { return table.value(p); };
  std::vector<std::pair<Move, Value>> out;
  for (Move m : legal_moves(pos)) {
    Position child = make_move(pos, m);
    Value v = m.kind() != MoveKind::Promotion ? from_child(stored(child))
              : is_safe_promotion(pos, m)     ? win_in(1)
                                              : from_child(retro::value_after_promotion(child, stored));
    out.emplace_back(m, v);
  }
  return out;
}

}  // namespace chunker
