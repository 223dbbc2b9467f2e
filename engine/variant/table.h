// The solver's transposition table. Every entry keeps the whole position in mirror-canonical form
// (seed 002: "even one hash collision can produce a disastrous result"), so a key only chooses the
// bucket and is never trusted to identify a position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "engine/variant/movegen.h"

namespace chunker::variant {

// A position and its file mirror share one entry: the canonical form is the one of the two whose
// (white, black, en-passant square) is smaller. Colour and side to move are kept as they are.
struct Canonical {
  Board board;
  bool mirrored = false;  // board is the mirror image of the position searched
};
Canonical canonical(const Variant& v, const Board& b);

// Game values for the side to move.
constexpr int LOSS = -1, DRAW = 0, WIN = 1;

// What is known of a position: its value lies in [low, high]; `move` (in canonical orientation)
// was best or refuted the window last time.
struct TableHit {
  int low = LOSS, high = WIN;
  Square from = NO_SQUARE, to = NO_SQUARE;
};

class Table {
 public:
  explicit Table(std::size_t megabytes);
  // True when the position is stored; fills `hit`.
  bool probe(const Board& canonical, TableHit& hit) const;
  // Narrows the stored bounds (all are true bounds: pawn games have no repetition, so no value
  // depends on the path). `work` (nodes spent) decides which entry a full bucket keeps. A board
  // without white pawns is not kept: the game is over there (White to move has lost, and Black
  // is never to move without White having just moved a pawn).
  void store(const Board& canonical, int low, int high, Square from, Square to, std::uint64_t work);
  std::size_t capacity() const { return size_; }

 private:
  struct Entry {
    // White == 0 marks an empty slot (see store()).
    Bitboard white = 0, black = 0;
    std::uint8_t work = 0;     // bit width of the nodes spent: the order of magnitude is enough
    std::uint8_t side_ep = 0;  // bit 7: side to move; bits 0-6: en-passant square
    std::int8_t low = 0, high = 0;
    std::uint8_t move_from = 0, move_to = 0;
  };
  static bool holds(const Entry& e, const Board& b, std::uint8_t side_ep);
  std::size_t bucket(const Board& b) const;

  struct Free {
    void operator()(void* p) const { std::free(p); }
  };
  // Buckets of two: [0] keeps the costliest entry, [1] the latest. All-zero bytes are an empty
  // entry, so calloc's untouched pages cost nothing until used: a small game needs a few.
  std::unique_ptr<Entry[], Free> entries_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;  // of bucket indices
};

}  // namespace chunker::variant
