// The proof-number search's learned guide: gradient-boosted trees
// (boosted_trees.h) over the chunk features of a position
// (guide_features.h), fitted offline to the Level 5 knowledge depth of the
// a-c vs f-h positions (`chunker guide fit`, libgen/guide_fit.h). It
// estimates, for the side to move, GUIDE_UNIT * (GUIDE_SPAN - d) for a win at
// knowledge depth d (at least 1 where d is greater), the negative for a
// loss, 0 for a draw: the shape of the ideal guide of bench/pn_guide, so the
// search's mapping to initial numbers serves both. A heuristic: a proof
// never rests on it.
//
// The model is guide/guide.model, compiled into the program where its
// SHA-256 is guide/guide.model.sha256's (guide/CMakeLists.txt); at run time
// no table of whole positions is read, only the chunk libraries.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "chunks/chunk_libraries.h"
#include "engine/position.h"
#include "engine/search.h"
#include "guide/boosted_trees.h"

namespace chunker {

constexpr int GUIDE_SPAN = 50;  // plies of knowledge depth the estimate tells apart
constexpr int GUIDE_UNIT = 20;  // the estimate per ply
// Its shape (SearchLimits::guide_shape), chosen at Level 5 on Szén, on the
// default suite's deepest a-c vs f-h positions and on the first 200 of
// bench/pn's positions of knowledge depth >= 10 of a-c vs f-h only (a-c vs
// e-g stays held out): see the commit that set it. Its unit is large
// because an estimate of depth is worth more than the few steps the search
// counts for open siblings.
constexpr GuideShape LEARNED_GUIDE_SHAPE{32, GUIDE_SPAN, 8, 8};

// The model's target for a position of knowledge-depth value v (side to move).
float guide_target(Value depth_value);

// The compiled-in model, or nullopt with `why_not` set where it was missing
// or damaged (its SHA-256 differed) at build time, or is unreadable.
std::optional<BoostedTrees> compiled_guide_model(std::string& why_not);

// The guide's estimate with `model` (whose features must be GUIDE_FEATURES),
// shared: the search's limits copy the guide, and a copy of the trees is
// hundreds of kilobytes. Each copy keeps a cache of the chunks it has seen
// (ChunkReportCache), so a copy is called by one thread at a time.
std::function<Value(const Position&)> learned_guide(const ChunkLibraries& libraries,
                                                    std::shared_ptr<const BoostedTrees> model);

}  // namespace chunker
