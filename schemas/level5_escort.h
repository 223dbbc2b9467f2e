// Level 5's second schema, the paper's alternate parse (§4, Figure 4-1): a
// king abandons the fight against the enemy pawns and escorts its own. The
// position is read as one K3CPPvK chunk (side a's king and pawns against b's
// king, which may pass: b's moves elsewhere) and b's pawns unopposed. If a's
// king and pawns force a safe promotion (or mate) before an unopposed pawn of
// b's promotes, a wins.
//
// Paper mode: a's pawns win the K3CPPvK chunk under KCP with the position's
// side to move, and every b pawn needs more moves to promote than b's king
// has spare tempi there (the k3cppvk library).
//
// Sound mode: the same race, argued move by move. a plays the line of the
// chunk that holds b to its race tempi t (the spare tempi where b may also
// answer an unsafe promotion with a safe one of its own, one more pass, as
// Level 4 counts them); each b pawn move is a pass of b's king there, so b
// makes at most t of them before a promotes. So every b pawn must need more
// than t moves to promote (the double step counted). Nothing else of b's
// may touch a's chunk: the squares a's king can stand on along that line
// (the library's box of them) must not meet a square one of b's pawns
// stands on or attacks within those t moves (b's pawns could check it, bar
// its way or be taken), and the line must never leave a without a move (on
// the board, stalemate). b's king is a piece of the chunk, and the pawn
// groups are a file apart. Where a side has only its king, the exact
// K3CPPvK library answers instead (k3cppvk.h).
#pragma once

#include "chunks/chunk_libraries.h"
#include "chunks/k3cppvk.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What the alternate parse found: the answer classify() gives, and enough
// of the argument for explain() to word it.
struct EscortVerdict {
  enum class Why : std::uint8_t { NoParse, NoEscortWin, PawnsTooFast, KingDisturbed, Decided };
  Why why = Why::NoParse;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color escort = WHITE;            // a, whose king joins its pawns, from NoEscortWin on
  int distance = 0;                // the K3CPPvK KCP distance, from PawnsTooFast on
  int spare = 0;                   // b's spare tempi there (sound mode: race tempi)
  int pawn_moves = 0;              // the fewest moves a pawn of b's needs to promote
};

class EscortRace : public Classifier {
 public:
  EscortRace(const ChunkLibraries& libraries, SchemaMode mode) : k3cppvk_(libraries.k3cppvk()), mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 5 (escort, K3CPPvK)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  EscortVerdict verdict(const Position& pos) const;

 private:
  const K3cppvkLibrary& k3cppvk_;
  SchemaMode mode_;
};

}  // namespace chunker
