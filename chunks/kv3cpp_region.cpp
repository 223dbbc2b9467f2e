#include "kv3cpp_region.h"

#include "kv3cpp_library.h"
#include "rules.h"

namespace chunker {

namespace {

// The entries of the library by distance: each region is built from
// regions of smaller distance.
std::vector<std::vector<std::uint32_t>> entries_by_distance(const Kv3cppLibrary& am) {
  std::vector<std::vector<std::uint32_t>> by_distance;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    if (!am.legal(i) || am.value(i) == 0) continue;
    const auto d = std::size_t(distance_of(am.value(i)));
    if (by_distance.size() <= d) by_distance.resize(d + 1);
    by_distance[d].push_back(i);
  }
  return by_distance;
}

class RegionBuilder {
public:
  explicit RegionBuilder(const Kv3cppLibrary& am) : am_(am) { out_.regions.assign(KV3CPP_ENTRIES, {}); }

  Kv3cppRegions build() {
    for (const auto& entries : entries_by_distance(am_))
      for (std::uint32_t i : entries) out_.regions[i] = region(i);
    return std::move(out_);
  }

private:
  StrategyRegion region(std::uint32_t i) const {
    const Position pos = kv3cpp_position(i);
    const int group = kv3cpp_group_of_slice(kv3cpp_slice_of(i));
    const Value v = am_.value(i);
    // The normal form's pawns are White and its king Black.
    const Color winner = is_win(am_.pawns_value(i)) ? WHITE : BLACK;
    const bool winner_moves = pos.side == winner;
    StrategyRegion r;
    if (!winner_moves) r.king = square_bb(pos.king[BLACK]);
    const MoveList moves = legal_moves(pos);
    if (!pos.pawns[WHITE] || (moves.empty() && pos.in_check())) return r;  // the game is over
    if (moves.empty()) {  // a pass: the side moves in the other chunk
      Position passed = pos;
      passed.side = ~pos.side;
      r.winner_passes = winner_moves;
      join(r, passed, group);
      return r;
    }
    if (winner_moves && rule_value(pos, moves)) return r;  // a safe promotion ends it
    for (Move m : moves) {
      Position next = make_move(pos, m);
      Position before_capture = next;
      if (m.kind() == MoveKind::Promotion) {
        if (is_safe_promotion(pos, m)) continue;  // the loser's would win: it has none
        next = make_move(next, *legal_moves(next).begin());  // the one reply takes the piece (movegen.h)
      }
      // The value of the move for the side making it.
      Value got = from_child(am_.value(kv3cpp_index(next, group)));
      if (m.kind() == MoveKind::Promotion) got = from_child(got);
      if (winner_moves && got != v) continue;
      // The loser, to move after the winner's unsafe promotion, stands
      // where it stood.
      if (winner_moves && m.kind() == MoveKind::Promotion) r.king |= square_bb(before_capture.king[BLACK]);
      join(r, next, group);
    }
    return r;
  }

  void join(StrategyRegion& r, const Position& next, int group) const {
    const StrategyRegion& from = out_.regions[kv3cpp_index(next, group)];
    r.king |= from.king;
    r.winner_passes |= from.winner_passes;
  }

  const Kv3cppLibrary& am_;
  Kv3cppRegions out_;
};

}  // namespace

Kv3cppRegions build_strategy_regions(const Kv3cppLibrary& am) { return RegionBuilder(am).build(); }

Bitboard board_squares(Bitboard normal, const Kv3cppInstance& instance) {
  if (instance.mirrored) normal = mirror_files(normal);
  return instance.colour_reversed ? __builtin_bswap64(normal) : normal;
}

}  // namespace chunker
