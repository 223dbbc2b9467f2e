// The Gaviota tablebase (Debian's gaviotatb and libgaviotatb-dev), the
// independent source the KPK library and the chess-exact solver are checked
// against: its probing library kept to this adapter. Its squares count
// a1 = 0 ... h8 = 63, as Chunker's do.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "engine/position.h"

#ifdef CHUNKER_GAVIOTA_TABLES
#include <gtb-probe.h>

namespace chunker {

class Gaviota {
 public:
  Gaviota() : paths_(tbpaths_add(tbpaths_init(), CHUNKER_GAVIOTA_TABLES)) {
    tb_init(0, tb_CP4, paths_);
    tbcache_init(CACHE_BYTES, WDL_CACHE_PERCENT);
  }
  ~Gaviota() {
    tbcache_done();
    tb_done();
    tbpaths_done(paths_);
  }
  Gaviota(const Gaviota&) = delete;
  Gaviota& operator=(const Gaviota&) = delete;

  // Every 3-men table: kpk, and kqk, krk, kbk, knk for what a pawn becomes.
  bool complete() const { return (tb_availability() & 3) == 3; }

  // tb_DRAW, tb_WMATE, tb_BMATE or tb_FORBID (not legal), and the plies to mate.
  struct Result {
    unsigned info = tb_UNKNOWN;
    unsigned plies = 0;
  };
  // Each side's men after its king: (tb_QUEEN, ..., square).
  using Men = std::vector<std::pair<unsigned char, Square>>;
  Result probe(Color side, Square white_king, const Men& white, Square black_king, const Men& black) const {
    std::vector<unsigned> white_squares{white_king}, black_squares{black_king};
    std::vector<unsigned char> white_men{tb_KING}, black_men{tb_KING};
    for (auto [piece, square] : white) {
      white_men.push_back(piece);
      white_squares.push_back(square);
    }
    for (auto [piece, square] : black) {
      black_men.push_back(piece);
      black_squares.push_back(square);
    }
    white_squares.push_back(tb_NOSQUARE);
    black_squares.push_back(tb_NOSQUARE);
    white_men.push_back(tb_NOPIECE);
    black_men.push_back(tb_NOPIECE);
    Result r;
    if (!tb_probe_hard(side == WHITE ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE, tb_NOSQUARE, tb_NOCASTLE,
                       white_squares.data(), black_squares.data(), white_men.data(), black_men.data(), &r.info,
                       &r.plies))
      r.info = tb_UNKNOWN;
    return r;
  }
  // White's king and one `piece` on `square` against Black's king.
  Result probe(const Position& pos, unsigned char piece, Square square) const {
    return probe(pos.side, pos.king[WHITE], {{piece, square}}, pos.king[BLACK], {});
  }

 private:
  static constexpr std::size_t CACHE_BYTES = 4 << 20;  // the kpk table whole
  static constexpr int WDL_CACHE_PERCENT = 50;
  const char** paths_;
};

}  // namespace chunker
#endif

namespace chunker {
// Skipped without the tablebase, except under CI=true, where every test must run.
inline void gaviota_missing(const char* why) {
  const char* ci = std::getenv("CI");
  if (ci && std::string(ci) == "true") FAIL("CI=true: every test must run, but " << why);
  MESSAGE("skipped: " << why);
}
constexpr const char* GAVIOTA_NOT_BUILT =
    "the Gaviota tablebase was not found when this test was built; scripts/setup.sh installs the Debian packages "
    "gaviotatb and libgaviotatb-dev";
#ifdef CHUNKER_GAVIOTA_TABLES
// The tablebase with every 3-men table, or null once gaviota_missing has said why not.
inline std::unique_ptr<Gaviota> open_gaviota() {
  auto gaviota = std::make_unique<Gaviota>();
  if (gaviota->complete()) return gaviota;
  gaviota_missing("no complete set of 3-men Gaviota tables in " CHUNKER_GAVIOTA_TABLES);
  return nullptr;
}
#endif
}  // namespace chunker
