// Building the exact table with the retrograde loop of retrograde.h: a slice
// is one reachable pawn structure, inside it the kings move; every other
// move leads to a structure of lower potential, solved before (or to a
// position not stored, looked up through its moves: exact.h). Moves,
// legality and the end of the game are the engine's own (movegen.h, rules.h).
#include <memory>
#include <stdexcept>
#include <thread>

#include "exact/exact_slice.h"

namespace chunker {

std::optional<OracleSlot> oracle_slot(const PawnStructure& s) {
  Position pos;  // no kings: located by its pawns alone
  pos.pawns[WHITE] = s.pawns[WHITE];
  pos.pawns[BLACK] = s.pawns[BLACK];
  return locate(pos);
}

bool copy_exact_slice_from_oracle(const PawnStructure& s, const ExactSources& sources, std::uint8_t* bytes) {
  const auto slot = oracle_slot(s);
  if (!slot || !sources.oracle[std::size_t(slot->layout)]) return false;
  const OracleTable& oracle = *sources.oracle[std::size_t(slot->layout)];
  Position pos;
  pos.pawns[WHITE] = s.pawns[WHITE];
  pos.pawns[BLACK] = s.pawns[BLACK];
  try {
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      king_slice::place(pos, local);
      bytes[local] = is_legal(pos) ? oracle.byte(oracle.index().index(slot->view(pos))) : king_slice::ILLEGAL_BYTE;
    }
  } catch (const TableError&) {
    return false;  // a damaged block of the oracle's file: the slice is solved instead
  }
  return true;
}

ExactTable build_exact(const Position& root, std::vector<PawnStructure> structures, const ExactSources& sources) {
  const auto groups = potential_levels(structures);
  const std::uint64_t total = structures.size();
  ExactTable table(to_fen(root), std::move(structures), TableBytes(total * king_slice::SIZE), sources.rules);
  std::vector<std::unique_ptr<ExactSolver>> solvers;
  for (unsigned w = 0; w < sources.workers; ++w) solvers.push_back(std::make_unique<ExactSolver>());
  std::atomic<std::uint64_t> copied = 0;

  auto find = [&table](const PawnStructure& s) -> const std::uint8_t* {
    const auto slice = table.slice_of(s);
    return slice ? table.bytes_.data() + king_slice::index(*slice, 0) : nullptr;
  };
  auto solve = [&](unsigned worker, std::uint32_t slice) {
    if (sources.cancel && *sources.cancel) return;  // the table is thrown away below
    std::uint8_t* bytes = table.bytes_.data() + king_slice::index(slice, 0);
    if (solve_exact_slice(table.structures_[slice], sources, *solvers[worker], find, bytes)) ++copied;
  };
  retro::solve_in_order(groups, sources.workers, solve, [&](std::uint32_t done) { sources.progress(done, total); });
  if (sources.cancel && *sources.cancel) throw ExactCancelled();
  if (sources.from_oracle) *sources.from_oracle = copied;
  return table;
}

}  // namespace chunker
