// Parsing a position into chunks (docs/design.md §4; the paper §2): the pieces as
// the vertices of a graph with an edge wherever two can affect each other
// within a horizon of moves; its components are the candidate chunks.
//
// The default parse is the paper's: each king against the other side's pawns,
// two Kv3CPP chunks. It is only as good as the chunks are apart: where a king
// can reach its own pawns or the other king in time, or pawns of both colours
// meet, the chunks interact and no verdict resting on their independence may
// be trusted. interact() answers that for a horizon, with Boost.Graph's
// incremental connected components over the interaction graph.
#pragma once

#include <optional>

#include "chunks/kv3cpp.h"

namespace chunker {

struct DefaultParse {
  // chunk[c]: c's king against the other side's pawns; nullopt when those
  // pawns are no Kv3CPP chunk (more than three, two on a file, too spread).
  std::optional<Kv3cppInstance> chunk[COLOR_NB];
  bool complete() const { return chunk[WHITE].has_value() && chunk[BLACK].has_value(); }
};
DefaultParse default_parse(const Position& pos);

// Squares a king on `s` reaches in at most `moves` moves (0..7), obstacles aside.
Bitboard king_reach(Square s, int moves);
// Squares a king reaches from any of `from` in at most `moves` moves: the
// set grown a king's step at a time, a few shifts whatever its size (the
// schemas ask it of whole strategy regions at every node).
inline Bitboard king_reach_any(Bitboard from, int moves) {
  for (int m = 0; m < moves && m < 7; ++m) {
    const Bitboard sideways = from | ((from & ~FILE_A) >> 1) | ((from & ~FILE_H) << 1);
    from = sideways | (sideways << 8) | (sideways >> 8);
  }
  return from;
}
// The squares a pawn still passes, from where it stands to its last rank.
Bitboard pawn_path(Color c, Square s);
// The squares c's pawns stand on and still pass: a king there blocks them,
// finds them in its way, or next to them defends them.
Bitboard pawn_paths(const Position& pos, Color c);

// Whether c's king has no move of its own. A chunk game lets a side with no
// move in the chunk pass (move in the other chunk); with its king hemmed in,
// a side's moves are its pawns', and when those run out it is stalemated,
// which neither chunk shows.
bool king_hemmed_in(const Position& pos, Color c);

// Whether the two chunks of the default parse can affect each other while
// the king of colour c makes at most horizon[c] moves: the components of the
// interaction graph, whose edges join each king to the other side's pawns
// (its chunk) and any two pieces that can meet in time: a king and a pawn
// whose path, widened by a square each side, it can reach; the two kings, if
// they can come next to each other; pawns of both colours on the same or
// adjacent files.
bool chunks_interact(const Position& pos, const int horizon[COLOR_NB]);
// The fewest moves m such that the chunks interact with both horizons m, as
// chunks_interact answers it, worked out without the graph; -1 where not
// even m = 7 makes them interact.
int chunks_meeting_moves(const Position& pos);

}  // namespace chunker
