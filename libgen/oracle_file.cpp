#include "block_table.h"
#include "oracle.h"

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

}  // namespace chunker
