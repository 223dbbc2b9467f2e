// An evaluation for positions the search cannot prove (the paper §5.3: "an
// evaluation polynomial in the properties" of the chunks, "necessary for
// defensive play in losing positions"). It scores each Kv3CPP chunk by what
// the libraries say of it with the real side to move — a forced breakthrough
// (the pawns win under KCP) above a zugzwang win (AM) above pawns that only
// hold with the passing option (PCP), a king that wins the chunk below all —
// and adds Peasant's evaluator (engine/peasant/eval.h) for what chunks do not
// see: material, passers, the kings' distance to the pawns, the opposition.
// A heuristic score, never a proof: it stays far below every game value.
#pragma once

#include <functional>

#include "chunks/chunk_libraries.h"
#include "engine/position.h"
#include "engine/search.h"

namespace chunker {

// The score for the side to move; |score| < EVALUATION_BOUND.
Value evaluate(const Position& pos, const ChunkLibraries& libraries);
constexpr Value EVALUATION_BOUND = 5000;

// The searches' guide (SearchLimits::guide) at a level of knowledge: the
// learned one (guide/learned_guide.h), that level's model, or the
// evaluation, the hand-made one; where the level's learned model is missing
// or damaged, the hand-made one, and `learned_missing` says why (the
// caller tells the user). Empty where the libraries a guide reads are
// missing or damaged.
enum class GuideKind { Learned, HandMade };
struct ProofGuide {
  std::function<Estimate(const Position&)> estimate;  // SearchLimits::guide
  GuideShape shape;                                   // SearchLimits::guide_shape
  std::string learned_missing;                        // why the learned model asked for is not used; empty where it is
};
ProofGuide guide(const ChunkLibraries& libraries, int level, GuideKind kind = GuideKind::Learned);

// The chunk terms alone, from White's side (the sum over both chunks of the
// pawns' term, White's pawns counted plus and Black's minus).
int chunk_terms(const Position& pos, const ChunkLibraries& libraries);

}  // namespace chunker
