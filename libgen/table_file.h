// The one file format of every generated table (the oracle, the chunk
// libraries): an 8-byte magic, a header written with Boost.Serialization
// (what the table is, its format version, the payload's size and checksum),
// then the payload as one zstd frame. Files are written to a temporary name
// and renamed, and the same payload always gives the same bytes.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace chunker {

struct TableHeader {
  std::string kind;        // "oracle", "kv3cpp-am", ...
  std::string parameters;  // "layout=abc-fgh", ...
  std::uint32_t format_version = 0;
  std::uint64_t payload_size = 0;      // filled by write_table
  std::uint64_t payload_checksum = 0;  // filled by write_table
};

// A file that cannot be used: one line naming the file, the problem and the
// command that rebuilds it.
struct TableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void write_table(const std::string& path, TableHeader header, std::span<const std::uint8_t> payload);

// Checks, in order: the file opens, the magic, the header, that kind,
// parameters and version are `expected`'s (else the file is stale), that the
// payload decompresses to its stated size, and the checksum.
std::vector<std::uint8_t> read_table(const std::string& path, const TableHeader& expected, const std::string& rebuild);

}  // namespace chunker
