#include "exact/exact_tables.h"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cstdio>
#include <filesystem>

namespace chunker {

namespace fs = std::filesystem;

namespace {

constexpr const char* CACHE_PREFIX = "exact-";
constexpr const char* CACHE_SUFFIX = ".tbl";
constexpr const char* INDEX_SUFFIX = ".idx";

// The lowest rank (White) or highest (Black) of a side's pawns: pawns never
// move back, so no structure reachable from a root has a pawn behind it.
int rearmost_rank(Bitboard pawns, Color c) {
  if (!pawns) return c == WHITE ? 7 : 0;
  return c == WHITE ? std::countr_zero(pawns) / 8 : (63 - std::countl_zero(pawns)) / 8;
}

// Whether a table built for `root` may hold `s`: the cheap necessary
// conditions (no pawn gained, none behind the root's rearmost), before its
// index is read.
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

// The root structure a cache file's name gives, if it is a table's.
std::optional<PawnStructure> cached_root(const std::string& name) {
  unsigned long long white = 0, black = 0;
  int used = 0;
  if (std::sscanf(name.c_str(), "exact-%16llx-%16llx.tbl%n", &white, &black, &used) != 2 || used != int(name.size()))
    return std::nullopt;
  return PawnStructure{{Bitboard(white), Bitboard(black)}};
}

std::string index_path(const std::string& table_path) {
  return table_path.substr(0, table_path.size() - std::string(CACHE_SUFFIX).size()) + INDEX_SUFFIX;
}

std::int64_t written_time(const std::string& path) {
  std::error_code error;
  const auto time = fs::last_write_time(path, error);
  return error ? 0 : std::int64_t(time.time_since_epoch().count());
}

}  // namespace

ExactTables::ExactTables(std::string cache_dir, std::uint64_t memory_bytes, std::uint64_t disk_bytes)
    : cache_dir_(std::move(cache_dir)), memory_bytes_(memory_bytes), disk_bytes_(disk_bytes) {}

std::string ExactTables::cache_path(const PawnStructure& root) const {
  char name[64];
  std::snprintf(name, sizeof name, "%s%016" PRIx64 "-%016" PRIx64 "%s", CACHE_PREFIX, root.pawns[WHITE],
                root.pawns[BLACK], CACHE_SUFFIX);
  return (fs::path(cache_dir_) / name).string();
}

std::shared_ptr<const ExactTable> ExactTables::held(const Position& pos) const {
  for (const Held& h : tables_)
    if (h.table->holds(pos)) {
      h.used = ++used_;
      return h.table;
    }
  return nullptr;
}

std::shared_ptr<const ExactTable> ExactTables::find_held(const Position& pos) const {
  const std::lock_guard lock(mutex_);
  return held(pos);
}

void ExactTables::hold(Held added) {
  added.used = ++used_;
  tables_.push_back(std::move(added));
  auto size = [&] {
    std::uint64_t bytes = 0;
    for (const Held& h : tables_)
      if (!h.loaded) bytes += h.table->positions();
    return bytes;
  };
  // A table in use elsewhere stays alive there (shared_ptr) until it is done.
  while (size() > memory_bytes_) {
    auto oldest = tables_.end();
    for (auto h = tables_.begin(); h + 1 != tables_.end(); ++h)
      if (!h->loaded && (oldest == tables_.end() || h->used < oldest->used)) oldest = h;
    if (oldest == tables_.end()) break;
    tables_.erase(oldest);
  }
}

void ExactTables::refresh_indices(const PawnStructure& wanted) {
  std::error_code error;
  fs::directory_iterator it(cache_dir_, error), end;
  if (error) return;  // no cache yet
  for (; it != end; it.increment(error)) {
    if (error) break;
    const std::string name = it->path().filename().string(), path = it->path().string();
    const auto root = cached_root(name);
    if (!root || !may_reach(*root, wanted)) continue;
    const std::string index = index_path(path);
    const std::int64_t written = written_time(index);
    const auto known = indices_.find(path);
    if (known != indices_.end() && known->second.written == written) continue;
    try {
      indices_.insert_or_assign(path, IndexFile{CacheIndex::load(index), written});
    } catch (const TableError&) {
      indices_.erase(path);  // no index (yet), or a damaged one: the table is not used until a solve writes both
    }
  }
}

std::optional<ExactTables::Cached> ExactTables::find_cached(const Position& pos) {
  if (cache_dir_.empty()) return std::nullopt;
  const std::lock_guard lock(index_mutex_);
  refresh_indices(structure_of(pos));
  std::optional<Cached> best;
  for (const auto& [path, file] : indices_)
    if ((!best || file.index.structures() < best->structures) && file.index.holds(pos))
      best = Cached{path, file.index.structures(), file.index.table_checksum()};
  return best;
}

std::shared_ptr<const ExactTable> ExactTables::read(const Cached& cached) {
  {
    const std::lock_guard lock(mutex_);
    for (Held& h : tables_)
      if (h.path == cached.path) {
        h.used = ++used_;
        return h.table;
      }
  }
  // Read without the locks: a large table takes seconds, and a move asking
  // find_held meanwhile must not wait for it.
  std::shared_ptr<const ExactTable> table;
  try {
    // A table written over since its index (another process's solve of the same root structure) is refused.
    if (read_table_header(cached.path).payload_checksum == cached.checksum)
      table = std::make_shared<const ExactTable>(load_exact(cached.path));
  } catch (const TableError&) {
    // A damaged, stale or removed cache file is passed over; a new solve replaces it.
  }
  if (!table) {
    const std::lock_guard lock(index_mutex_);
    indices_.erase(cached.path);
    return nullptr;
  }
  // Used now: the index's time says so to the bound of every process sharing the directory.
  const std::string index = index_path(cached.path);
  std::error_code ignored;
  fs::last_write_time(index, fs::file_time_type::clock::now(), ignored);
  {
    const std::lock_guard lock(index_mutex_);
    if (const auto it = indices_.find(cached.path); it != indices_.end()) it->second.written = written_time(index);
  }
  const std::lock_guard lock(mutex_);
  hold({table, cached.path, false, 0});
  return table;
}

std::shared_ptr<const ExactTable> ExactTables::find(const Position& pos) {
  if (auto table = find_held(pos)) return table;
  const auto cached = find_cached(pos);
  if (!cached) return nullptr;
  auto table = read(*cached);
  return table && table->holds(pos) ? table : nullptr;
}

void ExactTables::bound_directory(const std::string& keep) {
  struct File {
    std::string path;
    std::uint64_t bytes = 0;
    std::int64_t used = 0;
  };
  std::vector<File> files;
  std::uint64_t total = 0;
  std::error_code error;
  for (fs::directory_iterator it(cache_dir_, error), end; !error && it != end; it.increment(error)) {
    const std::string path = it->path().string();
    if (!cached_root(it->path().filename().string())) continue;
    std::error_code missing;
    const std::uint64_t bytes = fs::file_size(path, missing) + fs::file_size(index_path(path), missing);
    const std::int64_t used = missing ? written_time(path) : written_time(index_path(path));
    files.push_back({path, bytes, used});
    total += bytes;
  }
  std::sort(files.begin(), files.end(), [](const File& a, const File& b) { return a.used < b.used; });
  for (const File& f : files) {
    if (total <= disk_bytes_) break;
    if (f.path == keep) continue;
    // The index first: a reader never finds a table through an index whose table is gone.
    std::error_code gone;
    fs::remove(index_path(f.path), gone);
    fs::remove(f.path, gone);
    total -= f.bytes;
    const std::lock_guard lock(index_mutex_);
    indices_.erase(f.path);
  }
}

ExactTables::CacheWrite ExactTables::add(std::shared_ptr<const ExactTable> table, const Position& root) {
  CacheWrite written;
  if (!cache_dir_.empty()) {
    try {
      const std::string path = cache_path(structure_of(root));
      fs::create_directories(cache_dir_);
      save_exact(*table, path, Durability::Unsynced);
      save_cache_index(*table, read_table_header(path).payload_checksum, index_path(path));
      {
        const std::lock_guard lock(index_mutex_);
        indices_.insert_or_assign(path, IndexFile{CacheIndex::load(index_path(path)), written_time(index_path(path))});
      }
      bound_directory(path);
      written.path = path;
    } catch (const std::exception& e) {
      written.error = e.what();
    }
  }
  const std::lock_guard lock(mutex_);
  hold({std::move(table), "", false, 0});
  return written;
}

void ExactTables::add_loaded(std::shared_ptr<const ExactTable> table, std::string path) {
  const std::lock_guard lock(mutex_);
  // First: the user's table answers before any other.
  tables_.insert(tables_.begin(), {std::move(table), std::move(path), true, ++used_});
}

std::string ExactTables::origin(const ExactTable& table) const {
  const std::lock_guard lock(mutex_);
  for (const Held& h : tables_)
    if (h.table.get() == &table) return h.path;
  return "";
}

}  // namespace chunker
