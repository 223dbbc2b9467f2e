// The vocabulary every part of Chunker speaks: squares, colours, files, ranks,
// moves and game values. Squares count a1 = 0, b1 = 1, ..., h8 = 63, so a
// square's file is its low three bits and its rank the next three.
#pragma once

#include <cstdint>
#include <string>

namespace chunker {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { WHITE = 0, BLACK = 1, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

using Square = std::uint8_t;
constexpr Square NO_SQUARE = 64;
constexpr int SQUARE_NB = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
inline std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// The same square seen from the other side of the board (a2 <-> a7).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// The file-mirror twin (a <-> h).
constexpr Square mirror_file(Square s) { return Square(s ^ 7); }
// Rank counted from `c`'s own side: 0 is its first rank, 7 its last.
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
constexpr int forward(Color c) { return c == WHITE ? 8 : -8; }

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

// A move is 16 bits: bits 0-5 the origin, bits 6-11 the destination, bits
// 12-13 its kind. A move needs no piece: the origin tells whether it is the
// king's. Zero (a1a1) is never a legal move and serves as "no move".
enum class MoveKind : std::uint8_t { Normal = 0, DoublePush = 1, EnPassant = 2, Promotion = 3 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal)
      : bits_(std::uint16_t(from | (to << 6) | (int(kind) << 12))) {}
  constexpr Square from() const { return Square(bits_ & 63); }
  constexpr Square to() const { return Square((bits_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(bits_ >> 12); }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t bits_ = 0;
};

// Game values from the side to move, relative to the node: a win in d plies
// is WIN - d, a loss in d plies is -(WIN - d), a draw is 0. Keeping values
// relative to the node (not the root) lets the hash table store them as they
// are, whatever path reached the position.
using Value = int;
constexpr Value WIN = 30000;
constexpr Value VALUE_INFINITE = WIN + 1;
constexpr int MAX_DISTANCE = 1000;  // no game of this domain lasts longer
constexpr Value DECISIVE = WIN - MAX_DISTANCE;

constexpr bool is_win(Value v) { return v > DECISIVE && v <= WIN; }
constexpr bool is_loss(Value v) { return v < -DECISIVE && v >= -WIN; }
constexpr bool is_decisive(Value v) { return is_win(v) || is_loss(v); }
constexpr Value win_in(int plies) { return WIN - plies; }
constexpr Value loss_in(int plies) { return -(WIN - plies); }
constexpr int distance_of(Value v) { return WIN - (v < 0 ? -v : v); }

// The value of a position seen from its parent, one ply further from the end.
constexpr Value from_child(Value child) {
  if (child == VALUE_INFINITE || child == -VALUE_INFINITE) return -child;
  if (is_win(child)) return -child + 1;
  if (is_loss(child)) return -child - 1;
  return -child;
}
// The inverse of from_child, for passing a search window down one ply.
constexpr Value to_child(Value parent) {
  if (parent == VALUE_INFINITE || parent == -VALUE_INFINITE) return -parent;
  if (parent < -DECISIVE) return 1 - parent;
  if (parent > DECISIVE) return -parent - 1;
  return -parent;
}

}  // namespace chunker
