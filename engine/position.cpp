#include "engine/position.h"

#include <charconv>
#include <vector>

namespace chunker {

namespace {

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

void read_placement(std::string_view field, Position& pos) {
  int rank = 7, file = 0, kings[COLOR_NB] = {0, 0};
  for (char c : field) {
    if (c == '/') {
      if (file != 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " does not have 8 squares");
      if (--rank < 0) throw InputError("FEN placement has more than 8 ranks");
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
    } else {
      if (file >= 8) throw InputError("FEN rank " + std::to_string(rank + 1) + " has more than 8 squares");
      Square s = make_square(file++, rank);
      Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
      switch (c) {
        case 'P':
        case 'p':
          pos.pawns[color] |= square_bb(s);
          break;
        case 'K':
        case 'k':
          pos.king[color] = s;
          ++kings[color];
          break;
        case 'N':
        case 'n':
        case 'B':
        case 'b':
        case 'R':
        case 'r':
        case 'Q':
        case 'q':
          throw InputError(std::string("piece '") + c + "' on " + square_name(s) +
                           ": only kings and pawns are in the domain");
        default:
          throw InputError(std::string("FEN placement has an unknown character '") + c + "'");
      }
    }
  }
  if (rank != 0 || file != 8) throw InputError("FEN placement does not describe 8 ranks of 8 squares");
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    if (kings[c] == 0) throw InputError(std::string("no ") + name + " king");
    if (kings[c] > 1) throw InputError(std::string("more than one ") + name + " king");
  }
}

Square read_ep(std::string_view field) {
  if (field == "-") return NO_SQUARE;
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
    throw InputError("FEN en-passant field '" + std::string(field) + "' is not a square or '-'");
  return make_square(field[0] - 'a', field[1] - '1');
}

// Checks the en-passant square against the board and drops it when no pawn
// of the side to move can use it.
void settle_ep(Position& pos) {
  if (pos.ep == NO_SQUARE) return;
  Color us = pos.side, them = ~us;
  Square ep = pos.ep;
  Square pawn = Square(ep + forward(them));  // the pawn that double-stepped
  Square origin = Square(ep - forward(them));
  if (relative_rank(them, ep) != 2 || !(pos.pawns[them] & square_bb(pawn)) ||
      (pos.occupied() & (square_bb(ep) | square_bb(origin))))
    throw InputError("en-passant square " + square_name(ep) + " could not have come from a double step");
  Bitboard checkers = pos.checkers();
  if (checkers && checkers != square_bb(pawn))
    throw InputError("side to move is in check from a pawn other than the one that just moved");
  if (!(pawn_attacks(them, square_bb(ep)) & pos.pawns[us])) pos.ep = NO_SQUARE;
}

}  // namespace

int read_counter(std::string_view field, const char* what) {
  int value = 0;
  auto [end, err] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (err != std::errc() || end != field.data() + field.size() || value < 0)
    throw InputError(std::string("FEN ") + what + " '" + std::string(field) + "' is not a non-negative number");
  return value;
}

std::string describe(const Problem& problem, const Position& pos) {
  const std::string name = problem.color == WHITE ? "white" : "black";
  switch (problem.kind) {
    case Problem::None:
      return "";
    case Problem::NoKing:
      return "no " + name + " king";
    case Problem::PawnOnBackRank:
      return name + " pawn on " + square_name(lsb(pos.pawns[problem.color] & (RANK_1 | RANK_8))) +
             ": pawns cannot stand on the first or last rank";
    case Problem::TooManyPawns:
      return "more than 8 " + name + " pawns";
    case Problem::KingOnPawn:
      return name + " king shares its square with a pawn";
    case Problem::PawnsShareSquare:
      return "two pawns on one square";
    case Problem::KingsShareSquare:
      return "both kings on one square";
    case Problem::KingsAdjacent:
      return "the kings stand next to each other";
    case Problem::WaitingSideInCheck:
      return "the side not to move is in check";
    case Problem::DoubleCheck:
      return "the side to move is in check from two pawns, which no move can give";
  }
  return "";
}

void validate(const Position& pos) {
  if (Problem problem = find_problem(pos); problem.kind != Problem::None) throw InputError(describe(problem, pos));
}

Position mirrored(const Position& pos) {
  Position m = pos;
  for (Color c : {WHITE, BLACK}) {
    m.pawns[c] = mirror_files(pos.pawns[c]);
    if (pos.king[c] != NO_SQUARE) m.king[c] = mirror_file(pos.king[c]);
  }
  if (pos.ep != NO_SQUARE) m.ep = mirror_file(pos.ep);
  if (pos.promoted != NO_SQUARE) m.promoted = mirror_file(pos.promoted);
  return m;
}

Position colour_reversed(const Position& pos) {
  Position r = pos;
  for (Color c : {WHITE, BLACK}) {
    r.pawns[c] = flip_ranks(pos.pawns[~c]);
    r.king[c] = pos.king[~c] == NO_SQUARE ? NO_SQUARE : flip_rank(pos.king[~c]);
  }
  r.side = ~pos.side;
  if (pos.ep != NO_SQUARE) r.ep = flip_rank(pos.ep);
  if (pos.promoted != NO_SQUARE) r.promoted = flip_rank(pos.promoted);
  return r;
}

Position parse_board_fields(std::string_view text, std::size_t& consumed) {
  auto fields = split_fields(text);
  if (fields.size() < 4)
    throw InputError("FEN needs at least 4 fields (placement, side, castling, en passant), got " +
                     std::to_string(fields.size()));
  Position pos;
  read_placement(fields[0], pos);
  if (fields[1] != "w" && fields[1] != "b")
    throw InputError("FEN side to move '" + std::string(fields[1]) + "' is not 'w' or 'b'");
  pos.side = fields[1] == "w" ? WHITE : BLACK;
  if (fields[2] != "-")
    throw InputError("FEN castling field '" + std::string(fields[2]) + "': there are no rooks to castle with");
  pos.ep = read_ep(fields[3]);
  validate(pos);
  settle_ep(pos);
  consumed = std::size_t(fields[3].data() + fields[3].size() - text.data());
  return pos;
}

Fen parse_fen(std::string_view text) {
  auto fields = split_fields(text);
  if (fields.size() > 6) throw InputError("FEN has " + std::to_string(fields.size()) + " fields, at most 6 expected");
  std::size_t consumed = 0;
  Fen fen;
  fen.pos = parse_board_fields(text, consumed);
  if (fields.size() >= 5) fen.halfmove = read_counter(fields[4], "halfmove clock");
  if (fields.size() == 6) {
    fen.fullmove = read_counter(fields[5], "fullmove number");
    if (fen.fullmove == 0) throw InputError("FEN fullmove number must be at least 1");
  }
  return fen;
}

std::string board_fields(const Position& pos) {
  return board_fields_of(
      [&](Square s) -> char {
        if (pos.king[WHITE] == s) return 'K';
        if (pos.king[BLACK] == s) return 'k';
        if (pos.pawns[WHITE] & square_bb(s)) return 'P';
        if (pos.pawns[BLACK] & square_bb(s)) return 'p';
        // An unsafely promoted piece is written as the queen it nominally is.
        if (pos.promoted == s) return pos.side == WHITE ? 'q' : 'Q';
        return 0;
      },
      pos.side, pos.ep);
}

std::string to_fen(const Position& pos, int halfmove, int fullmove) {
  return board_fields(pos) + " " + std::to_string(halfmove) + " " + std::to_string(fullmove);
}

}  // namespace chunker
