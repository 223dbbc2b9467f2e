// The Kv3CPP chunk as a combinatorial game measured against integers
// (Elkies, "On Numbers and Endgames", 1996): every entry of kv3cpp.h played
// alongside a reserve of t free moves, t > 0 for the pawns, t < 0 for the
// king, each move of the reserve a pass that spends one. The branches that win
// the whole board at once are cut off (Mäser, "Global Threats in
// Combinatorial Games", 2002): a safe promotion (or mate) wins for the pawns,
// taking the last pawn wins for the king. Otherwise a side left without a move
// in the chunk and the reserve loses (normal play: on the board it must move
// elsewhere, where the reserve stands for the other chunk's tempi).
//
// The game always ends (each move of the pawns' side spends a pawn move or a
// pass), so no value is a draw; it is still solved by the retrograde loop of
// retrograde.h, one slice per pawn configuration and reserve. The value of a
// placement is read as two numbers, its stops against the integers: the
// least reserve with which the pawns win moving first, and the least with
// which they win with the king moving first (for an integer n these are
// 1 - n and -n; a mutual zugzwang, 0, gives 1 and 0).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kv3cpp_library.h"

namespace chunker {

struct Kv3cppLadder {
  static constexpr int REACH = 4;  // reserves -REACH..REACH
  static constexpr int RUNGS = 2 * REACH + 1;
  static constexpr std::int16_t ILLEGAL = Kv3cppLibrary::ILLEGAL;
  std::vector<std::int16_t> values = std::vector<std::int16_t>(std::size_t(RUNGS) * KV3CPP_ENTRIES, ILLEGAL);

  // The value for the side to move of an entry played with reserve t.
  Value value(int reserve, std::uint32_t entry) const { return values[slot(reserve, entry)]; }
  bool legal(std::uint32_t entry) const { return values[slot(0, entry)] != ILLEGAL; }
  static std::size_t slot(int reserve, std::uint32_t entry) {
    return std::size_t(reserve + REACH) * KV3CPP_ENTRIES + entry;
  }
};

// A placement's stops against the integers (pawns' reserve; above REACH:
// never within the ladder, -REACH: that reserve or any below it), for each
// side moving first; NOT_LEGAL where that side cannot be to move there.
struct LadderValue {
  static constexpr int NEVER = Kv3cppLadder::REACH + 1;
  static constexpr int NOT_LEGAL = -100;
  int pawns_first = NOT_LEGAL, king_first = NOT_LEGAL;
  bool operator==(const LadderValue&) const = default;
  auto operator<=>(const LadderValue&) const = default;
};

Kv3cppLadder build_kv3cpp_ladder();  // a fraction of a second
// The value of the placement of an entry (whoever is to move in it).
LadderValue ladder_value(const Kv3cppLadder& ladder, std::uint32_t entry);
// "(1,0)": each stop, "never" above the ladder, "-" where not legal.
std::string ladder_value_name(const LadderValue& v);

}  // namespace chunker
