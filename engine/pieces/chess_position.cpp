#include "engine/pieces/chess_position.h"

#include <vector>

namespace chunker::pieces {

namespace {

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

void read_placement(std::string_view field, ChessPosition& pos) {
  int rank = 7, file = 0, kings[COLOR_NB] = {0, 0};
  const std::string_view letters = "qrbn";
  for (char c : field) {
    if (c == '/') {
      if (file != 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " does not have 8 squares");
      if (--rank < 0) throw InputError("FEN placement has more than 8 ranks");
      file = 0;
      continue;
    }
    if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
      continue;
    }
    if (file >= 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
    const Square s = make_square(file++, rank);
    const Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
    const char lower = char(c | 0x20);
    if (lower == 'p') {
      pos.pawns[color] |= square_bb(s);
    } else if (lower == 'k') {
      pos.king[color] = s;
      ++kings[color];
    } else if (auto p = letters.find(lower); p != std::string_view::npos) {
      pos.pieces[color][p] |= square_bb(s);
    } else {
      throw InputError(std::string("FEN placement has an unknown character '") + c + "'");
    }
  }
  if (rank != 0 || file != 8) throw InputError("FEN placement does not describe 8 ranks of 8 squares");
  for (Color c : {WHITE, BLACK}) {
    const std::string name = c == WHITE ? "white" : "black";
    if (kings[c] == 0) throw InputError("no " + name + " king");
    if (kings[c] > 1) throw InputError("more than one " + name + " king");
  }
}

// Checks the en-passant square against the board and drops it where no
// pawn of the side to move stands beside the pawn that double-stepped.
void settle_ep(ChessPosition& pos, std::string_view field) {
  if (field == "-") return;
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    throw InputError("FEN en-passant field '" + std::string(field) + "' is not a square or '-'");
  const Square ep = make_square(field[0] - 'a', field[1] - '1');
  const Color us = pos.side, them = ~us;
  const Square pawn = Square(ep + forward(them)), origin = Square(ep - forward(them));
  if (relative_rank(them, ep) != 2 || !(pos.pawns[them] & square_bb(pawn)) ||
      (pos.occupied() & (square_bb(ep) | square_bb(origin))))
    throw InputError("en-passant square " + square_name(ep) + " could not have come from a double step");
  if (pawn_attacks(them, square_bb(ep)) & pos.pawns[us]) pos.ep = ep;
}

}  // namespace

std::string find_problem(const ChessPosition& pos) {
  for (Color c : {WHITE, BLACK}) {
    const std::string name = c == WHITE ? "white" : "black";
    if (pos.pawns[c] & (RANK_1 | RANK_8))
      return name + " pawn on " + square_name(lsb(pos.pawns[c] & (RANK_1 | RANK_8))) +
             ": pawns cannot stand on the first or last rank";
    const int pawns = popcount(pos.pawns[c]);
    if (pawns > 8) return "more than 8 " + name + " pawns";
    // Pieces beyond a side's first set were promoted, each from a pawn.
    const int promoted =
        std::max(0, popcount(pos.pieces[c][QUEEN]) - 1) + std::max(0, popcount(pos.pieces[c][ROOK]) - 2) +
        std::max(0, popcount(pos.pieces[c][BISHOP]) - 2) + std::max(0, popcount(pos.pieces[c][KNIGHT]) - 2);
    if (pawns + promoted > 8) return name + " has more promoted pieces than missing pawns";
  }
  if (KING_ATTACKS[pos.king[WHITE]] & square_bb(pos.king[BLACK])) return "the kings stand next to each other";
  if (attackers(pos, pos.king[~pos.side], pos.side, pos.occupied())) return "the side not to move is in check";
  if (popcount(checkers(pos)) > 2) return "the side to move is in check from more than two men";
  return "";
}

ChessFen parse_chess_fen(std::string_view text) {
  const auto fields = split_fields(text);
  if (fields.size() < 4)
    throw InputError("FEN needs at least 4 fields (placement, side, castling, en passant), got " +
                     std::to_string(fields.size()));
  if (fields.size() > 6) throw InputError("FEN has " + std::to_string(fields.size()) + " fields, at most 6 expected");
  ChessFen fen;
  ChessPosition& pos = fen.pos;
  read_placement(fields[0], pos);
  if (fields[1] != "w" && fields[1] != "b")
    throw InputError("FEN side to move '" + std::string(fields[1]) + "' is not 'w' or 'b'");
  pos.side = fields[1] == "w" ? WHITE : BLACK;
  if (fields[2] != "-")
    throw InputError("FEN castling field '" + std::string(fields[2]) +
                     "': the chess-exact solver plays no castling (give '-')");
  if (const std::string problem = find_problem(pos); !problem.empty()) throw InputError(problem);
  settle_ep(pos, fields[3]);
  if (fields.size() >= 5) fen.halfmove = read_counter(fields[4], "halfmove clock");
  if (fields.size() == 6) {
    fen.fullmove = read_counter(fields[5], "fullmove number");
    if (fen.fullmove == 0) throw InputError("FEN fullmove number must be at least 1");
  }
  return fen;
}

std::vector<ChessEpd> read_chess_epd_file(const std::string& path) {
  std::vector<ChessEpd> records;
  for_each_epd_line(path, [&](std::string_view line) {
    // The four board fields end where the fourth field does.
    std::size_t end = 0;
    for (int field = 0; field < 4; ++field) {
      end = line.find_first_not_of(" \t", end);
      end = end == std::string_view::npos ? line.size() : line.find_first_of(" \t", end);
      if (end == std::string_view::npos) end = line.size();
    }
    records.push_back({parse_chess_fen(line.substr(0, end)).pos, parse_epd_operations(line, end)});
  });
  return records;
}

std::string board_fields(const ChessPosition& pos) {
  return board_fields_of(
      [&](Square s) {
        const Bitboard b = square_bb(s);
        char c = 0;
        for (Color side : {WHITE, BLACK}) {
          const char shift = side == WHITE ? 0 : 'a' - 'A';
          if (square_bb(pos.king[side]) & b) c = char('K' + shift);
          if (pos.pawns[side] & b) c = char('P' + shift);
          for (int p = 0; p < PIECE_NB; ++p)
            if (pos.pieces[side][p] & b) c = char(piece_letter(Piece(p)) + shift);
        }
        return c;
      },
      pos.side, pos.ep);
}

std::string to_fen(const ChessPosition& pos, int halfmove, int fullmove) {
  return board_fields(pos) + " " + std::to_string(halfmove) + " " + std::to_string(fullmove);
}

ChessPosition from_kings_and_pawns(const Position& pos) {
  ChessPosition out;
  for (Color c : {WHITE, BLACK}) {
    out.pawns[c] = pos.pawns[c];
    out.king[c] = pos.king[c];
  }
  out.side = pos.side;
  out.ep = pos.ep;
  return out;
}

Square transform(Square s, int symmetry) {
  if (symmetry & 1) s = mirror_file(s);
  if (symmetry & 2) s = flip_rank(s);
  if (symmetry & 4) s = make_square(rank_of(s), file_of(s));
  return s;
}

Bitboard transform(Bitboard b, int symmetry) {
  if (symmetry & 1) b = mirror_files(b);
  if (symmetry & 2) b = flip_ranks(b);
  if (symmetry & 4) {
    // The a1-h8 transpose in three exchanges of bit blocks.
    Bitboard t = 0x0F0F0F0F00000000ULL & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
  }
  return b;
}

ChessPosition transform(const ChessPosition& pos, int symmetry) {
  ChessPosition out = pos;
  for (Color c : {WHITE, BLACK}) {
    out.pawns[c] = transform(pos.pawns[c], symmetry);
    out.king[c] = transform(pos.king[c], symmetry);
    for (int p = 0; p < PIECE_NB; ++p) out.pieces[c][p] = transform(pos.pieces[c][p], symmetry);
  }
  if (pos.ep != NO_SQUARE) out.ep = transform(pos.ep, symmetry);
  return out;
}

ChessPosition colour_reversed(const ChessPosition& pos) {
  ChessPosition out;
  for (Color c : {WHITE, BLACK}) {
    out.pawns[c] = flip_ranks(pos.pawns[~c]);
    out.king[c] = flip_rank(pos.king[~c]);
    for (int p = 0; p < PIECE_NB; ++p) out.pieces[c][p] = flip_ranks(pos.pieces[~c][p]);
  }
  out.side = ~pos.side;
  out.ep = pos.ep == NO_SQUARE ? NO_SQUARE : flip_rank(pos.ep);
  return out;
}

}  // namespace chunker::pieces
