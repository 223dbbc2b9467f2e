// The slices of the chess-exact solver where both sides have men besides
// their king and one of them a piece (KQvKQ, KRvKB, KQvKP, KNvKP, KQPvKR...),
// solved 64 positions at a time as the bare king's are (bare_king_solver.h):
// a row holds the white king (without pawns in the a1-d1-d4 triangle),
// every piece's square and the side to move (row_layout.h), as a bitboard
// over the black king's square. The black king's steps are shifts of a row;
// every other move inside the slice carries a whole row to another (less
// the squares the black king would block). Pawn moves and captures leave
// the slice: each one's slice is found once a row, and its children differ
// in the black king's square alone, but where the black king takes: those
// are looked up one position at a time.
//
// Both sides can win, so a row holds wins and losses. No count of moves is
// kept: a position is lost at distance d when its moves out allow a loss at
// d and every move inside the slice reaches a position won before d or one
// that is not legal (the mover's king left in check, which is no move).
#pragma once

#include <cstdint>
#include <vector>

#include "exact/chess/chess_table.h"
#include "exact/chess/row_layout.h"

namespace chunker {

class BothSidesSolver {
 public:
  // Solves the slice of `codec` into `bytes` (codec.size() of them, as
  // OracleTable::encode writes a value, NO_POSITION_BYTE where the
  // number is no legal position's).
  void solve(const SliceCodec& codec, const SliceKey& key, const FindSlice& find, std::uint8_t* bytes);

 private:
  // Where each row's positions are legal.
  void init_legal();
  // Mates, stalemates, dead positions, and the moves out in events.
  void init_moves(const FindSlice& find);
  // The move m out of the slice from the positions `from` of a row (the men
  // on `pos` but the black king), where the black king stands neither on
  // `blocked` nor where the mover's king is left in check: each position's
  // best value in `best`. Returns the positions where it is legal.
  Bitboard move_out(const ChessPosition& pos, Bitboard from, ChessMove m, Bitboard blocked,
                    std::array<Value, SQUARE_NB>& best, const FindSlice& find);
  // The pawn moves of the side to move from the positions `from` of a row
  // (the men on `occupied` but the black king), as move_out gives them.
  Bitboard pawn_moves_out(const ChessPosition& pos, Bitboard from, Bitboard occupied,
                          std::array<Value, SQUARE_NB>& best, const FindSlice& find);
  // The captures of the side to move by its pieces, and by the white king,
  // from the positions `from` of a row, as move_out gives them: each
  // capture is one child for the whole row but the black king's square.
  Bitboard captures_out(const ChessPosition& pos, Bitboard from, Bitboard occupied, std::array<Value, SQUARE_NB>& best,
                        const FindSlice& find);
  // Examines the positions `bits` of row `row` one by one (the men on
  // `pos`, those of `moving` with a legal move found): the black king's
  // captures, then mated or stalemated where no move was found.
  void examine(std::uint32_t row, ChessPosition& pos, Bitboard bits, Bitboard moving,
               std::array<Value, SQUARE_NB>& best, const FindSlice& find);
  // Calls f(target, back, blocked) for each move inside the slice of a man
  // of the side to move in row `row` but the black king, until f returns
  // false: it reaches row `target` (its bits this row's under symmetry
  // `back`), unless the black king stands on `blocked`.
  template <typename F>
  void for_each_move(std::uint32_t row, const F& f) const;
  // Calls f(row_before, bits_before) for each move inside the slice of the
  // side not to move in row `row` that reaches its positions `bits`: from
  // the positions `bits_before` of row `row_before`.
  template <typename F>
  void for_each_move_before(std::uint32_t row, Bitboard bits, const F& f) const;
  void flow();
  // The positions of row `row` lost now: of those a change affected, in
  // play, whose moves out allow it, those whose every move reaches a
  // position won before or is not legal.
  Bitboard losses(std::uint32_t row);
  // Settles the open positions `bits` of row `row` as won (or lost) at d,
  // and their diagonal twins where the white king stands on the diagonal.
  void settle(std::uint32_t row, Bitboard bits, int d, bool won);
  // Returns the positions it settled.
  Bitboard settle_one(std::uint32_t row, Bitboard bits, int d, bool won);
  // Marks the positions `bits` of row `row` to be looked at for a loss.
  void look(std::uint32_t row, Bitboard bits);
  std::uint32_t base_of(std::uint32_t row) const { return row < bases_ ? row : row - bases_; }

  RowLayout layout_;  // its rows' king the white king
  Bitboard pawns_[COLOR_NB] = {0, 0};
  std::uint32_t bases_ = 0;
  std::vector<Bitboard> occupied_;  // by base: the men's squares but the black king's, pawns too
  // A row's positions: legal ones, those whose moves out allow a loss now,
  // those won before this distance and at it, those lost at it and at the
  // last, and those to look at for a loss (a move's target won, or a move
  // out's loss allowed, since they were last looked at). One cache line:
  // the flow reaches rows far apart.
  struct alignas(64) Row {
    Bitboard legal, exit_ok, won, won_now, lost_now, lost_last, affected;
  };
  std::vector<Row> rows_;  // bases_ rows with White to move, then as many with Black to move
  // By row: the positions in play not yet settled. An array of its own:
  // most moves the flow follows back reach a row settled already, which it
  // sees here among fewer cache lines.
  std::vector<Bitboard> open_;
  std::vector<std::uint8_t> distance_;  // by position: where settled, else UNSETTLED
  std::vector<std::uint32_t> won_rows_, lost_rows_, lost_last_rows_, look_;
  std::vector<std::uint64_t> marks_;  // sort_rows's
  RowBatch batch_;
  // losses()'s moves of one row: the target row, the symmetry back, the
  // squares that block the move.
  struct Target {
    std::uint32_t row;
    int back;
    Bitboard blocked;
  };
  std::vector<Target> targets_;
  // The positions whose moves out (captures, pawn moves) allow a loss from
  // a distance on, and those won by one.
  RowEvents exit_events_, win_events_;
  FoundSlices found_;
};

}  // namespace chunker
