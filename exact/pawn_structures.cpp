#include "exact/pawn_structures.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "engine/movegen.h"

namespace chunker {

int potential(const PawnStructure& s) {
  int sum = 0;
  for (Color c : {WHITE, BLACK})
    for (Bitboard b = s.pawns[c]; b;) sum += 7 - relative_rank(c, pop_lsb(b));
  return sum;
}

namespace {

// The structures after the en-passant captures open to the side to move of
// `pos` (which holds the right): every other move of that position is a
// move of its plain structure too.
template <typename F>
void for_each_en_passant_structure(const Position& pos, F f) {
  if (pos.ep == NO_SQUARE) return;
  for_each_pawn_move(pos, pawn_targets(pos), [&](Move m) {
    if (m.kind() == MoveKind::EnPassant) f(structure_of(make_move(pos, m)));
  });
}

// Calls f(next, through) for each structure one move of either side away
// from `s`, `through` true where the move is a double step or a promotion,
// whose position is valued through the moves that follow it.
template <typename F>
void for_each_next_structure(const PawnStructure& s, F f) {
  Position pos;  // no kings: nothing but pawns blocks a pawn
  pos.pawns[WHITE] = s.pawns[WHITE];
  pos.pawns[BLACK] = s.pawns[BLACK];
  for (Color c : {WHITE, BLACK}) {
    for (Bitboard b = s.pawns[c]; b;) {  // a king takes the pawn
      PawnStructure taken = s;
      taken.pawns[c] &= ~square_bb(pop_lsb(b));
      f(taken, false);
    }
    pos.side = c;
    for_each_pawn_move(pos, pawn_targets(pos), [&](Move m) {
      const Position next = make_move(pos, m);  // a promotion leaves the pawn off the board
      const bool through = m.kind() == MoveKind::Promotion || next.ep != NO_SQUARE;
      f(structure_of(next), through);
      for_each_en_passant_structure(next, [&](const PawnStructure& t) { f(t, false); });
    });
  }
}

}  // namespace

std::optional<std::vector<PawnStructure>> reachable_structures(const Position& root, std::uint64_t max_structures,
                                                               std::uint64_t& found) {
  std::unordered_set<PawnStructure, PawnStructureHash> seen;
  std::vector<PawnStructure> order;
  auto add = [&](const PawnStructure& s) {
    if (order.size() <= max_structures && seen.insert(s).second) order.push_back(s);
  };
  add(structure_of(root));
  for_each_en_passant_structure(root, add);
  for (std::size_t i = 0; i < order.size() && order.size() <= max_structures; ++i) {
    const PawnStructure s = order[i];  // a copy: add() may grow `order`
    for_each_next_structure(s, [&](const PawnStructure& t, bool) { add(t); });
  }
  found = order.size();
  if (order.size() > max_structures) return std::nullopt;
  std::stable_sort(order.begin(), order.end(),
                   [](const PawnStructure& a, const PawnStructure& b) { return potential(a) < potential(b); });
  return order;
}

std::vector<std::vector<std::uint32_t>> potential_levels(const std::vector<PawnStructure>& structures) {
  std::vector<std::vector<std::uint32_t>> groups;
  for (std::uint32_t i = 0; i < structures.size(); ++i) {
    const int p = potential(structures[i]);
    if (i > 0 && p < potential(structures[i - 1])) throw std::logic_error("structures out of order");
    if (groups.empty() || potential(structures[groups.back().front()]) != p) groups.emplace_back();
    groups.back().push_back(i);
  }
  return groups;
}

void for_each_looked_up_structure(const PawnStructure& s, const std::function<void(const PawnStructure&)>& f) {
  std::unordered_set<PawnStructure, PawnStructureHash> seen{s}, expanded{s};
  std::vector<PawnStructure> through{s};
  while (!through.empty()) {
    const PawnStructure from = through.back();
    through.pop_back();
    for_each_next_structure(from, [&](const PawnStructure& t, bool further) {
      if (seen.insert(t).second) f(t);
      if (further && expanded.insert(t).second) through.push_back(t);
    });
  }
}

}  // namespace chunker
