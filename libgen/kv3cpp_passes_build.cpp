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
// The regions (what the schema's guard reads, level5_tempo.h): in the
// pawns' game B's king's squares in three sets. "At-once" squares: where B
// is to move and W would win at once were it W's move (B's king having at
// least four moves there, so its own pawns cannot take them all), and
// where W promotes unsafely and B's king must take. "Threat"
// squares: where W is to move and its strategy passes (W's king moves in
// the other chunk), and the moves of a king a king two squares away could
// cover entirely. "Live" squares: where B is to move otherwise. Where W is
// to move and moves its pawns B's king's square joins no set for it: B is
// to move there next, on the same square. In the king's game W's king's
// squares, and apart those it moves to answering a check. W plays the
// winning move whose region has the fewest squares next to it; the king's
// game is built a second time with W's king keeping the frozen squares
// (below) fewest first, and the library keeps both strategies.
//
// Two more for at-once squares where every move of B's king lets W win at
// once ("doomed": B's king stays there, or loses). In the pawns' game
// those squares; in the king's game, along W's strategy, the squares of a
// frozen B king from which B's pawns beat W's king in the check game
// (FrozenCheckGame below).
#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "chunks/parse.h"
#include "engine/movegen.h"
#include "libgen/kv3cpp_build.h"

namespace chunker {

namespace {

constexpr int PASSES = Kv3cppPasses::PASSES;
constexpr int BUDGETS = Kv3cppPasses::BUDGETS;

// A king's squares along a game. The pawns' game: B's king's live, threat
// and at-once squares, the doomed ones among the latter. The king's game:
// W's king's squares in `live`, those where it answers a check also in
// `checked`, and in `frozen` the squares of B's king that beat it in the
// check game somewhere along the way.
struct Squares {
  Bitboard live = 0, threat = 0, at_once = 0, doomed = 0, checked = 0, frozen = 0;
  Squares& operator|=(const Squares& o) {
    live |= o.live, threat |= o.threat, at_once |= o.at_once, doomed |= o.doomed, checked |= o.checked,
        frozen |= o.frozen;
    return *this;
  }
  int size() const { return popcount(king_reach_any(live | threat | at_once, 1)); }
};

// How W picks among its winning moves (Kv3cppPasses::KING_STRATEGIES): the
// one whose squares have the fewest squares next to them (0), or first the
// fewest frozen squares (1; the pawns' game has none, so there both agree).
int cost(const Squares& r, int strategy) {
  return strategy == 0 ? r.size() : popcount(r.frozen) * SQUARE_NB * 2 + r.size();
}

// One game's answers at every entry and budget: whether W wins, and the
// squares.
struct Layer {
  std::vector<std::uint16_t> win;  // by entry: bit per budget
  std::vector<Squares> squares;    // by entry * BUDGETS + budget
  Layer() : win(KV3CPP_ENTRIES, 0), squares(std::size_t(KV3CPP_ENTRIES) * BUDGETS) {}
  bool wins(std::uint32_t i, int n, int m) const {
    return n >= 0 && m >= 0 && ((win[i] >> Kv3cppPasses::budget(n, m)) & 1);
  }
  Squares& at(std::uint32_t i, int n, int m) { return squares[std::size_t(i) * BUDGETS + Kv3cppPasses::budget(n, m)]; }
  void set(std::uint32_t i, int n, int m, const Squares& r) {
    win[i] |= std::uint16_t(1u << Kv3cppPasses::budget(n, m));
    at(i, n, m) = r;
  }
};

// W's best move so far under a strategy: whether it wins, at once or not,
// and its squares.
struct Choice {
  explicit Choice(int strategy) : strategy(strategy) {}
  int strategy;
  bool win = false, at_once = false;
  Squares squares;
  void offer(const Squares& r) {
    if (!win || cost(r, strategy) < cost(squares, strategy)) squares = r;
    win = true;
  }
  void offer_end() {
    offer(Squares{});
    at_once = true;
  }
};

// The check game of a doomed square: B's king frozen on s (it can only
// lose by moving), B's pawns (the normal form's White) to move against W's
// king (the lone king). Any move of B's but a check or a promotion lets W
// win at once; so does an unsafe promotion (W then promotes safely). A
// promotion B's king defends is safe; W's king answers a check, not next
// to s, within a file of B's pawns (W's own are further away, so it never
// stands in their way). W survives when B runs out of checks; B wins by a
// safe promotion, or by mating W's king, or draws by stalemate: with no
// pawn move, B's king (four moves or more in its chunk) must keep one, so
// its pawns and W's king must not take four.
class FrozenCheckGame {
 public:
  // Whether W's king survives with B's pawns to move; a placement that
  // cannot arise (s on a pawn or next to W's king) counts as survived.
  bool survives(const Position& pos, int group, Square s) {
    const Bitboard near_s = king_reach(s, 1);
    if ((pos.pawns[WHITE] | king_reach(pos.king[BLACK], 1)) & square_bb(s)) return true;
    std::int8_t& known = memo_[std::size_t(kv3cpp_index(pos, group)) * 64 + s];
    if (known < 0) known = solve(pos, group, s, near_s);
    return known;
  }

 private:
  bool solve(const Position& pos, int group, Square s, Bitboard near_s) {
    Bitboard files = 0;
    for (Bitboard b = pos.pawns[WHITE]; b;) files |= file_bb(file_of(pop_lsb(b)));
    const Bitboard answer_squares = king_reach_any(files, 1);
    bool any_move = false;
    for (Move mv : legal_moves(pos)) {
      const int from = mv.from(), to = mv.to();
      const Bitboard crossed = square_bb(mv.to()) | (to - from == 16 ? square_bb(Square(from + 8)) : 0);
      if (crossed & square_bb(s)) continue;  // B's king stands there
      any_move = true;
      if (mv.kind() == MoveKind::Promotion) {
        if (is_safe_promotion(pos, mv) || (near_s & square_bb(mv.to()))) return false;
        continue;
      }
      const Position after = make_move(pos, mv);
      if (!after.in_check()) continue;
      bool answered = false;
      for (Move a : legal_moves(after))
        if (!(near_s & square_bb(a.to())) && (answer_squares & square_bb(a.to())) &&
            survives(make_move(after, a), group, s)) {
          answered = true;
          break;
        }
      if (!answered) return false;
    }
    if (any_move) return true;
    const Bitboard taken = near_s & ~square_bb(s) & (pos.pawns[WHITE] | king_reach(pos.king[BLACK], 1));
    return popcount(taken) < 4;
  }

  std::vector<std::int8_t> memo_ = std::vector<std::int8_t>(std::size_t(KV3CPP_ENTRIES) * 64, -1);
};

// A placement of a slice: the position, its legal moves and what ends it.
struct Placement {
  bool legal = false;
  Position pos;
  MoveList moves;
  bool in_check = false;       // the lone king
  bool wins_at_once = false;   // the pawns to move have a safe promotion or a mate
  Bitboard frozen_losses = 0;  // the pawns to move: where a frozen king beats the lone king
};

class PassesSlice {
 public:
  PassesSlice(std::uint32_t slice, int strategy, Layer (&pawns)[2], Layer (&king)[2], FrozenCheckGame& frozen)
      : group_(kv3cpp_group_of_slice(slice)), strategy_(strategy), base_(slice << 7), pawns_(pawns), king_(king) {
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
        for (Move m : p.moves) {
          const Position after = make_move(p.pos, m);
          p.wins_at_once |= (m.kind() == MoveKind::Promotion && is_safe_promotion(p.pos, m)) ||
                            (after.in_check() && legal_moves(after).empty());
        }
      if (p.pos.side == WHITE && p.pos.pawns[WHITE])
        for (int s = 0; s < 64; ++s)
          if (!frozen.survives(p.pos, group_, Square(s))) p.frozen_losses |= square_bb(Square(s));
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
    Choice best(strategy_);
    if (p.wins_at_once) best.offer_end();
    for (Move mv : p.moves) {
      if (best.at_once) break;
      const Position after = make_move(p.pos, mv);
      if (mv.kind() == MoveKind::Promotion) {  // unsafe: the king takes
        bool every = true;
        Squares r{0, 0, square_bb(p.pos.king[BLACK])};  // where B must take or lose
        for (Move x : legal_moves(after)) {
          const std::uint32_t j = index(make_move(after, x));
          every = every && pawns_[0].wins(j, n, m);
          if (every) r |= pawns_[0].at(j, n, m);
        }
        if (every) best.offer(r);
      } else if (const std::uint32_t j = index(after); pawns_[1].wins(j, n, m)) {
        best.offer(pawns_[1].at(j, n, m));
      }
    }
    // Where W's move wins at once B's king no longer stands in the way.
    // Where W passes its king moves while B's stands here: a threat square.
    bool passes = false;
    auto store = [&](Layer& layer) {
      if (!best.win) return;
      Squares r = best.squares;
      if (passes) r.threat |= square_bb(p.pos.king[BLACK]);
      layer.set(i, n, m, best.at_once ? Squares{} : r);
    };
    store(pawns_[1]);
    const std::uint32_t king_to_move = i | 64;
    if (!best.at_once && n > 0 && pawns_[1].wins(king_to_move, n - 1, m)) {
      const Squares& pass = pawns_[1].at(king_to_move, n - 1, m);
      passes = !best.win || pass.size() < best.squares.size();
      best.offer(pass);
    }
    store(pawns_[0]);
  }

  // King's game, B's pawns to move (they may pass whenever).
  void pawns_answer(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    Squares r{square_bb(p.pos.king[BLACK])};
    r.frozen = p.frozen_losses;
    bool win = true;
    if (p.pos.pawns[WHITE]) {
      win = !p.moves.empty() && !p.wins_at_once;
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
    if (win) king_[1].set(i, n, m, r);
  }

  // Pawns' game, B's king to move (it may pass unless in check).
  void king_answers(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    if (!p.pos.pawns[WHITE]) return;
    if (p.moves.empty() && !p.in_check) return;  // left without a move: no win
    Squares r;
    Bitboard targets = 0;
    for (Move mv : p.moves) {
      const std::uint32_t j = index(make_move(p.pos, mv));
      if (!pawns_[0].wins(j, n, m)) return;
      r |= pawns_[0].at(j, n, m);
      targets |= square_bb(mv.to());
    }
    const std::uint32_t pawns_to_move = i & ~64u;
    if (!p.moves.empty() && m > 0 && !p.in_check) {
      if (!pawns_[1].wins(pawns_to_move, n, m - 1)) return;
      r |= pawns_[1].at(pawns_to_move, n, m - 1);
    }
    const Square s = p.pos.king[BLACK];
    const Placement& w_to_move = at_[local & 63];
    const bool threatened = w_to_move.legal && w_to_move.wins_at_once && p.moves.size > 3;
    (threatened ? r.at_once : r.live) |= square_bb(s);
    // Doomed: every move of the king (none a capture) lets W win at once.
    bool doomed = threatened;
    for (Move mv : p.moves)
      doomed = doomed && !(p.pos.pawns[WHITE] & square_bb(mv.to())) && at_[mv.to()].legal && at_[mv.to()].wins_at_once;
    if (doomed) r.doomed |= square_bb(s);
    // A king two squares away that covers every move leaves B stalemated
    // if its pawns are gone: those squares must stay clear of W's king.
    if (!p.in_check && !p.moves.empty())
      for (Bitboard w = king_reach(s, 2) & ~king_reach(s, 1); w;)
        if (!(targets & ~KING_ATTACKS[pop_lsb(w)])) {
          r.threat |= targets;
          break;
        }
    pawns_[1].set(i, n, m, r);
  }

  // King's game, W's king to move: [0] may pass, [1] may not.
  void king_moves(std::uint32_t local, int n, int m) {
    const Placement& p = at_[local];
    const std::uint32_t i = base_ | local;
    const std::uint32_t pawns_to_move = i & ~64u;
    Choice best(strategy_);
    // With no pawn left at the start W's king needs somewhere to step when
    // its side passes elsewhere.
    if (!p.pos.pawns[WHITE])
      best.offer({king_reach(p.pos.king[BLACK], 1), 0});
    else
      for (Move mv : p.moves)
        if (const std::uint32_t j = index(make_move(p.pos, mv)); king_[1].wins(j, n, m)) {
          Squares r = king_[1].at(j, n, m);
          if (p.in_check) r.checked |= square_bb(mv.to());
          best.offer(r);
        }
    const Squares here{square_bb(p.pos.king[BLACK]), 0};
    if (best.win) king_[1].set(i, n, m, Squares(best.squares) |= here);
    if (p.pos.pawns[WHITE] && m > 0 && !p.in_check && king_[1].wins(pawns_to_move, n, m - 1))
      best.offer(king_[1].at(pawns_to_move, n, m - 1));
    if (best.win) king_[0].set(i, n, m, Squares(best.squares) |= here);
  }

  int group_;
  int strategy_;
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
  Kv3cppPasses built;
  std::unordered_map<Bitboard, std::uint16_t> known;
  intern(0, built, known);
  auto ids = [&](const Layer& layer, const LibraryArray<std::uint16_t>& win, Bitboard Squares::*part,
                 LibraryArray<std::uint16_t>& out) {
    for (std::size_t k = 0; k < layer.squares.size(); ++k)
      out.push_back((win[k / BUDGETS] >> (k % BUDGETS)) & 1 ? intern(layer.squares[k].*part, built, known) : 0);
  };
  // The check game does not depend on the strategy: one for both builds.
  FrozenCheckGame frozen;
  for (int strategy = 0; strategy < Kv3cppPasses::KING_STRATEGIES; ++strategy) {
    // [1]: what the library keeps (W moves first: no pass); [0]: W's entries
    // where it may pass, needed only while building.
    Layer pawns[2], king[2];
    for_each_kv3cpp_slice_in_order(
        [&](std::uint32_t slice) { PassesSlice(slice, strategy, pawns, king, frozen).solve(); });
    if (strategy == 0) {  // the pawns' game's strategies agree
      built.pawns_win = std::move(pawns[1].win);
      built.king_win = std::move(king[1].win);
      ids(pawns[1], built.pawns_win, &Squares::live, built.pawns_region);
      ids(pawns[1], built.pawns_win, &Squares::threat, built.threat_region);
      ids(pawns[1], built.pawns_win, &Squares::at_once, built.at_once_region);
      ids(pawns[1], built.pawns_win, &Squares::doomed, built.doomed_region);
    }
    ids(king[1], built.king_win, &Squares::live, built.king_region);
    ids(king[1], built.king_win, &Squares::checked, built.checked_region);
    ids(king[1], built.king_win, &Squares::frozen, built.frozen_region);
  }
  return built;
}

}  // namespace chunker
