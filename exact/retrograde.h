// Retrograde analysis, written once for every table Chunker builds: the
// oracle and the chunk libraries are games whose positions fall into slices
// (one pawn configuration each). Moves that stay inside a slice (king moves,
// passes) can be undone; every other move (a pawn move, a capture, a
// promotion) leads to a slice solved before. So each slice is solved on its
// own, in two steps: every position is examined once (the game generates its
// moves with the engine's move generator, looks up those that leave the slice
// and counts the others), then values flow backwards along the in-slice moves
// in order of distance (retrograde counting): a position with a move to a
// lost position is won one ply further, one whose moves all reach won
// positions is lost one ply beyond the longest of them. Taking positions in
// order of distance makes the winner's distance the least and the loser's
// the most; what is never reached is a draw (endless play). In a slice of two
// kings (the oracle's, the exact solver's) the values flow a row of 64
// positions at a time, as bitboards over the black king's square.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <vector>

#include "engine/king_slice.h"
#include "engine/rules.h"

namespace chunker::retro {

constexpr Value UNKNOWN = VALUE_INFINITE;
constexpr Value NOT_LEGAL = -VALUE_INFINITE;
// Distances above this do not occur in any table of Chunker (the oracle's
// one-byte encoding stops here); a longer one is a bug, not data.
constexpr int MAX_TABLE_DISTANCE = 253;

// What a game reports of one position of the slice.
struct Examined {
  Value over = UNKNOWN;               // NOT_LEGAL, the value of a game already over, or UNKNOWN
  int in_slice = 0;                   // moves that stay in the slice
  Value exit_best = -VALUE_INFINITE;  // best value, for the side to move, of the moves that leave it
};

// A game on a slice of two kings (king_slice.h) whose moves inside the
// slice are exactly the king moves that take nothing (king_targets), and
// which names its pawns (`pawns()`): its values flow 64 positions at a time.
template <typename Game>
concept TwoKingGame = requires(const Game& game) {
  { game.pawns()[BLACK] } -> std::convertible_to<Bitboard>;
};

// The squares next to any of `squares`.
constexpr Bitboard king_neighbours(Bitboard squares) {
  const Bitboard sides = ((squares & ~FILE_A) >> 1) | ((squares & ~FILE_H) << 1), row = squares | sides;
  return sides | (row << 8) | (row >> 8);
}

// Solves slices of SLICE_SIZE positions. A Game provides
//   Examined examine(std::uint32_t local);
//   template <class F> void for_each_predecessor(std::uint32_t local, F f);
// where the latter calls f(pred) for every position of the slice with an
// in-slice move to `local` (it may also name positions that are not legal or
// are over: they are skipped), unless it is a TwoKingGame. One solver per
// thread; it is large. SLICE_SIZE 0 takes the size of each slice from its
// game (`std::uint32_t size() const`), for slices that differ in size.
// MAX_DISTANCE is the longest its tables hold: a move out offering a longer
// one waits past it, and a position left there is refused (length_error).
template <std::uint32_t SLICE_SIZE, int MAX_DISTANCE = MAX_TABLE_DISTANCE>
class SliceSolver {
 public:
  template <typename Game>
  void solve(Game& game);
  // After solve(): the value of a position (0 for a draw) or NOT_LEGAL.
  Value value(std::uint32_t local) const {
    const Node& n = node_[local];
    return n.state == OPEN ? 0 : n.value;
  }

 private:
  // A position's state, packed into 4 bytes so that a slice's states fit the
  // core's first-level cache (32 KB for two kings): passing a value to a
  // predecessor reads one of them. The best of its moves out, which its
  // last in-slice move reads, is the value of a position in play until a
  // win is offered (flow_by_position): a second array would be a second
  // cache miss.
  enum State : std::uint8_t {
    OPEN,     // in play, its value not yet passed on
    FIXED,    // not legal, or over: its value is known from the start
    SETTLED,  // its value has been passed on
  };
  struct Node {
    // OPEN: the best value offered so far (flow_by_rows: UNKNOWN when none;
    // flow_by_position: the best move out's where none is better); else its value
    std::int16_t value;
    std::uint8_t pending;  // in-slice moves not yet known to lose
    State state;
  };
  static_assert(sizeof(Node) == 4 && VALUE_INFINITE <= INT16_MAX);

  // Queues a position to pass on the decisive value `v` in its turn.
  void schedule(std::uint32_t local, Value v) {
    bucket_[std::min(distance_of(v), MAX_DISTANCE + 1)].push_back(Local(local));
  }
  void offer(std::uint32_t local, Value v) {
    Node& n = node_[local];
    if (v <= n.value && n.value != UNKNOWN) return;
    n.value = std::int16_t(v);
    schedule(local, v);
  }

  template <typename Game>
  void flow_by_position(Game& game);
  void flow_by_rows(const Bitboard (&pawns)[COLOR_NB]);
  // Settles the positions `bits` of row `row` (flow_by_rows) with value v.
  void settle_row(int row, Bitboard bits, Value v) {
    if (distance_of(v) > MAX_DISTANCE) throw std::length_error("a distance beyond the table's encoding");
    open_[row] &= ~bits;
    for (; bits;) node_[std::uint32_t(row) << 6 | pop_lsb(bits)] = Node{std::int16_t(v), 0, SETTLED};
  }

  using Local = std::conditional_t<(SLICE_SIZE != 0 && SLICE_SIZE <= 65536), std::uint16_t, std::uint32_t>;
  static constexpr bool SIZED_BY_GAME = SLICE_SIZE == 0;
  template <typename T>
  using Array = std::conditional_t<SIZED_BY_GAME, std::vector<T>, T[SIZED_BY_GAME ? 1 : SLICE_SIZE]>;
  Array<Node> node_;
  std::vector<Local> bucket_[MAX_DISTANCE + 2];  // the last: past MAX_DISTANCE
  std::vector<std::uint32_t> predecessors_;      // flow_by_position: one position's
  // flow_by_rows: for each row (side to move, white king), by black king
  // square: the positions in play not yet settled, those won (before the
  // distance at hand), those lost at the last distance and at this one, and
  // those whose moves out allow a loss as short as the distance at hand.
  static constexpr int ROWS = 2 * SQUARE_NB;
  Bitboard open_[ROWS], won_[ROWS], won_now_[ROWS], lost_last_[ROWS], lost_now_[ROWS], exit_ok_[ROWS];
};

template <std::uint32_t SLICE_SIZE, int MAX_DISTANCE>
template <typename Game>
void SliceSolver<SLICE_SIZE, MAX_DISTANCE>::solve(Game& game) {
  for (auto& b : bucket_) b.clear();
  if constexpr (TwoKingGame<Game>)
    for (int row = 0; row < ROWS; ++row) open_[row] = exit_ok_[row] = 0;
  std::uint32_t size = SLICE_SIZE;
  if constexpr (SIZED_BY_GAME) {
    size = game.size();
    node_.resize(size);
  }
  for (std::uint32_t local = 0; local < size; ++local) {
    const Examined e = game.examine(local);
    Node& n = node_[local];
    if (e.over != UNKNOWN) {
      n = Node{std::int16_t(e.over), 0, FIXED};
      // The positions that end the game start the flow.
      if (e.over != NOT_LEGAL && is_decisive(e.over)) schedule(local, e.over);
      continue;
    }
    if constexpr (TwoKingGame<Game>) {
      n = Node{std::int16_t(UNKNOWN), std::uint8_t(e.in_slice), OPEN};
      open_[local >> 6] |= square_bb(Square(local & 63));
      // With no move out a loss is allowed from the start; with a losing
      // one, from its distance on.
      exit_ok_[local >> 6] |= Bitboard(e.exit_best == -VALUE_INFINITE) << (local & 63);
      if (is_loss(e.exit_best)) schedule(local, e.exit_best);
      if (is_win(e.exit_best)) offer(local, e.exit_best);
    } else {
      n = Node{std::int16_t(e.exit_best), std::uint8_t(e.in_slice), OPEN};
      if (is_win(e.exit_best) || (e.in_slice == 0 && is_loss(e.exit_best))) schedule(local, e.exit_best);
    }
  }
  if constexpr (TwoKingGame<Game>)
    flow_by_rows(game.pawns());
  else
    flow_by_position(game);
}

// Passes each settled value to the predecessors of its position, one
// position at a time, in order of distance.
// A slice too large for the cache spends its time waiting for the states
// of positions far apart: each is asked for ahead of its use (the next
// positions of a bucket, all the predecessors of one before any is read).
template <std::uint32_t SLICE_SIZE, int MAX_DISTANCE>
template <typename Game>
void SliceSolver<SLICE_SIZE, MAX_DISTANCE>::flow_by_position(Game& game) {
  constexpr std::size_t AHEAD = 8;
  for (int d = 0; d <= MAX_DISTANCE; ++d)
    for (std::size_t i = 0; i < bucket_[d].size(); ++i) {
      if (i + AHEAD < bucket_[d].size()) __builtin_prefetch(&node_[bucket_[d][i + AHEAD]]);
      const std::uint32_t local = bucket_[d][i];
      Node& n = node_[local];
      if (n.state == SETTLED || distance_of(n.value) != d) continue;
      const Value v = n.value;
      n.state = SETTLED;
      predecessors_.clear();
      game.for_each_predecessor(local, [&](std::uint32_t pred) {
        __builtin_prefetch(&node_[pred]);
        predecessors_.push_back(pred);
      });
      for (const std::uint32_t pred : predecessors_) {
        Node& p = node_[pred];
        if (p.state != OPEN) continue;  // not legal, game over, or known
        if (is_loss(v)) {
          offer(pred, from_child(v));
        } else if (--p.pending == 0) {
          // Every move loses: the best of them, or of the moves out.
          const Value best = std::max<Value>(p.value, from_child(v));
          if (is_loss(best)) {
            p.value = std::int16_t(best);
            schedule(pred, best);
          }
        }
      }
    }
  for (const std::uint32_t local : bucket_[MAX_DISTANCE + 1])
    if (node_[local].state != SETTLED && distance_of(node_[local].value) > MAX_DISTANCE)
      throw std::length_error("a distance beyond the table's encoding");
}

// The same flow for a slice of two kings, one distance d at a time, a row
// of 64 positions (one per black king square) at a time: a position in play
// is won at d if a move reaches a position lost at d - 1 (or its best move
// out wins at d), lost at d if every king move reaches a position won before
// d and its moves out allow a loss at d. Only the rows where something that
// decides this changed are looked at again.
template <std::uint32_t SLICE_SIZE, int MAX_DISTANCE>
void SliceSolver<SLICE_SIZE, MAX_DISTANCE>::flow_by_rows(const Bitboard (&pawns)[COLOR_NB]) {
  static_assert(SLICE_SIZE == king_slice::SIZE);
  const Bitboard all_pawns = pawns[WHITE] | pawns[BLACK];
  // Where each king may step without taking, whatever the other king's square.
  const Bitboard white_to = ~(all_pawns | pawn_attacks(BLACK, pawns[BLACK]));
  const Bitboard black_to = ~(all_pawns | pawn_attacks(WHITE, pawns[WHITE]));
  for (int row = 0; row < ROWS; ++row) won_[row] = won_now_[row] = lost_last_[row] = lost_now_[row] = 0;
  int last_event = 0;
  for (int d = 0; d <= MAX_DISTANCE + 1; ++d)
    if (!bucket_[d].empty()) last_event = d;
  // Rows by side to move, as sets of white king squares.
  Bitboard lost_last_rows[COLOR_NB] = {0, 0}, look[COLOR_NB] = {0, 0};
  for (int d = 0; d <= last_event || lost_last_rows[WHITE] | lost_last_rows[BLACK] | look[WHITE] | look[BLACK]; ++d) {
    Bitboard won_rows[COLOR_NB] = {0, 0}, lost_rows[COLOR_NB] = {0, 0};
    auto win = [&](int row, Bitboard bits) {
      if (!bits) return;
      settle_row(row, bits, win_in(d));
      won_now_[row] |= bits;
      won_rows[row >> 6] |= square_bb(Square(row & 63));
    };
    auto lose = [&](int row, Bitboard bits) {
      if (!bits) return;
      settle_row(row, bits, loss_in(d));
      lost_now_[row] |= bits;
      lost_rows[row >> 6] |= square_bb(Square(row & 63));
    };
    // What the examination put at this distance: ends of the game, wins by
    // a move out, moves out that allow a loss from here on.
    for (Local local : d <= MAX_DISTANCE + 1 ? bucket_[d] : std::vector<Local>()) {
      Node& n = node_[local];
      const int row = int(local >> 6);
      const Bitboard bit = square_bb(Square(local & 63));
      if (n.state == FIXED) {
        n.state = SETTLED;
        (is_win(n.value) ? won_now_ : lost_now_)[row] |= bit;
        (is_win(n.value) ? won_rows : lost_rows)[row >> 6] |= square_bb(Square(row & 63));
      } else if (n.state == OPEN && n.value == UNKNOWN) {
        exit_ok_[row] |= bit;
        look[row >> 6] |= square_bb(Square(row & 63));
      } else if (n.state == OPEN) {
        win(row, bit);
      }
    }
    // Wins: a white king move (from a neighbouring square) to a position
    // lost with Black to move, a black king move to one lost with White to move.
    for (Bitboard w = lost_last_rows[BLACK]; w;) {
      const Square to = pop_lsb(w);
      for (Bitboard from = KING_ATTACKS[to]; from;) {
        const Square s = pop_lsb(from);
        win(s, lost_last_[SQUARE_NB + to] & open_[s]);
      }
    }
    for (Bitboard w = lost_last_rows[WHITE]; w;) {
      const Square s = pop_lsb(w);
      win(SQUARE_NB + s, king_neighbours(lost_last_[s]) & open_[SQUARE_NB + s]);
    }
    // Losses, where every king move reaches a position won before d.
    for (Bitboard w = look[BLACK]; w;) {
      const Square s = pop_lsb(w);
      const Bitboard candidates = open_[SQUARE_NB + s] & exit_ok_[SQUARE_NB + s];
      if (!candidates) continue;
      const Bitboard not_won = black_to & ~(KING_ATTACKS[s] | square_bb(s)) & ~won_[s];
      lose(SQUARE_NB + s, candidates & ~king_neighbours(not_won));
    }
    for (Bitboard w = look[WHITE]; w;) {
      const Square s = pop_lsb(w);
      Bitboard candidates = open_[s] & exit_ok_[s];
      for (Bitboard to = KING_ATTACKS[s] & white_to; to && candidates;) {
        const Square t = pop_lsb(to);
        candidates &= won_[SQUARE_NB + t] | KING_ATTACKS[t] | square_bb(t);
      }
      lose(s, candidates);
    }
    // What changed decides where to look at d + 1: a black king move from
    // row (Black, w) reaches row (White, w); a white king move from (White, w)
    // reaches (Black, w') for each neighbour w' of w.
    look[WHITE] = look[BLACK] = 0;
    for (Bitboard w = won_rows[WHITE]; w;) {
      const Square s = pop_lsb(w);
      won_[s] |= won_now_[s];
      won_now_[s] = 0;
      look[BLACK] |= square_bb(s);
    }
    for (Bitboard w = won_rows[BLACK]; w;) {
      const Square s = pop_lsb(w);
      won_[SQUARE_NB + s] |= won_now_[SQUARE_NB + s];
      won_now_[SQUARE_NB + s] = 0;
      look[WHITE] |= KING_ATTACKS[s];
    }
    for (Color c : {WHITE, BLACK})
      for (Bitboard w = lost_last_rows[c]; w;) lost_last_[c * SQUARE_NB + pop_lsb(w)] = 0;
    for (Color c : {WHITE, BLACK}) {
      for (Bitboard w = lost_rows[c]; w;) {
        const int row = c * SQUARE_NB + pop_lsb(w);
        lost_last_[row] = lost_now_[row];
        lost_now_[row] = 0;
      }
      lost_last_rows[c] = lost_rows[c];
    }
  }
}

// Whether a move stays in its slice: a king move that takes nothing (every
// other move changes the pawns).
inline bool stays_in_slice(const Position& pos, Move m) {
  return m.from() == pos.king[pos.side] && !(pos.pawns[~pos.side] & square_bb(m.to()));
}

// For slices of two kings (king_slice.h): calls f(pred) for the positions
// one king move before `local`, the other side to move and its king on a
// neighbouring square that holds no pawn and is not next to the king that
// stayed.
template <typename F>
void for_each_king_move_predecessor(std::uint32_t local, Bitboard pawns, F f) {
  const Color side = king_slice::side(local), mover = ~side;
  const Square stayed = king_slice::king(local, side);
  const Bitboard blocked = pawns | KING_ATTACKS[stayed] | square_bb(stayed);
  for (Bitboard from = KING_ATTACKS[king_slice::king(local, mover)] & ~blocked; from;) {
    const Square s = pop_lsb(from);
    f(mover == WHITE ? king_slice::local(mover, s, stayed) : king_slice::local(mover, stayed, s));
  }
}

// Where the kings cannot stand in a slice of two kings with these pawns:
// every placement is_legal refuses, found by three table lookups instead of
// its chain of tests (which the oracle would run on nearly a billion
// placements). For each black king square, where the white king cannot
// stand: on a pawn, on or next to the black king, anywhere if the black king
// is on a pawn (or if the pawns alone are not legal); for each side to move,
// where the waiting king would be in check, and where its own king would be
// in check from two pawns.
class KingsMask {
 public:
  explicit KingsMask(const Bitboard (&pawns)[COLOR_NB]) {
    const Bitboard all = pawns[WHITE] | pawns[BLACK];
    const bool pawns_legal = !(all & (RANK_1 | RANK_8)) && popcount(pawns[WHITE]) <= 8 && popcount(pawns[BLACK]) <= 8 &&
                             !(pawns[WHITE] & pawns[BLACK]);
    for (Square s = 0; s < SQUARE_NB; ++s)
      no_white_king_[s] = !pawns_legal || all & square_bb(s) ? ~Bitboard(0) : all | KING_ATTACKS[s] | square_bb(s);
    for (Color c : {WHITE, BLACK}) {
      no_waiting_king_[c] = pawn_attacks(c, pawns[c]);
      no_moving_king_[c] = 0;
      for (Square s = 0; s < SQUARE_NB; ++s)
        if (popcount(pawn_attacks(c, square_bb(s)) & pawns[~c]) > 1) no_moving_king_[c] |= square_bb(s);
    }
  }
  bool rules_out(const Position& pos) const {
    return (square_bb(pos.king[WHITE]) & no_white_king_[pos.king[BLACK]]) |
           (square_bb(pos.king[~pos.side]) & no_waiting_king_[pos.side]) |
           (square_bb(pos.king[pos.side]) & no_moving_king_[pos.side]);
  }

 private:
  Bitboard no_white_king_[SQUARE_NB];
  Bitboard no_waiting_king_[COLOR_NB];
  Bitboard no_moving_king_[COLOR_NB];
};

// Where the king and the pawns of the side to move can go.
struct Targets {
  Bitboard king_to;
  PawnTargets pawn_to;
};

// The start of examining a position of a slice of two kings the fast way,
// for games that look up their exits themselves: nullopt with e.over set
// where the position is not legal or `end(pos, rule_value)` says the game
// is over, else where its king and pawns go, the king's moves that take
// nothing counted in e.in_slice by popcount (which spares a branch per move
// that no predictor gets right); its captures and the pawn moves are the
// caller's.
template <typename End>
std::optional<Targets> examine_start(const Position& pos, const KingsMask& mask, const End& end, Examined& e) {
  if (mask.rules_out(pos)) {
    e.over = NOT_LEGAL;
    return std::nullopt;
  }
  const Targets t{king_targets(pos), pawn_targets(pos)};
  if (auto over = end(pos, rule_value(pos, t.king_to, t.pawn_to))) {
    e.over = *over;
    return std::nullopt;
  }
  e.in_slice = popcount(t.king_to & ~pos.pawns[~pos.side]);
  return t;
}

// What ends a game in most tables: the rules of rules.h alone.
struct ByRules {
  std::optional<Value> operator()(const Position& pos, const MoveList& moves) const { return rule_value(pos, moves); }
};

// The value of a position right after an unsafe promotion, which no table
// stores: what `end` says of it (given its replies, which it may narrow) if
// the game is over there, else the best of its replies (the capture, or a
// safe promotion), each looked up with `stored`.
template <typename Lookup, typename End = ByRules>
Value value_after_promotion(const Position& pos, const Lookup& stored, const End& end = {}) {
  MoveList replies = legal_moves(pos);
  if (auto v = end(pos, replies)) return *v;
  Value best = -VALUE_INFINITE;
  for (Move m : replies) best = std::max(best, from_child(stored(make_move(pos, m))));
  return best;
}

// Adds to `e` the moves of a position in play: those that stay in the slice
// are counted, those that leave it give exit_best, each position reached
// looked up with `stored` (an unsafe promotion through its replies).
template <typename Lookup>
void examine_moves(const Position& pos, const MoveList& moves, const Lookup& stored, Examined& e) {
  for (Move m : moves) {
    if (stays_in_slice(pos, m)) {
      ++e.in_slice;
      continue;
    }
    const Position child = make_move(pos, m);
    const Value v = m.kind() == MoveKind::Promotion ? value_after_promotion(child, stored) : stored(child);
    e.exit_best = std::max(e.exit_best, from_child(v));
  }
}

// Solves slices group by group, each group only after every group before
// it (a slice's moves out lead only to earlier groups), the slices of a
// group spread over all cores. solve(worker, slice) does one slice with the
// worker's own solver; progress(done) is called now and then from the
// calling thread.
inline void solve_in_order(const std::vector<std::vector<std::uint32_t>>& groups, unsigned workers,
                           const std::function<void(unsigned, std::uint32_t)>& solve,
                           const std::function<void(std::uint32_t)>& progress) {
  constexpr auto REPORT_EVERY = std::chrono::milliseconds(100);
  std::atomic<std::uint32_t> done = 0;
  auto last_report = std::chrono::steady_clock::now();
  for (const auto& group : groups) {
    std::atomic<std::size_t> next = 0;
    auto work = [&](unsigned worker) {
      for (std::size_t i; (i = next++) < group.size();) {
        solve(worker, group[i]);
        ++done;
        if (worker == 0 && std::chrono::steady_clock::now() - last_report > REPORT_EVERY) {
          progress(done);
          last_report = std::chrono::steady_clock::now();
        }
      }
    };
    std::vector<std::thread> helpers;
    for (unsigned w = 1; w < workers; ++w) helpers.emplace_back(work, w);
    work(0);
    for (auto& h : helpers) h.join();
  }
  progress(done);
}

// How solve_domain (domain_solve.h) and the chess-exact solver (chess_table.h)
// run their groups of slices where solve_in_order's threads are not all:
// the distributed build (oracle_mpi.h) solves its share of each group and
// exchanges the slices, whose bytes `slice_bytes(slice)` gives (none for a
// slice no one solves: a chess slice read through its colour-reversed twin).
using GroupRunner = std::function<void(const std::vector<std::vector<std::uint32_t>>& groups, unsigned workers,
                                       const std::function<void(unsigned, std::uint32_t)>& solve,
                                       const std::function<void(std::uint32_t)>& progress,
                                       const std::function<std::span<std::uint8_t>(std::uint32_t)>& slice_bytes)>;

// Examines a position of a slice the plain way, for games without a faster
// path of their own: not legal, over by the rules, or in play with its moves
// from the engine's list (examine_moves).
template <typename Lookup>
Examined examine_position(const Position& pos, const Lookup& stored) {
  Examined e;
  if (!is_legal(pos)) {
    e.over = NOT_LEGAL;
    return e;
  }
  const MoveList moves = legal_moves(pos);
  if (auto end = rule_value(pos, moves)) {
    e.over = *end;
    return e;
  }
  examine_moves(pos, moves, stored, e);
  return e;
}

}  // namespace chunker::retro
