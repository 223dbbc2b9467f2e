#include "exact/cache_index.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace chunker {

namespace {

constexpr char MAGIC[8] = {'C', 'H', 'K', 'I', 'D', 'X', '0', '1'};

// The header: the magic, the table's checksum, the structures' count, the
// root's FEN length, then the FEN padded with zeros to a multiple of 8.
struct Header {
  char magic[8];
  std::uint64_t table_checksum, structures, fen_length;
};

std::size_t padded(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

bool before(const PawnStructure& a, const PawnStructure& b) {
  return a.pawns[WHITE] != b.pawns[WHITE] ? a.pawns[WHITE] < b.pawns[WHITE] : a.pawns[BLACK] < b.pawns[BLACK];
}

}  // namespace

CacheIndex CacheIndex::load(const std::string& path) {
  struct stat status {};
  std::span<const std::uint8_t> file;
  try {
    file = map_table_file(path, &status);
  } catch (const TableError& e) {
    throw TableError(path + ": " + e.what());
  }
  CacheIndex index;
  index.map_ = std::shared_ptr<const std::uint8_t>(
      file.data(), [size = file.size()](const std::uint8_t* p) { munmap(const_cast<std::uint8_t*>(p), size); });
  Header header{};
  if (file.size() < sizeof header) throw TableError(path + ": not an index of the exact cache");
  std::memcpy(&header, file.data(), sizeof header);
  const std::size_t start = sizeof header + padded(header.fen_length);
  if (std::memcmp(header.magic, MAGIC, sizeof MAGIC) != 0 || header.fen_length > 256 ||
      file.size() != start + header.structures * 16)
    throw TableError(path + ": not an index of the exact cache");
  index.root_fen_.assign(reinterpret_cast<const char*>(file.data()) + sizeof header, header.fen_length);
  index.table_checksum_ = header.table_checksum;
  index.pairs_ = {reinterpret_cast<const std::uint64_t*>(file.data() + start), header.structures * 2};
  return index;
}

bool CacheIndex::holds(const Position& pos) const {
  return holds_reachable(pos, [this](const PawnStructure& s) {
    std::size_t low = 0, high = structures();  // the first not before `s` is in [low, high]
    while (low < high) {
      const std::size_t middle = (low + high) / 2;
      if (before({{pairs_[2 * middle], pairs_[2 * middle + 1]}}, s))
        low = middle + 1;
      else
        high = middle;
    }
    return low < structures() && pairs_[2 * low] == s.pawns[WHITE] && pairs_[2 * low + 1] == s.pawns[BLACK];
  });
}

void save_cache_index(const ExactTable& table, std::uint64_t table_checksum, const std::string& path) {
  std::vector<PawnStructure> sorted = table.structures();
  std::sort(sorted.begin(), sorted.end(), before);
  Header header{};
  std::memcpy(header.magic, MAGIC, sizeof MAGIC);
  header.table_checksum = table_checksum;
  header.structures = sorted.size();
  header.fen_length = table.root_fen().size();
  std::string fen = table.root_fen();
  fen.resize(padded(fen.size()), '\0');
  write_file_atomically(
      path,
      [&](std::FILE* file) {
        std::fwrite(&header, sizeof header, 1, file);
        std::fwrite(fen.data(), 1, fen.size(), file);
        for (const PawnStructure& s : sorted) std::fwrite(s.pawns, sizeof s.pawns, 1, file);
      },
      Durability::Unsynced);
}

}  // namespace chunker
