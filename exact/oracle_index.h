// The oracle's domain and how its positions are numbered.
//
// Domain: a white king and up to three white pawns on three adjacent files,
// a black king and up to three black pawns on three adjacent files, the two
// groups at least one file apart, so no pawn ever meets an enemy pawn (no
// pawn captures, no en passant) and every pawn keeps its file. Two layouts
// cover every such position up to file mirroring and colour reversal:
// white a-c vs black f-h, and white a-c vs black e-g.
//
// Index: king_slice::index(config, local), the local index of king_slice.h:
//   config (17 bits) | side to move (1) | white king (6) | black king (6)
// config = sum_i w_i * 7^i + 343 * sum_i b_i * 7^i over the three files of each
// group (i = 0 the group's leftmost file), each pawn's code being its rank
// counted from its own side (second rank 0 ... seventh rank 5) or 6 when gone.
// A pawn move or capture only raises codes, so every move that changes the
// config leads to a larger index: solving configs from the top down meets
// every successor before its predecessors.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/king_slice.h"
#include "engine/position.h"

namespace chunker {

enum class Layout : std::uint8_t { AbcFgh = 0, AbcEfg = 1 };
constexpr int LAYOUT_NB = 2;
std::string layout_name(Layout layout);  // "abc-fgh", "abc-efg"
std::optional<Layout> parse_layout(const std::string& name);

constexpr int PAWN_CODES = 7;  // six ranks and gone
constexpr std::uint32_t POW7[7] = {1, 7, 49, 343, 2401, 16807, 117649};
constexpr int WHITE_FILE0 = 0;  // White's group is always a-c
constexpr int PAWN_GONE = 6;
constexpr std::uint32_t CONFIG_NB = 117649;  // 7^6
constexpr std::uint64_t ORACLE_ENTRIES = std::uint64_t(CONFIG_NB) * king_slice::SIZE;

class OracleIndex {
 public:
  explicit OracleIndex(Layout layout) : layout_(layout), black_file0_(layout == Layout::AbcFgh ? 5 : 4) {}

  Layout layout() const { return layout_; }
  // The pawns of a config, as bitboards.
  void pawns_of(std::uint32_t config, Bitboard pawns[COLOR_NB]) const;
  // Index of a position that fits this layout (fits() true).
  std::uint64_t index(const Position& pos) const;
  Position position(std::uint64_t index) const;
  // The index after a legal move of `pos` (at `index`) that is not a
  // promotion: index(make_move(pos, m)), as a change of one or two fields.
  // Inline: the build asks it of every move that leaves a slice.
  std::uint64_t successor(std::uint64_t index, const Position& pos, Move m) const;
  // Whether the position's pawns stand where this layout has them: at most
  // one pawn per file, white on a-c and black on its group, no promoted piece.
  bool fits(const Position& pos) const;

  // a-c vs f-h is its own colour-reversed mirror: the twin of a position
  // (colours swapped, board turned half round) has the same value. The
  // config holding the twins of a config's positions, and where each goes.
  bool self_twin() const { return layout_ == Layout::AbcFgh; }
  static std::uint32_t twin_config(std::uint32_t config);
  static std::uint32_t twin_local(std::uint32_t local) {
    return king_slice::local(~king_slice::side(local), Square(king_slice::king(local, BLACK) ^ 63),
                             Square(king_slice::king(local, WHITE) ^ 63));
  }

  // Where entries are stored. a-c vs f-h keeps one config of each twin pair,
  // the one with the smaller number, and reads its twin's entries through
  // twin_local: half the memory, half the pages to fault in and half the file.
  // A config that is its own twin keeps both entries of each pair. a-c vs
  // e-g keeps every config where its index puts it.
  struct SliceStorage {
    std::uint64_t base;  // the stored index of local 0 of the kept config
    bool twin;           // the config is the other one of its pair
    std::uint64_t at(std::uint32_t local) const { return base | (twin ? twin_local(local) : local); }
  };
  SliceStorage storage_of(std::uint32_t config) const;
  std::uint64_t storage(std::uint64_t index) const {
    return storage_of(config_of(index)).at(king_slice::local_of(index));
  }
  std::uint64_t stored_entries() const;
  // Whether the config is stored (not read through its twin).
  bool kept(std::uint32_t config) const { return !self_twin() || config <= twin_config(config); }

  static std::uint32_t config_of(std::uint64_t index) { return std::uint32_t(king_slice::slice_of(index)); }
  // The sum of the pawn codes: every config move raises it.
  static int progress(std::uint32_t config);

 private:
  Layout layout_;
  int black_file0_;
};

inline std::uint64_t OracleIndex::successor(std::uint64_t index, const Position& pos, Move m) const {
  const Color us = pos.side, them = ~us;
  std::uint64_t config = config_of(index);
  Square king[COLOR_NB] = {pos.king[WHITE], pos.king[BLACK]};
  auto code = [](Color c, Square s) { return c == WHITE ? rank_of(s) - 1 : 6 - rank_of(s); };
  auto slot = [&](Color c, Square s) { return c == WHITE ? file_of(s) - WHITE_FILE0 : 3 + file_of(s) - black_file0_; };
  if (m.from() == king[us]) {
    king[us] = m.to();
    if (pos.pawns[them] & square_bb(m.to()))  // the captured pawn is gone
      config += POW7[slot(them, m.to())] * std::uint64_t(PAWN_GONE - code(them, m.to()));
  } else {
    config += POW7[slot(us, m.from())] * std::uint64_t(code(us, m.to()) - code(us, m.from()));
  }
  return king_slice::index(config, king_slice::local(them, king[WHITE], king[BLACK]));
}

// Where a position lives in the two tables: its layout and which twin
// (itself, its mirror, its colour reversal or both) the table holds. The
// same change of view maps the position's successors into the same table.
struct OracleSlot {
  Layout layout;
  bool mirror;
  bool colour;
  Position view(const Position& pos) const {
    Position p = colour ? colour_reversed(pos) : pos;
    return mirror ? mirrored(p) : p;
  }
  // A move of the viewed position as it is played in the position itself.
  Move unview(Move m) const {
    if (mirror) m = Move(mirror_file(m.from()), mirror_file(m.to()), m.kind());
    if (colour) m = Move(flip_rank(m.from()), flip_rank(m.to()), m.kind());
    return m;
  }
};
std::optional<OracleSlot> locate(const Position& pos);

}  // namespace chunker
