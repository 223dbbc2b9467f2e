// A material class of the chess-exact solver built whole into the slice
// store (slice_store.h): every placement of its pawns, and every slice their
// moves lead to, solved in batches that each fit a memory budget. A root of
// the class then reads its slices instead of solving what they lead to
// (plan_chess), as a tablebase of the class would answer it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "exact/chess/chess_table.h"

namespace chunker {

// A material name the class builder does not take, and why.
struct BadMaterial : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The most pawn structures a class may have: past it a class is more than
// any store of this solver holds (KPPPvKPP has 17,123,040).
constexpr std::uint64_t MAX_CLASS_SLICES = 1'000'000;

// Every slice of the material `name` ("KPPvKP": each side's king, then its
// pieces and pawns): each placement of its pawns on the second to seventh
// ranks, in solving order. Throws BadMaterial naming the problem.
std::vector<SliceKey> class_slices(const std::string& name);

struct ClassBuild {
  std::uint64_t slices = 0;  // the class's and those its moves lead to, short of stored ones
  std::uint64_t found = 0;   // of these, already in the store
  std::uint64_t solved = 0, solved_positions = 0;
  std::uint64_t batches = 0;
};

// Puts every slice of `targets` and those their moves lead to into
// `sources.store` (a root's past the budget: ChessPlayer), solving those it
// lacks in batches within `memory_bytes`
// (ChessMemory: the batch's slices, and those it reads from the store).
// Progress counts positions of the slices to solve. Throws BadMaterial
// where a slice has more pieces than the solver holds, std::length_error
// where one slice with what it reads exceeds the budget, and
// std::runtime_error where the store cannot be written.
ClassBuild build_class(const std::vector<SliceKey>& targets, std::uint64_t memory_bytes, const ChessSources& sources);

}  // namespace chunker
