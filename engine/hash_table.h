// The search's hash table. Each entry keeps the whole (mirror-canonical)
// position, so a key collision can never hand one position another's value.
#pragma once

#include <cstddef>

#include "engine/zeroed_memory.h"
#include "engine/zobrist.h"

namespace chunker {

enum class Bound : std::uint8_t { Lower, Upper, Exact };

// Depth of an entry that no deeper search can improve: a complete subtree
// (no ply limit reached) or a value proven exact (docs/design.md §3).
constexpr int DEPTH_PROVEN = 30000;

// Whether a bound proves a win (a lower one) or a loss (an upper one): such
// a bound holds at any depth (a decisive value rests only on decided positions).
inline bool proves_decisive(Value value, Bound bound) {
  return (is_win(value) && bound != Bound::Upper) || (is_loss(value) && bound != Bound::Lower);
}

// An all-zero entry is empty: its position (both kings on a1, no pawns) is
// never probed for, and zero-filled memory from the system starts the table
// empty without the table touching a page before it is used.
struct HashEntry {
  Position pos;  // canonical form
  std::int16_t value = 0;
  std::int16_t depth = 0;
  Bound bound = Bound::Exact;
  Move move;  // in the orientation of `pos`
};

// Table sizes every front end offers: the default, and the most it accepts.
constexpr std::size_t DEFAULT_HASH_MB = 64;
constexpr std::size_t MAX_HASH_MB = 16384;

// The table starts small and grows, by four times at a time, up to
// `megabytes`: a short search touches little memory, and zeroing the whole
// table cost a short proof more than its search (each page is zeroed when
// first touched, and a search's probes touch them all).
class HashTable {
 public:
  explicit HashTable(std::size_t megabytes);
  // The entry for this canonical position, or nullptr.
  const HashEntry* probe(const Canonical& c) const;
  // Asks the processor for a key's bucket, which probe reads soon.
  void prefetch(Key key) const { __builtin_prefetch(&entries_[(key & mask_) * 2]); }
  void store(const Canonical& c, Value value, int depth, Bound bound, Move move);

 private:
  // Moves the entries to a table four times as large (at most `most_`).
  void grow();
  Zeroed<HashEntry> entries_;
  std::size_t mask_;    // of bucket indices; a bucket is two entries
  std::size_t most_;    // entries the table may grow to
  std::size_t filled_;  // entries that are not empty
};

}  // namespace chunker
