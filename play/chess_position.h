// Chess with every piece, fast enough to search: the board the chess search
// (chess_search.h) plays on once Chunker's game is over and a GUI plays on.
// A 0x88 board (a square is rank * 16 + file, so `s & 0x88` tells a step off
// the board) with make/unmake, an incremental Zobrist key and the keys of the
// game so far for repetitions. ChessBoard (chess_board.h) stays the referee of
// what a GUI accepts; this board answers the same moves (perft-tested against
// Stockfish) without a string or a board copy per move: perft of the wiki's
// position 3 to depth 5 takes 0.16 s here, 0.92 s there. Castling is never
// generated, as there.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess_board.h"
#include "position.h"
#include "types.h"

namespace chunker::chess {

// A piece is its kind in bits 0-2 and its colour in bit 3; 0 is an empty square.
enum Kind : std::uint8_t { NONE = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6 };
using Piece = std::uint8_t;
constexpr Piece make_piece(Color c, Kind k) { return Piece(k | (c << 3)); }
constexpr Kind kind_of(Piece p) { return Kind(p & 7); }
constexpr Color colour_of(Piece p) { return Color(p >> 3); }
constexpr int PIECE_CODES = 16;

using Square88 = int;
constexpr Square88 to_88(Square s) { return rank_of(s) * 16 + file_of(s); }
constexpr Square to_64(Square88 s) { return Square((s >> 4) * 8 + (s & 7)); }
constexpr bool off_board(Square88 s) { return s & 0x88; }

// A move: origin, destination (0x88), the promotion's kind or NONE, and whether
// it is an en-passant capture or a double step. Zero is "no move".
struct ChessMove {
  std::uint8_t from = 0, to = 0;
  Kind promotion = NONE;
  std::uint8_t flags = 0;
  static constexpr std::uint8_t EN_PASSANT = 1, DOUBLE_STEP = 2;
  constexpr std::uint32_t raw() const { return from | (to << 8) | (promotion << 16) | (flags << 24); }
  static constexpr ChessMove from_raw(std::uint32_t r) {
    return {std::uint8_t(r), std::uint8_t(r >> 8), Kind((r >> 16) & 7), std::uint8_t(r >> 24)};
  }
  constexpr bool is_none() const { return raw() == 0; }
  constexpr bool operator==(const ChessMove&) const = default;
};
std::string uci(ChessMove m);

// Moves generated at one node; 256 is above the most any chess position has (218).
struct MoveList {
  std::array<ChessMove, 256> moves;
  int size = 0;
  void add(ChessMove m) { moves[size++] = m; }
};

class ChessPosition {
 public:
  // The GUI's board; `halfmoves` since the last capture or pawn move (50-move rule).
  static ChessPosition from_board(const ChessBoard& board, int halfmoves = 0);
  // The last of a game's boards (at least one), the ones before it its
  // history: the positions that may repeat and the 50-move count.
  static ChessPosition from_game(const std::vector<ChessBoard>& boards);
  // Placement, side, castling (ignored), en passant, half-move clock. Throws
  // InputError as ChessBoard::from_fen does.
  static ChessPosition from_fen(std::string_view fen);

  // Pseudo-legal moves (every promotion piece); `noisy_only`: captures and
  // queen promotions only, for the quiescence search.
  void generate(MoveList& list, bool noisy_only) const;
  std::vector<ChessMove> legal_moves();
  // Plays a pseudo-legal move; false, with the board unchanged, when it
  // leaves the mover's king in check.
  bool make(ChessMove m);
  void unmake(ChessMove m);
  // The side to move passes (the search's null-move pruning). The half-move
  // count restarts, so no repetition is found across the pass.
  void make_null();
  void unmake_null();
  // The legal move written in coordinates ("e7e8q"), if there is one.
  std::optional<ChessMove> find(std::string_view text);

  // Drawn by the rules of chess on the board: a repetition of an earlier
  // position since the last irreversible move, the 50-move rule, or material
  // with which neither side can mate (K v K, K and a minor piece v K).
  bool drawn_by_rule() const;
  bool insufficient_material() const;
  // Chunker's position of a board with kings and pawns only; nullopt when
  // another piece stands (a promotion's queen, say).
  std::optional<Position> kings_and_pawns() const;

  Piece at(Square88 s) const { return board_[s]; }
  Color side() const { return side_; }
  Square88 king(Color c) const { return king_[c]; }
  Key key() const { return key_; }
  int halfmoves() const { return halfmoves_; }
  int count(Piece p) const { return count_[p]; }
  bool in_check() const { return attacked(king_[side_], ~side_); }
  bool attacked(Square88 s, Color by) const;

 private:
  struct Undo {
    Piece captured;
    Square88 ep;
    int halfmoves;
    Key key;
  };
  void put(Square88 s, Piece p);
  void remove(Square88 s);
  Key ep_key() const;
  void finish_setup();

  std::array<Piece, 128> board_{};
  std::array<int, PIECE_CODES> count_{};
  std::array<Square88, COLOR_NB> king_{};
  Color side_ = WHITE;
  Square88 ep_ = -1;  // the square a pawn just passed, or -1
  int halfmoves_ = 0;
  Key key_ = 0;
  std::vector<Undo> undo_;
  std::vector<Key> keys_;  // the keys before the current one: the game's history, then the moves made
};

// Move paths of `depth` plies (Stockfish's `go perft` counts, castling aside).
std::uint64_t perft(ChessPosition& pos, int depth);

}  // namespace chunker::chess
