// Level 4 (the paper §3.5): when both sides have a forced breakthrough (their
// pawns win under KCP), the race is decided by spare tempi: the free moves
// each king has in its defence before the enemy pawns get through
// (libgen/spare_tempi.h), the side to move counting one more.
//
// Paper mode: both sides' pawns win under KCP with the position's side to
// move; the side to move wins if its king has at least as many spare tempi
// as the other king, else it loses.
//
// Sound mode: Level 3's argument with the spare tempi as the clock. Side a
// pushes only pawns, playing the line that leaves b the fewest passes in a's
// pawn chunk; b's pawn moves are such passes, so b gets at most t of them,
// t the spare tempi of b's king there with the position's side to move
// (t never exceeds the d/2 moves Level 3 allows). a wins if none of b's
// pawns can check a's still king or reach its last rank within t moves
// (still_king_holds). Fired only where b's pawns break through too, the
// race of the paper; elsewhere Level 3 answers.
#pragma once

#include "chunk_view.h"
#include "schemas.h"

namespace chunker {

class SpareTempiRace : public Classifier {
public:
  SpareTempiRace(const ChunkLibraries& libraries, SchemaMode mode)
      : kcp_(libraries.kv3cpp(Assumption::KCP)), tempi_(libraries.kv3cpp_tempi()), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override;
  std::string name() const override { return "level 4 (spare tempi)"; }

private:
  const Kv3cppLibrary& kcp_;
  const Kv3cppTempi& tempi_;
  SchemaMode mode_;
};

}  // namespace chunker
