// A guide's estimates kept by position key, for both searches: they ask
// about the same positions again and again (a node is expanded once in every
// iteration, or again whenever a proof-number search comes back to it), and
// an estimate costs far more than a look-up. Direct-mapped: a new estimate
// takes the slot of an older one. One huge page (zeroed_memory.h): each new
// page costs its zeroing.
#pragma once

#include <cstddef>

#include "engine/estimate.h"
#include "engine/zeroed_memory.h"
#include "engine/zobrist.h"

namespace chunker {

class GuideMemo {
 public:
  // `on`: whether the search has a guide at all (none: no memory).
  explicit GuideMemo(bool on) : slots_(zeroed<Slot>(on ? SLOTS : 0)) {}
  // Asks the processor for a key's slot, which find reads soon.
  void prefetch(Key key) const { __builtin_prefetch(&slot(key)); }
  const Estimate* find(Key key) const {
    const Slot& s = slot(key);
    return s.key == key && key != 0 ? &s.estimate : nullptr;
  }
  void store(Key key, Estimate e) { slot(key) = {key, e}; }

 private:
  static constexpr std::size_t SLOTS = std::size_t(1) << 17;
  struct Slot {
    Key key;  // 0: empty
    Estimate estimate;
  };
  Slot& slot(Key key) const { return slots_[key & (SLOTS - 1)]; }
  Zeroed<Slot> slots_;
};

}  // namespace chunker
