// Level 3 (the paper §3.4): a forced breakthrough beats a win that needs
// zugzwang. If side A's pawns win under KCP (they get through even when the
// defending king may pass), A just pushes them and never has to move its
// own king, while B's pawns, which need zugzwang, get nowhere against a king
// that does not move.
//
// Paper mode: A's pawns are a KCP win and B's pawns an AM win but not a KCP
// win, with the side to move of the position.
//
// Sound mode: the same argument with its assumptions checked.
//  - A's pawns win under KCP with the position's side to move; A plays only
//    pawn moves there, and each move of B elsewhere is the defender's pass
//    that KCP allows. So A promotes within that KCP distance d, during which
//    B makes at most d/2 moves, pawn moves included.
//  - A's king never moves: so none of B's pawns may be able to check it or
//    reach its last rank (where the king would have to take it) within d/2
//    moves, counting the double step.
//  - A's king, standing still, must not stand on a square its own pawns
//    still have to pass (the chunk library does not see it there).
// B's king plays inside A's chunk, which the library covers.
#pragma once

#include "chunk_view.h"
#include "schemas.h"

namespace chunker {

// What Level 3 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct KcpVerdict {
  enum class Why : std::uint8_t { NoChunks, NoBreakthrough, NoZugzwangWin, KingDisturbed, KingOnOwnPath, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color breaker = WHITE;           // A, whose pawns win under KCP, from NoZugzwangWin on
  int distance = 0;                // A's KCP distance with the position's side to move
  int defender_moves = 0;          // the moves B makes meanwhile (sound mode)
};

class BreakthroughBeatsZugzwang : public Classifier {
public:
  BreakthroughBeatsZugzwang(const ChunkLibraries& libraries, SchemaMode mode)
      : am_(libraries.kv3cpp(Assumption::AM)), kcp_(libraries.kv3cpp(Assumption::KCP)), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 3 (KCP breakthrough)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  KcpVerdict verdict(const Position& pos) const;

private:
  const Kv3cppLibrary& am_;
  const Kv3cppLibrary& kcp_;
  SchemaMode mode_;
};

// The fewest moves after which a pawn of colour c on s attacks square k or
// stands on its last rank (the double step counted); a pawn the square k
// blocks for good never promotes.
int moves_to_disturb(Color c, Square s, Square k);

// The part of the argument both Level 3 and Level 4 rest on: side a pushes
// only pawns while its king stands still, and b gets at most `b_moves` moves
// of its pawns before a's pawns are through. That holds the race if none of
// b's pawns can check a's king or reach its last rank within those moves,
// and a's king stands on no square its own pawns still have to pass;
// else what fails first.
enum class StillKing : std::uint8_t { Holds, Disturbed, OnOwnPath };
StillKing still_king(const Position& pos, Color a, int b_moves);

}  // namespace chunker
