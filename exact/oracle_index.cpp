#include "exact/oracle_index.h"

#include <vector>

namespace chunker {

std::string layout_name(Layout layout) { return layout == Layout::AbcFgh ? "abc-fgh" : "abc-efg"; }

std::optional<Layout> parse_layout(const std::string& name) {
  if (name == "abc-fgh") return Layout::AbcFgh;
  if (name == "abc-efg") return Layout::AbcEfg;
  return std::nullopt;
}

void OracleIndex::pawns_of(std::uint32_t config, Bitboard pawns[COLOR_NB]) const {
  pawns[WHITE] = pawns[BLACK] = 0;
  for (int i = 0; i < 3; ++i) {
    int w = int(config / POW7[i] % 7), b = int(config / POW7[3 + i] % 7);
    if (w != PAWN_GONE) pawns[WHITE] |= square_bb(make_square(WHITE_FILE0 + i, 1 + w));
    if (b != PAWN_GONE) pawns[BLACK] |= square_bb(make_square(black_file0_ + i, 6 - b));
  }
}

bool OracleIndex::fits(const Position& pos) const {
  if (pos.promoted != NO_SQUARE) return false;
  Bitboard white_files = file_bb(WHITE_FILE0) | file_bb(WHITE_FILE0 + 1) | file_bb(WHITE_FILE0 + 2);
  Bitboard black_files = file_bb(black_file0_) | file_bb(black_file0_ + 1) | file_bb(black_file0_ + 2);
  if ((pos.pawns[WHITE] & ~white_files) || (pos.pawns[BLACK] & ~black_files)) return false;
  for (int f = 0; f < 8; ++f)
    for (Color c : {WHITE, BLACK})
      if (popcount(pos.pawns[c] & file_bb(f)) > 1) return false;
  return true;
}

std::uint64_t OracleIndex::index(const Position& pos) const {
  std::uint32_t config = 0;
  for (int i = 0; i < 3; ++i) {
    Bitboard w = pos.pawns[WHITE] & file_bb(WHITE_FILE0 + i), b = pos.pawns[BLACK] & file_bb(black_file0_ + i);
    config += POW7[i] * std::uint32_t(w ? rank_of(lsb(w)) - 1 : PAWN_GONE);
    config += POW7[3 + i] * std::uint32_t(b ? 6 - rank_of(lsb(b)) : PAWN_GONE);
  }
  return king_slice::index(config, king_slice::local(pos));
}

Position OracleIndex::position(std::uint64_t index) const {
  Position pos;
  pawns_of(config_of(index), pos.pawns);
  king_slice::place(pos, king_slice::local_of(index));
  return pos;
}

std::uint32_t OracleIndex::twin_config(std::uint32_t config) {
  // White's file i becomes Black's file 7 - i, slot 2 - i of f-h, and back;
  // a pawn's code (its rank from its own side) is unchanged.
  std::uint32_t twin = 0;
  for (int i = 0; i < 3; ++i) {
    twin += POW7[3 + 2 - i] * (config / POW7[i] % 7);
    twin += POW7[2 - i] * (config / POW7[3 + i] % 7);
  }
  return twin;
}

namespace {
// For a-c vs f-h: each config's stored slice number, times two, plus one
// for the twin that is read through the other; and how many are kept.
struct FoldedSlices {
  std::vector<std::uint32_t> code = std::vector<std::uint32_t>(CONFIG_NB);
  std::uint32_t kept = 0;
};
const FoldedSlices& folded_slices() {
  static const FoldedSlices folded = [] {
    FoldedSlices f;
    for (std::uint32_t c = 0; c < CONFIG_NB; ++c)
      if (c <= OracleIndex::twin_config(c)) f.code[c] = 2 * f.kept++;
    for (std::uint32_t c = 0; c < CONFIG_NB; ++c)
      if (c > OracleIndex::twin_config(c)) f.code[c] = f.code[OracleIndex::twin_config(c)] + 1;
    return f;
  }();
  return folded;
}
}  // namespace

OracleIndex::SliceStorage OracleIndex::storage_of(std::uint32_t config) const {
  if (!self_twin()) return {king_slice::index(config, 0), false};
  const std::uint32_t code = folded_slices().code[config];
  return {king_slice::index(code >> 1, 0), (code & 1) != 0};
}

std::uint64_t OracleIndex::stored_entries() const {
  return self_twin() ? std::uint64_t(folded_slices().kept) * king_slice::SIZE : ORACLE_ENTRIES;
}

int OracleIndex::progress(std::uint32_t config) {
  int sum = 0;
  for (int i = 0; i < 6; ++i) sum += int(config / POW7[i] % 7);
  return sum;
}

std::optional<OracleSlot> locate(const Position& pos) {
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    OracleIndex index(layout);
    for (bool colour : {false, true})
      for (bool mirror : {false, true}) {
        OracleSlot slot{layout, mirror, colour};
        if (index.fits(slot.view(pos))) return slot;
      }
  }
  return std::nullopt;
}

}  // namespace chunker
