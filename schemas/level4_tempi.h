// Level 4 (the paper §3.5): when both sides have a forced breakthrough (their
// pawns win under KCP), the race is decided by spare tempi: the free moves
// each king has in its defence before the enemy pawns get through
// (libgen/spare_tempi.h). The paper: "the side with the fewest spare tempi
// (accounting for side-to-move effects) will lose".
//
// Paper mode: both sides' pawns win under KCP with the position's side to
// move; the side to move wins if its king has more spare tempi than the
// other king, else it loses. The text leaves the tie to the side-to-move
// effect: the side to move spends a tempo first, so with equal tempi it is
// the first left without one. Until knowledge version 2 a tie went the other
// way (the side to move a tempo ahead), which the text allows as well; the
// oracle and the paper's Table 4-1 choose between them:
//  - Where Level 4 decides first at Level 4 (a-c vs f-h, every position),
//    the side to move lost 69.6 million ties and won 2.6 million; with more
//    spare tempi it won 77.4 million and lost 4.6 million, with fewer lost
//    71.8 million and won 0.5 million.
//  - Read the old way, the published rules' game gives the Szen position a
//    draw at Levels 4 and 5 (knowledge depth, `chunker oracle depth`), which
//    CHUNKER proved at both (iteration 18); read this way it is a win of
//    depth 19 for either side to move. On the way stands
//    8/8/k1P5/P5p1/1P3p1p/7K/8/8 b (3 spare tempi each; the oracle: Black
//    loses in 24), read the old way a win for Black (docs/table-4-1.md).
//
// Sound mode: Level 3's argument with the spare tempi as the clock, wherever
// one side's pawns break through (KCP), whether or not the other's do. Side
// a pushes only pawns, playing the line of its chunk that holds b to the
// fewest passes, t (the kv3cpp-race library); b's pawn moves are such
// passes. An unsafe promotion of a's (a sacrifice the king must take) may
// instead be answered by b's own safe promotion: the library counts that
// answer as a pass that ends the game, so t includes it. (With the plain
// spare tempi, `oracle verify` found 8/PkP3pp/8/8/8/5p2/1P6/2K5 b, where
// a8=Q is met by f1=Q and Black wins in 3; the paper's count misses it.)
// Then a wins
//  - if none of b's pawns can check a's still king or reach its last rank
//    within t moves (still_king, as Level 3), or
//  - if a's king answers b's checks instead, and moves freely where that
//    helps: each such move is a pass of a's in its own chunk, right after a
//    pass of b's there (a quiet move of b's pawns), so the chunk stands as
//    it was and b may pass once more; a check and its answer leave it as it
//    was too. So b's pawns have a budget of t quiet moves, given back one
//    for each free move of a's king, and must not win the budget race of
//    the kv3cpp-budget library with it. The chunks stay apart
//    (kings_keep_apart): a's king keeps to the squares of the library's
//    holding strategy, b's king to the squares the race line allows it
//    (its region), which must never leave b's king without a move, nor a's
//    pawns (on the board that would be stalemate, or a's king made to
//    move). Answering only (Level 3's kv3cpp-quiet) missed the races that
//    end Szen's lines, such as 1k6/8/1PP5/P7/5pp1/7p/5K2/8 w: White's king
//    must meet ...h2 with Kg2, Black's pawns then needing 3 quiet moves
//    against Black's king's 2 race tempi.
// Over both layouts: 39.0% and 37.5% of the legal positions, all correctly
// (10.8% and 10.1% when it fired only where both sides break through and
// counted t + 1 against a still king); the paper's rule is wrong on 3.4% and
// 3.7% of what it decides first (on 33% and 34% when it gave a tie to the
// side to move).
#pragma once

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What Level 4 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct TempiVerdict {
  enum class Why : std::uint8_t { NoChunks, NotBothBreakthrough, NoBreakthrough, KingDisturbed, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color winner = WHITE;            // when decided
  // The spare tempi of each colour's king, from KingDisturbed on (-1 where
  // the other pawns do not break through); in sound mode, the race's.
  int spare[COLOR_NB] = {0, 0};
  // Sound mode, where the winner's king answers checks and moves freely:
  // the budget of quiet moves the loser's pawns need (0: more than 7); -1
  // where its king stands still.
  int quiet_moves = -1;
};

class SpareTempiRace : public Classifier {
 public:
  SpareTempiRace(const ChunkLibraries& libraries, SchemaMode mode)
      : kcp_(libraries.kv3cpp(Assumption::KCP)),
        tempi_(mode == SchemaMode::Paper ? &libraries.kv3cpp_tempi() : nullptr),
        race_(mode == SchemaMode::Sound ? &libraries.kv3cpp_race() : nullptr),
        budget_(mode == SchemaMode::Sound ? &libraries.kv3cpp_budget() : nullptr),
        mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 4 (spare tempi)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  TempiVerdict verdict(const Position& pos) const;

 private:
  TempiVerdict paper_verdict(const std::array<ChunkView, COLOR_NB>& chunk, Color us) const;

  const Kv3cppLibrary& kcp_;
  const Kv3cppTempi* tempi_;    // paper mode only
  const Kv3cppRace* race_;      // sound mode only
  const Kv3cppBudget* budget_;  // sound mode only
  SchemaMode mode_;
};

}  // namespace chunker
