// The learned guide's features (guide/guide_features.h) with a chunk cache
// (chunks/chunk_report.h) against the same features without one: the cache
// keeps only what the libraries say of a chunk's entry, so every feature of
// every position must be the same, whatever the cache held before.
#include "guide/guide_features.h"

#include <doctest/doctest.h>

#include <random>

#include "engine/epd.h"
#include "engine/movegen.h"
#include "tests/test_libraries.h"

using namespace chunker;

TEST_CASE("the guide's features are the same with a chunk cache and without") {
  // Random games from the default suite's positions, every position's
  // children compared (they share most of their chunks with each other, so
  // the cache answers most of them).
  std::mt19937 random(20261127);  // fixed: the same games every run
  ChunkReportCache cache;
  int compared = 0, hits_possible = 0;
  for (const Epd& epd : read_epd_file(CHUNKER_SOURCE_DIR "/testpositions/default.epd")) {
    Position pos = epd.pos;
    for (int ply = 0; ply < 40; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      for (Move m : moves) {
        const Position child = make_move(pos, m);
        CHECK(guide_features(child, libraries(), &cache) == guide_features(child, libraries()));
        ++compared;
      }
      hits_possible += moves.size - 1;
      pos = make_move(pos, moves.moves[random() % unsigned(moves.size)]);
    }
  }
  CHECK(compared > 2000);
  CHECK(hits_possible > 1000);
}
