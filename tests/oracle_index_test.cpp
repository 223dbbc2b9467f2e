// The oracle's index: encode, decode, the one-field successor step, twins.
#include "exact/oracle_index.h"

#include <doctest/doctest.h>

#include <random>

#include "engine/movegen.h"

using namespace chunker;

// The layout king_slice.h documents: side to move (bit 12) | white king
// (bits 6-11) | black king (bits 0-5), slices of 2^13 placed end to end.
TEST_CASE("the two-king slice codec: the documented bits, and a round trip") {
  CHECK(king_slice::SIZE == 2 * 64 * 64);
  CHECK(king_slice::local(BLACK, Square(12), Square(51)) == (1u << 12 | 12u << 6 | 51u));
  CHECK(king_slice::index(3, 5) == 3 * 8192 + 5);
  for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
    Position pos;
    king_slice::place(pos, local);
    CHECK(king_slice::local(pos) == local);
    CHECK(king_slice::local_of(king_slice::index(117648, local)) == local);
    CHECK(king_slice::slice_of(king_slice::index(117648, local)) == 117648);
  }
}

TEST_CASE("oracle index round-trips and steps like make_move") {
  std::mt19937_64 rng(535);
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    OracleIndex index(layout);
    int legal = 0, moves = 0;
    while (legal < 20000) {
      std::uint64_t i = rng() % ORACLE_ENTRIES;
      Position pos = index.position(i);
      REQUIRE(index.fits(pos));
      CHECK(index.index(pos) == i);
      if (!is_legal(pos)) continue;
      ++legal;
      for (Move m : legal_moves(pos)) {
        if (m.kind() == MoveKind::Promotion) continue;
        Position child = make_move(pos, m);
        REQUIRE(index.fits(child));
        CHECK(index.successor(i, pos, m) == index.index(child));
        // Pawn moves and captures only ever lead to larger configs.
        if (child.pawns[WHITE] != pos.pawns[WHITE] || child.pawns[BLACK] != pos.pawns[BLACK])
          CHECK(OracleIndex::config_of(index.index(child)) > OracleIndex::config_of(i));
        ++moves;
      }
    }
    CHECK(moves > 100000);
  }
}

TEST_CASE("a-c vs f-h twins: colours swapped and the board turned half round") {
  OracleIndex index(Layout::AbcFgh);
  std::mt19937_64 rng(547);
  for (int k = 0; k < 20000; ++k) {
    std::uint64_t i = rng() % ORACLE_ENTRIES;
    Position pos = index.position(i);
    Position twin = mirrored(colour_reversed(pos));
    std::uint32_t config = OracleIndex::config_of(i), local = king_slice::local_of(i);
    CHECK(index.index(twin) == king_slice::index(OracleIndex::twin_config(config), OracleIndex::twin_local(local)));
    CHECK(OracleIndex::progress(OracleIndex::twin_config(config)) == OracleIndex::progress(config));
  }
}

TEST_CASE("a-c vs f-h stores each twin pair once; a-c vs e-g stores every entry in place") {
  const OracleIndex folded(Layout::AbcFgh), plain(Layout::AbcEfg);
  // 7^6 configs, of which 7^3 are their own twins (Black's codes are White's
  // read from the other side), so (7^6 + 7^3) / 2 = 58,996 are kept.
  CHECK(folded.stored_entries() == 58'996ull * king_slice::SIZE);
  CHECK(plain.stored_entries() == ORACLE_ENTRIES);
  std::mt19937_64 rng(536);
  for (int k = 0; k < 20000; ++k) {
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    const std::uint32_t config = OracleIndex::config_of(i), local = king_slice::local_of(i);
    const std::uint64_t twin = king_slice::index(OracleIndex::twin_config(config), OracleIndex::twin_local(local));
    CHECK(folded.storage(i) < folded.stored_entries());
    // A config that is its own twin keeps both entries of each pair.
    if (OracleIndex::twin_config(config) == config)
      CHECK(folded.storage(i) == folded.storage_of(config).base + local);
    else
      CHECK(folded.storage(i) == folded.storage(twin));
    CHECK(folded.kept(config) != (config > OracleIndex::twin_config(config)));
    CHECK(plain.storage(i) == i);
  }
  // Kept configs fill the stored slices in order, each its own.
  std::uint64_t next = 0;
  for (std::uint32_t config = 0; config < CONFIG_NB; ++config)
    if (folded.kept(config)) {
      CHECK(folded.storage_of(config).base == next);
      next += king_slice::SIZE;
    }
  CHECK(next == folded.stored_entries());
}

TEST_CASE("locate finds the table and the view of every layout's mirror images") {
  // The Szen position is a-c vs f-h as it stands.
  auto szen = locate(parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - -").pos);
  REQUIRE(szen.has_value());
  CHECK(szen->layout == Layout::AbcFgh);
  CHECK(!szen->mirror);
  CHECK(!szen->colour);
  // White b-d vs black f-h is the colour-reversed mirror of a-c vs e-g.
  Position bdfh = parse_fen("4k3/5ppp/8/8/8/8/1PPP4/3K4 w - -").pos;
  auto slot = locate(bdfh);
  REQUIRE(slot.has_value());
  CHECK(slot->layout == Layout::AbcEfg);
  CHECK(slot->mirror);
  CHECK(slot->colour);
  CHECK(slot->view(bdfh) == mirrored(colour_reversed(bdfh)));
  // Doubled pawns, or groups that touch, are outside the domain.
  CHECK(!locate(parse_fen("4k3/5ppp/8/8/8/P7/P7/3K4 w - -").pos));
  CHECK(!locate(parse_fen("4k3/4ppp1/8/8/8/8/1PPP4/3K4 w - -").pos));
}
