// The Kv3CPP chunk libraries (docs/design.md §4), one per assumption about who
// must move in the chunk: AM, both sides; PCP, the pawns may pass; KCP, the
// king may pass; AMS and KCPS, AM and KCP where a lone king left without a
// move is stalemated (a draw) instead of passing: on the board its side may
// have no move elsewhere either (Level 1's sound mode, level1_am.h; Level
// 3's answering king, level3_kcp.h). Each holds, for every entry of kv3cpp.h, the value of the
// chunk for the side to move with its distance in plies (win_in(d),
// loss_in(d), or 0 for a draw: endless play, which AM never allows but the
// passing assumptions do). The king wins when every pawn is gone; the pawns
// win by a safe promotion; a side with no legal move in the chunk that is not
// mated passes (it moves elsewhere on the board; libgen/kv3cpp_build.cpp
// explains why).
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>

#include "chunks/kv3cpp.h"
#include "chunks/library_array.h"

namespace chunker {

enum class Assumption : std::uint8_t { AM = 0, PCP = 1, KCP = 2, AMS = 3, KCPS = 4 };
constexpr int ASSUMPTION_NB = 5;
std::string assumption_name(Assumption a);  // "am", "pcp", "kcp", "ams", "kcps"

struct Kv3cppLibrary {
  // The value of an entry that cannot arise (the king on a pawn, or in check
  // with the pawns to move).
  static constexpr std::int16_t ILLEGAL = INT16_MIN;

  Assumption assumption = Assumption::AM;
  LibraryArray<std::int16_t> values;  // KV3CPP_ENTRIES, indexed as in kv3cpp.h

  bool legal(std::uint32_t index) const { return values[index] != ILLEGAL; }
  // The value for the side to move of a legal entry.
  Value value(std::uint32_t index) const { return values[index]; }
  // The chunk's value for the pawns' side, whoever is to move.
  Value pawns_value(std::uint32_t index) const {
    Value v = value(index);
    return ((index >> 6) & 1) == WHITE ? v : -v;
  }
};

// The spare tempi of every KCP pawn win: the king's free moves before the
// pawns break through (defined in libgen/spare_tempi.h).
struct Kv3cppTempi {
  static constexpr std::int8_t NONE = -1;  // not a pawn win under KCP, or not legal
  LibraryArray<std::int8_t> tempi;         // KV3CPP_ENTRIES, indexed as in kv3cpp.h
};

// The race of Level 4's sound mode (level4_tempi.h): for every KCP pawn win,
// the spare tempi counted with the one pass an unsafe promotion offers (the
// king's side may answer it with a safe promotion of its own, which the
// game counts as one pass that ends it), and the squares the lone king can
// stand on while the pawns play the line that holds it to those tempi
// (libgen/kv3cpp_build.h).
struct Kv3cppRace {
  static constexpr std::int8_t NONE = -1;  // not a pawn win under KCP, or not legal
  LibraryArray<std::int8_t> tempi;         // KV3CPP_ENTRIES, indexed as in kv3cpp.h
  // The king's squares in normal form; 0 where that line may leave either
  // side without a move in the chunk (on the board, a king that must move,
  // or stalemate) or where `tempi` is NONE.
  LibraryArray<Bitboard> region;
};

// The pawns racing a king that answers only their checks
// (libgen/kv3cpp_build.h, Level 3): for every entry with the pawns
// to move, the fewest quiet pawn moves (those that give no check) after
// which they have promoted safely or mated, however the king answers their
// checks and unsafe promotions (a mating check counts as a quiet move: no
// answer takes its place); and the most moves the king makes in those
// answers along any line of the pawns (the king choosing as for `quiet`).
struct Kv3cppQuiet {
  static constexpr std::uint8_t NEVER = 255;  // the pawns never promote safely nor mate, or not legal
  LibraryArray<std::uint8_t> quiet;           // KV3CPP_ENTRIES, indexed as in kv3cpp.h
  LibraryArray<std::uint8_t> answers;         // KV3CPP_ENTRIES
};

// The pawns racing a king that answers their checks and may also move
// freely, each free move giving them one more quiet move (sound Level 4,
// level4_tempi.h, and libgen/kv3cpp_build.h): for every placement with the
// pawns to move, the least budget of quiet moves (those that are no check
// and no unsafe promotion) with which the pawns promote safely or mate
// whatever the king does; and, for each smaller budget, the squares the
// king stands on while it plays a strategy that holds them.
struct Kv3cppBudget {
  static constexpr int BUDGETS = 8;           // budgets 0..7
  static constexpr std::uint8_t NEVER = 255;  // not within 7, or not legal
  LibraryArray<std::uint8_t> need;            // KV3CPP_ENTRIES / 2, by placement()
  LibraryArray<Bitboard> region;              // KV3CPP_ENTRIES / 2 * BUDGETS; 0 where the pawns win with that budget
  // The placement of an entry with the pawns to move.
  static std::uint32_t placement(std::uint32_t kv3cpp_index) {
    return ((kv3cpp_index >> 7) << 6) | (kv3cpp_index & 63);
  }
};

// The pass budgets of Level 5's tempo sum (level5_tempo.h): two games on
// every entry, each won by the side the sum needs ("W"; the other "B").
// In the pawns' game W has the pawns and may pass n times, when it chooses
// but never right after a pass of B's, and B's king may pass m times
// whenever it is not in check; W wins by a safe promotion or mate. In the
// king's game W has the king and may pass m times, never right after B's
// pass, and B's pawns n times whenever; W wins when no pawn is left. A B
// side without a move there is no win of W's (on the board it may be
// stalemated); a W side without one must pass (libgen/kv3cpp_passes_build.cpp).
struct Kv3cppPasses {
  static constexpr int PASSES = 4;                 // each side's budget: 0..3 passes
  static constexpr int BUDGETS = PASSES * PASSES;  // budget (n, m) is bit n * PASSES + m
  static constexpr int budget(int n, int m) { return n * PASSES + m; }
  // By entry, the budgets with which W wins. With W to move (the pawns in
  // pawns_win, the king in king_win) W makes a move first, no pass.
  LibraryArray<std::uint16_t> pawns_win, king_win;
  // By entry * BUDGETS + budget, where W wins: the index in `regions` of
  // squares (normal form) along W's strategy. In the pawns' game B's
  // king's, in three sets: at-once squares, where B is to move and W would
  // win at once were it W's move (B's king having four moves or more), or
  // where W promotes unsafely and B's king must take;
  // threat squares, where W is to move and passes, and the moves of B's
  // king wherever a king two squares away could cover them all; live
  // squares, where B is to move otherwise. None where W's move wins at
  // once, nor for W to move where it moves its pawns (B is then to move on
  // the same square). In the king's game W's king's, and apart those it
  // moves to answering a check. For at-once squares where every move of
  // B's king lets W win at once: those squares (doomed_region), and in the
  // king's game the squares of a frozen B king from which B's pawns beat
  // W's king in the check game along W's strategy (frozen_region).
  LibraryArray<std::uint16_t> pawns_region, threat_region, at_once_region, doomed_region;
  // The king's game keeps KING_STRATEGIES strategies of W's, at
  // king_slot(strategy, entry, budget): among its winning moves W's king
  // picks the one with the fewest squares next to its squares (0), or the
  // one with the fewest frozen squares first (1). Either proves the win.
  static constexpr int KING_STRATEGIES = 2;
  static std::size_t slot(std::uint32_t entry, int budget) { return std::size_t(entry) * BUDGETS + budget; }
  static std::size_t king_slot(int strategy, std::uint32_t entry, int budget) {
    return std::size_t(strategy) * KV3CPP_ENTRIES * BUDGETS + slot(entry, budget);
  }
  LibraryArray<std::uint16_t> king_region, checked_region, frozen_region;
  LibraryArray<Bitboard> regions;  // the distinct regions, in the order first met
};

// The Z configurations (docs/design.md §4, defined in libgen/kv3cpp_build.cpp):
// pawns and king placements, whoever is to move.
struct ZConfigurations {
  LibraryArray<std::uint8_t> member;  // KV3CPP_ENTRIES / 2, indexed by z_index
  static std::uint32_t z_index(std::uint32_t kv3cpp_index) { return ((kv3cpp_index >> 7) << 6) | (kv3cpp_index & 63); }
  bool contains(std::uint32_t kv3cpp_index) const { return member[z_index(kv3cpp_index)] != 0; }
};

// Files: data/<name>.lib in the table format of table_file.h, the payload a
// Boost.Serialization archive of the library.
std::string kv3cpp_library_name(Assumption a);  // "kv3cpp-am", ...
constexpr const char* KV3CPP_TEMPI_NAME = "kv3cpp-tempi";
constexpr const char* Z_CONFIGURATIONS_NAME = "kv3cpp-z";
constexpr const char* KV3CPP_QUIET_NAME = "kv3cpp-quiet";
constexpr const char* KV3CPP_RACE_NAME = "kv3cpp-race";
constexpr const char* KV3CPP_BUDGET_NAME = "kv3cpp-budget";
constexpr const char* KV3CPP_PASSES_NAME = "kv3cpp-passes";
void save_kv3cpp(const Kv3cppLibrary& library, const std::string& data_dir);
// Throws TableError naming `chunker libgen --only NAME` when the file is
// missing, damaged or stale.
Kv3cppLibrary load_kv3cpp(const std::string& data_dir, Assumption a);
void save_kv3cpp_tempi(const Kv3cppTempi& library, const std::string& data_dir);
Kv3cppTempi load_kv3cpp_tempi(const std::string& data_dir);
void save_z_configurations(const ZConfigurations& library, const std::string& data_dir);
ZConfigurations load_z_configurations(const std::string& data_dir);
void save_kv3cpp_quiet(const Kv3cppQuiet& library, const std::string& data_dir);
Kv3cppQuiet load_kv3cpp_quiet(const std::string& data_dir);
void save_kv3cpp_race(const Kv3cppRace& library, const std::string& data_dir);
Kv3cppRace load_kv3cpp_race(const std::string& data_dir);
void save_kv3cpp_budget(const Kv3cppBudget& library, const std::string& data_dir);
Kv3cppBudget load_kv3cpp_budget(const std::string& data_dir);
void save_kv3cpp_passes(const Kv3cppPasses& library, const std::string& data_dir);
Kv3cppPasses load_kv3cpp_passes(const std::string& data_dir);

}  // namespace chunker
