#include "engine/variant/movegen.h"

namespace chunker::variant {

namespace {

// Adds a move to every square of `targets`, coming from `offset` squares back.
void add_all(MoveList& list, Bitboard targets, int offset, MoveKind kind) {
  while (targets) {
    Square to = pop_lsb(targets);
    list.add({Square(to - offset), to, kind});
  }
}

}  // namespace

void generate(const Variant& v, const Board& b, MoveList& list) {
  list.size = 0;
  const Color us = b.side;
  const Bitboard own = b.pawns[us], enemy = b.pawns[~us];
  const Bitboard empty = v.squares() & ~(own | enemy);
  const int up = forward(us);

  // Captures first: the solver tries them first, and they shrink the tree.
  // Shifting a whole rank forward and one file sideways: mask the file that would wrap around.
  const Bitboard west = push(us, own & ~FILE_A) >> 1, east = push(us, own & ~FILE_H) << 1;
  add_all(list, west & enemy, up - 1, MoveKind::Capture);
  add_all(list, east & enemy, up + 1, MoveKind::Capture);
  if (b.ep != NO_SQUARE) {
    // Our pawns that attack the en-passant square are where an enemy pawn on it would attack.
    Bitboard capturers = pawn_attacks(~us, square_bb(b.ep)) & own;
    while (capturers) list.add({pop_lsb(capturers), b.ep, MoveKind::EnPassant});
  }
  const Bitboard single = push(us, own) & empty;
  add_all(list, single, up, MoveKind::Push);
  const Bitboard twice = push(us, push(us, own & v.double_step_rank(us)) & empty) & empty;
  add_all(list, twice, 2 * up, MoveKind::DoublePush);
}

Board play(const Variant& v, const Board& b, Move m) {
  const Color us = b.side, them = ~us;
  Board next = b;
  next.pawns[us] ^= square_bb(m.from) | square_bb(m.to);
  if (m.kind == MoveKind::Capture) next.pawns[them] &= ~square_bb(m.to);
  if (m.kind == MoveKind::EnPassant) next.pawns[them] &= ~square_bb(Square(m.to - forward(us)));
  next.ep = NO_SQUARE;
  if (m.kind == MoveKind::DoublePush && v.rules().en_passant) {
    // Only a pawn beside the landing square can take en passant, and with no kings on the board
    // nothing can make that capture illegal.
    Square passed = Square(m.from + forward(us));
    if (pawn_attacks(us, square_bb(passed)) & next.pawns[them]) next.ep = passed;
  }
  next.side = them;
  return next;
}

bool can_reach_last_rank(const Variant& v, const Board& b) {
  const Color us = b.side;
  const Bitboard runners = b.pawns[us] & v.seventh_rank(us);
  if (!runners) return false;
  const Bitboard empty = v.squares() & ~(b.pawns[WHITE] | b.pawns[BLACK]);
  // An en-passant capture never lands on the last rank, and a double step never reaches it.
  return ((push(us, runners) & empty) | (pawn_attacks(us, runners) & b.pawns[~us])) != 0;
}

Outcome outcome(const Variant& v, const Board& b) {
  if (b.pawns[~b.side] & v.last_rank(~b.side)) return Outcome::Loss;
  if (!b.pawns[b.side]) return Outcome::Loss;
  MoveList list;
  generate(v, b, list);
  return list.size == 0 ? Outcome::Draw : Outcome::Ongoing;
}

std::string move_text(Move m) {
  auto name = [](Square s) { return std::string{char('a' + file_of(s)), char('1' + rank_of(s))}; };
  return name(m.from) + (m.is_capture() ? "x" : "") + name(m.to);
}

}  // namespace chunker::variant
