// The exact tables' cache (exact/exact_tables.h): a position's table is
// found from the indices beside the tables, a small root is solved rather
// than read from a large table, and the directory and the memory keep to
// their bounds, the least recently used going first. Values are compared
// with a solve of the same position with no cache (the exact solver, checked
// against scripts/reference_solve.py by the reference_solve test).
#include <doctest/doctest.h>

#include <filesystem>

#include "exact/exact_tables.h"
#include "play/answer.h"
#include "tests/temp_dir.h"

using namespace chunker;

namespace {

// Black's d-pawn alone: 3 pawn structures (d3, d2, none).
const char* SMALL = "8/8/8/8/8/3p4/8/k5K1 w - - 0 1";
// With a white a-pawn far from it: 28 structures, among them the small root's.
const char* LARGE = "8/8/8/8/3p4/8/P7/k5K1 w - - 0 1";

PlaySettings settings(const std::string& cache, std::uint64_t memory_mb) {
  PlaySettings play;
  play.oracle_dir = cache + "/no-oracle";  // the exact solver alone
  play.libraries = cache + "/no-libraries";
  play.exact_cache = cache;
  play.exact_memory = memory_mb << 20;
  play.sources = Sources::Exact;
  play.workers = 1;
  return play;
}

Position at(const char* fen) { return parse_fen(fen).pos; }

Value uncached_value(const char* fen) {
  TempDir none;
  PlaySettings play = settings(none.path, 64);
  play.exact_cache = "";
  Player player(play);
  return player.answer(at(fen)).value;
}

}  // namespace

TEST_CASE("a cached table is found from the index beside it, and a small root is solved rather than read") {
  TempDir cache;
  {
    Player solver(settings(cache.path, 64));
    REQUIRE(solver.solve_exact(at(LARGE)).table);
  }
  const std::string large_file = ExactTables(cache.path, 1 << 30).cache_path(structure_of(at(LARGE)));
  CHECK(std::filesystem::exists(large_file.substr(0, large_file.size() - 4) + ".idx"));

  // Another process: the index says which table holds the small root, with nothing read.
  ExactTables tables(cache.path, 1 << 30);
  const auto cached = tables.find_cached(at(SMALL));
  REQUIRE(cached);
  CHECK(cached->path == large_file);
  CHECK(cached->structures == 28);
  CHECK(!tables.find_held(at(SMALL)));

  // With a budget to solve, the small root (3 structures, fewer than 28 / READ_PER_SOLVE) is solved...
  Player solving(settings(cache.path, 64));
  const Answer solved = solving.answer(at(SMALL));
  CHECK(solved.source == Source::ExactSolve);
  CHECK(solved.value == uncached_value(SMALL));
  // ... and without one, read from the large table.
  std::filesystem::remove(ExactTables(cache.path, 1 << 30).cache_path(structure_of(at(SMALL))));
  Player reading(settings(cache.path, 0));
  const Answer read = reading.answer(at(SMALL));
  CHECK(read.source == Source::ExactTable);
  CHECK(read.origin.file == large_file);
  CHECK(read.value == solved.value);
}

TEST_CASE("the cache directory keeps to its bound: the least recently used table goes first") {
  TempDir cache;
  const char* roots[] = {SMALL, LARGE, "8/8/8/8/8/2p5/8/k5K1 w - - 0 1"};
  Player solver(settings(cache.path, 64));
  std::vector<std::string> files;
  for (const char* fen : roots) files.push_back(solver.exact_tables().cache_path(structure_of(at(fen))));
  auto bytes = [](const std::string& table) {
    return std::filesystem::file_size(table) + std::filesystem::file_size(table.substr(0, table.size() - 4) + ".idx");
  };
  REQUIRE(solver.solve_exact(at(roots[0])).table);
  REQUIRE(solver.solve_exact(at(roots[1])).table);
  // The first read again: the second is now the least recently used.
  ExactTables reader(cache.path, 1 << 30);
  REQUIRE(reader.read(*reader.find_cached(at(roots[0]))));
  // Room for the first two and a little more: the third pushes one out.
  ExactTables bounded(cache.path, 1 << 30, bytes(files[0]) + bytes(files[1]) + 1024);
  const Player::Solve third = Player(settings(cache.path, 64)).solve_exact(at(roots[2]));
  REQUIRE(third.table);
  bounded.add(third.table, at(roots[2]));
  CHECK(std::filesystem::exists(files[0]));
  CHECK(!std::filesystem::exists(files[1]));
  CHECK(std::filesystem::exists(files[2]));
}

TEST_CASE("the tables held in memory keep to their bound: the least recently used go first") {
  TempDir cache;
  Player solver(settings(cache.path, 64));
  const char* apart = "8/8/8/8/8/2p5/8/k5K1 w - - 0 1";  // a c-pawn: no structure of the large table
  const auto small = solver.solve_exact(at(apart)).table, large = solver.solve_exact(at(LARGE)).table;
  REQUIRE((small && large));
  // Room for the large table alone.
  ExactTables tables("", large->positions());
  tables.add(small, at(apart));
  CHECK(tables.find_held(at(apart)) == small);
  tables.add(large, at(LARGE));
  CHECK(tables.find_held(at(LARGE)) == large);
  CHECK(!tables.find_held(at(apart)));
}
