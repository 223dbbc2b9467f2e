// Building Kv3cppPasses (chunks/kv3cpp_library.h), the two pass-budget
// games of Level 5's tempo sum (schemas/level5_tempo.h), for every Kv3CPP
// entry and budget (n pawn passes, m king passes).
//
// No retrograde loop is needed: a pass lowers a budget, a pawn move or a
// capture raises the config, and a king move keeps both. So a slice's
// entries at budget (n, m) depend on larger configs (solved before), on
// lower budgets of the slice (solved before), and, for the king to move, on
// the slice's entries with the pawns to move at the same budget, solved
// first. In the pawns' game a pass of W's that may follow a pass of B's is
// a third kind of entry, and in the king's game likewise; the library keeps
// only W's entries where W moves first (what the tempo sum asks for).
//
// W's strategy behind the regions: in the pawns' game the fastest win (so
// that B's king has the fewest moves to wander), ties to the smallest
// region; in the king's game the smallest region. Size is counted as the
// squares next to a region, what the schema's guard compares.
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "kv3cpp_build.h"
#include "movegen.h"
#include "parse.h"

namespace chunker {

namespace {

constexpr int PASSES = Kv3cppPasses::PASSES;
constexpr int BUDGETS = Kv3cppPasses::BUDGETS;
constexpr std::uint8_t NO_WIN = 255;

// One game's answers at every entry and budget: whether W wins, the region,
// and in the pawns' game the plies to W's win.
struct Layer {
  std::vector<std::uint16_t> win;                  // by entry: bit per budget
  std::vector<Bitboard> region;                    // by entry * BUDGETS + budget
  std::vector<std::uint8_t> plies;                 // by entry * BUDGETS + budget (pawns' game)
  Layer() : win(KV3CPP_ENTRIES, 0), region(std::size_t(KV3CPP_ENTRIES) * BUDGETS, 0) {}
  bool wins(std::uint32_t i, int n, int m) const {
    return n >= 0 && m >= 0 && ((win[i] >> Kv3cppPasses::budget(n, m)) & 1);
  }
  Bitboard& at(std::uint32_t i, int n, int m) { return region[std::size_t(i) * BUDGETS + Kv3cppPasses::budget(n, m)]; }
};

int next_to(Bitboard region) { return popcount(king_reach_any(region, 1)); }

// W's best move so far: a win, its region and plies.
struct Choice {
  bool win = false;
  Bitboard region = 0;
  int plies = NO_WIN;
  void offer(Bitboard r, int p, bool by_plies) {
    const bool better = !win || (by_plies && p < plies) ||
                        ((!by_plies || p == plies) && next_to(r) < next_to(region));
    if (better) region = r, plies = p;
    win = true;
  }
};

// A placement of a slice: the position, its legal moves and what ends it.
struct Placement {
  bool legal = false;
  Position pos;
  MoveList moves;
  bool in_check = false;       // the lone king
  bool safe_promotion = false;  // the pawns to move have one
};

class PassesSlice {
public:
  PassesSlice(std::uint32_t slice, Layer (&pawns)[2], Layer (&king)[2])
      : group_(kv3cpp_group_of_slice(slice)), base_(slice << 7), pawns_(pawns), king_(king) {
    for (std::uint32_t local = 0; local < 128; ++local) {
      Placement& p = at_[local];
      p.pos = kv3cpp_position(base_ | local);
      const Bitboard k = square_bb(p.pos.king[BLACK]);
      p.in_check = pawn_attacks(WHITE, p.pos.pawns[WHITE]) & k;
      p.legal = !(p.pos.pawns[WHITE] & k) && !(p.pos.side == WHITE && p.in_check) &&
                !(p.pos.side == BLACK && popcount(p.pos.checkers()) > 1);
      if (!p.legal) continue;
      p.moves = legal_moves(p.pos);
      if (p.pos.side == WHITE)
        for (Move m : p.moves) p.safe_promotion |= m.kind() == MoveKind::Promotion && is_safe_promotion(p.pos, m);
    }
  }

  void solve() {
    for (int n = 0; n < PASSES; ++n)
      for (int m = 0; m < PASSES; ++m) {
        for (std::uint32_t sq = 0; sq < 64; ++sq)
          if (at_[sq].legal) pawns_move(sq, n, m), pawns_answer(sq, n, m);
        for (std::uint32_t sq = 64; sq < 128; ++sq)
          if (at_[sq].legal) king_answers(sq, n, m), king_moves(sq, n, m);
      }
  }

private:
  std::uint32_t index(const Position& p) const { return kv3cpp_index(p, group_); }

  // Pawns' game, W's pawns to move: [0] may pass, [1] may not.
  void pawns_move(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    if (!p.pos.pawns[WHITE]) return;
    const std::uint32_t i = base_ | local;
    const std::uint16_t bit = std::uint16_t(1u << Kv3cppPasses::budget(n, m));
    Choice best;
    if (p.safe_promotion) best.offer(0, 1, true);
    for (Move mv : p.moves) {
      if (best.plies == 1) break;
      const Position after = make_move(p.pos, mv);
      const MoveList replies = legal_moves(after);
      if (replies.empty()) {
        if (after.in_check()) best.offer(0, 1, true);  // mate; a king left without a move is no win
      } else if (mv.kind() == MoveKind::Promotion) {  // unsafe: the king takes
        bool every = true;
        Bitboard r = 0;
        int plies = 0;
        for (Move x : replies) {
          const std::uint32_t j = index(make_move(after, x));
          every &= pawns_[0].wins(j, n, m);
          if (!every) break;
          r |= pawns_[0].at(j, n, m);
          plies = std::max<int>(plies, pawns_[0].plies[std::size_t(j) * BUDGETS + Kv3cppPasses::budget(n, m)] + 2);
        }
        if (every) best.offer(r, plies, true);
      } else if (const std::uint32_t j = index(after); pawns_[1].wins(j, n, m)) {
        best.offer(pawns_[1].at(j, n, m), pawns_[1].plies[std::size_t(j) * BUDGETS + Kv3cppPasses::budget(n, m)] + 1, true);
      }
    }
    // Where W's move ends the game B's king stands no longer in the way:
    // its square is not in the region.
    const Bitboard here = square_bb(p.pos.king[BLACK]);
    auto store = [&](Layer& layer, const Choice& c) {
      if (!c.win) return;
      layer.win[i] |= bit;
      layer.at(i, n, m) = c.plies == 1 ? 0 : here | c.region;
      layer.plies[std::size_t(i) * BUDGETS + Kv3cppPasses::budget(n, m)] = std::uint8_t(std::min(c.plies, 254));
    };
    store(pawns_[1], best);
    const std::uint32_t king_to_move = i | 64;
    if (!p.safe_promotion && n > 0 && pawns_[1].wins(king_to_move, n - 1, m))
      best.offer(pawns_[1].at(king_to_move, n - 1, m),
                 pawns_[1].plies[std::size_t(king_to_move) * BUDGETS + Kv3cppPasses::budget(n - 1, m)] + 1, true);
    store(pawns_[0], best);
  }

  // King's game, B's pawns to move (they may pass whenever).
  void pawns_answer(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    const Bitboard here = square_bb(p.pos.king[BLACK]);
    Bitboard r = here;
    bool win = true;
    if (p.pos.pawns[WHITE]) {
      win = !p.moves.empty() && !p.safe_promotion;
      for (Move mv : p.moves) {
        if (!win) break;
        const Position after = make_move(p.pos, mv);
        if (mv.kind() == MoveKind::Promotion) {  // unsafe: W's king takes
          bool any = false;
          for (Move x : legal_moves(after))
            if (const std::uint32_t j = index(make_move(after, x)); king_[1].wins(j, n, m)) {
              any = true;
              r |= king_[1].at(j, n, m);
              break;
            }
          win = any;
        } else {
          const std::uint32_t j = index(after);
          win = king_[0].wins(j, n, m);
          if (win) r |= king_[0].at(j, n, m);
        }
      }
      const std::uint32_t king_to_move = i | 64;
      if (win && n > 0) {
        win = king_[1].wins(king_to_move, n - 1, m);
        if (win) r |= king_[1].at(king_to_move, n - 1, m);
      }
    }
    if (!win) return;
    king_[1].win[i] |= std::uint16_t(1u << Kv3cppPasses::budget(n, m));
    king_[1].at(i, n, m) = r;
  }

  // Pawns' game, B's king to move (it may pass unless in check).
  void king_answers(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    if (!p.pos.pawns[WHITE]) return;
    const Bitboard here = square_bb(p.pos.king[BLACK]);
    bool win = p.moves.empty() ? p.in_check : true;  // mated, or left without a move (no win)
    Bitboard r = here, targets = 0;
    int plies = 0;
    for (Move mv : p.moves) {
      const std::uint32_t j = index(make_move(p.pos, mv));
      win &= pawns_[0].wins(j, n, m);
      if (!win) return;
      r |= pawns_[0].at(j, n, m);
      targets |= square_bb(mv.to());
      plies = std::max<int>(plies, pawns_[0].plies[std::size_t(j) * BUDGETS + Kv3cppPasses::budget(n, m)] + 1);
    }
    const std::uint32_t pawns_to_move = i & ~64u;
    if (!p.moves.empty() && m > 0 && !p.in_check) {
      if (!pawns_[1].wins(pawns_to_move, n, m - 1)) return;
      r |= pawns_[1].at(pawns_to_move, n, m - 1);
      plies = std::max<int>(plies, pawns_[1].plies[std::size_t(pawns_to_move) * BUDGETS + Kv3cppPasses::budget(n, m - 1)] + 1);
    }
    // A king two squares away that covers every move leaves B stalemated
    // if its pawns are gone: those squares join the region, which the
    // guard keeps two squares from W's king.
    if (!p.in_check && !p.moves.empty()) {
      const Square s = p.pos.king[BLACK];
      for (Bitboard w = king_reach(s, 2) & ~king_reach(s, 1); w;)
        if (!(targets & ~KING_ATTACKS[pop_lsb(w)])) {
          r |= targets;
          break;
        }
    }
    if (!win) return;
    pawns_[1].win[i] |= std::uint16_t(1u << Kv3cppPasses::budget(n, m));
    pawns_[1].at(i, n, m) = r;
    pawns_[1].plies[std::size_t(i) * BUDGETS + Kv3cppPasses::budget(n, m)] = std::uint8_t(std::min(plies, 254));
  }

  // King's game, W's king to move: [0] may pass, [1] may not.
  void king_moves(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    const std::uint32_t pawns_to_move = i & ~64u;
    const Bitboard here = square_bb(p.pos.king[BLACK]);
    Choice best;
    // With no pawn left at the start W's king needs somewhere to step when
    // its side passes elsewhere.
    if (!p.pos.pawns[WHITE]) best.offer(king_reach(p.pos.king[BLACK], 1), 0, false);
    else
      for (Move mv : p.moves)
        if (const std::uint32_t j = index(make_move(p.pos, mv)); king_[1].wins(j, n, m))
          best.offer(king_[1].at(j, n, m), 0, false);
    const std::uint16_t bit = std::uint16_t(1u << Kv3cppPasses::budget(n, m));
    if (best.win) {
      king_[1].win[i] |= bit;
      king_[1].at(i, n, m) = here | best.region;
    }
    if (p.pos.pawns[WHITE] && m > 0 && !p.in_check && king_[1].wins(pawns_to_move, n, m - 1))
      best.offer(king_[1].at(pawns_to_move, n, m - 1), 0, false);
    if (best.win) {
      king_[0].win[i] |= bit;
      king_[0].at(i, n, m) = here | best.region;
    }
  }

  int group_;
  std::uint32_t base_;
  Layer (&pawns_)[2];
  Layer (&king_)[2];
  Placement at_[128];
};

// The region's index in `regions`, added when new.
std::uint16_t intern(Bitboard region, Kv3cppPasses& built, std::unordered_map<Bitboard, std::uint16_t>& known) {
  auto [it, added] = known.try_emplace(region, std::uint16_t(built.regions.size()));
  if (added) {
    if (built.regions.size() == UINT16_MAX) throw std::runtime_error("kv3cpp-passes: more regions than an index holds");
    built.regions.push_back(region);
  }
  return it->second;
}

}  // namespace

Kv3cppPasses build_kv3cpp_passes() {
  // [1]: what the library keeps (W moves first: no pass); [0]: W's entries
  // where it may pass, needed only while building.
  Layer pawns[2], king[2];
  for (Layer& layer : pawns) layer.plies.assign(layer.region.size(), NO_WIN);
  for_each_kv3cpp_slice_in_order([&](std::uint32_t slice) { PassesSlice(slice, pawns, king).solve(); });
  Kv3cppPasses built;
  built.pawns_win = std::move(pawns[1].win);
  built.king_win = std::move(king[1].win);
  std::unordered_map<Bitboard, std::uint16_t> known;
  intern(0, built, known);
  auto ids = [&](const Layer& layer, const std::vector<std::uint16_t>& win) {
    std::vector<std::uint16_t> out(layer.region.size(), 0);
    for (std::size_t k = 0; k < out.size(); ++k)
      if ((win[k / BUDGETS] >> (k % BUDGETS)) & 1) out[k] = intern(layer.region[k], built, known);
    return out;
  };
  built.pawns_region = ids(pawns[1], built.pawns_win);
  built.king_region = ids(king[1], built.king_win);
  return built;
}

}  // namespace chunker
