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
// (t never exceeds the d/2 moves Level 3 allows). b gets one move more: an
// unsafe promotion of a's (a sacrifice the king must take, which scores no
// pass) may instead be answered by b's own safe promotion. Found by `oracle
// verify` when the clock was t alone: 8/PkP3pp/8/8/8/5p2/1P6/2K5 b, where
// a8=Q is met by f1=Q and Black wins in 3. So a wins if none of b's pawns
// can check a's still king or reach its last rank within t + 1 moves
// (still_king). Fired only where b's pawns break through too, the race of
// the paper; elsewhere Level 3 answers. Over both layouts: 10.8% and 10.1%
// of the legal positions, all correctly; the paper's rule is wrong on 33%
// of what it decides.
#pragma once

#include "chunk_view.h"
#include "schemas.h"

namespace chunker {

// What Level 4 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct TempiVerdict {
  enum class Why : std::uint8_t { NoChunks, NotBothBreakthrough, KingDisturbed, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color winner = WHITE;            // when decided
  int spare[COLOR_NB] = {0, 0};    // the spare tempi of each colour's king, from NotBothBreakthrough on
};

class SpareTempiRace : public Classifier {
public:
  SpareTempiRace(const ChunkLibraries& libraries, SchemaMode mode)
      : kcp_(libraries.kv3cpp(Assumption::KCP)), tempi_(libraries.kv3cpp_tempi()), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 4 (spare tempi)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  TempiVerdict verdict(const Position& pos) const;

private:
  const Kv3cppLibrary& kcp_;
  const Kv3cppTempi& tempi_;
  SchemaMode mode_;
};

}  // namespace chunker
