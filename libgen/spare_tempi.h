// Spare tempi (docs/design.md §4, the paper's Level 4), for the pawn wins of a
// chunk where the king side may pass (Kv3CPP-KCP, K3CPPvK).
//
// Definition. In a chunk game where the pawns' side wins, let the pawns'
// side (White in normal form) play only moves that keep the win and the king
// side (Black) play any legal move or a pass (a move elsewhere on the board;
// not allowed in check, where the reply is forced, and made perforce when it
// has no move in the chunk). Each pass of the king side scores one. The
// spare tempi of a position are the value of this game: the most passes the
// king side can be sure to make, against the fewest the pawns' side can hold
// it to, before the game ends (a safe promotion, or mate). The king's passes
// are the free moves it has before the pawns break through; its moves in the
// chunk, replies to checks among them, score nothing.
//
// Why Level 4 may use it. With both sides holding a breakthrough in their
// pawn chunk, and neither king leaving its own chunk, each side divides its
// moves between pushing its pawns and moving its king. A side's spare tempi
// in the chunk where it defends are exactly the moves it can give to its own
// pawns before the other pawns get through, and the other side cannot take
// any of them away (the value is a guarantee for both players). Counting the
// moves both races need then decides which promotion comes first, the side to
// move gaining one. The count assumes the two chunks do not interact; where a
// king can reach the other chunk in time, Level 4 must not fire, and the
// oracle's check of every position (`chunker oracle verify`) judges it.
// Sound Level 4 counts them with an unsafe promotion's answer as one more
// pass (Kv3cppRace, libgen/kv3cpp_build.h).
//
// Computed slice by slice after the values, like them: moves that leave a
// slice reach slices whose tempi are known; inside it the game is one of
// least cost with costs 0 and 1, solved in order of cost (a pawns' position
// takes the least cost offered, first come; a king's position waits until
// every move is known, then takes the most).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine/rules.h"

namespace chunker::retro {

constexpr int NO_TEMPI = -1;  // the pawns' side does not win here
constexpr int MAX_TEMPI = 127;

// What a game reports of one position for the tempi of its slice.
struct TempiExamined {
  enum class Kind : std::uint8_t { NotPawnWin, Known, Pawns, King } kind = Kind::NotPawnWin;
  // Known: its tempi. Pawns: the least over its winning moves that leave the
  // slice (INT_MAX when none). King: the most over its moves that leave the
  // slice (NO_TEMPI when none).
  int cost = 0;
  int in_slice = 0;  // King: moves and passes that stay in the slice
};

// Solves the tempi of one slice of SLICE_SIZE positions. A Game provides
//   TempiExamined examine_tempi(std::uint32_t local);
//   template <class F> void for_each_predecessor(std::uint32_t local, F f);  (as in retrograde.h)
//   static constexpr std::uint32_t SIDE_BIT;  // local ^ SIDE_BIT: the same squares, the other side to move
// An in-slice move from a king's position to the same squares is its pass.
template <std::uint32_t SLICE_SIZE>
class TempiSolver {
 public:
  template <typename Game>
  void solve(Game& game);
  int tempi(std::uint32_t local) const { return node_[local].settled ? node_[local].best : NO_TEMPI; }
  // The strategy behind the tempi, for regions built on it: the positions in
  // the order they were settled (each after every position it leads to in
  // the slice), and for a pawns' position settled by a move inside the slice
  // (its king's), the position that move reaches; NO_VIA where the pawns'
  // best move leaves the slice.
  static constexpr std::uint32_t NO_VIA = ~0u;
  const std::vector<std::uint32_t>& settled_order() const { return order_; }
  std::uint32_t via(std::uint32_t local) const { return node_[local].via; }

 private:
  struct Node {
    std::int16_t best;  // pawns: least offered; king: most so far
    std::uint8_t pending;
    TempiExamined::Kind kind;
    bool settled;
    std::uint32_t via;
  };

  void push(std::uint32_t local, int cost) {
    if (cost > MAX_TEMPI) throw std::logic_error("spare tempi beyond the library's encoding");
    bucket_[cost].push_back(local);
  }

  Node node_[SLICE_SIZE];
  std::vector<std::uint32_t> bucket_[MAX_TEMPI + 1];
  std::vector<std::uint32_t> order_;
};

template <std::uint32_t SLICE_SIZE>
template <typename Game>
void TempiSolver<SLICE_SIZE>::solve(Game& game) {
  using Kind = TempiExamined::Kind;
  for (auto& b : bucket_) b.clear();
  order_.clear();
  for (std::uint32_t local = 0; local < SLICE_SIZE; ++local) {
    const TempiExamined e = game.examine_tempi(local);
    Node& n = node_[local];
    n = Node{std::int16_t(std::min(e.cost, int(INT16_MAX))), std::uint8_t(e.in_slice), e.kind, false, NO_VIA};
    if (e.kind == Kind::Known || (e.kind == Kind::Pawns && e.cost != INT_MAX) ||
        (e.kind == Kind::King && e.in_slice == 0))
      push(local, e.cost);
  }
  for (int cost = 0; cost <= MAX_TEMPI; ++cost)
    for (std::size_t i = 0; i < bucket_[cost].size(); ++i) {
      const std::uint32_t local = bucket_[cost][i];
      Node& n = node_[local];
      if (n.settled || n.best != cost) continue;
      n.settled = true;
      order_.push_back(local);
      game.for_each_predecessor(local, [&](std::uint32_t pred) {
        Node& p = node_[pred];
        if (p.settled) return;
        if (p.kind == Kind::Pawns && cost < p.best) {
          p.best = std::int16_t(cost);
          p.via = local;
          push(pred, cost);
        } else if (p.kind == Kind::King) {
          const int passes = pred == (local ^ Game::SIDE_BIT) ? 1 : 0;
          p.best = std::int16_t(std::max<int>(p.best, cost + passes));
          if (--p.pending == 0) push(pred, p.best);
        }
      });
    }
}

}  // namespace chunker::retro
