// Building the Kv3CPP libraries with the retrograde loop of retrograde.h. A
// slice is one group and pawn configuration, 128 positions (side to move,
// king square); inside it the king moves, and passes are made; pawn moves,
// captures and promotions leave it for slices solved before (a larger config
// of the same group). Moves come from the engine's move generator, which
// takes a position whose pawns' side has no king (position.h).
//
// The rules inside a chunk:
// - The pawns win by a safe promotion (not next to the king, or defended by
//   another pawn: the engine's is_safe_promotion, there being no white king);
//   an unsafe one is taken by the king. The king wins when no pawn is left:
//   the pawns' side to move has lost in 0 (the capture ended it), the king's
//   side to move has won in 0.
// - A king in check with no move is mated: the pawns win.
// - A side with no legal move in the chunk that is not mated passes. On the
//   board it is not stalemated by this chunk alone: it moves in the other
//   chunk, which is what a pass stands for. This happens to the pawns when
//   the king blocks their only pawn, and to a king hemmed in by pawn attacks.
//   A pass that only repeats (both sides stuck) is endless play: a draw. The
//   soundness check (chunker oracle verify) judges this choice against the
//   whole board.
// - PCP: the pawns' side may pass at any move; KCP: the king may pass unless
//   it is in check (a move out of check is forced).
#include "kv3cpp_build.h"

#include <memory>

#include "retrograde.h"

namespace chunker {

namespace {

using retro::NOT_LEGAL;

class Kv3cppSlice {
public:
  Kv3cppSlice(Assumption assumption, const std::vector<std::int16_t>& values, std::uint32_t slice)
      : assumption_(assumption), values_(values), group_(kv3cpp_group_of_slice(slice)) {
    pos_.pawns[WHITE] = kv3cpp_pawns(slice);
  }

  retro::Examined examine(std::uint32_t local) {
    Position& pos = pos_;
    pos.side = Color(local >> 6);
    pos.king[BLACK] = Square(local & 63);
    can_pass_[local] = false;
    retro::Examined e;
    const Bitboard pawns = pos.pawns[WHITE];
    const bool black_in_check = pawn_attacks(WHITE, pawns) & square_bb(pos.king[BLACK]);
    if ((pawns & square_bb(pos.king[BLACK])) || (pos.side == WHITE && black_in_check) ||
        (pos.side == BLACK && popcount(pos.checkers()) > 1)) {
      e.over = NOT_LEGAL;
      return e;
    }
    if (!pawns) {
      e.over = pos.side == WHITE ? loss_in(0) : win_in(0);
      return e;
    }
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) {
      if (black_in_check) {
        e.over = loss_in(0);  // only the king can be in check, and this is mate
        return e;
      }
      can_pass_[local] = true;  // nothing to move here: the side moves elsewhere
      e.in_slice = 1;
      return e;
    }
    if (auto end = rule_value(pos, moves)) {  // a safe promotion
      e.over = *end;
      return e;
    }
    can_pass_[local] = pos.side == WHITE ? assumption_ == Assumption::PCP
                                         : assumption_ == Assumption::KCP && !black_in_check;
    e.in_slice = can_pass_[local];
    auto stored = [this](const Position& p) { return Value(values_[kv3cpp_index(p, group_)]); };
    for (Move m : moves) {
      const Position child = make_move(pos, m);
      if (m.from() == pos.king[BLACK] && !(pawns & square_bb(m.to())))
        ++e.in_slice;
      else if (m.kind() == MoveKind::Promotion)  // unsafe: the safe ones ended the game above
        e.exit_best = std::max(e.exit_best, from_child(retro::value_after_promotion(child, stored)));
      else
        e.exit_best = std::max(e.exit_best, from_child(stored(child)));
    }
    return e;
  }

  // Before a white-to-move position: a king move from a neighbouring square
  // that holds no pawn, or a king's pass; before a black-to-move one: a pass
  // of the pawns. Passes count only where the side had one.
  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    const Square king = Square(local & 63);
    if (Color(local >> 6) == BLACK) {
      if (can_pass_[king]) f(king);
      return;
    }
    const std::uint32_t black = 1u << 6;
    if (can_pass_[black | king]) f(black | king);
    for (Bitboard from = KING_ATTACKS[king] & ~pos_.pawns[WHITE]; from;) f(black | pop_lsb(from));
  }

private:
  Assumption assumption_;
  const std::vector<std::int16_t>& values_;
  int group_;
  Position pos_;
  bool can_pass_[KV3CPP_SLICE];
};

}  // namespace

Kv3cppLibrary build_kv3cpp(Assumption assumption) {
  Kv3cppLibrary library;
  library.assumption = assumption;
  library.values.assign(KV3CPP_ENTRIES, 0);
  auto solver = std::make_unique<retro::SliceSolver<KV3CPP_SLICE>>();
  for (int group = 0; group < KV3CPP_GROUPS; ++group)
    // A move out of a slice raises its config: solve from the top down.
    for (std::uint32_t config = KV3CPP_CONFIGS; config-- > 0;) {
      const std::uint32_t slice = std::uint32_t(group) * KV3CPP_CONFIGS + config;
      Kv3cppSlice game(assumption, library.values, slice);
      solver->solve(game);
      for (std::uint32_t local = 0; local < KV3CPP_SLICE; ++local) {
        const Value v = solver->value(local);
        library.values[(slice << 7) | local] = std::int16_t(v == NOT_LEGAL ? Kv3cppLibrary::ILLEGAL : v);
      }
    }
  return library;
}

}  // namespace chunker
