#include "chunks/kv3cpp_region.h"

#include <atomic>
#include <optional>
#include <utility>

#include "chunks/kv3cpp_library.h"
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

}  // namespace

Kv3cppRegions::Kv3cppRegions(const Kv3cppLibrary& am)
    : am_(&am), stored_at_(zeroed<std::uint32_t>(KV3CPP_ENTRIES)), built_(zeroed<StrategyRegion>(KV3CPP_ENTRIES)) {}

StrategyRegion Kv3cppRegions::operator[](std::uint32_t i) const {
  std::atomic_ref<std::uint32_t> stored_at(stored_at_[i]);
  if (const std::uint32_t at = stored_at.load(std::memory_order_acquire)) return built_[at - 1];
  if (!am_->legal(i) || am_->value(i) == 0) return {};
  const StrategyRegion r = build(i);
  // A place is lost only where two threads built the same region: the
  // places run out (and the region is built again when asked) only after
  // as many such races as there are entries.
  const std::uint32_t place = std::atomic_ref(built_count_).fetch_add(1, std::memory_order_relaxed);
  if (place < KV3CPP_ENTRIES) {
    built_[place] = r;
    std::uint32_t none = 0;
    stored_at.compare_exchange_strong(none, place + 1, std::memory_order_release, std::memory_order_relaxed);
  }
  return r;
}

StrategyRegion Kv3cppRegions::build(std::uint32_t i) const {
  const Position pos = kv3cpp_position(i);
  const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
  // The normal form's pawns are White and its king Black.
  const Color winner = is_win(am_->pawns_value(i)) ? WHITE : BLACK;
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
  const Value v = am_->value(i);
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
    const Value got = promotion ? from_child(from_child(am_->value(next))) : from_child(am_->value(next));
    if (got != v) continue;
    const Step step{(*this)[next], promotion ? square_bb(pos.king[BLACK]) : 0};
    if (!chosen || std::pair(!step.next.stuck_free, step.widened_size()) <
                       std::pair(!chosen->next.stuck_free, chosen->widened_size()))
      chosen = step;
  }
  if (chosen) join(r, *chosen);
  return r;
}

Bitboard board_squares(Bitboard normal, const Kv3cppInstance& instance) {
  if (instance.mirrored) normal = mirror_files(normal);
  return instance.colour_reversed ? flip_ranks(normal) : normal;
}

}  // namespace chunker
