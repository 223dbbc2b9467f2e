#include "exact/chess/slice_store.h"

#include <cstdio>
#include <filesystem>

#include "chunks/table_file.h"

namespace chunker {

namespace {

constexpr std::uint32_t FORMAT_VERSION = 2;

std::string parameters(const SliceKey& key) {
  char pawns[40];
  std::snprintf(pawns, sizeof pawns, "%016llx-%016llx", static_cast<unsigned long long>(key.pawns.pawns[WHITE]),
                static_cast<unsigned long long>(key.pawns.pawns[BLACK]));
  return material_name(key) + "-" + pawns;
}

TableHeader header(const SliceKey& key) { return {"chess-slice", parameters(key), FORMAT_VERSION, 0, 0}; }

}  // namespace

std::string SliceStore::path(const SliceKey& key) const { return dir_ + "/" + parameters(key) + ".slice"; }

bool SliceStore::has(const SliceKey& key) const {
  if (!enabled() || !std::filesystem::exists(path(key))) return false;
  try {
    const TableHeader found = read_table_header(path(key)), expected = header(key);
    return found.kind == expected.kind && found.parameters == expected.parameters &&
           found.format_version == expected.format_version && found.payload_size == slice_positions(key);
  } catch (const TableError&) {
    return false;
  }
}

bool SliceStore::load(const SliceKey& key, std::span<std::uint8_t> bytes) const {
  if (!enabled() || !std::filesystem::exists(path(key))) return false;
  try {
    read_table_into(path(key), header(key), "", bytes);
    return true;
  } catch (const TableError&) {
    return false;
  }
}

std::string SliceStore::save(const SliceKey& key, std::span<const std::uint8_t> bytes) const {
  if (!enabled()) return "";
  try {
    std::filesystem::create_directories(dir_);
    write_table(path(key), header(key), bytes);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace chunker
