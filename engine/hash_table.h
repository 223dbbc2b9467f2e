// The search's hash table. Each entry keeps the whole (mirror-canonical)
// position, so a key collision can never hand one position another's value.
#pragma once

#include <cstddef>
#include <vector>

#include "zobrist.h"

namespace chunker {

enum class Bound : std::uint8_t { Lower, Upper, Exact };

// Depth of an entry that no deeper search can improve: a complete subtree
// (no ply limit reached) or a value proven exact (DESIGN.md §3).
constexpr int DEPTH_PROVEN = 30000;

struct HashEntry {
  Position pos;  // canonical form; pos.king[WHITE] == NO_SQUARE marks an empty slot
  std::int16_t value = 0;
  std::int16_t depth = 0;
  Bound bound = Bound::Exact;
  Move move;  // in the orientation of `pos`
};

class HashTable {
public:
  explicit HashTable(std::size_t megabytes);
  // The entry for this canonical position, or nullptr.
  const HashEntry* probe(const Canonical& c) const;
  void store(const Canonical& c, Value value, int depth, Bound bound, Move move);
  void clear();

private:
  std::vector<HashEntry> entries_;
  std::size_t mask_;  // of bucket indices; a bucket is two entries
};

}  // namespace chunker
