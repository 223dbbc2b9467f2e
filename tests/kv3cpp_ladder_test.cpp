// The Kv3CPP chunk against the integers and the infinitesimals
// (libgen/kv3cpp_ladder.h): every value checked against a plain memoised
// minimax written here, with the reference games built from their
// definitions, and a lone pawn against the rule of the square.
#include "kv3cpp_ladder.h"

#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "movegen.h"
#include "notation.h"

using namespace chunker;

namespace {

const Kv3cppLadder& ladder() {
  static const auto built = std::make_unique<Kv3cppLadder>(build_kv3cpp_ladder());
  return *built;
}

// A reference game beside the chunk, from its definition: an integer t (t
// free moves of the pawns' side, or -t of the king's), or n ups and s stars
// (up = {0|*}, down = {*|0}, star = {0|0}).
struct Reference {
  bool ups;
  int n, star;
  int rung() const { return ups ? Kv3cppLadder::ups(n, star) : Kv3cppLadder::integer(n); }
  // The positions the pawns' side (left) or the king's may move it to.
  std::vector<Reference> options(bool left) const {
    std::vector<Reference> to;
    if (!ups) {
      if (left ? n > 0 : n < 0) to.push_back({false, left ? n - 1 : n + 1, 0});
      return to;
    }
    if (n > 0) to.push_back({true, n - 1, left ? star : star ^ 1});  // up to 0, or to star
    if (n < 0) to.push_back({true, n + 1, left ? star ^ 1 : star});  // down to star, or to 0
    if (star) to.push_back({true, n, 0});
    return to;
  }
};

// The chunk beside a reference solved without the retrograde loop: every
// move of the pawns' side spends a pawn move or a move of the reference, and
// the reference's moves run out, so no line repeats and plain recursion ends.
class Minimax {
 public:
  bool pawns_win(std::uint32_t entry, const Reference& r) {
    std::int8_t& known = memo_[Kv3cppLadder::slot(r.rung(), entry)];
    if (known < 0) known = solve(entry, r);
    return known;
  }

 private:
  bool solve(std::uint32_t entry, const Reference& r) {
    const Position pos = kv3cpp_position(entry);
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(entry));
    if (!pos.pawns[WHITE]) return false;  // the king took the last pawn
    const MoveList moves = legal_moves(pos);
    auto after = [&](const Position& p) { return pawns_win(kv3cpp_index(p, group), r); };
    if (pos.side == WHITE) {
      for (Move m : moves) {
        if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return true;
        Position child = make_move(pos, m);
        if (m.kind() == MoveKind::Promotion) {  // unsafe: the king must take it
          bool every = true;
          for (Move take : legal_moves(child)) every = every && after(make_move(child, take));
          if (every) return true;
        } else if (after(child)) {
          return true;
        }
      }
      for (const Reference& to : r.options(true))
        if (pawns_win(entry | 64, to)) return true;
      return false;  // no move left, or every one loses
    }
    const bool in_check = pos.in_check();
    const auto options = in_check ? std::vector<Reference>{} : r.options(false);
    if (moves.empty() && (in_check || options.empty())) return true;  // mated, or no move left
    for (Move m : moves)
      if (!after(make_move(pos, m))) return false;
    for (const Reference& to : options)
      if (!pawns_win(entry & ~64u, to)) return false;
    return true;
  }

  std::vector<std::int8_t> memo_ = std::vector<std::int8_t>(std::size_t(Kv3cppLadder::RUNGS) * KV3CPP_ENTRIES, -1);
};

}  // namespace

TEST_CASE("kv3cpp ladder: every value is the minimax value, and none is a draw") {
  std::vector<Reference> references;
  for (int n = -Kv3cppLadder::REACH; n <= Kv3cppLadder::REACH; ++n) {
    references.push_back({false, n, 0});
    references.push_back({true, n, 1});
    if (n != 0) references.push_back({true, n, 0});
  }
  REQUIRE(references.size() == std::size_t(Kv3cppLadder::RUNGS));
  const auto minimax = std::make_unique<Minimax>();
  std::uint64_t checked = 0, draws = 0, wrong = 0;
  for (std::uint32_t e = 0; e < KV3CPP_ENTRIES; ++e) {
    if (!ladder().legal(e)) continue;
    for (const Reference& r : references) {
      const Value v = ladder().value(r.rung(), e);
      const bool pawns_win = ((e >> 6) & 1) == WHITE ? is_win(v) : is_loss(v);
      ++checked;
      draws += v == 0;
      wrong += pawns_win != minimax->pawns_win(e, r);
    }
  }
  CHECK(checked > 0);
  CHECK(draws == 0);
  CHECK(wrong == 0);
}

TEST_CASE("kv3cpp ladder: a pawn outside the king's square wins with any reserve") {
  // White pawn a2, Black king h8: by the rule of the square (the pawn's
  // double step taken into account) the king never catches it, whoever
  // moves first, so no reserve of the king's helps: both stops are at the
  // bottom of the ladder.
  const Position chunk = parse_fen("7k/8/8/8/8/8/P7/4K3 w - -").pos;
  const auto instance = kv3cpp_instance(chunk, BLACK);
  REQUIRE(instance);
  const LadderValue v = ladder_value(ladder(), instance->index);
  CHECK(v.pawns_first == -Kv3cppLadder::REACH);
  CHECK(v.king_first == -Kv3cppLadder::REACH);
  // With the king on b4, inside the square, it takes the pawn whoever moves
  // first, and a reserve of the pawns' only delays it: never within the ladder.
  const Position caught = parse_fen("8/8/8/8/1k6/8/P7/6K1 w - -").pos;
  const LadderValue c = ladder_value(ladder(), kv3cpp_instance(caught, BLACK)->index);
  CHECK(c.pawns_first == LadderValue::NEVER);
  CHECK(c.king_first == LadderValue::NEVER);
}
