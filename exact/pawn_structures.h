// The pawn structures reachable from a position: the slices of the exact
// solver (exact.h). A structure is where the pawns of both sides stand;
// kings and the side to move make up the 8,192 positions of its slice.
// Pawn moves, pawn captures, king captures and promotions only ever lower a
// structure's potential (the moves its pawns have left, below), so the
// structures form a DAG and are solved in order of rising potential.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/position.h"

namespace chunker {

struct PawnStructure {
  Bitboard pawns[COLOR_NB] = {0, 0};
  bool operator==(const PawnStructure&) const = default;
};

struct PawnStructureHash {
  std::size_t operator()(const PawnStructure& s) const {
    // Two odd multipliers mix both boards into the high bits, a shift brings them down.
    const std::uint64_t h = s.pawns[WHITE] * 0x9E3779B97F4A7C15ull ^ s.pawns[BLACK] * 0xC2B2AE3D27D4EB4Full;
    return std::size_t(h ^ (h >> 29));
  }
};

inline PawnStructure structure_of(const Position& pos) { return {{pos.pawns[WHITE], pos.pawns[BLACK]}}; }

// The sum over all pawns of 7 - (rank from its own side): a pawn on its
// seventh rank has one move left, one on its second six. A pawn move lowers
// it by one or two, a capture by at least the captured pawn's share, a
// promotion by one: every move that changes the structure lowers it.
int potential(const PawnStructure& s);

// Every structure reachable from the root's (itself included), in order of
// rising potential, as the moves of the engine's generator make them, kings
// left out: pushes, double steps (and the en-passant captures they allow),
// pawn captures, promotions (the pawn leaves the board), and a king's
// capture of any pawn. Kings could block some of these, so the set may hold
// a few structures no game reaches; it holds every one a game reaches.
// nullopt once more than `max_structures` are found; `found` is then how
// many were (a lower bound), else the count.
std::optional<std::vector<PawnStructure>> reachable_structures(const Position& root, std::uint64_t max_structures,
                                                               std::uint64_t& found);

// The indices of `structures` (in order of rising potential) grouped by
// potential, the lowest first: every move out of a slice leads to an earlier
// group, so the slices of one group can be solved independently.
std::vector<std::vector<std::uint32_t>> potential_levels(const std::vector<PawnStructure>& structures);

// Calls f for every structure other than `s` whose slice a position of `s`'s
// slice may look up (exact.h): one move of either side away, and through a
// double step or a promotion (whose position is valued through its replies)
// one move further, repeatedly; each once, a superset of what is read.
void for_each_looked_up_structure(const PawnStructure& s, const std::function<void(const PawnStructure&)>& f);

}  // namespace chunker
