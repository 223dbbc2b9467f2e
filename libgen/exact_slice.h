// One pawn structure's slice of the exact solver (exact.h), written once for
// the single-process build (exact_build.cpp) and the distributed one
// (exact_mpi.h): they differ only in where the slices a move reaches are found.
// A `Find` is `const std::uint8_t* find(const PawnStructure&)`: a solved
// slice's bytes (EXACT_SLICE_SIZE of them), or null where it holds none.
#pragma once

#include <stdexcept>

#include "exact.h"
#include "retrograde.h"

namespace chunker {

using ExactSolver = retro::SliceSolver<EXACT_SLICE_SIZE>;

// The value of a legal position whose reachable slices `find` holds. A
// position with an en-passant right, or right after an unsafe promotion, is
// not stored (exact.h): it is the best of its moves.
template <typename Find>
Value exact_value(const Position& pos, const Find& find) {
  if (pos.ep != NO_SQUARE || pos.promoted != NO_SQUARE)
    return retro::value_after_promotion(pos, [&](const Position& p) { return exact_value(p, find); });
  const std::uint8_t* slice = find(structure_of(pos));
  if (!slice) throw std::logic_error("exact table: a position outside its pawn structures");
  return OracleTable::decode(slice[exact_local(pos)]);
}

// Copies structure `s`'s slice into `bytes` from the oracle where `sources`
// holds its layout; false (nothing written) where it does not.
bool copy_exact_slice_from_oracle(const PawnStructure& s, const ExactSources& sources, std::uint8_t* bytes);

namespace exact_detail {

// The slice as retrograde.h's loop sees it: the kings move inside it, every
// other move leaves it for a slice `find` holds.
template <typename Find>
class Slice {
 public:
  Slice(const PawnStructure& s, const Find& find) : find_(find) {
    pos_.pawns[WHITE] = s.pawns[WHITE];
    pos_.pawns[BLACK] = s.pawns[BLACK];
  }

  retro::Examined examine(std::uint32_t local) {
    retro::place_two_kings(pos_, local);
    return retro::examine_position(pos_, [this](const Position& p) { return exact_value(p, find_); });
  }

  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    retro::for_each_king_move_predecessor(local, pos_.pawns[WHITE] | pos_.pawns[BLACK], f);
  }

 private:
  const Find& find_;
  Position pos_;
};

}  // namespace exact_detail

// Fills `bytes` with structure `s`'s slice, one byte per position as the
// oracle encodes it: copied from the oracle where `sources` holds it (then
// true), else solved with `solver`, the slices its moves reach read through
// `find` (every structure of lower potential it looks up, exact.h).
template <typename Find>
bool solve_exact_slice(const PawnStructure& s, const ExactSources& sources, ExactSolver& solver, const Find& find,
                       std::uint8_t* bytes) {
  if (copy_exact_slice_from_oracle(s, sources, bytes)) return true;
  exact_detail::Slice<Find> game(s, find);
  solver.solve(game);
  for (std::uint32_t local = 0; local < EXACT_SLICE_SIZE; ++local) {
    const Value v = solver.value(local);
    bytes[local] = v == retro::NOT_LEGAL ? OracleTable::ILLEGAL : OracleTable::encode(v);
  }
  return false;
}

}  // namespace chunker
