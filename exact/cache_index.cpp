#include "exact/cache_index.h"

#include <algorithm>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "chunks/library_file.h"

namespace chunker {

namespace {

constexpr std::uint32_t INDEX_FORMAT_VERSION = 1;
const TableHeader INDEX_HEADER{"exact-index", "structures=white pawns|black pawns", INDEX_FORMAT_VERSION};

bool before(const PawnStructure& a, const PawnStructure& b) {
  return a.pawns[WHITE] != b.pawns[WHITE] ? a.pawns[WHITE] < b.pawns[WHITE] : a.pawns[BLACK] < b.pawns[BLACK];
}

// What the file holds, in the form Boost.Serialization writes.
struct IndexPayload {
  std::string root_fen;
  std::uint64_t table_checksum = 0;
  std::vector<std::uint64_t> white, black;  // each structure's pawns, in the index's order
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& root_fen& table_checksum& white& black;
  }
};

}  // namespace

bool CacheIndex::holds(const Position& pos) const {
  return holds_reachable(pos, [this](const PawnStructure& s) {
    return std::binary_search(structures.begin(), structures.end(), s, before);
  });
}

CacheIndex cache_index_of(const ExactTable& table, std::uint64_t table_checksum) {
  CacheIndex index{table.root_fen(), table_checksum, table.structures()};
  std::sort(index.structures.begin(), index.structures.end(), before);
  return index;
}

void save_cache_index(const CacheIndex& index, const std::string& path) {
  IndexPayload payload{index.root_fen, index.table_checksum, {}, {}};
  for (const PawnStructure& s : index.structures) {
    payload.white.push_back(s.pawns[WHITE]);
    payload.black.push_back(s.pawns[BLACK]);
  }
  save_library_file(payload, INDEX_HEADER, path);
}

CacheIndex load_cache_index(const std::string& path) {
  const auto payload =
      load_library_file<IndexPayload>(INDEX_HEADER, path, "a new exact solve of the table's root",
                                      [](const IndexPayload& p) { return p.white.size() == p.black.size(); });
  CacheIndex index{payload.root_fen, payload.table_checksum, {}};
  index.structures.reserve(payload.white.size());
  for (std::size_t i = 0; i < payload.white.size(); ++i)
    index.structures.push_back({{payload.white[i], payload.black[i]}});
  if (!std::is_sorted(index.structures.begin(), index.structures.end(), before))
    throw TableError(path + ": damaged index of a cached exact table");
  return index;
}

}  // namespace chunker
