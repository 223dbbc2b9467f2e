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
// Sound mode: the argument assumes the chunks are independent. The winner
// W answers in the chunk where the loser L moved, so W's king moves only
// in answer to L's pawn moves (plus the opening move) and L's king only in
// the chunk of W's pawns. Whenever a king moves, the chunk of the other king
// therefore stands with L to move. Where each king can stand then is its
// strategy region (chunks/kv3cpp_region.h): W plays one distance-optimal
// strategy in each chunk (still a win, and its choice: one that leaves no
// king without a move where it can, then the smallest region), L may play
// anything, and L chooses how the two games interleave, so any square of one
// region may meet any square of the other. The verdict stands unless:
//  - W's king, on its square or its region, stands on a square its own
//    pawns still pass (it would block them or find them in its way):
//    K7/P7/3k4/2P5/8/8/8/8 b, 8/8/8/8/8/5p2/7p/4K2k w, and with regions
//    7k/8/8/1K3p2/1PP5/8/P7/8 b (the king on b5). L's king blocking its
//    pawns only hurts L, and shielding them or guarding their promotion
//    square works only next to W's king, which the next test covers.
//  - a square W's king moves to is within a square of L's region (W may
//    want a square next to L's king): 8/5ppp/8/K7/8/1kP5/1P6/8 w, and with
//    regions 5K2/5ppp/kP6/8/8/8/P1P5/8 w. W's first square does not count,
//    as L's moves next to W's king are only moves L cannot make on the
//    board, which costs L only when it has no other (the next tests).
//  - W's strategy leaves W's pawns without a move in their chunk: the
//    library lets a stuck side pass; on the board W would move its king in
//    the other chunk out of turn. (No AMS strategy region does: a test in
//    tests/kv3cpp_region_test.cpp counts them.)
// A lone king without a move is a different matter. Under AM the library
// lets it pass; on the board its side must move in the other chunk, and
// L's king, shut in by W's pawns, is stalemated once L's pawns are gone:
// k7/P7/1P6/2P5/8/4p1p1/5p2/5K2 w, a draw. So sound mode plays both chunk
// games under AMS (kv3cpp_build.cpp), where such a king is stalemated, a
// draw: a win there never leaves a lone king stuck, W's in L's pawn chunk
// or L's in W's (whose chunk stands with L to move whenever L is to move,
// see above). The regions are those of AMS. Before, the verdict was
// withheld wherever an optimal AM strategy could leave a lone king stuck:
// the Szen position's main line (Fine no. 68) waited for Level 1 from ply
// 22, 8/8/8/PkP4p/1P3pp1/8/5K2/8 w, to ply 44, where AM's only stuck state
// was Black's king on a8 against a6 b6 c7, which AMS's strategy avoids.
//  - L can be left without a move on the board: its pawns have none (gone,
//    or the last blocked by W's king: W's king is on an idle square of its
//    region) while W's king there leaves L's king none either (a square
//    L's region traps it on). Next to W's king, which stands in front of
//    L's pawn, L's pawns take no further square from L's king. Where L's
//    king can stand in its own pawns' path, blocking them, an enumeration
//    of all placements (kings, up to three pawns a side, the stuck side's
//    pawns blocked) gives the squares where it can be left without a move
//    with W's king two squares away: W's pawns' last rank, the edge file of
//    their edge pawn, and the corner where a king blocks its own edge pawn.
//    `oracle verify` finds no position that either test changes.
//  - a king is hemmed in now (k7/P7/1PP5/8/8/7p/6p1/6K1 b, a draw).
// The side to move that wins both chunks may open in either when both
// openings win: the verdict stands if either way passes the tests.
// `oracle verify` over every legal position: 10.82% of a-c vs f-h and 10.71%
// of a-c vs e-g classified, none wrong (each king given its horizon instead
// of a region: 1.42% and 1.25%).
#pragma once

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What Level 1 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct AmVerdict {
  enum class Why : std::uint8_t {
    NoChunks,
    NoSideWinsBoth,
    KingHemmedIn,
    BlocksOwnPawns,
    KingsMeet,
    LeftWithoutMove,
    KingTrapped,
    Decided
  };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color winner = WHITE;            // the side that wins both chunks, from NoSideWinsBoth on
  // The two chunk games of the argument: (colour of the chunk's pawns, side
  // to move there), with their AM distances.
  std::pair<Color, Color> games[2];
  int distance[2] = {0, 0};
};

class AmBothChunks : public Classifier {
 public:
  AmBothChunks(const ChunkLibraries& libraries, SchemaMode mode)
      : am_(libraries.kv3cpp(mode == SchemaMode::Sound ? Assumption::AMS : Assumption::AM)),
        regions_(mode == SchemaMode::Sound ? &libraries.kv3cpp_regions() : nullptr),
        mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 1 (AM, both chunks)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  AmVerdict verdict(const Position& pos) const;

 private:
  // Sound mode: why the chunk games of `found` may not be independent, or Decided.
  AmVerdict::Why independence(const Position& pos, const std::array<ChunkView, COLOR_NB>& chunk,
                              const AmVerdict& found) const;
  const Kv3cppLibrary& am_;
  const Kv3cppRegions* regions_;  // sound mode only
  SchemaMode mode_;
};

}  // namespace chunker
