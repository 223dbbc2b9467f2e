// Level 5 (the paper §3.6), the Z-configuration theorem: pawns in a Z
// configuration (libgen/kv3cpp_build.h: they win with either side to move,
// by zugzwang, and keep that against every king move) cannot lose unless the
// other side has a breakthrough, and win unless the other side's pawns are in
// a Z configuration too, when the position is drawn.
//
// Paper mode: as stated, with the position's side to move for "breakthrough"
// (the other side's pawns win under KCP).
//
// Sound mode: only the win, argued as follows. Side a's pawns are in Z
// against b's king; a answers every move of b's king there by keeping Z (or
// promoting), which needs no move of a's king. The rest of the game is b's
// pawns against a's king, where b may pass (a move of its king, answered by
// a) and a's king must move: the PCP game. If a's king wins that (takes every
// pawn) with either side to move, b is left with king moves only, and Z wins
// with either side to move. The chunks must not meet meanwhile
// (chunks_interact): a's king makes at most half the longer PCP distance,
// rounded up; b's king as many, plus one move for each pawn move a may make
// in answer (at most the longest chain of pushes through Z configurations,
// king captures between them costing none); and no king is hemmed in now
// (as at Level 1). The draw of the theorem is not claimed: `oracle verify
// --schemas paper` counts how often the published rule is wrong. Over both
// layouts the sound rule decides 6,420 and 5,398 positions, all correctly.
#pragma once

#include <vector>

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What Level 5 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct ZVerdict {
  enum class Why : std::uint8_t {
    NoChunks,
    NoZ,
    OtherBreaksThrough,
    BothZ,
    OtherPawnsHold,
    ChunksInteract,
    KingHemmedIn,
    Decided
  };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color z_side = WHITE;            // whose pawns are in Z, from OtherBreaksThrough on
  int horizon[COLOR_NB] = {0, 0};  // sound mode: the king moves the argument allows
};

class ZConfigurationTheorem : public Classifier {
 public:
  ZConfigurationTheorem(const ChunkLibraries& libraries, SchemaMode mode);
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 5 (Z configurations)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  ZVerdict verdict(const Position& pos) const;

 private:
  const Kv3cppLibrary& pcp_;
  const Kv3cppLibrary& kcp_;
  const ZConfigurations& z_;
  SchemaMode mode_;
  // By Kv3CPP slice (pawn configuration): the most pawn moves a Z side can
  // make answering king moves while staying in Z.
  std::vector<std::uint8_t> answers_;
};

}  // namespace chunker
