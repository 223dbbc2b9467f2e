#include "exact/exact_tables.h"

#include <bit>
#include <cinttypes>
#include <cstdio>
#include <filesystem>

namespace chunker {

namespace {

constexpr const char* CACHE_PREFIX = "exact-";
constexpr const char* CACHE_SUFFIX = ".tbl";

// The lowest rank (White) or highest (Black) of a side's pawns: pawns never
// move back, so no structure reachable from a root has a pawn behind it.
int rearmost_rank(Bitboard pawns, Color c) {
  if (!pawns) return c == WHITE ? 7 : 0;
  return c == WHITE ? std::countr_zero(pawns) / 8 : (63 - std::countl_zero(pawns)) / 8;
}

// Whether a table built for `root` may hold `s`: the cheap necessary
// conditions (no pawn gained, none behind the root's rearmost), before the
// file is read and asked.
bool may_reach(const PawnStructure& root, const PawnStructure& s) {
  for (Color c : {WHITE, BLACK}) {
    if (std::popcount(s.pawns[c]) > std::popcount(root.pawns[c])) return false;
    const int back = rearmost_rank(root.pawns[c], c);
    for (Bitboard b = s.pawns[c]; b; b &= b - 1) {
      const int rank = std::countr_zero(b) / 8;
      if (c == WHITE ? rank < back : rank > back) return false;
    }
  }
  return true;
}

// The root structure a cache file's name gives, if it is one.
std::optional<PawnStructure> cached_root(const std::string& name) {
  unsigned long long white = 0, black = 0;
  int used = 0;
  if (std::sscanf(name.c_str(), "exact-%16llx-%16llx.tbl%n", &white, &black, &used) != 2 || used != int(name.size()))
    return std::nullopt;
  return PawnStructure{{Bitboard(white), Bitboard(black)}};
}

}  // namespace

ExactTables::ExactTables(std::string cache_dir, std::uint64_t memory_bytes)
    : cache_dir_(std::move(cache_dir)), memory_bytes_(memory_bytes) {}

std::string ExactTables::cache_path(const PawnStructure& root) const {
  char name[64];
  std::snprintf(name, sizeof name, "%s%016" PRIx64 "-%016" PRIx64 "%s", CACHE_PREFIX, root.pawns[WHITE],
                root.pawns[BLACK], CACHE_SUFFIX);
  return (std::filesystem::path(cache_dir_) / name).string();
}

std::shared_ptr<const ExactTable> ExactTables::held(const Position& pos) const {
  for (const Held& h : tables_)
    if (h.table->holds(pos)) return h.table;
  return nullptr;
}

std::shared_ptr<const ExactTable> ExactTables::find_held(const Position& pos) const {
  const std::lock_guard lock(mutex_);
  return held(pos);
}

std::shared_ptr<const ExactTable> ExactTables::read_cached(const std::string& path, std::uintmax_t size,
                                                           const Position& pos) {
  {
    const std::lock_guard lock(mutex_);
    // A file's table takes at least its compressed size; most take far more.
    if (tried_.count(path) || read_bytes_ + size > memory_bytes_) return nullptr;
    tried_.insert(path);
  }
  // Read without the lock: a large table takes seconds, and a move asking
  // find_held meanwhile must not wait for it.
  std::shared_ptr<const ExactTable> table;
  try {
    table = std::make_shared<const ExactTable>(load_exact(path));
  } catch (const TableError&) {
    return nullptr;  // a damaged or stale cache file is passed over; a new solve replaces it
  }
  const std::lock_guard lock(mutex_);
  read_bytes_ += table->positions();
  tables_.push_back({table, path});
  return table->holds(pos) ? table : nullptr;
}

std::shared_ptr<const ExactTable> ExactTables::find(const Position& pos) {
  if (auto table = find_held(pos)) return table;
  if (cache_dir_.empty()) return nullptr;
  const PawnStructure wanted = structure_of(pos);
  std::error_code error;
  // The table solved from this very structure first: many larger tables may
  // reach it too, and reading them would cost seconds and gigabytes.
  const std::string own = cache_path(wanted);
  const std::uintmax_t own_size = std::filesystem::file_size(own, error);
  if (!error)
    if (auto table = read_cached(own, own_size, pos)) return table;
  std::filesystem::directory_iterator it(cache_dir_, error), end;
  if (error) return nullptr;  // no cache yet
  for (; it != end; it.increment(error)) {
    if (error) break;
    const std::string name = it->path().filename().string(), path = it->path().string();
    const auto root = cached_root(name);
    if (!root || !may_reach(*root, wanted)) continue;
    const std::uintmax_t size = it->file_size(error);
    if (error) continue;
    if (auto table = read_cached(path, size, pos)) return table;
  }
  return nullptr;
}

ExactTables::CacheWrite ExactTables::add(std::shared_ptr<const ExactTable> table, const Position& root) {
  CacheWrite written;
  if (!cache_dir_.empty()) {
    try {
      const std::string path = cache_path(structure_of(root));
      std::filesystem::create_directories(cache_dir_);
      save_exact(*table, path);
      written.path = path;
    } catch (const std::exception& e) {
      written.error = e.what();
    }
  }
  const std::lock_guard lock(mutex_);
  tables_.push_back({std::move(table), ""});
  if (!written.path.empty()) tried_.insert(written.path);
  return written;
}

void ExactTables::add_loaded(std::shared_ptr<const ExactTable> table, std::string path) {
  const std::lock_guard lock(mutex_);
  tables_.insert(tables_.begin(), {std::move(table), std::move(path)});
}

std::string ExactTables::origin(const ExactTable& table) const {
  const std::lock_guard lock(mutex_);
  for (const Held& h : tables_)
    if (h.table.get() == &table) return h.path;
  return "";
}

}  // namespace chunker
