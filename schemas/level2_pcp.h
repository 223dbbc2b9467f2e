// Level 2 (the paper §3.3): three connected passed pawns with the passing
// option win against a king when none can be taken. If side A has lost a
// pawn, so that its pawns now lose under AM, side B wins by keeping its three.
//
// Paper mode: A has fewer than three pawns, they lose under AM, and B's three
// pawns win under PCP, with the position's side to move.
//
// Sound mode: B answers in the chunk where A moved. In B's pawn chunk it
// plays the PCP strategy; where that strategy passes, B moves its king in the
// other chunk instead, which there is a pass of A's pawns. So B needs
//  - its pawns to win under PCP with either side to move, and
//  - A's pawns to lose under PCP (even with the passing option) against B's
//    king, with either side to move;
// and the chunks not to interact while A's king makes at most half the
// longer PCP distance of B's pawn chunk and B's king half that of the other
// chunk, plus one move (after A's pawns are gone it may have to keep moving),
// and no king hemmed in now (as at Level 1).
#pragma once

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What Level 2 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct PcpVerdict {
  enum class Why : std::uint8_t {
    NoChunks,
    NotThreeAgainstFewer,
    PawnsDoNotHold,
    ChunksInteract,
    KingHemmedIn,
    Decided
  };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color keeper = WHITE;            // B, the side with three pawns, from PawnsDoNotHold on
  int horizon[COLOR_NB] = {0, 0};  // king moves within which the chunks must not interact (sound mode)
};

class KeepThreePawns : public Classifier {
 public:
  KeepThreePawns(const ChunkLibraries& libraries, SchemaMode mode)
      : am_(libraries.kv3cpp(Assumption::AM)), pcp_(libraries.kv3cpp(Assumption::PCP)), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 2 (PCP, three pawns)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  PcpVerdict verdict(const Position& pos) const;

 private:
  const Kv3cppLibrary& am_;
  const Kv3cppLibrary& pcp_;
  SchemaMode mode_;
};

}  // namespace chunker
