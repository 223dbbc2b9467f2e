// Retrograde enumeration of the Kv3CPP libraries (chunks/kv3cpp_library.h).
//
// Z configurations (docs/design.md §4, the paper's Level 5), as built here: the
// greatest set of (pawns, king square) such that
//   - the pawns win under AM with either side to move,
//   - they do not win under KCP with the pawns to move (so the win needs
//     zugzwang, not a breakthrough; nor then with the king to move, who
//     could pass), and
//   - after every legal king move the pawns keep it: the new placement is in
//     the set, or the pawns promote safely at once, or a pawn move (not an
//     unsafe promotion) reaches a placement in the set.
// Found as a greatest fixed point: start from the placements meeting the
// first two conditions and remove those failing the third until none does.
#pragma once

#include "chunks/kv3cpp_library.h"

namespace chunker {

Kv3cppLibrary build_kv3cpp(Assumption assumption);
// The spare tempi of the KCP library's pawn wins (spare_tempi.h).
Kv3cppTempi build_kv3cpp_tempi();
// The spare tempi with the unsafe promotion's pass, and the regions of the
// line that keeps them (Kv3cppRace): the tempi game of spare_tempi.h where
// the pawns' move is an unsafe promotion costs max(tempi after the capture,
// 1), the king's side choosing between the capture and the pass that ends
// the game. A region is built from those of the positions after the
// entry's moves, each in a slice solved before or, for the king's moves,
// among the slice's positions with the pawns to move, built first.
Kv3cppRace build_kv3cpp_race();
// The race against a king that answers only checks (Kv3cppQuiet), by one
// pass over the pawn configurations: every pawn move raises the config.
Kv3cppQuiet build_kv3cpp_quiet();
// The race against a king that answers checks and moves freely, giving the
// pawns a quiet move back each time (Kv3cppBudget), by one pass over the
// pawn configurations. The pawns win with budget b if one of their moves
// wins against every answer: a safe promotion; a check or an unsafe
// promotion, against each king move answering it (a mate has none), the
// budget kept; a quiet move, against the king standing (budget b - 1) and
// each free king move (b, the spent move given back). Budget 0 never wins.
Kv3cppBudget build_kv3cpp_budget();
// The pass-budget games of Level 5's tempo sum (kv3cpp_passes_build.cpp).
Kv3cppPasses build_kv3cpp_passes();
ZConfigurations build_z_configurations(const Kv3cppLibrary& am, const Kv3cppLibrary& kcp);

}  // namespace chunker
