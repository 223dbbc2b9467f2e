// The KPK bitbase (seeds/003): king and pawn against king under the rules of
// docs/design.md §1, where the pawn's side wins by its first safe promotion (no
// queen ending is played). Every position is kept in one normal form: the
// pawn White (a black pawn is seen colour-reversed) and on files a-d (one on
// e-h is seen in the file mirror); neither changes the value or distance.
//
// Index of an entry (18 bits):  pawn (5) | side to move (1) | white king (6) | black king (6)
// where pawn = (rank - 1) * 4 + file for the pawn on a2 (0) ... d7 (23), and
// side to move 0 is the pawn's side. A pawn move raises `pawn` by 4 or 8, so
// the 8192 positions of one pawn square (a slice) depend only on slices with
// a larger `pawn`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "chunks/library_array.h"
#include "engine/classifier.h"
#include "engine/king_slice.h"
#include "engine/position.h"

namespace chunker {

constexpr int KPK_PAWN_SQUARES = 24;  // a2-d7
constexpr std::uint32_t KPK_ENTRIES = KPK_PAWN_SQUARES * king_slice::SIZE;

constexpr std::uint32_t kpk_slice_of(std::uint32_t index) { return std::uint32_t(king_slice::slice_of(index)); }
constexpr Square kpk_pawn_square(std::uint32_t slice) { return make_square(int(slice % 4), int(slice / 4) + 1); }

// The position of an entry, in normal form.
Position kpk_position(std::uint32_t index);
// The entry of a king-and-pawn-against-king position, normalised; nullopt for
// any other material, a pawn on its first or last rank, or a promoted piece
// waiting to be taken. Whether the position is legal is the library's to say.
std::optional<std::uint32_t> kpk_index(const Position& pos);

// One byte per entry: the pawn's side never loses here (a king and a pawn
// cannot mate a lone king, and a captured pawn leaves bare kings, a draw), so
// a decisive entry is a win for the pawn's side and needs no sign; storing
// the distance rather than a bare win bit is what lets a player make
// progress (the seed's point), and the bit is still `distance != 0`.
struct KpkLibrary {
  static constexpr std::uint8_t DRAW = 0;
  LibraryArray<std::uint8_t> distances;  // KPK_ENTRIES: DRAW, king_slice::ILLEGAL_BYTE, or plies to the safe promotion

  bool legal(std::uint32_t index) const { return distances[index] != king_slice::ILLEGAL_BYTE; }
  // The value for the side to move of a legal entry (rules.h's convention).
  Value value(std::uint32_t index) const {
    const int d = distances[index];
    if (d == DRAW) return 0;
    return king_slice::side(index) == WHITE ? win_in(d) : loss_in(d);
  }
};

// The value for the side to move of a legal king-and-pawn-against-king
// position; nullopt for anything else.
std::optional<Value> kpk_probe(const KpkLibrary& library, const Position& pos);

// The library as a recognizer for the search (classifier.h): the exact value
// and distance of every king-and-pawn-against-king position it reaches.
class KpkRecognizer : public Classifier {
 public:
  explicit KpkRecognizer(const KpkLibrary& library) : library_(library) {}
  std::optional<Value> classify(const Position& pos) const override { return kpk_probe(library_, pos); }
  std::string name() const override { return "KPK library"; }
  std::string explain(const Position& pos) const override;

 private:
  const KpkLibrary& library_;
};

// The file: data/kpk.lib in the format of library_file.h.
std::string kpk_library_name();  // "kpk"
void save_kpk(const KpkLibrary& library, const std::string& data_dir);
// Throws TableError naming `chunker libgen --only kpk` when the file is
// missing, damaged or stale.
KpkLibrary load_kpk(const std::string& data_dir);

}  // namespace chunker
