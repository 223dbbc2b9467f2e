// The exact tables a process holds (libgen/exact.h): those it solved, those
// read from the cache directory that `solve` and `uci` share, and one named
// by `solve --load`. A table built for a root holds every position reachable
// from it, so the table of a game's first position answers the rest of the
// game. Cache files are named by the root's pawn structure, written to a
// temporary name and renamed, and checked (checksum, kind, version) on read.
#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "exact/exact.h"

namespace chunker {

class ExactTables {
 public:
  // `cache_dir` empty: no cache. `memory_bytes`: the most the tables read
  // from the cache may take together (solved ones are kept regardless).
  ExactTables(std::string cache_dir, std::uint64_t memory_bytes);

  // A table holding `pos` (every position reachable from it), from memory
  // or the cache; null when none does.
  std::shared_ptr<const ExactTable> find(const Position& pos);
  // The same from the tables already in memory only: no cache file is read
  // (a search's leaves ask it, many times a millisecond).
  std::shared_ptr<const ExactTable> find_held(const Position& pos) const;
  // Keeps `table` (built for `root`) for later positions and writes it to
  // the cache: the file written, or why it could not be; neither without a cache.
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
    std::string path;  // where it was read from; empty: solved here
  };
  std::shared_ptr<const ExactTable> held(const Position& pos) const;
  // Reads the cache file `path` (`size` bytes) unless it was tried already or
  // would pass the memory limit; the table when it holds `pos`.
  std::shared_ptr<const ExactTable> read_cached(const std::string& path, std::uintmax_t size, const Position& pos);

  std::string cache_dir_;
  std::uint64_t memory_bytes_;
  std::uint64_t read_bytes_ = 0;
  mutable std::mutex mutex_;
  std::vector<Held> tables_;
  std::set<std::string> tried_;  // cache files read (or refused) already
};

}  // namespace chunker
