// The searches' learned guide: for each level of knowledge, two ensembles
// of gradient-boosted trees (boosted_trees.h) over the chunk features of a
// position (guide_features.h), fitted offline to that level's knowledge
// depth (`chunker guide fit`, libgen/guide_fit.h): one estimates the outcome
// for the side to move (1 a win, 0 a draw, -1 a loss), the other the
// knowledge depth at which a decisive value is proven. Together they make
// an Estimate (engine/estimate.h): how sure a win or a loss is, how deep,
// and a score that orders moves by them. A heuristic: a proof never rests
// on it.
//
// The models are guide/level-N.model, compiled into the program where each
// one's SHA-256 is guide/level-N.model.sha256's (guide/CMakeLists.txt); at
// run time no table of whole positions is read, only the chunk libraries.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "chunks/chunk_libraries.h"
#include "engine/estimate.h"
#include "engine/position.h"
#include "engine/search.h"
#include "guide/guide_model.h"

namespace chunker {

// What the models are fitted to, for a position of knowledge-depth value v
// (side to move): the outcome, and for a decisive value its depth.
float outcome_target(Value depth_value);
float depth_target(Value depth_value);

// The estimate the two predictions make (`outcome`, `depth` in plies). Past
// GUIDE_SURE_FROM (of Estimate::SURE) the guide counts as sure of the outcome.
constexpr int GUIDE_SURE_FROM = 50;
Estimate guide_estimate(float outcome, float depth);

// The proof-number search's use of the learned estimate (GuideShape,
// search.h), one for every level: a sure win costs one unit of proof for
// each 3 plies of expected depth, a sure estimate stands for 64 units
// against it, a draw for an eighth of that against a win, and a child is
// followed until its number passes its sibling's by an eighth. Chosen at
// Level 5 on Szén and on a sample of deep a-c vs f-h positions, where
// neighbouring values do nearly as well; the layout the guide holds out,
// a-c vs e-g, had no say (see the commit that set it). Its unit is large
// because an estimate of depth is worth more than the few steps the search
// counts for open siblings.
constexpr GuideShape LEARNED_GUIDE_SHAPE{64, 3, 8, 0.125, 0.125};

// The compiled-in model of a level, or nullopt with `why_not` set where it
// was missing or damaged (its SHA-256 differed) at build time, or is
// unreadable.
std::optional<GuideModel> compiled_guide_model(int level, std::string& why_not);

// The guide's estimate with `model` (whose features must be GUIDE_FEATURES),
// shared: the search's limits copy the guide, and a copy of the trees is
// hundreds of kilobytes. Each copy keeps a cache of the chunks it has seen
// (ChunkReportCache), so a copy is called by one thread at a time.
std::function<Estimate(const Position&)> learned_guide(const ChunkLibraries& libraries,
                                                       std::shared_ptr<const GuideModel> model);

}  // namespace chunker
