// What a search's guide (SearchLimits::guide) says of a position, for the
// side to move: a heuristic that orders moves and starts proof numbers,
// never a proof. The hand-made guide (play/evaluation.h) gives a score; the
// learned one (guide/learned_guide.h) also how sure it is that the side to
// move wins or loses, and the knowledge depth (libgen/knowledge_depth.h) at
// which such a value would be proven. Four bytes, so that a thread can hand
// one to another in a single atomic word (guide_pool.h).
#pragma once

#include <bit>
#include <cstdint>

namespace chunker {

struct Estimate {
  static constexpr std::uint8_t NO_DEPTH = 255;
  static constexpr int SURE = 100;  // |outcome| of a certain win or loss
  // Higher is better for the side to move: how the guide would order the
  // positions a move leads to (the mover prefers the lowest for its opponent).
  std::int16_t score = 0;
  // From -SURE (the side to move loses) through 0 (a draw, or no idea) to
  // SURE (it wins); 0 where the guide does not tell.
  std::int8_t outcome = 0;
  // The knowledge depth of the decisive value the guide expects, in plies;
  // NO_DEPTH where it does not tell.
  std::uint8_t depth = NO_DEPTH;

  bool tells_depth() const { return depth != NO_DEPTH; }
  bool operator==(const Estimate&) const = default;
};
static_assert(sizeof(Estimate) == 4);

// The same estimate for the other side.
inline Estimate flipped(Estimate e) {
  e.score = std::int16_t(-e.score);
  e.outcome = std::int8_t(-e.outcome);
  return e;
}

inline std::uint32_t estimate_bits(Estimate e) { return std::bit_cast<std::uint32_t>(e); }
inline Estimate estimate_from_bits(std::uint32_t bits) { return std::bit_cast<Estimate>(bits); }

}  // namespace chunker
