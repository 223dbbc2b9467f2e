#include "libgen/kv3cpp_region_build.h"

#include <optional>
#include <utility>
#include <vector>

#include "chunks/parse.h"
#include "engine/rules.h"

namespace chunker {

namespace {

// A move's successor in the strategy: the region it leads to, and the square
// where the losing king waits to take a piece the winner promoted unsafely.
struct Step {
  StrategyRegion next;
  Bitboard waits;
  int widened_size() const { return popcount(king_reach_any(next.king | waits, 1)); }
};

void join(StrategyRegion& r, const Step& step) {
  r.king |= step.waits | step.next.king;
  r.later |= step.waits | step.next.king;
  r.idle |= step.next.idle;
  r.trapped_by |= step.next.trapped_by;
  r.stuck_free &= step.next.stuck_free;
}

// Each entry's region built once, with those of its successors first.
class RegionBuilder {
 public:
  explicit RegionBuilder(const Kv3cppLibrary& library)
      : library_(library), regions_(KV3CPP_ENTRIES), built_(KV3CPP_ENTRIES, false) {}

  const StrategyRegion& operator[](std::uint32_t i) {
    if (!built_[i]) {
      if (library_.legal(i) && library_.value(i) != 0) regions_[i] = build(i);
      built_[i] = true;
    }
    return regions_[i];
  }
  std::vector<StrategyRegion> take() { return std::move(regions_); }

 private:
  StrategyRegion build(std::uint32_t i);
  const Kv3cppLibrary& library_;
  std::vector<StrategyRegion> regions_;
  std::vector<bool> built_;
};

StrategyRegion RegionBuilder::build(std::uint32_t i) {
  const Position pos = kv3cpp_position(i);
  const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
  // The normal form's pawns are White and its king Black.
  const Color winner = is_win(library_.pawns_value(i)) ? WHITE : BLACK;
  const bool winner_moves = pos.side == winner, king_loses = winner == WHITE;
  const MoveList moves = legal_moves(pos);
  const bool in_check = pos.in_check();
  StrategyRegion r;
  if (!winner_moves) {
    r.king = square_bb(pos.king[BLACK]);
    if ((moves.empty() || !pos.pawns[WHITE]) && !in_check) r.idle = r.king;
    if (king_loses && !in_check && !moves.empty()) {
      r.trapped_by = ~king_reach(pos.king[BLACK], 1);
      for (Move m : moves) r.trapped_by &= KING_ATTACKS[m.to()];
    }
  }
  if (!pos.pawns[WHITE] || (moves.empty() && in_check)) return r;  // the game is over
  if (moves.empty()) {                                             // a pass: the side moves in the other chunk
    Position passed = pos;
    passed.side = ~pos.side;
    join(r, {(*this)[kv3cpp_index(passed, group)], 0});
    r.stuck_free &= !winner_moves && !king_loses;  // only the loser's pawns may be stuck
    return r;
  }
  if (winner_moves && rule_value(pos, moves)) return r;  // a safe promotion ends it
  const Value v = library_.value(i);
  std::optional<Step> chosen;
  for (Move m : moves) {
    Position after = make_move(pos, m);
    const bool promotion = m.kind() == MoveKind::Promotion;
    if (promotion) {
      if (is_safe_promotion(pos, m)) continue;                // the loser's would win: it has none
      after = make_move(after, *legal_moves(after).begin());  // the one reply takes the piece (movegen.h)
    }
    const std::uint32_t next = kv3cpp_index(after, group);
    if (!winner_moves) {
      join(r, {(*this)[next], 0});
      continue;
    }
    // The winner's move is optimal when its value, for the winner, is the entry's.
    const Value got = promotion ? from_child(from_child(library_.value(next))) : from_child(library_.value(next));
    if (got != v) continue;
    const Step step{(*this)[next], promotion ? square_bb(pos.king[BLACK]) : 0};
    if (!chosen || std::pair(!step.next.stuck_free, step.widened_size()) <
                       std::pair(!chosen->next.stuck_free, chosen->widened_size()))
      chosen = step;
  }
  if (chosen) join(r, *chosen);
  return r;
}

}  // namespace

Kv3cppRegions build_kv3cpp_regions(const Kv3cppLibrary& library) {
  RegionBuilder builder(library);
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) builder[i];
  Kv3cppRegions regions;
  regions.regions = builder.take();
  return regions;
}

}  // namespace chunker
