// What a cached exact table holds, in a file beside it (exact-W-B.idx
// beside exact-W-B.tbl): the root it was solved from, its pawn structures
// and its file's checksum. The cache (exact_tables.h) finds a position's
// table from these without decompressing any table, and reads only the one
// it picks: a table of a large root takes seconds and gigabytes to read.
//
// The file is mapped, not read: a header, then the structures sorted, as
// pairs of 64-bit boards (White's pawns, Black's) in the machine's order,
// so that asking whether a table holds a position touches a few pages of
// its index (a binary search), not the megabytes of a large table's. It
// has no checksum of its own: an index that names a structure its table
// lacks costs a read that finds it (ExactTable::holds), one that misses a
// structure costs a solve.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "exact/exact.h"

namespace chunker {

class CacheIndex {
 public:
  // Maps `path`; throws TableError on a missing, short or foreign file.
  static CacheIndex load(const std::string& path);

  const std::string& root_fen() const { return root_fen_; }
  // The payload checksum of the table file it describes: a table written
  // over since (another solve of the same root structure) is not described.
  std::uint64_t table_checksum() const { return table_checksum_; }
  std::uint64_t structures() const { return pairs_.size() / 2; }
  // Whether the table holds `pos` (ExactTable::holds, from the structures alone).
  bool holds(const Position& pos) const;

 private:
  std::string root_fen_;
  std::uint64_t table_checksum_ = 0;
  std::shared_ptr<const std::uint8_t> map_;
  std::span<const std::uint64_t> pairs_;  // White's pawns, Black's, a structure after another
};

// Writes the index of `table`, whose file's payload checksum is
// `table_checksum`, to `path`: atomically, not synced (table_file.h).
void save_cache_index(const ExactTable& table, std::uint64_t table_checksum, const std::string& path);

}  // namespace chunker
