// The Kv3CPP chunk as a combinatorial game (Elkies, "On Numbers and
// Endgames", 1996), measured against small reference games: every entry of
// kv3cpp.h played beside a reserve of t free moves (an integer: t > 0 the
// pawns', t < 0 the king's, each a pass that spends one) or beside
// n.up + s.star (up = {0|*}, down = {*|0}, star = {0|0}: the
// infinitesimals Elkies finds in pawn endings). The branches that win the
// whole board at once are cut off (Mäser, "Global Threats in Combinatorial
// Games", 2002): a safe promotion (or mate) wins for the pawns, taking the
// last pawn wins for the king. Otherwise a side left without a move in the
// chunk and the reference loses (normal play: on the board it must move
// elsewhere, where the reference stands for the other chunk).
//
// The game always ends (each move of the pawns' side spends a pawn move or a
// move of the reference, and the reference's moves run out), so no value is
// a draw; it is still solved by the retrograde loop of retrograde.h, one
// slice per pawn configuration and reference position. A placement's value
// is read as its stops: against the integers, the least reserve with which
// the pawns win moving first, and the least with the king moving first (for
// an integer n these are 1 - n and -n; a mutual zugzwang, 0, gives 1 and 0);
// likewise the least n with which they win beside n.up, and beside
// n.up + star.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kv3cpp_library.h"

namespace chunker {

struct Kv3cppLadder {
  static constexpr int REACH = 4;  // reserves -REACH..REACH, and n.up for n in -REACH..REACH
  static constexpr int INTEGERS = 2 * REACH + 1;
  // The reference positions ("rungs"): the integers, then n.up + s.star
  // but 0 (which is the integer 0).
  static constexpr int RUNGS = INTEGERS + 2 * INTEGERS - 1;
  static constexpr int integer(int t) { return t + REACH; }
  static constexpr int ups(int n, int star) {
    const int i = (n + REACH) * 2 + star;
    return i == 2 * REACH ? integer(0) : INTEGERS + i - (i > 2 * REACH);
  }
  static constexpr std::int16_t ILLEGAL = Kv3cppLibrary::ILLEGAL;
  std::vector<std::int16_t> values = std::vector<std::int16_t>(std::size_t(RUNGS) * KV3CPP_ENTRIES, ILLEGAL);

  // The value for the side to move of an entry played beside a rung.
  Value value(int rung, std::uint32_t entry) const { return values[slot(rung, entry)]; }
  bool legal(std::uint32_t entry) const { return values[slot(integer(0), entry)] != ILLEGAL; }
  static std::size_t slot(int rung, std::uint32_t entry) { return std::size_t(rung) * KV3CPP_ENTRIES + entry; }
};

// A placement's stops (above REACH: never within the ladder; -REACH: that
// or anything below), for each side moving first: against the integers,
// n.up, and n.up + star; NOT_LEGAL where that side cannot be to move.
struct LadderValue {
  static constexpr int NEVER = Kv3cppLadder::REACH + 1;
  static constexpr int NOT_LEGAL = -100;
  int pawns_first = NOT_LEGAL, king_first = NOT_LEGAL;
  int up_pawns_first = NOT_LEGAL, up_king_first = NOT_LEGAL;
  int up_star_pawns_first = NOT_LEGAL, up_star_king_first = NOT_LEGAL;
  bool operator==(const LadderValue&) const = default;
  auto operator<=>(const LadderValue&) const = default;
};

Kv3cppLadder build_kv3cpp_ladder();  // about a second
// The value of the placement of an entry (whoever is to move in it).
LadderValue ladder_value(const Kv3cppLadder& ladder, std::uint32_t entry);
// "(1,0)" (the integers' stops) and, with `infinitesimals`,
// " up(-4,1) up*(-4,2)": "never" above the ladder, "-" where not legal.
std::string ladder_value_name(const LadderValue& v, bool infinitesimals = false);

}  // namespace chunker
