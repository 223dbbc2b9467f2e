// The strategy regions of the Kv3CPP AM library (chunks/kv3cpp_region.h):
// small games worked out by hand, and the passes Level 1 guards against,
// counted over the whole library.
#include "chunks/kv3cpp_region.h"

#include <doctest/doctest.h>

#include "engine/notation.h"
#include "libgen/kv3cpp_region_build.h"
#include "tests/built_libraries.h"

using namespace chunker;

namespace {

const Kv3cppRegions& regions() {
  static const Kv3cppRegions built = build_kv3cpp_regions(built_kv3cpp(Assumption::AM));
  return built;
}

// The entry of a chunk already in normal form (White pawns on a-c, the Black
// king); the White king only makes the FEN legal.
std::uint32_t entry(const char* fen) {
  Position chunk = parse_fen(fen).pos;
  chunk.king[WHITE] = NO_SQUARE;
  return kv3cpp_index(chunk, 0);
}

Bitboard squares(std::initializer_list<Square> list) {
  Bitboard b = 0;
  for (Square s : list) b |= square_bb(s);
  return b;
}

constexpr Square A2 = make_square(0, 1), A3 = make_square(0, 2), A4 = make_square(0, 3), B3 = make_square(1, 2),
                 A8 = make_square(0, 7), H6 = make_square(7, 5), H7 = make_square(7, 6);

}  // namespace

TEST_CASE("strategy regions: the lone king's squares with the loser to move, by hand") {
  // The pawns lose (a3-a4 is their only move, Kxa4 takes it): the king
  // stands on b3, then on a4 with the pawns, now gone, to move.
  const StrategyRegion& chased = regions()[entry("8/8/8/8/8/Pk6/8/7K w - -")];
  CHECK(chased.king == squares({B3, A4}));
  CHECK(chased.stuck_free);
  // The king on a3 blocks the pawn on a2 (kv3cpp_test: a loss in 2 for the
  // pawns): they pass, the king takes, and the pawns stand before it twice.
  CHECK(regions()[entry("8/8/8/8/8/k7/P7/7K w - -")].king == squares({A3, A2}));
  // The king on a8 hemmed in by a6 b6 c7 passes, and c8 promotes safely:
  // the game ends with the winner's move, so the king's square is the only
  // one; on the board that pass could be stalemate.
  const StrategyRegion& hemmed = regions()[entry("k7/2P5/PP6/8/8/8/8/7K b - -")];
  CHECK(hemmed.king == squares({A8}));
  CHECK(hemmed.idle == squares({A8}));
  CHECK_FALSE(hemmed.stuck_free);
}

TEST_CASE("strategy regions: a chunk seen colour-reversed and mirrored is mapped back to the board") {
  // The pawn on a2 against the king on a3 (above), seen from the other side
  // of the board: Black's pawn on h7 against White's king on h6.
  const Position pos = parse_fen("7k/7p/7K/8/8/8/8/8 b - -").pos;
  const auto chunk = kv3cpp_instance(pos, WHITE);
  REQUIRE(chunk);
  CHECK(chunk->index == entry("8/8/8/8/8/k7/P7/7K w - -"));
  CHECK(board_squares(regions()[chunk->index].king, *chunk) == squares({H6, H7}));
}

TEST_CASE("strategy regions: a winning king is never left without a move; a losing one sometimes") {
  // Counted over today's library (the definitions: kv3cpp_region.h). A
  // winning king is never shut in by the pawns, and winning pawns are never
  // all blocked (only the last one can be, by the king); a losing king can
  // be shut in whatever the pawns choose, as on a8 above.
  const Kv3cppLibrary& am = built_kv3cpp(Assumption::AM);
  int stuck[2] = {0, 0};  // [whether the pawns win]
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i)
    if (am.legal(i) && am.value(i) != 0) stuck[is_win(am.pawns_value(i))] += !regions()[i].stuck_free;
  CHECK(stuck[false] == 0);
  CHECK(stuck[true] > 0);
}

TEST_CASE("strategy regions under AMS: a stuck lone king is stalemate, and no winning strategy needs one") {
  // Chess rules: Black's king on a8 against a6 b6 c7, Black to move with
  // nothing else on the board, is stalemated. AM lets it pass (c8 then
  // promotes safely); AMS, which Level 1's sound mode plays, calls it a draw.
  const std::uint32_t hemmed = entry("k7/2P5/PP6/8/8/8/8/7K b - -");
  CHECK(is_win(built_kv3cpp(Assumption::AM).pawns_value(hemmed)));
  CHECK(built_kv3cpp(Assumption::AMS).value(hemmed) == 0);
  // Every AMS win keeps every king, and the winner's pawns, able to move.
  const Kv3cppLibrary& ams = built_kv3cpp(Assumption::AMS);
  const Kv3cppRegions strict = build_kv3cpp_regions(ams);
  int stuck = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i)
    if (ams.legal(i) && ams.value(i) != 0) stuck += !strict[i].stuck_free;
  CHECK(stuck == 0);
}
