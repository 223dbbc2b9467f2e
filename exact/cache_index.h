// What a cached exact table holds, in a small file beside it (exact-W-B.idx
// beside exact-W-B.tbl): the root it was solved from, its pawn structures
// and its file's checksum. The cache (exact_tables.h) finds a position's
// table from these without decompressing any table, and reads only the one
// it picks: a table of a large root takes seconds and gigabytes to read,
// its index a few milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exact/exact.h"

namespace chunker {

struct CacheIndex {
  std::string root_fen;
  // The payload checksum of the table file it describes: a table written
  // over since (another solve of the same root structure) is not described.
  std::uint64_t table_checksum = 0;
  std::vector<PawnStructure> structures;  // sorted by White's pawns, then Black's

  std::uint64_t positions() const { return std::uint64_t(structures.size()) * king_slice::SIZE; }
  // Whether the table holds `pos` (ExactTable::holds, from the structures alone).
  bool holds(const Position& pos) const;
};

// The index of `table`, saved in a file whose payload checksum is `table_checksum`.
CacheIndex cache_index_of(const ExactTable& table, std::uint64_t table_checksum);
// Written atomically (table_file.h); load_cache_index throws TableError on a
// missing, damaged or foreign file.
void save_cache_index(const CacheIndex& index, const std::string& path);
CacheIndex load_cache_index(const std::string& path);

}  // namespace chunker
