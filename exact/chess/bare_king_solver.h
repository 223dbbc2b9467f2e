// The slices of the chess-exact solver where one side has only its king
// and the other its pieces and pawns (KQQvK, KBNvK, KQPvK, KPPvK...), solved
// 64 positions at a time, as retrograde.h's flow_by_rows solves the slices
// of two kings: a row holds the placements of the stronger side's king and
// pieces, with one side to move, as a bitboard over the bare king's square.
// The bare king's moves are then shifts of a row, and each move of the
// other side's king or pieces carries a whole row (less the squares the
// bare king would block). Its pawn moves and the bare king's captures leave
// the slice: they are looked up one position at a time, each move's slice
// found once a row.
//
// The bare king never wins: the side with the pieces wins or draws, the
// bare king loses or draws, so a row is won or lost bit by bit in order of
// distance with no second kind of value to track. Without pawns the
// stronger king stands in the a1-d1-d4 triangle (the board's eight
// symmetries); where it stands on the a1-d4 diagonal both of a position's
// diagonal twins are rows, and both are settled together. The values are
// written in the slice's own numbering (SliceCodec), the bytes the general
// solver writes.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "exact/chess/chess_table.h"
#include "exact/chess/row_layout.h"

namespace chunker {

class BareKingSolver {
 public:
  using Find = FindSlice;
  // Solves the slice of `codec` into `bytes` (codec.size() of them, as
  // OracleTable::encode writes a value, NO_POSITION_BYTE where the
  // number is no legal position's).
  void solve(const SliceCodec& codec, const SliceKey& key, const Find& find, std::uint8_t* bytes);

 private:
  void init_rows(const Find& find);
  // The stronger side's pawn moves from the positions `from` of row `base`
  // (the men `pos`): the best value of each position's, where one wins, in
  // win_events_.
  void pawn_moves_out(std::uint32_t base, ChessPosition pos, Bitboard from, const Find& find);
  // The bare king's captures from the positions `from`, where they allow a
  // loss, in exit_events_ by distance.
  void captures_out(std::uint32_t bare, const ChessPosition& pos, Bitboard from, Bitboard takeable, const Find& find);
  void flow();
  // Settles the open positions `bits` of row `base` (the men `men`, the
  // stronger side to move) as won at distance d, and their diagonal twins
  // where its king stands on the diagonal.
  void win(std::uint32_t base, const RowLayout::Men& men, Bitboard bits, int d);
  void win_one(std::uint32_t row, Bitboard bits, int d);
  // Calls f(before, bits) for each move of the stronger side that reaches
  // the positions `lost` of the bare king's row `base`: from the positions
  // `bits` of row `before`.
  template <typename F>
  void for_each_move_before(std::uint32_t base, Bitboard lost, const F& f) const;

  Color strong_ = WHITE;
  Bitboard pawns_ = 0;       // the stronger side's
  RowLayout layout_;         // its rows' king the stronger side's
  std::uint32_t bases_ = 0;  // rows of one side to move
  // By base: the squares the stronger side's men stand on and attack (the
  // bare king standing nowhere, so that its steps away along a line are
  // attacked too).
  std::vector<Bitboard> occupied_, attacked_;
  // By row (bases_ rows with the stronger side to move, then as many with
  // the bare king to move): legal positions, those in play not yet settled,
  // the bare king's positions whose moves out allow a loss now, those won
  // before this distance and at it, and those lost at it and at the last.
  std::vector<Bitboard> legal_, open_, exit_ok_, won_, won_now_, lost_now_, lost_last_;
  std::vector<std::uint8_t> distance_;  // by position: where settled, else UNSETTLED
  std::vector<std::uint32_t> won_rows_, lost_rows_, lost_last_rows_, look_;
  std::vector<std::uint8_t> looked_;
  std::vector<std::uint64_t> marks_;  // sort_rows's
  RowBatch batch_;
  // By distance, as (row, bits): the bare king's positions whose moves out
  // (captures) allow a loss from there on, and the stronger side's won by
  // a move out (a pawn's).
  RowEvents exit_events_, win_events_;
};

}  // namespace chunker
