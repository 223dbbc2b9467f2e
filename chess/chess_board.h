// Chess as a GUI plays it, for `chunker uci` only: every piece, the GUI's
// view of a game Chunker's rules (docs/design.md §1) have ended or never covered.
// Chunker's own generator (movegen.h) knows kings and pawns and a promoted
// piece that neither moves nor checks; after a promotion a GUI sees a queen
// that does both, and it keeps playing chess after Chunker's game is over.
// So the UCI front end checks every move it sends against this board too,
// and where Chunker's rules have nothing to say the chess engine
// (chess_engine.h) answers on it. Kept minimal: a square array and attack
// tests by stepping rays, no speed wanted; castling
// is never generated (a GUI accepts a game without it), only remembered as
// the FEN gave it.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace chunker {

class ChessBoard {
 public:
  // Placement, side, and optionally castling, en passant and the counters.
  // Throws InputError on anything malformed or without exactly one king a
  // side, or with the side not to move in check.
  static ChessBoard from_fen(std::string_view fen);

  // Legal moves in coordinates ("e2e4", "a7a8q"; every promotion piece).
  std::vector<std::string> legal_moves() const;
  // Plays a legal move in coordinates (a promotion without its piece is a
  // queen); false, leaving the board unchanged, when it is not legal.
  bool play(std::string_view move);

  // 'P', 'n', ... or '.' on an empty square; white in capitals.
  char at(Square s) const { return board_[s]; }
  Color side() const { return side_; }
  Square en_passant() const { return ep_; }
  bool in_check() const { return attacked(king(side_), ~side_); }
  Square king(Color c) const;
  bool operator==(const ChessBoard&) const = default;

 private:
  struct Step {
    Square from, to;
    char promotion;  // 0 or 'q', 'r', 'b', 'n'
  };
  std::vector<Step> pseudo_moves() const;
  bool attacked(Square s, Color by) const;
  void apply(const Step& step);
  static std::string text(const Step& step);

  std::array<char, SQUARE_NB> board_{};
  Color side_ = WHITE;
  Square ep_ = NO_SQUARE;
};

}  // namespace chunker
