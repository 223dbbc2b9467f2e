#include "engine/pieces/chess_moves.h"

#include "engine/notation.h"

namespace chunker::pieces {

namespace {

// The men of the side to move pinned to their king, each with the line it
// may still move along (towards and onto its pinner).
struct Pins {
  Bitboard pinned = 0;
  Square square[8];
  Bitboard line[8];
  int size = 0;
  Bitboard allowed(Square s) const {
    if (!(pinned & square_bb(s))) return ~Bitboard(0);
    for (int i = 0; i < size; ++i)
      if (square[i] == s) return line[i];
    return 0;
  }
};

Pins pins_of(const ChessPosition& pos, Bitboard occupied) {
  const Color us = pos.side, them = ~us;
  const Square k = pos.king[us];
  Pins pins;
  Bitboard snipers = (rook_attacks(k, 0) & pos.straight(them)) | (bishop_attacks(k, 0) & pos.diagonal(them));
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard between = BETWEEN[k][s] & occupied;
    // One man between, tested without a popcount (not an instruction of the portable build).
    if (!between || (between & (between - 1)) || !(between & pos.men(us))) continue;
    pins.pinned |= between;
    pins.square[pins.size] = lsb(between);
    pins.line[pins.size++] = BETWEEN[k][s] | square_bb(s);
  }
  return pins;
}

// Whether capturing en passant leaves the king safe: the two pawns leave
// one rank at once, which a pin test of one man does not see.
bool en_passant_safe(const ChessPosition& pos, Square from) {
  ChessPosition after = make_move(pos, {from, pos.ep});
  after.side = pos.side;
  return !in_check(after);
}

}  // namespace

LegalTargets legal_targets(const ChessPosition& pos) {
  LegalTargets out;
  auto add = [&out](Square from, Bitboard to) {
    if (to) out.man[out.size++] = {from, to};
  };
  const Color us = pos.side, them = ~us;
  const Square k = pos.king[us];
  const Bitboard own = pos.men(us), enemy = pos.men(them), occupied = own | enemy;
  const Bitboard checks = attackers(pos, k, them, occupied);
  // The king may not step where it is attacked, a slider's line seen
  // through the king's own square.
  add(k, KING_ATTACKS[k] & ~own & ~attacked_squares(pos, them, occupied ^ square_bb(k)));
  if (checks & (checks - 1)) return out;  // double check
  // Where any other man may land: anywhere not its own, in check only on the
  // checker or between it and the king.
  const Bitboard target = checks ? (checks | BETWEEN[k][lsb(checks)]) : ~own;
  const Pins pins = pins_of(pos, occupied);
  for (int p = 0; p < PIECE_NB; ++p)
    for (Bitboard men = pos.pieces[us][p]; men;) {
      const Square from = pop_lsb(men);
      add(from, piece_attacks(Piece(p), from, occupied) & ~own & target & pins.allowed(from));
    }
  const int up = forward(us);
  const int start_rank = us == WHITE ? 1 : 6;
  for (Bitboard men = pos.pawns[us]; men;) {
    const Square from = pop_lsb(men);
    const Bitboard allowed = pins.allowed(from) & target;
    Bitboard to = 0;
    const Square one = Square(from + up);
    if (!(occupied & square_bb(one))) {
      to |= square_bb(one);
      const Square two = Square(from + 2 * up);
      if (rank_of(from) == start_rank && !(occupied & square_bb(two))) to |= square_bb(two);
    }
    const Bitboard hits = pawn_attacks(us, square_bb(from));
    to = (to | (hits & enemy)) & allowed;
    if (pos.ep != NO_SQUARE && (hits & square_bb(pos.ep)) && en_passant_safe(pos, from)) to |= square_bb(pos.ep);
    add(from, to);
  }
  return out;
}

ChessMoveList legal_moves(const ChessPosition& pos) {
  ChessMoveList list;
  const LegalTargets targets = legal_targets(pos);
  for (int i = 0; i < targets.size; ++i)
    for_each_move(pos, targets.man[i].from, targets.man[i].to, [&list](ChessMove m) { list.add(m); });
  return list;
}

ChessPosition make_move(const ChessPosition& pos, ChessMove m) {
  ChessPosition next = pos;
  const Color us = pos.side, them = ~us;
  const Bitboard from = square_bb(m.from), to = square_bb(m.to);
  next.pawns[them] &= ~to;
  for (auto& men : next.pieces[them]) men &= ~to;
  next.ep = NO_SQUARE;
  next.side = them;
  if (m.from == pos.king[us]) {
    next.king[us] = m.to;
    return next;
  }
  if (pos.pawns[us] & from) {
    const int up = forward(us);
    next.pawns[us] ^= from;
    if (m.to == pos.ep) next.pawns[them] &= ~square_bb(Square(m.to - up));
    if (m.promotion != PIECE_NB)
      next.pieces[us][m.promotion] |= to;
    else
      next.pawns[us] |= to;
    const Square passed = Square(m.from + up);
    if (int(m.to) - int(m.from) == 2 * up && (pawn_attacks(us, square_bb(passed)) & next.pawns[them])) next.ep = passed;
    return next;
  }
  for (auto& men : next.pieces[us])
    if (men & from) men ^= from | to;
  return next;
}

std::string uci(ChessMove m) {
  std::string out = square_name(m.from) + square_name(m.to);
  if (m.promotion != PIECE_NB) out += char(piece_letter(m.promotion) | 0x20);
  return out;
}

std::string san(const ChessPosition& pos, ChessMove m) {
  const Color us = pos.side;
  const bool capture = (pos.men(~us) & square_bb(m.to)) || ((pos.pawns[us] & square_bb(m.from)) && m.to == pos.ep);
  std::string out;
  if (m.from == pos.king[us]) {
    out += 'K';
  } else if (pos.pawns[us] & square_bb(m.from)) {
    if (capture) out += char('a' + file_of(m.from));
  } else {
    int piece = 0;
    while (!(pos.pieces[us][piece] & square_bb(m.from))) ++piece;
    out += piece_letter(Piece(piece));
    bool other = false, same_file = false, same_rank = false;
    for (ChessMove o : legal_moves(pos)) {
      if (o.to != m.to || o.from == m.from || !(pos.pieces[us][piece] & square_bb(o.from))) continue;
      other = true;
      same_file |= file_of(o.from) == file_of(m.from);
      same_rank |= rank_of(o.from) == rank_of(m.from);
    }
    if (other && !same_file)
      out += char('a' + file_of(m.from));
    else if (other && !same_rank)
      out += char('1' + rank_of(m.from));
    else if (other)
      out += square_name(m.from);
  }
  if (capture) out += 'x';
  out += square_name(m.to);
  if (m.promotion != PIECE_NB) {
    out += '=';
    out += piece_letter(m.promotion);
  }
  const ChessPosition next = make_move(pos, m);
  if (in_check(next)) out += legal_moves(next).empty() ? "#" : "+";
  return out;
}

std::string san_line(ChessPosition pos, const std::vector<ChessMove>& line, int fullmove) {
  return numbered_line(pos, line, fullmove);
}

std::optional<ChessMove> find_move(const ChessPosition& pos, std::string_view text) {
  while (!text.empty() && (text.back() == '+' || text.back() == '#')) text.remove_suffix(1);
  for (ChessMove m : legal_moves(pos)) {
    std::string written = san(pos, m);
    while (written.back() == '+' || written.back() == '#') written.pop_back();
    const std::string coordinates = uci(m);
    // A promotion in coordinates without its piece is a queen's, as GUIs write it.
    const bool bare_queen = m.promotion == QUEEN && text == coordinates.substr(0, 4);
    if (text == coordinates || text == written || bare_queen) return m;
  }
  return std::nullopt;
}

std::uint64_t perft(const ChessPosition& pos, int depth) {
  const ChessMoveList moves = legal_moves(pos);
  if (depth <= 1) return depth == 1 ? std::uint64_t(moves.size) : 1;
  std::uint64_t nodes = 0;
  for (ChessMove m : moves) nodes += perft(make_move(pos, m), depth - 1);
  return nodes;
}

}  // namespace chunker::pieces
