// Retrograde enumeration of the KPK library (chunks/kpk.h), and the counts
// `chunker libgen` reports for it.
#pragma once

#include "chunks/kpk.h"

namespace chunker {

KpkLibrary build_kpk();

// Per side to move, in normal form: WHITE is the pawn's side, BLACK the lone
// king. Wins, draws and losses are for the side to move.
struct KpkCounts {
  std::uint64_t legal[COLOR_NB] = {}, wins[COLOR_NB] = {}, draws[COLOR_NB] = {}, losses[COLOR_NB] = {};
};
KpkCounts count_kpk(const KpkLibrary& library);

}  // namespace chunker
