// A chess position of kings, pawns and pieces (queens, rooks, bishops,
// knights), for the chess-exact solver (exact/chess/): the board state that
// decides a game played on to mate. Castling is never part of it (a root
// with a castling right is refused): the solver plays the endings that
// follow a king-and-pawn position. Like the engine's Position it is a small
// value type, copied freely.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/epd.h"
#include "engine/pieces/attacks.h"
#include "engine/position.h"

namespace chunker::pieces {

enum Piece : std::uint8_t { QUEEN, ROOK, BISHOP, KNIGHT, PIECE_NB };
constexpr char piece_letter(Piece p) { return "QRBN"[p]; }

struct ChessPosition {
  Bitboard pawns[COLOR_NB] = {0, 0};
  Bitboard pieces[COLOR_NB][PIECE_NB] = {};
  Square king[COLOR_NB] = {NO_SQUARE, NO_SQUARE};
  Color side = WHITE;
  // Kept only when a pawn of the side to move stands beside the pawn that
  // double-stepped, so equal boards compare equal (as position.h does).
  Square ep = NO_SQUARE;

  bool operator==(const ChessPosition&) const = default;

  Bitboard men(Color c) const {
    return pawns[c] | pieces[c][QUEEN] | pieces[c][ROOK] | pieces[c][BISHOP] | pieces[c][KNIGHT] | square_bb(king[c]);
  }
  Bitboard occupied() const { return men(WHITE) | men(BLACK); }
  Bitboard all_pieces(Color c) const {
    return pieces[c][QUEEN] | pieces[c][ROOK] | pieces[c][BISHOP] | pieces[c][KNIGHT];
  }
  Bitboard straight(Color c) const { return pieces[c][QUEEN] | pieces[c][ROOK]; }
  Bitboard diagonal(Color c) const { return pieces[c][QUEEN] | pieces[c][BISHOP]; }
  bool has_pieces() const { return all_pieces(WHITE) | all_pieces(BLACK); }
};

// What a piece of kind p on s attacks, with the board's men on `occupied`.
inline Bitboard piece_attacks(Piece p, Square s, Bitboard occupied) {
  switch (p) {
    case QUEEN:
      return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
    case ROOK:
      return rook_attacks(s, occupied);
    case BISHOP:
      return bishop_attacks(s, occupied);
    default:
      return KNIGHT_ATTACKS[s];
  }
}
// The men of `by` that attack square s, with the board's men on `occupied`.
inline Bitboard attackers(const ChessPosition& pos, Square s, Color by, Bitboard occupied) {
  return (pawn_attacks(~by, square_bb(s)) & pos.pawns[by]) | (KNIGHT_ATTACKS[s] & pos.pieces[by][KNIGHT]) |
         (KING_ATTACKS[s] & square_bb(pos.king[by])) | (rook_attacks(s, occupied) & pos.straight(by)) |
         (bishop_attacks(s, occupied) & pos.diagonal(by));
}
// Every square the men of `by` attack, with the board's men on `occupied`.
inline Bitboard attacked_squares(const ChessPosition& pos, Color by, Bitboard occupied) {
  Bitboard out = pawn_attacks(by, pos.pawns[by]) | KING_ATTACKS[pos.king[by]];
  for (Bitboard b = pos.pieces[by][KNIGHT]; b;) out |= KNIGHT_ATTACKS[pop_lsb(b)];
  for (Bitboard b = pos.straight(by); b;) out |= rook_attacks(pop_lsb(b), occupied);
  for (Bitboard b = pos.diagonal(by); b;) out |= bishop_attacks(pop_lsb(b), occupied);
  return out;
}
inline Bitboard checkers(const ChessPosition& pos) {
  return attackers(pos, pos.king[pos.side], ~pos.side, pos.occupied());
}
inline bool in_check(const ChessPosition& pos) { return checkers(pos) != 0; }

// A dead position (no sequence of legal moves mates): bare kings, a lone
// minor piece, or bishops alone, all on squares of one colour.
inline bool dead(const ChessPosition& pos) {
  if (pos.pawns[WHITE] | pos.pawns[BLACK] | pos.straight(WHITE) | pos.straight(BLACK)) return false;
  constexpr Bitboard LIGHT = 0x55AA55AA55AA55AAULL;
  const Bitboard knights = pos.pieces[WHITE][KNIGHT] | pos.pieces[BLACK][KNIGHT];
  const Bitboard bishops = pos.pieces[WHITE][BISHOP] | pos.pieces[BLACK][BISHOP];
  if (!bishops) return popcount(knights) <= 1;
  return !knights && (!(bishops & LIGHT) || !(bishops & ~LIGHT));
}

// Why a position could not arise, in one line; empty where it could.
std::string find_problem(const ChessPosition& pos);

// The board fields of a FEN (placement, side, castling '-', en passant) and
// the counters. Throws InputError naming the first problem.
struct ChessFen {
  ChessPosition pos;
  int halfmove = 0;
  int fullmove = 1;
};
ChessFen parse_chess_fen(std::string_view text);
// An EPD record of a chess position: its four board fields, then operations
// (engine/epd.h).
struct ChessEpd {
  ChessPosition pos;
  EpdOperations ops;
  std::string op(std::string_view opcode) const { return epd_op(ops, opcode); }
};
std::vector<ChessEpd> read_chess_epd_file(const std::string& path);
std::string board_fields(const ChessPosition& pos);
std::string to_fen(const ChessPosition& pos, int halfmove = 0, int fullmove = 1);

// The engine's king-and-pawn position as a chess position.
ChessPosition from_kings_and_pawns(const Position& pos);

// The eight symmetries of the board (bit 0: files mirrored, bit 1: ranks
// turned, bit 2: the a1-h8 diagonal's reflection, applied last), for
// positions without pawns.
constexpr int SYMMETRY_NB = 8;
Square transform(Square s, int symmetry);
Bitboard transform(Bitboard b, int symmetry);
ChessPosition transform(const ChessPosition& pos, int symmetry);
// The colour-reversed twin: the board turned top to bottom, the colours and
// the side to move swapped. Same value, same distance.
ChessPosition colour_reversed(const ChessPosition& pos);

}  // namespace chunker::pieces
