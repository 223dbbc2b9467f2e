#include "chunks/k3cppvk.h"

#include "chunks/library_file.h"
#include "chunks/parse.h"

namespace chunker {

// The arrays of each library's file, in file order (library_file.h).
auto library_arrays(LibraryOf<K3cppvkLibrary> auto& library) {
  return std::tie(library.values, library.tempi, library.race_tempi, library.race_box);
}
auto library_arrays(LibraryOf<K3cppvkExact> auto& library) { return std::tie(library.values); }

namespace {

// 2: race tempi and boxes; 3 (and the exact library's 2): the arrays in place, uncompressed.
constexpr std::uint32_t K3CPPVK_FORMAT_VERSION = 3;
constexpr std::uint32_t EXACT_FORMAT_VERSION = 2;
const TableHeader K3CPPVK_HEADER{K3CPPVK_NAME, "entries=" + std::to_string(K3CPPVK_ENTRIES), K3CPPVK_FORMAT_VERSION};
const TableHeader EXACT_HEADER{K3CPPVK_EXACT_NAME, "entries=" + std::to_string(K3CPPVK_ENTRIES), EXACT_FORMAT_VERSION};

// A K3CPPvK entry is a Kv3CPP entry with the White king added: the same
// pawn slice, as a two-king slice.
std::uint32_t with_white_king(std::uint32_t kv3cpp, Square white_king) {
  const std::uint32_t local = king_slice::local(kv3cpp_side(kv3cpp), white_king, kv3cpp_king(kv3cpp));
  return std::uint32_t(king_slice::index(kv3cpp_slice_of(kv3cpp), local));
}

}  // namespace

Position k3cppvk_position(std::uint32_t index) {
  const std::uint32_t local = king_slice::local_of(index);
  Position pos = kv3cpp_position(kv3cpp_entry(std::uint32_t(king_slice::slice_of(index)), king_slice::side(local),
                                              king_slice::king(local, BLACK)));
  pos.king[WHITE] = king_slice::king(local, WHITE);
  return pos;
}

std::uint32_t k3cppvk_index(const Position& chunk, int group) {
  return with_white_king(kv3cpp_index(chunk, group), chunk.king[WHITE]);
}

std::optional<Kv3cppInstance> k3cppvk_instance(const Position& pos, Color pawns_side) {
  auto chunk = default_parse(pos).chunk[~pawns_side];
  if (!chunk) return std::nullopt;
  // The king joins its pawns in their normal form.
  Square king = pos.king[pawns_side];
  if (chunk->colour_reversed) king = flip_rank(king);
  if (chunk->mirrored) king = mirror_file(king);
  chunk->index = with_white_king(chunk->index, king);
  return chunk;
}

Bitboard k3cppvk_box_squares(std::uint16_t box) {
  Bitboard squares = 0;
  for (int rank = (box >> 6) & 7; rank <= ((box >> 9) & 7); ++rank)
    for (int file = box & 7; file <= ((box >> 3) & 7); ++file) squares |= square_bb(make_square(file, rank));
  return squares;
}

void save_k3cppvk(const K3cppvkLibrary& library, const std::string& data_dir) {
  save_library(library, K3CPPVK_HEADER, data_dir);
}

K3cppvkLibrary load_k3cppvk(const std::string& data_dir) {
  return load_library<K3cppvkLibrary>(K3CPPVK_HEADER, data_dir, [](const K3cppvkLibrary& library) {
    return library.values.size() == K3CPPVK_ENTRIES && library.tempi.size() == K3CPPVK_ENTRIES &&
           library.race_tempi.size() == K3CPPVK_ENTRIES && library.race_box.size() == K3CPPVK_ENTRIES;
  });
}

void save_k3cppvk_exact(const K3cppvkExact& library, const std::string& data_dir) {
  save_library(library, EXACT_HEADER, data_dir);
}

K3cppvkExact load_k3cppvk_exact(const std::string& data_dir) {
  return load_library<K3cppvkExact>(
      EXACT_HEADER, data_dir, [](const K3cppvkExact& library) { return library.values.size() == K3CPPVK_ENTRIES; });
}

std::optional<Value> K3cppvkRecognizer::classify(const Position& pos) const {
  if (pos.promoted != NO_SQUARE) return std::nullopt;
  for (Color c : {WHITE, BLACK}) {
    if (!pos.pawns[c] || pos.pawns[~c]) continue;
    const auto chunk = k3cppvk_instance(pos, c);
    if (!chunk || !library_.legal(chunk->index)) return std::nullopt;
    // The value for the side to move: the lone king's "win" (no pawn left)
    // is a draw on the board.
    const Value v = library_.values[chunk->index];
    return (pos.side == c ? is_win(v) : is_loss(v)) ? v : 0;
  }
  return std::nullopt;
}

std::string K3cppvkRecognizer::explain(const Position& pos) const {
  const auto value = classify(pos);
  if (!value) return "not king and up to three connected pawns against king";
  if (*value == 0) return "king and pawns against king: the K3CPPvK library says draw";
  const Color winner = pos.pawns[WHITE] ? WHITE : BLACK;
  return std::string("king and pawns against king: the K3CPPvK library gives ") + colour_name(winner) + " a win in " +
         std::to_string(distance_of(*value)) + " plies → " + colour_name(winner) + " wins";
}

}  // namespace chunker
