// Building the KPK library with the retrograde loop of retrograde.h. A slice
// is one pawn square, 8192 positions (side to move, both kings); inside it
// the kings move. A pawn move leaves it for a slice of a more advanced pawn,
// solved before; the lone king's capture of the pawn leaves bare kings, a
// draw; a promotion ends the game when safe (rule_value: win in 1) and is
// otherwise taken at once (value_after_promotion). Moves, legality, stalemate
// and the safety of a promotion are the engine's own (movegen.h, rules.h),
// so the table plays by docs/design.md §1 exactly.
#include "libgen/kpk_build.h"

#include <memory>
#include <stdexcept>

#include "exact/retrograde.h"

namespace chunker {

namespace {

using retro::NOT_LEGAL;

class KpkSlice {
 public:
  KpkSlice(const KpkLibrary& library, std::uint32_t slice) : library_(library) {
    pos_.pawns[WHITE] = square_bb(kpk_pawn_square(slice));
  }

  retro::Examined examine(std::uint32_t local) {
    king_slice::place(pos_, local);
    // Every position reached by a move out of the slice: bare kings after
    // the capture of the pawn, else an entry solved before.
    auto stored = [this](const Position& p) { return p.bare_kings() ? Value(0) : library_.value(*kpk_index(p)); };
    return retro::examine_position(pos_, stored);
  }

  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    retro::for_each_king_move_predecessor(local, pos_.pawns[WHITE], f);
  }

 private:
  const KpkLibrary& library_;
  Position pos_;
};

// A solved value as a byte of the library, which holds only draws and the
// pawn side's wins (kpk.h): anything else would be a broken rule, not data.
std::uint8_t encode(Value v, Color side) {
  if (v == NOT_LEGAL) return king_slice::ILLEGAL_BYTE;
  if (v == 0) return KpkLibrary::DRAW;
  const int d = distance_of(v);
  if (is_win(v) != (side == WHITE) || d == 0 || d >= king_slice::ILLEGAL_BYTE)
    throw std::logic_error("KPK: a value the library cannot hold");
  return std::uint8_t(d);
}

}  // namespace

KpkLibrary build_kpk() {
  KpkLibrary library;
  library.distances.assign(KPK_ENTRIES, king_slice::ILLEGAL_BYTE);
  // One group per pawn rank, the seventh first: a pawn move only leads to a
  // later rank. One worker: the whole table takes milliseconds, and on the
  // calling thread a broken rule (encode) reaches the caller as an exception
  // instead of ending the program. Nor is there progress worth showing.
  std::vector<std::vector<std::uint32_t>> groups;
  for (std::uint32_t slice = KPK_PAWN_SQUARES; slice > 0; slice -= 4)
    groups.push_back({slice - 4, slice - 3, slice - 2, slice - 1});
  auto solver = std::make_unique<retro::SliceSolver<king_slice::SIZE>>();
  auto solve = [&](unsigned, std::uint32_t slice) {
    KpkSlice game(library, slice);
    solver->solve(game);
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local)
      library.distances[king_slice::index(slice, local)] = encode(solver->value(local), king_slice::side(local));
  };
  retro::solve_in_order(groups, 1, solve, [](std::uint32_t) {});
  return library;
}

KpkCounts count_kpk(const KpkLibrary& library) {
  KpkCounts c;
  for (std::uint32_t i = 0; i < KPK_ENTRIES; ++i) {
    if (!library.legal(i)) continue;
    const Color side = king_slice::side(i);
    const Value v = library.value(i);
    ++c.legal[side];
    if (is_win(v))
      ++c.wins[side];
    else if (is_loss(v))
      ++c.losses[side];
    else
      ++c.draws[side];
  }
  return c;
}

}  // namespace chunker
