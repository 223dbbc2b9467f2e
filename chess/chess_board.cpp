#include "chess/chess_board.h"

#include <cctype>
#include <sstream>

#include "engine/position.h"  // InputError

namespace chunker {

namespace {

constexpr int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
// Rays: the first four straight (rook), the last four diagonal (bishop).
const auto& RAYS = KING_STEPS;

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }
Color colour_of(char piece) { return std::isupper(static_cast<unsigned char>(piece)) ? WHITE : BLACK; }
char kind_of(char piece) { return char(std::tolower(static_cast<unsigned char>(piece))); }
bool straight(int ray) { return ray % 2 == 0; }

}  // namespace

ChessBoard ChessBoard::from_fen(std::string_view fen) {
  std::istringstream fields{std::string(fen)};
  std::string placement, side = "w", castling = "-", ep = "-";
  fields >> placement >> side >> castling >> ep;
  ChessBoard b;
  b.board_.fill('.');
  int rank = 7, file = 0;
  for (char c : placement) {
    if (c == '/') {
      if (file != 8 || rank == 0) throw InputError("FEN placement does not describe 8 ranks of 8 squares");
      --rank, file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) throw InputError("FEN rank has more than 8 squares");
    } else if (std::string_view("PNBRQKpnbrqk").find(c) != std::string_view::npos) {
      if (file >= 8) throw InputError("FEN rank has more than 8 squares");
      b.board_[make_square(file++, rank)] = c;
    } else {
      throw InputError(std::string("FEN placement has an unknown character '") + c + "'");
    }
  }
  if (rank != 0 || file != 8) throw InputError("FEN placement does not describe 8 ranks of 8 squares");
  if (side != "w" && side != "b") throw InputError("FEN side to move must be w or b, got '" + side + "'");
  b.side_ = side == "w" ? WHITE : BLACK;
  for (Color c : {WHITE, BLACK}) {
    int kings = 0;
    for (char p : b.board_) kings += p == (c == WHITE ? 'K' : 'k');
    if (kings != 1)
      throw InputError(std::string("a position needs exactly one ") + (c == WHITE ? "white" : "black") + " king");
    for (int f = 0; f < 8; ++f)
      for (int r : {0, 7})
        if (kind_of(b.board_[make_square(f, r)]) == 'p') throw InputError("a pawn on the first or last rank");
  }
  if (b.attacked(b.king(~b.side_), b.side_)) throw InputError("the side not to move is in check");
  if (ep != "-") {
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6'))
      throw InputError("FEN en-passant square '" + ep + "' is not on the third or sixth rank");
    b.ep_ = make_square(ep[0] - 'a', ep[1] - '1');
    // The double step that made it: the pawn just past it, the square and
    // the one behind it empty, the rank the side to move captures on.
    const int dir = b.side_ == WHITE ? -1 : 1;
    const char pawn = b.side_ == WHITE ? 'p' : 'P';
    if (rank_of(b.ep_) != (b.side_ == WHITE ? 5 : 2) || b.board_[b.ep_] != '.' ||
        b.board_[make_square(file_of(b.ep_), rank_of(b.ep_) + dir)] != pawn ||
        b.board_[make_square(file_of(b.ep_), rank_of(b.ep_) - dir)] != '.')
      throw InputError("FEN en-passant square '" + ep + "' does not follow a double step");
  }
  return b;
}

Square ChessBoard::king(Color c) const {
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (board_[s] == (c == WHITE ? 'K' : 'k')) return s;
  return NO_SQUARE;
}

bool ChessBoard::attacked(Square s, Color by) const {
  const int f = file_of(s), r = rank_of(s);
  auto holds = [&](int file, int rank, char kind) {
    if (!on_board(file, rank)) return false;
    const char p = board_[make_square(file, rank)];
    return p != '.' && colour_of(p) == by && kind_of(p) == kind;
  };
  const int pawn_rank = r - (by == WHITE ? 1 : -1);
  if (holds(f - 1, pawn_rank, 'p') || holds(f + 1, pawn_rank, 'p')) return true;
  for (const auto& d : KNIGHT_STEPS)
    if (holds(f + d[0], r + d[1], 'n')) return true;
  for (int ray = 0; ray < 8; ++ray) {
    if (holds(f + RAYS[ray][0], r + RAYS[ray][1], 'k')) return true;
    const char slider = straight(ray) ? 'r' : 'b';
    for (int file = f + RAYS[ray][0], rank = r + RAYS[ray][1]; on_board(file, rank);
         file += RAYS[ray][0], rank += RAYS[ray][1]) {
      if (holds(file, rank, slider) || holds(file, rank, 'q')) return true;
      if (board_[make_square(file, rank)] != '.') break;
    }
  }
  return false;
}

std::vector<ChessBoard::Step> ChessBoard::pseudo_moves() const {
  std::vector<Step> out;
  auto free_or_enemy = [&](Square to) { return board_[to] == '.' || colour_of(board_[to]) != side_; };
  for (Square from = 0; from < SQUARE_NB; ++from) {
    const char p = board_[from];
    if (p == '.' || colour_of(p) != side_) continue;
    const int f = file_of(from), r = rank_of(from);
    const char kind = kind_of(p);
    if (kind == 'p') {
      const int dir = side_ == WHITE ? 1 : -1, last = side_ == WHITE ? 7 : 0;
      auto pawn_to = [&](Square to) {
        if (rank_of(to) != last) return out.push_back({from, to, 0});
        for (char promotion : {'q', 'r', 'b', 'n'}) out.push_back({from, to, promotion});
      };
      const Square one = make_square(f, r + dir);
      if (board_[one] == '.') {
        pawn_to(one);
        const Square two = make_square(f, r + 2 * dir);
        if (r == (side_ == WHITE ? 1 : 6) && board_[two] == '.') out.push_back({from, two, 0});
      }
      for (int df : {-1, 1}) {
        if (!on_board(f + df, r + dir)) continue;
        const Square to = make_square(f + df, r + dir);
        if ((board_[to] != '.' && colour_of(board_[to]) != side_) || to == ep_) pawn_to(to);
      }
    } else if (kind == 'n' || kind == 'k') {
      for (const auto& d : kind == 'n' ? KNIGHT_STEPS : KING_STEPS)
        if (on_board(f + d[0], r + d[1]) && free_or_enemy(make_square(f + d[0], r + d[1])))
          out.push_back({from, make_square(f + d[0], r + d[1]), 0});
    } else {
      for (int ray = 0; ray < 8; ++ray) {
        if ((kind == 'r' && !straight(ray)) || (kind == 'b' && straight(ray))) continue;
        for (int file = f + RAYS[ray][0], rank = r + RAYS[ray][1]; on_board(file, rank);
             file += RAYS[ray][0], rank += RAYS[ray][1]) {
          const Square to = make_square(file, rank);
          if (free_or_enemy(to)) out.push_back({from, to, 0});
          if (board_[to] != '.') break;
        }
      }
    }
  }
  return out;
}

void ChessBoard::apply(const Step& step) {
  const char p = board_[step.from];
  const bool pawn = kind_of(p) == 'p';
  if (pawn && step.to == ep_) board_[make_square(file_of(step.to), rank_of(step.from))] = '.';  // en passant
  board_[step.to] = step.promotion ? (side_ == WHITE ? char(std::toupper(step.promotion)) : step.promotion) : p;
  board_[step.from] = '.';
  ep_ =
      pawn && (step.to == step.from + 16 || step.from == step.to + 16) ? Square((step.from + step.to) / 2) : NO_SQUARE;
  side_ = ~side_;
}

std::string ChessBoard::text(const Step& step) {
  std::string s = {char('a' + file_of(step.from)), char('1' + rank_of(step.from)), char('a' + file_of(step.to)),
                   char('1' + rank_of(step.to))};
  if (step.promotion) s += step.promotion;
  return s;
}

std::vector<std::string> ChessBoard::legal_moves() const {
  std::vector<std::string> out;
  for (const Step& step : pseudo_moves()) {
    ChessBoard after = *this;
    after.apply(step);
    if (!after.attacked(after.king(side_), after.side_)) out.push_back(text(step));
  }
  return out;
}

bool ChessBoard::play(std::string_view move) {
  std::string wanted(move);
  if (wanted.size() == 5) wanted[4] = char(std::tolower(static_cast<unsigned char>(wanted[4])));
  for (const Step& step : pseudo_moves()) {
    std::string s = text(step);
    if (s != wanted && !(step.promotion == 'q' && s.substr(0, 4) == wanted)) continue;
    ChessBoard after = *this;
    after.apply(step);
    if (after.attacked(after.king(side_), after.side_)) return false;
    *this = after;
    return true;
  }
  return false;
}

}  // namespace chunker
