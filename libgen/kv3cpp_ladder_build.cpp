// Building Kv3cppLadder (kv3cpp_ladder.h) with the retrograde loop of
// retrograde.h. A slice is one pawn configuration at one reserve: inside it
// only the lone king moves; pawn moves and captures lead to larger configs
// (solved before, as in kv3cpp_build.cpp), and a pass to the same config
// with a reserve one nearer 0 (solved before: the reserves of a config are
// taken 0, 1, -1, 2, -2, ...).
#include <memory>

#include "kv3cpp_ladder.h"
#include "movegen.h"
#include "retrograde.h"

namespace chunker {

namespace {

constexpr std::uint32_t SIDE_BIT = 64;  // in a local position: side to move | king square

class LadderSlice {
 public:
  LadderSlice(Kv3cppLadder& ladder, std::uint32_t slice, int reserve)
      : ladder_(ladder), group_(kv3cpp_group_of_slice(slice)), base_(slice << 7), reserve_(reserve) {
    pos_.pawns[WHITE] = kv3cpp_pawns(slice);
  }

  retro::Examined examine(std::uint32_t local) {
    pos_.side = Color(local >> 6);
    pos_.king[BLACK] = Square(local & 63);
    const Position& pos = pos_;
    const Bitboard pawns = pos.pawns[WHITE];
    const bool in_check = pawn_attacks(WHITE, pawns) & square_bb(pos.king[BLACK]);
    retro::Examined e;
    // As in the Kv3CPP libraries: the king on a pawn, in check with the
    // pawns to move, or checked by two pawns cannot arise.
    if ((pawns & square_bb(pos.king[BLACK])) || (pos.side == WHITE && in_check) ||
        (pos.side == BLACK && popcount(pos.checkers()) > 1)) {
      e.over = retro::NOT_LEGAL;
      return e;
    }
    if (!pawns) {  // the king took the last pawn
      e.over = pos.side == WHITE ? loss_in(0) : win_in(0);
      return e;
    }
    const MoveList moves = legal_moves(pos);
    if (!moves.empty()) {
      if (auto end = rule_value(pos, moves)) {  // a safe promotion
        e.over = *end;
        return e;
      }
    } else if (in_check) {
      e.over = loss_in(0);  // mate
      return e;
    }
    auto stored = [this](const Position& p) { return Value(ladder_.value(reserve_, kv3cpp_index(p, group_))); };
    retro::examine_moves(pos, moves, stored, e);
    // A pass spends one of the side's own reserve; a king in check cannot.
    const bool passes = pos.side == WHITE ? reserve_ > 0 : reserve_ < 0 && !in_check;
    if (passes) {
      const int after = pos.side == WHITE ? reserve_ - 1 : reserve_ + 1;
      e.exit_best = std::max(e.exit_best, from_child(ladder_.value(after, (base_ | local) ^ SIDE_BIT)));
    } else if (moves.empty()) {
      e.over = loss_in(0);  // no move in the chunk nor in the reserve
    }
    return e;
  }

  // Only the king's moves stay in the slice.
  template <typename F>
  void for_each_predecessor(std::uint32_t local, F f) const {
    if (local & SIDE_BIT) return;
    for (Bitboard from = KING_ATTACKS[local & 63] & ~pos_.pawns[WHITE]; from;) f(SIDE_BIT | pop_lsb(from));
  }

  void store(const retro::SliceSolver<128>& solver) {
    for (std::uint32_t local = 0; local < 128; ++local) {
      const Value v = solver.value(local);
      ladder_.values[Kv3cppLadder::slot(reserve_, base_ | local)] =
          v == retro::NOT_LEGAL ? Kv3cppLadder::ILLEGAL : std::int16_t(v);
    }
  }

 private:
  Kv3cppLadder& ladder_;
  int group_;
  std::uint32_t base_;
  int reserve_;
  Position pos_;
};

}  // namespace

Kv3cppLadder build_kv3cpp_ladder() {
  Kv3cppLadder ladder;
  auto solver = std::make_unique<retro::SliceSolver<128>>();
  auto solve = [&](std::uint32_t slice, int reserve) {
    LadderSlice game(ladder, slice, reserve);
    solver->solve(game);
    game.store(*solver);
  };
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) {
    solve(slice, 0);
    for (int r = 1; r <= Kv3cppLadder::REACH; ++r) solve(slice, r), solve(slice, -r);
  });
  return ladder;
}

LadderValue ladder_value(const Kv3cppLadder& ladder, std::uint32_t entry) {
  // The least reserve from which on the pawns win (more reserve never hurts
  // them: a pass need not be made).
  auto least = [&](std::uint32_t e, bool pawns_to_move) {
    if (!ladder.legal(e)) return LadderValue::NOT_LEGAL;
    int least = LadderValue::NEVER;
    for (int r = Kv3cppLadder::REACH; r >= -Kv3cppLadder::REACH; --r) {
      const Value v = ladder.value(r, e);
      if (!(pawns_to_move ? is_win(v) : is_loss(v))) break;
      least = r;
    }
    return least;
  };
  return {least(entry & ~SIDE_BIT, true), least(entry | SIDE_BIT, false)};
}

std::string ladder_value_name(const LadderValue& v) {
  auto stop = [](int s) {
    return s == LadderValue::NOT_LEGAL ? std::string("-") : s == LadderValue::NEVER ? "never" : std::to_string(s);
  };
  std::string name(1, '(');
  name += stop(v.pawns_first);
  name += ',';
  name += stop(v.king_first);
  name += ')';
  return name;
}

}  // namespace chunker
