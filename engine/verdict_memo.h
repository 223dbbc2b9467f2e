// The first classifier's verdict on a position, or that none decides it,
// kept by position for one search: iterative deepening classifies a position
// again in every iteration, reading a proof back asks again of its positions
// and of their neighbours, and the schemas cost most of a node. Direct-
// mapped: a new position takes the slot of an older one. A slot holds the
// whole position, compared before it answers, so the memo only ever returns
// what the classifiers themselves say.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/classifier.h"
#include "engine/zeroed_memory.h"
#include "engine/zobrist.h"

namespace chunker {

struct Classified {
  static constexpr int NONE = -1;
  int classifier = NONE;  // the index of the first that decides, or NONE
  Value value = 0;
  bool decided() const { return classifier != NONE; }
};

class VerdictMemo {
 public:
  // Keeps a reference to `classifiers`; none: no memory.
  explicit VerdictMemo(const std::vector<const Classifier*>& classifiers)
      : classifiers_(classifiers), slots_(zeroed<Slot>(classifiers.empty() ? 0 : SLOTS)) {}

  // `key`: zobrist(pos).
  Classified classify(const Position& pos, Key key) const {
    if (classifiers_.empty()) return {};
    Slot& s = slots_[key & (SLOTS - 1)];
    if (s.used && s.pos == pos) return {s.classifier, s.value};
    Classified found;
    for (std::size_t i = 0; i < classifiers_.size() && !found.decided(); ++i)
      if (const auto v = classifiers_[i]->classify(pos)) found = {int(i), *v};
    s = {pos, std::int16_t(found.value), std::int8_t(found.classifier), true};
    return found;
  }

 private:
  static constexpr std::size_t SLOTS = std::size_t(1) << 16;
  struct Slot {
    Position pos;
    std::int16_t value;  // a verdict is a Value the hash table's int16 holds too
    std::int8_t classifier;
    bool used;  // zero bytes: empty
  };
  const std::vector<const Classifier*>& classifiers_;
  Zeroed<Slot> slots_;
};

}  // namespace chunker
