#include "oracle.h"
#include "table_file.h"

namespace chunker {

namespace {
// 2: a-c vs f-h stores one config of each twin pair (OracleIndex::storage).
constexpr std::uint32_t ORACLE_FORMAT_VERSION = 2;

TableHeader oracle_header(Layout layout) { return {"oracle", "layout=" + layout_name(layout), ORACLE_FORMAT_VERSION}; }
}  // namespace

std::string oracle_path(const std::string& data_dir, Layout layout) {
  return data_dir + "/oracle-" + layout_name(layout) + ".tbl";
}

std::string oracle_rebuild_command(Layout layout) { return "chunker oracle build --layout " + layout_name(layout); }

void save_oracle(const OracleTable& table, const std::string& data_dir) {
  write_table(oracle_path(data_dir, table.layout()), oracle_header(table.layout()), table.bytes());
}

OracleTable load_oracle(const std::string& data_dir, Layout layout) {
  const std::string path = oracle_path(data_dir, layout);
  TableBytes bytes = read_table(path, oracle_header(layout), oracle_rebuild_command(layout));
  if (bytes.size() != OracleIndex(layout).stored_entries())
    throw TableError(path + ": holds " + std::to_string(bytes.size()) + " entries, not " +
                     std::to_string(OracleIndex(layout).stored_entries()) +
                     "; rebuild it with: " + oracle_rebuild_command(layout));
  return OracleTable(layout, std::move(bytes));
}

}  // namespace chunker
