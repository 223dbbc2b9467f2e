#include "engine/hash_table.h"

#include <bit>

namespace chunker {

HashTable::HashTable(std::size_t megabytes) {
  std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(HashEntry);
  std::size_t count = std::bit_floor(std::max<std::size_t>(wanted, 2));
  // HashEntry is an aggregate, so zeroed memory holds empty entries; in
  // huge pages, a search's probes all over the table fault a page per 2 MB,
  // not per 4 KB (zeroed_memory.h).
  entries_ = zeroed<HashEntry>(count);
  mask_ = count / 2 - 1;
}

const HashEntry* HashTable::probe(const Canonical& c) const {
  const HashEntry* bucket = &entries_[(c.key & mask_) * 2];
  for (int i = 0; i < 2; ++i)
    if (bucket[i].pos == c.pos) return &bucket[i];
  return nullptr;
}

void HashTable::store(const Canonical& c, Value value, int depth, Bound bound, Move move) {
  HashEntry* bucket = &entries_[(c.key & mask_) * 2];
  HashEntry* slot = bucket[0].pos == c.pos ? &bucket[0] : bucket[1].pos == c.pos ? &bucket[1] : nullptr;
  if (slot) {
    // Keep what a deeper search learnt, unless the new entry proves a win or
    // a loss and the old one does not: a decisive bound is true at any
    // depth, and says more than any bound around the draw (a null-window
    // test leaves those).
    if (slot->depth > depth && !(proves_decisive(value, bound) && !proves_decisive(slot->value, slot->bound))) return;
  } else {
    slot = bucket[0].depth <= bucket[1].depth ? &bucket[0] : &bucket[1];
  }
  *slot = {c.pos, std::int16_t(value), std::int16_t(depth), bound, move};
}

}  // namespace chunker
