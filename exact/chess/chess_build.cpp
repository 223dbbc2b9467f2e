// Building the chess-exact table (chess_table.h): its slices solved in
// order by retrograde.h's loop, each group's slices spread over the workers.
#include <exception>
#include <mutex>

#include "exact/chess/bare_king_solver.h"
#include "exact/chess/both_sides_solver.h"
#include "exact/chess/chess_slice_game.h"

namespace chunker {

std::unique_ptr<ChessTable> build_chess(std::string root_fen, std::vector<SliceKey> keys, const ChessSources& sources) {
  const auto groups = solving_groups(keys);
  std::atomic<std::uint64_t> done = 0, loaded = 0;
  std::mutex error_mutex;
  std::string first_error;
  auto table = std::make_unique<ChessTable>(std::move(root_fen), std::move(keys), sources.store);
  // The progress counts the positions stored, as the answer does: a slice
  // read through its twin is not counted twice.
  const std::uint64_t total = table->positions();
  std::vector<std::unique_ptr<ChessSolver>> solvers;
  std::vector<BareKingSolver> bare_king_solvers(sources.workers);
  std::vector<BothSidesSolver> both_sides_solvers(sources.workers);
  for (unsigned w = 0; w < sources.workers; ++w) solvers.push_back(std::make_unique<ChessSolver>());
  const auto find = [&table](const SliceKey& k) { return table->find(k); };
  std::exception_ptr failure;
  std::atomic<bool> failed = false;
  auto solve_slice = [&](unsigned worker, std::uint32_t slice) {
    const SliceCodec& codec = table->codec(slice);
    if (table->reversed(slice)) return;  // its twin holds its values
    const SliceKey& key = table->keys()[slice];
    std::uint8_t* bytes = table->bytes(slice);
    if (const std::uint8_t* solved = sources.solved ? sources.solved(key) : nullptr) {
      std::copy(solved, solved + codec.size(), bytes);
      done += codec.size();
      return;
    }
    if (sources.store.load(key, {bytes, codec.size()})) {
      ++loaded;
      done += codec.size();
      return;
    }
    if (bare_king_slice(key)) {
      bare_king_solvers[worker].solve(codec, key, find, bytes);
    } else if (both_sides_slice(key)) {
      both_sides_solvers[worker].solve(codec, key, find, bytes);
    } else {
      ChessSliceGame game(codec, key, find);
      ChessSolver& solver = *solvers[worker];
      solver.solve(game);
      for (std::uint32_t local = 0; local < codec.size(); ++local) {
        const Value v = solver.value(local);
        bytes[local] = v == retro::NOT_LEGAL ? NO_POSITION_BYTE : OracleTable::encode(v);
      }
    }
    if (const std::string error = sources.store.save(key, {bytes, codec.size()}); !error.empty()) {
      std::lock_guard lock(error_mutex);
      if (first_error.empty()) first_error = error;
    }
    done += codec.size();
  };
  // A worker's error ends the solve (the table is thrown away below) and
  // is thrown on the calling thread.
  const auto fail = [&](std::exception_ptr e) {
    std::lock_guard lock(error_mutex);
    if (!failure) failure = e;
    failed = true;
  };
  auto solve = [&](unsigned worker, std::uint32_t slice) {
    if (failed || (sources.cancel && *sources.cancel)) return;
    try {
      solve_slice(worker, slice);
    } catch (const SliceNotHeld&) {
      fail(std::current_exception());
    } catch (const std::logic_error& e) {
      // A mate too long for a byte, or a defect: the slice named.
      const SliceKey& key = table->keys()[slice];
      std::string where = material_name(key) + " (pawns";
      for (Bitboard b = key.pawns.pawns[WHITE] | key.pawns.pawns[BLACK]; b;) where += " " + square_name(pop_lsb(b));
      fail(std::make_exception_ptr(std::logic_error(where + "): " + e.what())));
    } catch (...) {
      fail(std::current_exception());
    }
  };
  const auto progress = [&](std::uint32_t) { sources.progress(done, total); };
  if (sources.run)
    sources.run(groups, sources.workers, solve, progress, [&table](std::uint32_t slice) {
      if (table->reversed(slice)) return std::span<std::uint8_t>();
      return std::span<std::uint8_t>(table->bytes(slice), table->codec(slice).size());
    });
  else
    retro::solve_in_order(groups, sources.workers, solve, progress);
  if (failure) std::rethrow_exception(failure);
  if (sources.cancel && *sources.cancel) throw ExactCancelled();
  if (sources.from_store) *sources.from_store = loaded;
  if (sources.not_stored) *sources.not_stored = first_error;
  return table;
}

}  // namespace chunker
