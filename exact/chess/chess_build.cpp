// Building the chess-exact table (chess_table.h): its slices solved in
// order by retrograde.h's loop, each group's slices spread over the workers.
#include "exact/chess/chess_slice_game.h"

namespace chunker {

std::unique_ptr<ChessTable> build_chess(const ChessPosition& root, std::vector<SliceKey> keys,
                                        const ChessSources& sources) {
  const auto groups = solving_groups(keys);
  std::uint64_t total = 0;
  for (const SliceKey& k : keys) total += slice_positions(k);
  std::atomic<std::uint64_t> done = 0;
  auto table = std::make_unique<ChessTable>(pieces::to_fen(root), std::move(keys));
  std::vector<std::unique_ptr<ChessSolver>> solvers;
  for (unsigned w = 0; w < sources.workers; ++w) solvers.push_back(std::make_unique<ChessSolver>());
  const auto find = [&table](const SliceKey& k) { return table->find(k); };
  auto solve = [&](unsigned worker, std::uint32_t slice) {
    if (sources.cancel && *sources.cancel) return;  // the table is thrown away below
    const SliceCodec& codec = table->codec(slice);
    ChessSliceGame game(codec, table->keys()[slice].pawnless(), find);
    ChessSolver& solver = *solvers[worker];
    solver.solve(game);
    std::uint8_t* bytes = table->bytes(slice);
    for (std::uint32_t local = 0; local < codec.size(); ++local) {
      const Value v = solver.value(local);
      bytes[local] = v == retro::NOT_LEGAL ? king_slice::ILLEGAL_BYTE : OracleTable::encode(v);
    }
    done += codec.size();
  };
  retro::solve_in_order(groups, sources.workers, solve, [&](std::uint32_t) { sources.progress(done, total); });
  if (sources.cancel && *sources.cancel) throw ExactCancelled();
  return table;
}

}  // namespace chunker
