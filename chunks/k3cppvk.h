// The K3CPPvK chunk (docs/design.md §4, the paper's alternate parse): a king with
// up to three pawns on three adjacent files against the lone enemy king, the
// lone king free to pass (its side moves elsewhere: the unopposed pawns of
// the other chunk). Kept in the normal form of kv3cpp.h: the pawns White, on
// a-c, b-d or c-e; here the White king stands with them.
//
// Index of an entry (23 bits):  group * 343 + config (10 bits) | side to move (1) | White king (6) | Black king (6)
// with group and config as in kv3cpp.h.
//
// The library holds, for every entry, the value for the side to move (the
// pawns win by a safe promotion or mate; the lone king wins when every pawn
// is gone; endless play draws) and, where the pawns win, the lone king's
// spare tempi before they force promotion (libgen/spare_tempi.h).
#pragma once

#include <climits>
#include <cstdint>
#include <optional>
#include <string>

#include "chunks/kv3cpp.h"
#include "chunks/library_array.h"
#include "engine/classifier.h"
#include "engine/king_slice.h"

namespace chunker {

constexpr std::uint32_t K3CPPVK_ENTRIES = KV3CPP_GROUPS * KV3CPP_CONFIGS * king_slice::SIZE;

Position k3cppvk_position(std::uint32_t index);
// The entry of a position already in normal form, its pawns on group `group`.
std::uint32_t k3cppvk_index(const Position& chunk, int group);

// A K3CPPvK chunk found in a whole position: the king and pawns of
// `pawns_side` against the other king, normalised as kv3cpp_instance does
// (the flags say how); nullopt where those pawns form no chunk.
std::optional<Kv3cppInstance> k3cppvk_instance(const Position& pos, Color pawns_side);

// The values of a K3CPPvK library, for the side to move of each entry.
struct K3cppvkValues {
  static constexpr std::int16_t ILLEGAL = INT16_MIN;
  LibraryArray<std::int16_t> values;  // K3CPPVK_ENTRIES; ILLEGAL where the placement cannot arise

  bool legal(std::uint32_t index) const { return values[index] != ILLEGAL; }
  // The value for the pawns' side, whoever is to move.
  Value pawns_value(std::uint32_t index) const {
    const Value v = values[index];
    return king_slice::side(index) == WHITE ? v : -v;
  }
};

struct K3cppvkLibrary : K3cppvkValues {
  static constexpr std::int8_t NO_TEMPI = -1;
  LibraryArray<std::int8_t> tempi;  // K3CPPVK_ENTRIES; NO_TEMPI where the pawns do not win
  // The same with an unsafe promotion's answer (a safe promotion of the
  // lone king's side) counted as one more pass, as Kv3cppRace counts them
  // (sound Level 5's escort, level5_escort.h).
  LibraryArray<std::int8_t> race_tempi;
  // The squares the pawns' king can stand on while the pawns play the line
  // that holds the lone king to its race tempi, as their bounding box in
  // normal form (k3cppvk_box); NO_BOX where the pawns do not win, or where
  // that line may leave the pawns' side without a move (on the board,
  // stalemate).
  static constexpr std::uint16_t NO_BOX = 0xFFFF;
  LibraryArray<std::uint16_t> race_box;
};

// A box of files and ranks, each from..to (0..7): 3 bits each, files first.
constexpr std::uint16_t k3cppvk_box(int file_from, int file_to, int rank_from, int rank_to) {
  return std::uint16_t(file_from | file_to << 3 | rank_from << 6 | rank_to << 9);
}
// The squares of such a box (board_squares() of kv3cpp_region.h puts them
// on the board of a chunk instance).
Bitboard k3cppvk_box_squares(std::uint16_t box);

constexpr const char* K3CPPVK_NAME = "k3cppvk";
void save_k3cppvk(const K3cppvkLibrary& library, const std::string& data_dir);
// Throws TableError naming `chunker libgen --only k3cppvk` when the file is
// missing, damaged or stale.
K3cppvkLibrary load_k3cppvk(const std::string& data_dir);

// The same chunk as the whole board, where the lone king's side has nothing
// else: it never passes, and a side without a move is stalemated (built
// under AMS, libgen/kv3cpp_build.cpp). So its values are the game's: the
// pawns' wins with their distances, and a draw everywhere else (where the
// lone king takes every pawn, bare kings).
struct K3cppvkExact : K3cppvkValues {};
constexpr const char* K3CPPVK_EXACT_NAME = "k3cppvk-ams";
void save_k3cppvk_exact(const K3cppvkExact& library, const std::string& data_dir);
K3cppvkExact load_k3cppvk_exact(const std::string& data_dir);

// The game's value where one side has only its king and the other up to
// three pawns on adjacent files: exact, with the distance of a win.
class K3cppvkRecognizer : public Classifier {
 public:
  explicit K3cppvkRecognizer(const K3cppvkExact& library) : library_(library) {}
  std::optional<Value> classify(const Position& pos) const override;
  std::string name() const override { return "K3CPPvK library"; }
  std::string explain(const Position& pos) const override;

 private:
  const K3cppvkExact& library_;
};

}  // namespace chunker
