// Tables that open at once. The oracle's and the knowledge-depth tables hold
// up to 963 MB of entries and most readers want a handful, so their files cut
// the payload into blocks, each compressed on its own; a reader maps the file
// and decompresses only the block a probe needs (the way Syzygy tables are read).
//
// File: the preamble of table_file.h (magic, TableHeader with the whole
// payload's size and checksum), then three 64-bit words (entries per block,
// number of blocks, checksum of the index), the index (number of blocks + 1
// file offsets, the last one the file's size), then the blocks, each one zstd
// frame carrying zstd's checksum of its content. Written to a temporary name
// and renamed; the same payload always gives the same bytes.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "chunks/table_file.h"

namespace chunker {

void write_block_table(const std::string& path, TableHeader header, std::span<const std::uint8_t> payload);

// A block table file, mapped. Opening reads the preamble and the index only
// (a truncated or damaged index, another kind, parameters or version than
// `expected`: TableError naming the file and `rebuild`); each block's
// checksum is checked when the block is decompressed.
class BlockTable {
 public:
  // With `keep`, every block decompressed stays in memory, shared by all
  // threads, for the table's life: a process that goes on probing at random
  // (a batch of probes, a probe server) then reads most probes from memory,
  // at the cost of up to the whole payload's size in memory.
  BlockTable(const std::string& path, const TableHeader& expected, std::string rebuild, bool keep = false);
  ~BlockTable();
  BlockTable(const BlockTable&) = delete;
  BlockTable& operator=(const BlockTable&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t size() const { return header_.payload_size; }
  // One entry. Decompresses its block unless it is kept or the calling
  // thread holds it among its last few (a search probes positions of the
  // same slices); a damaged block throws TableError naming the file and
  // `rebuild`.
  std::uint8_t at(std::uint64_t i) const;
  // Every entry, the blocks decompressed on all cores, and the whole
  // payload's checksum checked: what a reader of every entry wants, and the
  // whole-file verification.
  TableBytes read_all() const;

 private:
  const std::uint8_t* block(std::uint64_t b) const;
  const std::uint8_t* kept_block(std::uint64_t b) const;
  void decompress(std::uint64_t b, std::uint8_t* out) const;
  std::uint64_t offset(std::uint64_t b) const;
  TableError refuse(const std::string& problem) const;

  std::string path_, rebuild_;
  TableHeader header_;
  const std::uint8_t* map_ = nullptr;
  std::uint64_t map_size_ = 0;
  const std::uint8_t* index_ = nullptr;
  std::uint64_t block_count_ = 0;
  std::uint64_t serial_ = 0;  // tells this table's blocks apart in the per-thread cache
  // With `keep`: the payload's bytes, each block filled when first probed,
  // and per block whether it is ABSENT, being FILLED, or KEPT.
  std::uint8_t* kept_ = nullptr;
  std::unique_ptr<std::atomic<std::uint8_t>[]> kept_state_;
};

}  // namespace chunker
