// Level 1 (the paper §3.2, Table 3-1): a side that wins both chunks under
// alternating moves wins the position.
//
// The argument behind the table, for White to move: White may open in one
// chunk and then answer each Black move in the chunk Black chose, so each
// chunk is played under alternating moves, the opened one with Black to move
// next and the other with Black to move first. White wins if some chunk is an
// AM win with White to move and the other an AM win with Black to move;
// Black, answering in kind, wins if both chunks are Black wins with White to
// move. The same with colours exchanged. A pass in a chunk where a side has
// no move there (kv3cpp_build.cpp) is the move it makes in the other one.
//
// Sound mode: the argument assumes the chunks are independent. A king moves
// only in the game of its own chunk (against the other side's pawns), which
// the winner ends within that chunk's AM distance: so the king of that chunk
// makes at most half of it, rounded up. The verdict is kept only if, with
// each king held to that many moves, the chunks cannot interact, and neither
// king is hemmed in now (parse.h: passes may then end in stalemate; found by
// `oracle verify`, e.g. k7/P7/1PP5/8/8/7p/6p1/6K1 b, a draw).
#pragma once

#include "chunk_view.h"
#include "schemas.h"

namespace chunker {

// What Level 1 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct AmVerdict {
  enum class Why : std::uint8_t { NoChunks, NoSideWinsBoth, ChunksInteract, KingHemmedIn, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color winner = WHITE;            // the side that wins both chunks, from NoSideWinsBoth on
  // The two chunk games of the argument: (colour of the chunk's pawns, side
  // to move there), with their AM distances.
  std::pair<Color, Color> games[2];
  int distance[2] = {0, 0};
  int horizon[COLOR_NB] = {0, 0};  // king moves within which the chunks must not interact (sound mode)
};

class AmBothChunks : public Classifier {
public:
  AmBothChunks(const ChunkLibraries& libraries, SchemaMode mode)
      : am_(libraries.kv3cpp(Assumption::AM)), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override;
  std::string name() const override { return "level 1 (AM, both chunks)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  AmVerdict verdict(const Position& pos) const;

private:
  const Kv3cppLibrary& am_;
  SchemaMode mode_;
};

}  // namespace chunker
