#include "chunks/kpk.h"

#include "chunks/library_file.h"

namespace chunker {

// The array of the library's file (library_file.h).
auto library_arrays(LibraryOf<KpkLibrary> auto& library) { return std::tie(library.distances); }

namespace {

constexpr std::uint32_t KPK_FORMAT_VERSION = 2;  // 2: the array in place, uncompressed

TableHeader kpk_header() { return {kpk_library_name(), "entries=" + std::to_string(KPK_ENTRIES), KPK_FORMAT_VERSION}; }

}  // namespace

Position kpk_position(std::uint32_t index) {
  Position pos;
  pos.pawns[WHITE] = square_bb(kpk_pawn_square(kpk_slice_of(index)));
  king_slice::place(pos, king_slice::local_of(index));
  return pos;
}

std::optional<std::uint32_t> kpk_index(const Position& pos) {
  const Bitboard pawns = pos.pawns[WHITE] | pos.pawns[BLACK];
  if (popcount(pawns) != 1 || pos.king[WHITE] == NO_SQUARE || pos.king[BLACK] == NO_SQUARE || pos.promoted != NO_SQUARE)
    return std::nullopt;
  Position normal = pos.pawns[WHITE] ? pos : colour_reversed(pos);
  if (file_of(lsb(normal.pawns[WHITE])) > 3) normal = mirrored(normal);
  const Square pawn = lsb(normal.pawns[WHITE]);
  if (rank_of(pawn) == 0 || rank_of(pawn) == 7) return std::nullopt;
  const std::uint32_t slice = std::uint32_t((rank_of(pawn) - 1) * 4 + file_of(pawn));
  return std::uint32_t(king_slice::index(slice, king_slice::local(normal)));
}

std::optional<Value> kpk_probe(const KpkLibrary& library, const Position& pos) {
  const auto index = kpk_index(pos);
  if (!index || !library.legal(*index)) return std::nullopt;
  return library.value(*index);
}

std::string KpkRecognizer::explain(const Position& pos) const {
  const auto value = classify(pos);
  if (!value) return "not king and pawn against king";
  if (*value == 0) return "king and pawn against king: the KPK library says draw";
  // The pawn's side never loses here (kpk.h): a decisive value is its win.
  const Color winner = pos.pawns[WHITE] ? WHITE : BLACK;
  return std::string("king and pawn against king: the KPK library gives ") + colour_name(winner) + " a win in " +
         std::to_string(distance_of(*value)) + " plies → " + colour_name(winner) + " wins";
}

std::string kpk_library_name() { return "kpk"; }

void save_kpk(const KpkLibrary& library, const std::string& data_dir) { save_library(library, kpk_header(), data_dir); }

KpkLibrary load_kpk(const std::string& data_dir) {
  return load_library<KpkLibrary>(kpk_header(), data_dir,
                                  [](const KpkLibrary& library) { return library.distances.size() == KPK_ENTRIES; });
}

}  // namespace chunker
