// The Kv3CPP chunk: its index, and the libraries against the chess
// literature: the rule of the square (one pawn, alternating moves) and the
// paper's claim about three connected passed pawns with the passing option
// (Campbell and Berliner 1983, §3.3).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "tests/built_libraries.h"

using namespace chunker;

namespace {

const Kv3cppLibrary& library(Assumption a) { return built_kv3cpp(a); }

bool king_can_capture(const Position& chunk) {
  if (chunk.side != BLACK) return false;
  for (Move m : legal_moves(chunk))
    if (chunk.pawns[WHITE] & square_bb(m.to())) return true;
  return false;
}

}  // namespace

TEST_CASE("kv3cpp: every entry's position indexes back to it, and whole positions find their chunk") {
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    REQUIRE(kv3cpp_index(kv3cpp_position(i), group) == i);
  }
  // Black pawns f7 g6 h5 against the white king on c3, White to move: seen
  // colour-reversed (pawns f2 g3 h4, king c6, Black to move) and mirrored
  // (pawns c2 b3 a4, king f6): group a-c.
  const Position pos = parse_fen("4k3/5p2/6p1/7p/8/2K5/8/8 w - -").pos;
  auto chunk = kv3cpp_instance(pos, WHITE);
  REQUIRE(chunk);
  CHECK(chunk->colour_reversed);
  CHECK(chunk->mirrored);
  CHECK(to_fen(kv3cpp_position(chunk->index)) == "8/8/5k2/8/P7/1P6/2P5/8 b - - 0 1");
  // Pawns on a and d are not one chunk; nor are two on one file.
  CHECK_FALSE(kv3cpp_instance(parse_fen("4k3/8/8/8/8/8/P2P4/4K3 w - -").pos, BLACK));
  CHECK_FALSE(kv3cpp_instance(parse_fen("4k3/8/8/8/8/P7/P7/4K3 w - -").pos, BLACK));
}

TEST_CASE("kv3cpp AM, one pawn: the rule of the square, with the double step") {
  // The rule of the square (Fine, Basic Chess Endings, ch. 2): a lone pawn
  // outruns the king when the king, counting the move, cannot reach the
  // square whose side runs from the pawn to its last rank; from the second
  // rank the pawn counts from the third (double step). Its one exception
  // here: a king that can take the pawn at once wins whatever the race says.
  // That happens 8 times, all with the pawn on its second rank and the king
  // beside it on the first (a1/a2, b1/a2, a1/b2, b1/b2, c1/b2, b1/c2, c1/c2,
  // d1/c2, Black to move); a king blocking the pawn is always inside the
  // square, so it is no exception.
  const Kv3cppLibrary& am = library(Assumption::AM);
  int entries = 0, captures_against_the_race = 0;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    const Position p = kv3cpp_position(i);
    if (!am.legal(i) || popcount(p.pawns[WHITE]) != 1) continue;
    const Square pawn = lsb(p.pawns[WHITE]);
    if (file_of(pawn) != kv3cpp_group_of_slice(kv3cpp_slice_of(i))) continue;  // each chunk once
    ++entries;
    const int moves_to_promote = 7 - std::max(rank_of(pawn), 2);
    const int king_distance = distance(p.king[BLACK], make_square(file_of(pawn), 7));
    const bool in_square = king_distance <= moves_to_promote + (p.side == BLACK ? 1 : 0);
    const bool king_wins = in_square || king_can_capture(p);
    captures_against_the_race += !in_square && king_can_capture(p);
    INFO(to_fen(p));
    CHECK(is_decisive(am.value(i)));
    CHECK(is_loss(am.pawns_value(i)) == king_wins);
  }
  // Pawn on a, b or c (the group's first file), six ranks; the king anywhere
  // but on the pawn with Black to move (63), and not in check either with
  // White to move (62 beside an a-pawn, 61 beside the others):
  // 6 x (63 + 62) + 2 x 6 x (63 + 61) = 2238.
  CHECK(entries == 2238);
  CHECK(captures_against_the_race == 8);
}

TEST_CASE("kv3cpp PCP: three connected passed pawns with the passing option win if none can be taken") {
  // The paper (§3.3): "3CPP with the passing option always win against a
  // king if none of the pawns can be safely captured". Walk every three-pawn
  // PCP entry with the king to move and no capture on the board. For
  // connected pawns (each next to the next at most a rank apart) the claim
  // holds without exception. For three pawns on adjacent files that are
  // split apart (e.g. a6 against b2 c2) it fails: the king wins the far
  // pawn in two moves. Those are counted and the first shown, a finding.
  const Kv3cppLibrary& pcp = library(Assumption::PCP);
  int walked = 0, connected = 0, connected_violations = 0, split_violations = 0;
  std::vector<std::string> examples;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    const Position p = kv3cpp_position(i);
    if (!pcp.legal(i) || popcount(p.pawns[WHITE]) != 3 || p.side != BLACK || king_can_capture(p)) continue;
    ++walked;
    int rank_on[8], first = 7;
    for (Bitboard b = p.pawns[WHITE]; b;) {
      const Square s = pop_lsb(b);
      rank_on[file_of(s)] = rank_of(s);
      first = std::min(first, file_of(s));
    }
    const bool is_connected =
        std::abs(rank_on[first] - rank_on[first + 1]) <= 1 && std::abs(rank_on[first + 1] - rank_on[first + 2]) <= 1;
    connected += is_connected;
    if (is_win(pcp.pawns_value(i))) continue;
    INFO(to_fen(p));
    if (is_connected) {
      ++connected_violations;
      CHECK_MESSAGE(false, "connected pawns that do not win");
    } else if (++split_violations <= 5) {
      examples.push_back(to_fen(p));
    }
  }
  CHECK(connected > 0);
  CHECK(connected_violations == 0);
  MESSAGE("PCP, three pawns, king to move, nothing to take: ", walked, " entries, ", connected,
          " connected (all win); split pawns that do not win: ", split_violations, ", e.g. ",
          examples.empty() ? "-" : examples.front());
}

TEST_CASE("kv3cpp: Staunton's rule, a king in front of three unmoved pawns stops them") {
  // Staunton, The Chess-Player's Handbook (1847): the king can always stop
  // three pawns (here, unmoved and side by side) when it stands on any square
  // in front of them. Checked over every such entry (three groups, the king
  // on the group's files, ranks 3-8, either side to move): it holds under
  // alternating moves without exception. With the passing option (PCP) it
  // fails in every one of them, as the paper's claim about 3CPP with the
  // passing option (previous test) says it must: the pawns wait until the
  // king has to give way. The exceptions are printed.
  int entries = 0, am_exceptions = 0, pcp_exceptions = 0;
  std::string pcp_fens;
  for (int group = 0; group < KV3CPP_GROUPS; ++group)
    for (std::uint32_t local = 0; local < KV3CPP_SLICE; ++local) {
      const std::uint32_t i = ((std::uint32_t(group) * KV3CPP_CONFIGS) << 7) | local;  // config 0: all on the 2nd rank
      const Square king = Square(local & 63);
      if (file_of(king) < group || file_of(king) > group + 2 || rank_of(king) < 2) continue;
      if (!library(Assumption::AM).legal(i)) continue;
      ++entries;
      const std::string fen = to_fen(kv3cpp_position(i));
      INFO(fen);
      CHECK_FALSE(is_win(library(Assumption::AM).pawns_value(i)));
      am_exceptions += is_win(library(Assumption::AM).pawns_value(i));
      if (is_win(library(Assumption::PCP).pawns_value(i))) ++pcp_exceptions, pcp_fens += "\n  " + fen;
    }
  // 3 groups x 18 squares x 2 sides, less 4 per group that cannot arise: the
  // king on the third rank (attacked) with the pawns to move, and in front of
  // the middle pawn, checked by both others, with the king to move.
  CHECK(entries == 96);
  CHECK(am_exceptions == 0);
  CHECK(pcp_exceptions == 96);
  MESSAGE("Staunton's rule: ", entries, " entries; AM exceptions: ", am_exceptions,
          "; PCP exceptions: ", pcp_exceptions, pcp_fens);
}

TEST_CASE("kv3cpp: a side with no move in the chunk passes (libgen/kv3cpp_build.cpp)") {
  const Kv3cppLibrary& am = library(Assumption::AM);
  auto entry = [](const char* fen) {
    Position chunk = parse_fen(fen).pos;
    chunk.king[WHITE] = NO_SQUARE;  // the White king only makes the FEN legal
    return kv3cpp_index(chunk, 0);
  };
  // The king on a3 blocks the pawn on a2: with the pawn to move it cannot,
  // so White passes (moves elsewhere), and Kxa2 ends the chunk: a loss in 2
  // plies for the pawns; with the king to move, Kxa2 wins in 1.
  CHECK(am.value(entry("8/8/8/8/8/k7/P7/7K w - -")) == loss_in(2));
  CHECK(am.value(entry("8/8/8/8/8/k7/P7/7K b - -")) == win_in(1));
  // The king on a8 is hemmed in by a6 b6 c7 (a7 b7 b8 all attacked) without
  // being in check: it passes, and c8 promotes safely: a loss in 2 for it.
  CHECK(am.value(entry("k7/2P5/PP6/8/8/8/8/7K b - -")) == loss_in(2));
}
