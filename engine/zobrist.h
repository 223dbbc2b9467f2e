// Zobrist keys: a 64-bit signature of a position for hash-table indexing
// and repetition checks. A key only picks the slot; the search compares
// the full position before trusting an entry, because a collision must
// never decide a value.
#pragma once

#include "position.h"

namespace chunker {

Key zobrist(const Position& pos);

// The representative of a position and its file-mirror twin (they have the
// same value), and whether it is the mirror.
struct Canonical {
  Position pos;
  Key key;
  bool is_mirror;
};
Canonical canonical(const Position& pos);

}  // namespace chunker
