// Zobrist keys: a 64-bit signature of a position for hash-table indexing
// and repetition checks. A key only picks the slot; the search compares
// the full position before trusting an entry, because a collision must
// never decide a value.
#pragma once

#include "engine/position.h"

namespace chunker {

Key zobrist(const Position& pos);

// SplitMix64: a fixed, well-mixed sequence, so keys are the same every run
// (here and in play/'s chess board).
constexpr Key splitmix(Key& state) {
  Key z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The representative of a position and its file-mirror twin (they have the
// same value), and whether it is the mirror.
struct Canonical {
  Position pos;
  Key key;
  bool is_mirror;
};
Canonical canonical(const Position& pos);

}  // namespace chunker
