// The file format of the tables that are read whole (the chunk libraries,
// exact tables): an 8-byte magic, a header written with Boost.Serialization
// (what the table is, its format version, the payload's size and checksum),
// then the payload as one zstd frame. The large domain tables (oracle,
// knowledge depth) open with the same magic and header, then go on in the
// blocks of block_table.h. Files are written to a temporary name and
// renamed, and the same payload always gives the same bytes.
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace chunker {

// The bytes of a table. Tables are large (an oracle layout is 963 MB), so
// new bytes are left uninitialised (a builder writes every byte, a reader
// fills them from the file: zero-filling first only costs time) and large
// blocks are aligned for, and advised to use, huge pages, which saves most of
// the page faults of touching a gigabyte.
template <typename T>
struct TableAllocator {
  using value_type = T;
  TableAllocator() = default;
  template <typename U>
  TableAllocator(const TableAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_table_block(n * sizeof(T))); }
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <typename U>
  void construct(U* p) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
  template <typename U>
  bool operator==(const TableAllocator<U>&) const {
    return true;
  }

 private:
  static void* allocate_table_block(std::size_t bytes);
};
using TableBytes = std::vector<std::uint8_t, TableAllocator<std::uint8_t>>;

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
  // "PATH: PROBLEM; rebuild it with: REBUILD" (without the rebuild where it is empty).
  TableError(const std::string& path, const std::string& problem, const std::string& rebuild = "");
  // The line; without the path, the file is named by its name alone: a
  // server's answers name no directory of its machine.
  std::string message(bool with_path) const { return with_path || file_named_.empty() ? what() : file_named_; }

 private:
  std::string file_named_;  // the line with the file's name for its path; empty where no file is named
};

// Whether a file written is on the disk before its rename (fsync): a file
// that must survive a crash is; a cache file, whose damage its checksum shows
// and a new solve repairs, need not wait for the disk.
enum class Durability { Synced, Unsynced };

void write_table(const std::string& path, TableHeader header, std::span<const std::uint8_t> payload,
                 Durability durability = Durability::Synced);

// Checks, in order: the file opens, the magic, the header, that kind,
// parameters and version are `expected`'s (else the file is stale), that the
// payload decompresses to its stated size, and the checksum.
TableBytes read_table(const std::string& path, const TableHeader& expected, const std::string& rebuild);
// read_table into bytes the caller holds, which must be the payload's size
// (else the file is stale): no buffer of its own.
void read_table_into(const std::string& path, const TableHeader& expected, const std::string& rebuild,
                     std::span<std::uint8_t> bytes);
// Only the header (magic and header checks as read_table's).
TableHeader read_table_header(const std::string& path);

// What the block format (block_table.h) shares with this one.
// The checksum of a whole payload (TableHeader::payload_checksum).
std::uint64_t table_checksum(std::span<const std::uint8_t> bytes);
// The magic, the header's length and the header: the opening of every table file.
std::string table_preamble(const TableHeader& header);
// The header of a file that opens with `bytes`, and where the preamble ends;
// throws TableError with the problem alone (bad magic, damaged or truncated header).
TableHeader parse_table_preamble(std::span<const std::uint8_t> bytes, std::size_t& preamble_size);
// Throws TableError with the problem alone ("stale: it holds ...") unless
// `header` is the kind, parameters and format version `expected` says.
void check_expected_header(const TableHeader& header, const TableHeader& expected);
// A whole table file mapped read-only, for the caller to munmap (and to
// advise how it will read it); `status`, where given, receives the mapped
// file's fstat. Throws TableError with the problem alone (missing, empty,
// cannot be read or mapped).
std::span<const std::uint8_t> map_table_file(const std::string& path, struct stat* status = nullptr);
// Writes `path` through `write` to a temporary name, synced (unless
// Unsynced), then renamed; a TableError names `path` and the problem.
void write_file_atomically(const std::string& path, const std::function<void(std::FILE*)>& write,
                           Durability durability = Durability::Synced);

}  // namespace chunker
