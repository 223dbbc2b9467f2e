// The exact tables a process holds (exact.h): those it solved, those read
// from the cache directory that `solve`, `serve`, `uci` and the Python
// module share, and one named by `solve --load`. A table built for a root
// holds every position reachable from it, so the table of a game's first
// position answers the rest of the game.
//
// The cache: each table is a file named by its root's pawn structure, with
// an index beside it (cache_index.h) that says what it holds; a position's
// table is found from the indices, and only the table chosen is read. Files
// are written to a temporary name and renamed, and checked (checksum, kind,
// version) on read. Both the tables held in memory and the files in the
// directory have a bound: past it the least recently used go first (a file
// is used when it is written or read, and its index's time says when).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "exact/cache_index.h"
#include "exact/exact.h"

namespace chunker {

// The cache directory's default bound, in MB.
constexpr std::uint64_t DEFAULT_EXACT_CACHE_MB = 4096;

class ExactTables {
 public:
  // `cache_dir` empty: no cache. `memory_bytes`: the most the tables held
  // may take together (a table named by --load is kept regardless);
  // `disk_bytes`: the most the cache directory's tables may take.
  ExactTables(std::string cache_dir, std::uint64_t memory_bytes,
              std::uint64_t disk_bytes = DEFAULT_EXACT_CACHE_MB << 20);

  // A table holding `pos` (every position reachable from it), from memory
  // or the cache; null when none does.
  std::shared_ptr<const ExactTable> find(const Position& pos);
  // The same from the tables already in memory only: no file is read (a
  // search's leaves ask it, many times a millisecond).
  std::shared_ptr<const ExactTable> find_held(const Position& pos) const;

  // A cache file whose index says its table holds a position, not read yet.
  struct Cached {
    std::string path;
    std::uint64_t structures = 0;
    std::uint64_t checksum = 0;  // the table file's, as its index recorded it
    std::uint64_t positions() const { return structures * king_slice::SIZE; }
  };
  // The cached table of fewest positions that holds `pos`, from the indices alone.
  std::optional<Cached> find_cached(const Position& pos);
  // Reads it and keeps it; null where the file turns out damaged, stale or
  // gone (a new solve replaces it).
  std::shared_ptr<const ExactTable> read(const Cached& cached);

  // Keeps `table` (built for `root`) for later positions and writes it to
  // the cache with its index: the file written, or why it could not be;
  // neither without a cache.
  struct CacheWrite {
    std::string path;   // the file written; empty where none was
    std::string error;  // why it was not written; empty where it was, or without a cache
  };
  CacheWrite add(std::shared_ptr<const ExactTable> table, const Position& root);
  // Keeps a table read from a file named by the user (`solve --load`).
  void add_loaded(std::shared_ptr<const ExactTable> table, std::string path);
  // The file a table of `pos` was read from, or "" when it was solved here.
  std::string origin(const ExactTable& table) const;

  const std::string& cache_dir() const { return cache_dir_; }
  // The cache file of the table built for a root with this structure.
  std::string cache_path(const PawnStructure& root) const;

 private:
  struct Held {
    std::shared_ptr<const ExactTable> table;
    std::string path;                // where it was read from; empty: solved here
    bool loaded = false;             // named by the user: kept regardless of the bound
    mutable std::uint64_t used = 0;  // when it last answered, in ticks of used_ (under mutex_)
  };
  std::shared_ptr<const ExactTable> held(const Position& pos) const;
  // Keeps `table`, then lets the least recently used others go while the
  // tables held take more than the bound. Under mutex_.
  void hold(Held held);
  // The indices of the cache files whose root may reach `wanted`, read
  // again where a file changed since. Under index_mutex_.
  struct IndexFile {
    CacheIndex index;
    std::int64_t written = 0;  // the index file's time when read
  };
  void refresh_indices(const PawnStructure& wanted);
  // Removes the least recently used cache files while they take more than
  // the bound, never `keep`.
  void bound_directory(const std::string& keep);

  std::string cache_dir_;
  std::uint64_t memory_bytes_, disk_bytes_;
  mutable std::mutex mutex_;
  std::vector<Held> tables_;
  mutable std::uint64_t used_ = 0;
  std::mutex index_mutex_;                    // apart from mutex_: find_held never waits for a file
  std::map<std::string, IndexFile> indices_;  // by the table file's path
};

}  // namespace chunker
