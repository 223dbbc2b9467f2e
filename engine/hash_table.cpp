#include "engine/hash_table.h"

#include <bit>
#include <utility>

namespace chunker {

namespace {

// Entries the table starts with (one huge page), and the share of them
// filled at which it grows: at an eighth a bucket's two entries seldom
// overflow (losing the older entry), at a quarter several times as often.
constexpr std::size_t FIRST_ENTRIES = HUGE_PAGE / sizeof(HashEntry);
constexpr std::size_t GROW_AT_SHARE = 8;

// Zero bytes (HashEntry).
bool empty(const HashEntry& e) {
  constexpr Position none{{0, 0}, {Square(0), Square(0)}, Color(0), Square(0), Square(0)};
  return e.pos == none;
}

}  // namespace

HashTable::HashTable(std::size_t megabytes) {
  std::size_t wanted = std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(HashEntry);
  most_ = std::bit_floor(std::max<std::size_t>(wanted, 2));
  const std::size_t count = std::min(most_, std::bit_floor(FIRST_ENTRIES));
  // HashEntry is an aggregate, so zeroed memory holds empty entries; in
  // huge pages, a search's probes all over the table fault a page per 2 MB,
  // not per 4 KB (zeroed_memory.h).
  entries_ = zeroed<HashEntry>(count);
  mask_ = count / 2 - 1;
  filled_ = 0;
}

void HashTable::grow() {
  const std::size_t old_count = (mask_ + 1) * 2, count = std::min(most_, old_count * 4);
  Zeroed<HashEntry> old = std::exchange(entries_, zeroed<HashEntry>(count));
  mask_ = count / 2 - 1;
  filled_ = 0;
  for (std::size_t i = 0; i < old_count; ++i)
    if (const HashEntry& e = old[i]; !empty(e)) {
      HashEntry* bucket = &entries_[(zobrist(e.pos) & mask_) * 2];
      HashEntry* slot = bucket[0].depth <= bucket[1].depth ? &bucket[0] : &bucket[1];
      filled_ += empty(*slot);
      *slot = e;
    }
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
    if (empty(*slot) && ++filled_ * GROW_AT_SHARE > (mask_ + 1) * 2 && (mask_ + 1) * 2 < most_) {
      grow();
      store(c, value, depth, bound, move);
      return;
    }
  }
  *slot = {c.pos, std::int16_t(value), std::int16_t(depth), bound, move};
}

}  // namespace chunker
