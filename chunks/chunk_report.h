// Everything the chunk libraries say about a position, gathered into plain
// values for a person (`chunker inspect`) or a script (its --json): the
// default parse (two Kv3CPP chunks) with each chunk's properties under every
// library, how soon the chunks may interact, and the alternate parses (a
// K3CPPvK chunk and 3CPP unopposed, the paper §4).
#pragma once

#include <array>
#include <boost/container/static_vector.hpp>
#include <cstdint>
#include <memory>
#include <optional>

#include "chunks/chunk_libraries.h"
#include "chunks/parse.h"

namespace chunker {

// One library entry, seen from the chunk's pawns.
struct ChunkResult {
  bool legal = false;     // false where the entry cannot arise with that side to move
  Value pawns_value = 0;  // for the pawns' side: win_in(d), loss_in(d), or 0 for a draw
};

// A Kv3CPP chunk of the default parse: the pawns of one colour against the
// other colour's king.
struct Kv3cppChunkReport {
  Color pawns = WHITE;
  Bitboard pawn_squares = 0;
  Square king = NO_SQUARE;
  Kv3cppInstance instance{};                    // the entry with the position's side to move
  ChunkResult result[ASSUMPTION_NB][COLOR_NB];  // by assumption and side to move (board colours)
  int spare_tempi[COLOR_NB] = {-1, -1};         // the king's, where the pawns win under KCP; else -1
  bool z_configuration = false;
};

struct InteractionReport {
  bool groups_apart = true;                   // no pawns of both colours on the same or neighbouring files
  bool promotion_pending = false;             // a promoted piece waits to be taken: no chunk holds it
  bool hemmed_in[COLOR_NB] = {false, false};  // a king without a move of its own (parse.h)
  // The fewest moves each king makes before the chunks may interact
  // (chunks_meeting_moves): 0 when they already do, -1 when not even a
  // king's crossing of the board brings them together.
  int meeting_moves = -1;
};

// The alternate parse where `escort`'s king leaves the enemy pawns to join
// its own: K3CPPvK (the escort's king and pawns against the lone king, who
// may pass), and the other side's pawns running unopposed.
struct AlternateParseReport {
  Color escort = WHITE;
  Bitboard pawn_squares = 0;
  Square king = NO_SQUARE, lone_king = NO_SQUARE;
  Kv3cppInstance instance{};             // the K3CPPvK entry with the position's side to move
  ChunkResult result[COLOR_NB];          // by side to move
  int spare_tempi[COLOR_NB] = {-1, -1};  // the lone king's, where the pawns win; else -1
  Bitboard unopposed = 0;                // the other side's pawns
  int unopposed_moves = -1;              // moves the quickest of them needs to promote, obstacles aside; -1 with none
};

struct ChunkReport {
  // By the colour of the chunk's pawns; nullopt where those pawns form no
  // Kv3CPP chunk, or there are none.
  std::optional<Kv3cppChunkReport> chunk[COLOR_NB];
  InteractionReport interaction;
  // One per side whose pawns form a chunk with its king; held in place, as
  // the learned guide asks for a report at nearly every node.
  boost::container::static_vector<AlternateParseReport, COLOR_NB> alternates;
};

// The libraries' word on recently seen chunks, kept by chunk entry, for
// one caller that asks about many positions of one set of libraries (the
// learned guide, at every node of a search): the positions after a node's
// moves share most of their chunks. One thread at a time; a copy starts
// empty.
class ChunkReportCache {
 public:
  ChunkReportCache() = default;
  ChunkReportCache(const ChunkReportCache&) {}
  ChunkReportCache& operator=(const ChunkReportCache&) { return *this; }

  // A report kept for its entry: what the libraries said of it (the board's
  // own fields are those of the position it was made for).
  template <class Report>
  struct Slot {
    std::uint32_t key = 0;  // 1 + the entry and its colour reversal; 0: empty
    Report report;
  };
  static constexpr std::size_t SLOTS = 1024;
  struct Slots {
    std::array<Slot<Kv3cppChunkReport>, SLOTS> chunks;
    std::array<Slot<AlternateParseReport>, SLOTS> alternates;
  };
  Slots& slots() {
    if (!slots_) slots_ = std::make_unique<Slots>();
    return *slots_;
  }

 private:
  std::unique_ptr<Slots> slots_;
};

// Throws TableError when a library is missing or damaged. With a cache,
// the same report, sooner.
ChunkReport chunk_report(const Position& pos, const ChunkLibraries& libraries, ChunkReportCache* cache = nullptr);

}  // namespace chunker
