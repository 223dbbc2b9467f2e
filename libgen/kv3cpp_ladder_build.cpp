// Building Kv3cppLadder (kv3cpp_ladder.h) with the retrograde loop of
// retrograde.h. A slice is one pawn configuration beside one rung of the
// reference: inside it only the lone king moves; pawn moves and captures lead
// to larger configs (solved before, as in kv3cpp_build.cpp), and a move of
// the reference to another rung of the same config, simpler (solved before:
// the rungs of a config are taken simplest first).
#include <algorithm>
#include <array>
#include <memory>

#include "kv3cpp_ladder.h"
#include "movegen.h"
#include "retrograde.h"

namespace chunker {

namespace {

constexpr std::uint32_t SIDE_BIT = 64;  // in a local position: side to move | king square
constexpr int REACH = Kv3cppLadder::REACH;

// A rung's options for the pawns (Left) and the king (Right).
struct Rung {
  std::array<int, 2> left{}, right{};
  int lefts = 0, rights = 0;
  int birthday = 0;  // every option's is smaller: the order of solving
};

std::array<Rung, Kv3cppLadder::RUNGS> make_rungs() {
  std::array<Rung, Kv3cppLadder::RUNGS> rungs;
  auto add = [](std::array<int, 2>& to, int& count, int rung) { to[count++] = rung; };
  for (int t = -REACH; t <= REACH; ++t) {
    Rung& r = rungs[Kv3cppLadder::integer(t)];
    if (t > 0) add(r.left, r.lefts, Kv3cppLadder::integer(t - 1));
    if (t < 0) add(r.right, r.rights, Kv3cppLadder::integer(t + 1));
    r.birthday = t < 0 ? -t : t;
  }
  // up = {0|*}, down = {*|0}, star = {0|0}: a move takes one up (or down)
  // or the star away; the others stay.
  for (int n = -REACH; n <= REACH; ++n)
    for (int star = 0; star < 2; ++star) {
      if (n == 0 && !star) continue;
      Rung& r = rungs[Kv3cppLadder::ups(n, star)];
      if (n > 0) {
        add(r.left, r.lefts, Kv3cppLadder::ups(n - 1, star));
        add(r.right, r.rights, Kv3cppLadder::ups(n - 1, star ^ 1));
      } else if (n < 0) {
        add(r.left, r.lefts, Kv3cppLadder::ups(n + 1, star ^ 1));
        add(r.right, r.rights, Kv3cppLadder::ups(n + 1, star));
      }
      if (star) {
        add(r.left, r.lefts, Kv3cppLadder::ups(n, 0));
        add(r.right, r.rights, Kv3cppLadder::ups(n, 0));
      }
      r.birthday = 2 * (n < 0 ? -n : n) + star;
    }
  return rungs;
}

const std::array<Rung, Kv3cppLadder::RUNGS> RUNGS = make_rungs();

class LadderSlice {
 public:
  LadderSlice(Kv3cppLadder& ladder, std::uint32_t slice, int rung)
      : ladder_(ladder), group_(kv3cpp_group_of_slice(slice)), base_(slice << 7), rung_(rung) {
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
    auto stored = [this](const Position& p) { return Value(ladder_.value(rung_, kv3cpp_index(p, group_))); };
    retro::examine_moves(pos, moves, stored, e);
    // A move of the reference; a king in check must answer it here.
    const Rung& r = RUNGS[rung_];
    const int options = pos.side == WHITE ? r.lefts : in_check ? 0 : r.rights;
    for (int i = 0; i < options; ++i) {
      const int to = pos.side == WHITE ? r.left[i] : r.right[i];
      e.exit_best = std::max(e.exit_best, from_child(ladder_.value(to, (base_ | local) ^ SIDE_BIT)));
    }
    if (moves.empty() && !options) e.over = loss_in(0);  // no move in the chunk nor the reference
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
      ladder_.values[Kv3cppLadder::slot(rung_, base_ | local)] =
          v == retro::NOT_LEGAL ? Kv3cppLadder::ILLEGAL : std::int16_t(v);
    }
  }

 private:
  Kv3cppLadder& ladder_;
  int group_;
  std::uint32_t base_;
  int rung_;
  Position pos_;
};

}  // namespace

Kv3cppLadder build_kv3cpp_ladder() {
  Kv3cppLadder ladder;
  std::array<int, Kv3cppLadder::RUNGS> order;
  for (int i = 0; i < Kv3cppLadder::RUNGS; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [](int a, int b) { return RUNGS[a].birthday < RUNGS[b].birthday; });
  auto solver = std::make_unique<retro::SliceSolver<128>>();
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) {
    for (int rung : order) {
      LadderSlice game(ladder, slice, rung);
      solver->solve(game);
      game.store(*solver);
    }
  });
  return ladder;
}

LadderValue ladder_value(const Kv3cppLadder& ladder, std::uint32_t entry) {
  // The least n from which on the pawns win (more never hurts them: a move
  // of the reference need not be made), with rung(n) the reference.
  auto least = [&](std::uint32_t e, bool pawns_to_move, auto rung) {
    if (!ladder.legal(e)) return LadderValue::NOT_LEGAL;
    int least = LadderValue::NEVER;
    for (int n = REACH; n >= -REACH; --n) {
      const Value v = ladder.value(rung(n), e);
      if (!(pawns_to_move ? is_win(v) : is_loss(v))) break;
      least = n;
    }
    return least;
  };
  const std::uint32_t pawns = entry & ~SIDE_BIT, king = entry | SIDE_BIT;
  auto integer = [](int n) { return Kv3cppLadder::integer(n); };
  auto up = [](int n) { return Kv3cppLadder::ups(n, 0); };
  auto up_star = [](int n) { return Kv3cppLadder::ups(n, 1); };
  return {least(pawns, true, integer), least(king, false, integer), least(pawns, true, up),
          least(king, false, up),      least(pawns, true, up_star), least(king, false, up_star)};
}

std::string ladder_value_name(const LadderValue& v, bool infinitesimals) {
  auto pair = [](int first, int second) {
    auto stop = [](int s) {
      return s == LadderValue::NOT_LEGAL ? std::string("-") : s == LadderValue::NEVER ? "never" : std::to_string(s);
    };
    std::string name(1, '(');
    name += stop(first);
    name += ',';
    name += stop(second);
    name += ')';
    return name;
  };
  std::string name = pair(v.pawns_first, v.king_first);
  if (infinitesimals) {
    name += " up";
    name += pair(v.up_pawns_first, v.up_king_first);
    name += " up*";
    name += pair(v.up_star_pawns_first, v.up_star_king_first);
  }
  return name;
}

}  // namespace chunker
