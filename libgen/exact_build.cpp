// Building the exact table with the retrograde loop of retrograde.h: a slice
// is one reachable pawn structure, inside it the kings move; every other
// move leads to a structure of lower potential, solved before (or to a
// position not stored, looked up through its moves: exact.h). Moves,
// legality and the end of the game are the engine's own (movegen.h, rules.h).
#include <memory>
#include <stdexcept>
#include <thread>

#include "exact.h"
#include "retrograde.h"

namespace chunker {

namespace {

using retro::NOT_LEGAL;

class ExactSlice {
 public:
  ExactSlice(const ExactTable& table, const PawnStructure& s) : table_(table) {
    pos_.pawns[WHITE] = s.pawns[WHITE];
    pos_.pawns[BLACK] = s.pawns[BLACK];
  }

  retro::Examined examine(std::uint32_t local) {
    king_slice::place(pos_, local);
    return retro::examine_position(pos_, [this](const Position& p) { return table_.value(p); });
  }

  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    retro::for_each_king_move_predecessor(local, pos_.pawns[WHITE] | pos_.pawns[BLACK], f);
  }

 private:
  const ExactTable& table_;
  Position pos_;
};

}  // namespace

std::optional<OracleSlot> oracle_slot(const PawnStructure& s) {
  Position pos;  // no kings: located by its pawns alone
  pos.pawns[WHITE] = s.pawns[WHITE];
  pos.pawns[BLACK] = s.pawns[BLACK];
  return locate(pos);
}

ExactTable build_exact(const Position& root, std::vector<PawnStructure> structures, const ExactSources& sources) {
  // Slices by potential, the lowest first: every move out of a slice leads to a lower one.
  std::vector<std::vector<std::uint32_t>> groups;
  for (std::uint32_t i = 0; i < structures.size(); ++i) {
    const std::size_t p = std::size_t(potential(structures[i]));
    if (i > 0 && p < std::size_t(potential(structures[i - 1]))) throw std::logic_error("structures out of order");
    if (groups.empty() || std::size_t(potential(structures[groups.back().front()])) != p) groups.emplace_back();
    groups.back().push_back(i);
  }
  const std::uint64_t total = structures.size();
  ExactTable table(to_fen(root), std::move(structures), TableBytes(total * king_slice::SIZE));
  std::vector<std::unique_ptr<retro::SliceSolver<king_slice::SIZE>>> solvers;
  for (unsigned w = 0; w < sources.workers; ++w)
    solvers.push_back(std::make_unique<retro::SliceSolver<king_slice::SIZE>>());
  std::atomic<std::uint64_t> copied = 0;

  auto solve = [&](unsigned worker, std::uint32_t slice) {
    const PawnStructure& s = table.structures_[slice];
    std::uint8_t* bytes = table.bytes_.data() + std::uint64_t(slice) * king_slice::SIZE;
    if (auto slot = oracle_slot(s); slot && sources.oracle[std::size_t(slot->layout)]) {
      const OracleTable& oracle = *sources.oracle[std::size_t(slot->layout)];
      Position pos;
      pos.pawns[WHITE] = s.pawns[WHITE];
      pos.pawns[BLACK] = s.pawns[BLACK];
      try {
        for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
          king_slice::place(pos, local);
          bytes[local] = is_legal(pos) ? oracle.byte(oracle.index().index(slot->view(pos))) : king_slice::ILLEGAL_BYTE;
        }
        ++copied;
        return;
      } catch (const TableError&) {
        // A damaged block of the oracle's file: the slice is solved instead.
      }
    }
    ExactSlice game(table, s);
    auto& solver = *solvers[worker];
    solver.solve(game);
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      const Value v = solver.value(local);
      bytes[local] = v == NOT_LEGAL ? king_slice::ILLEGAL_BYTE : OracleTable::encode(v);
    }
  };
  retro::solve_in_order(groups, sources.workers, solve, [&](std::uint32_t done) { sources.progress(done, total); });
  if (sources.from_oracle) *sources.from_oracle = copied;
  return table;
}

}  // namespace chunker
