// One pawn structure's slice of the exact solver (exact.h), written once for
// the single-process build (exact_build.cpp) and the distributed one
// (exact_mpi.h): they differ only in where the slices a move reaches are found.
// A `Find` is `const std::uint8_t* find(const PawnStructure&)`: a solved
// slice's bytes (king_slice::SIZE of them), or null where it holds none.
#pragma once

#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "exact/exact.h"
#include "exact/retrograde.h"

namespace chunker {

using ExactSolver = retro::SliceSolver<king_slice::SIZE>;

// The value of a legal position whose reachable slices `find` holds, solved
// by `rules` (OracleRules: Chunker's; or a SideRules'). A position with an
// en-passant right, or right after a promotion, is not stored (exact.h): it
// is the best of its moves.
template <typename Find, typename Rules = OracleRules>
Value exact_value(const Position& pos, const Find& find, const Rules& rules = {}) {
  if (pos.ep != NO_SQUARE || pos.promoted != NO_SQUARE)
    return retro::value_after_promotion(
        pos, [&](const Position& p) { return exact_value(p, find, rules); },
        [&](const Position& p, MoveList& replies) {
          if constexpr (requires { rules.keep_replies(p, replies); }) rules.keep_replies(p, replies);
          return rules.end(p, rule_value(p, replies));
        });
  const std::uint8_t* slice = find(structure_of(pos));
  if (!slice) throw std::logic_error("exact table: a position outside its pawn structures");
  return OracleTable::decode(slice[king_slice::local(pos)]);
}

// Copies structure `s`'s slice into `bytes` from the oracle where `sources`
// holds its layout; false (nothing written) where it does not.
bool copy_exact_slice_from_oracle(const PawnStructure& s, const ExactSources& sources, std::uint8_t* bytes);

// A SideRules as the templates above take their rules.
struct SideRulesRef {
  const SideRules* rules;
  std::optional<Value> end(const Position& pos, std::optional<Value> by_rules) const {
    return rules->end(pos, by_rules);
  }
  void keep_replies(const Position& pos, MoveList& replies) const { rules->keep_replies(pos, replies); }
};

namespace exact_detail {

// The slice as retrograde.h's loop sees it: the kings move inside it, every
// other move leaves it for a slice `find` holds. As the oracle's slice
// (domain_solve.h) does, it finds once per slice the slice each pawn move
// and each king capture leads to (the kings do not change which), so that a
// position looks up a byte, not a structure; only a double step that gives
// an en-passant right and a promotion, valued through the replies, take the
// long way (exact_value).
template <typename Find, typename Rules>
class Slice {
 public:
  Slice(const PawnStructure& s, const Find& find, const Rules& rules)
      : find_(find), rules_(rules), kings_mask_(s.pawns) {
    pos_.pawns[WHITE] = s.pawns[WHITE];
    pos_.pawns[BLACK] = s.pawns[BLACK];
    for (Bitboard b = s.pawns[WHITE] | s.pawns[BLACK]; b;) {  // a king takes the pawn
      const Square sq = pop_lsb(b);
      PawnStructure taken = s;
      taken.pawns[WHITE] &= ~square_bb(sq);
      taken.pawns[BLACK] &= ~square_bb(sq);
      capture_exit_[sq] = find_(taken);
    }
    // Every pawn move the pawns allow with no kings on the board: the kings
    // only ever take some of them away.
    for (Color c : {WHITE, BLACK}) {
      Position mover = pos_;
      mover.side = c;
      mover.king[WHITE] = mover.king[BLACK] = NO_SQUARE;
      for_each_pawn_move(mover, pawn_targets(mover), [&](Move m) {
        const Position next = make_move(mover, m);
        const bool through = m.kind() == MoveKind::Promotion || next.ep != NO_SQUARE;
        pawn_exit_[c][m.to()][step_kind(c, m)] = through ? nullptr : find_(structure_of(next));
      });
    }
  }

  retro::Examined examine(std::uint32_t local) {
    Position& pos = pos_;
    king_slice::place(pos, local);
    retro::Examined e;
    const auto targets = retro::examine_start(
        pos, kings_mask_, [this](const Position& p, auto by_rules) { return rules_.end(p, by_rules); }, e);
    if (!targets) return e;
    for (Bitboard captures = targets->king_to & pos.pawns[~pos.side]; captures;) {
      const Square to = pop_lsb(captures);  // the king's new square, the other side to move
      const Square white = pos.side == WHITE ? to : pos.king[WHITE], black = pos.side == BLACK ? to : pos.king[BLACK];
      add_exit(e, capture_exit_[to], king_slice::local(~pos.side, white, black));
    }
    for_each_pawn_move(pos, targets->pawn_to, [&](Move m) {
      if (const std::uint8_t* exit = pawn_exit_[pos.side][m.to()][step_kind(pos.side, m)])
        return add_exit(e, exit, local ^ king_slice::SIDE_BIT);
      const Position child = make_move(pos, m);
      // A promotion's child is not stored: exact_value goes through its replies.
      const Value v = exact_value(
          child, [this](const PawnStructure& t) { return found(t); }, rules_);
      e.exit_best = std::max(e.exit_best, from_child(v));
    });
    return e;
  }

  // Its pawns: a retro::TwoKingGame.
  const Bitboard (&pawns() const)[COLOR_NB] { return pos_.pawns; }

 private:
  // A pawn move by its square of arrival and its step: forward once, twice,
  // or a capture towards either side (no two pawns of a side make the same).
  static int step_kind(Color c, Move m) {
    const int step = (int(m.to()) - int(m.from())) * (c == WHITE ? 1 : -1);
    return step == 8 ? 0 : step == 16 ? 1 : step == 7 ? 2 : 3;
  }

  // find_(s), asked once per structure: the long way looks up the same few
  // structures from every position of the slice.
  const std::uint8_t* found(const PawnStructure& s) {
    for (const auto& [structure, bytes] : found_)
      if (structure == s) return bytes;
    return found_.emplace_back(s, find_(s)).second;
  }

  static void add_exit(retro::Examined& e, const std::uint8_t* slice, std::uint32_t local) {
    if (!slice) throw std::logic_error("exact table: a position outside its pawn structures");
    e.exit_best = std::max<Value>(e.exit_best, domain::VALUE_OF_MOVE_TO<OracleRules>[slice[local]]);
  }

  const Find& find_;
  const Rules rules_;
  Position pos_;
  const retro::KingsMask kings_mask_;
  const std::uint8_t* capture_exit_[SQUARE_NB] = {};
  const std::uint8_t* pawn_exit_[COLOR_NB][SQUARE_NB][4] = {};
  std::vector<std::pair<PawnStructure, const std::uint8_t*>> found_;
};

}  // namespace exact_detail

// Fills `bytes` with structure `s`'s slice, one byte per position as the
// oracle encodes it: copied from the oracle where `sources` holds it (then
// true), else solved with `solver`, the slices its moves reach read through
// `find` (every structure of lower potential it looks up, exact.h).
template <typename Find>
bool solve_exact_slice(const PawnStructure& s, const ExactSources& sources, ExactSolver& solver, const Find& find,
                       std::uint8_t* bytes) {
  auto solve = [&](const auto& rules) {
    exact_detail::Slice<Find, std::decay_t<decltype(rules)>> game(s, find, rules);
    solver.solve(game);
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      const Value v = solver.value(local);
      bytes[local] = v == retro::NOT_LEGAL ? king_slice::ILLEGAL_BYTE : OracleTable::encode(v);
    }
  };
  if (sources.rules) {
    solve(SideRulesRef{sources.rules.get()});
    return false;
  }
  if (copy_exact_slice_from_oracle(s, sources, bytes)) return true;
  solve(OracleRules{});
  return false;
}

}  // namespace chunker
