// What the proof-number search's learned guide knows of a position: the
// chunk libraries' word on both Kv3CPP chunks and both alternate parses, for
// both sides to move, and a few board facts, seen from the side to move (so
// a position and its colour-reversed twin have the same features). Small
// integers, so the model's splits compare integers. No table of whole
// positions is read.
#pragma once

#include <array>

#include "chunks/chunk_libraries.h"
#include "chunks/chunk_report.h"
#include "engine/position.h"

namespace chunker {

// Per chunk (ours: our pawns against their king; theirs): pawn count, the
// pawns' value under each of the five assumptions for each side to move,
// the king's spare tempi for each side to move, the Z configuration, the
// pass budget the pawns need. Per alternate parse (our escort, theirs):
// present, the escort's value for each side to move, the lone king's spare
// tempi for each, the unopposed pawns' moves. Then the interaction and the
// board facts (guide_features.cpp lists them).
constexpr int CHUNK_FEATURES = 1 + 2 * ASSUMPTION_NB + 2 + 1 + 1;
constexpr int ALTERNATE_FEATURES = 1 + 2 + 2 + 1;
constexpr int INTERACTION_FEATURES = 4;
constexpr int BOARD_FEATURES = 11;
constexpr int GUIDE_FEATURES = 2 * CHUNK_FEATURES + 2 * ALTERNATE_FEATURES + INTERACTION_FEATURES + BOARD_FEATURES;
using GuideFeatures = std::array<int, GUIDE_FEATURES>;

// Throws TableError when a library it reads is missing or damaged. With a
// cache (chunk_report.h), the same features, sooner.
GuideFeatures guide_features(const Position& pos, const ChunkLibraries& libraries, ChunkReportCache* cache = nullptr);

}  // namespace chunker
