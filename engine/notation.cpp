#include "engine/notation.h"

namespace chunker {

std::string uci(Move m) {
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::Promotion) s += 'q';
  return s;
}

std::string san(const Position& pos, Move m) {
  std::string s;
  bool capture =
      (pos.pawns[~pos.side] & square_bb(m.to())) || m.to() == pos.promoted || m.kind() == MoveKind::EnPassant;
  if (m.from() == pos.king[pos.side]) {
    s = capture ? "Kx" : "K";
  } else if (capture) {
    s = std::string(1, char('a' + file_of(m.from()))) + "x";
  }
  s += square_name(m.to());
  if (m.kind() == MoveKind::Promotion) s += "=Q";
  if (gives_check(pos, m)) s += legal_moves(make_move(pos, m)).empty() ? "#" : "+";
  return s;
}

std::string san_line(Position pos, const std::vector<Move>& line, int fullmove) {
  return numbered_line(pos, line, fullmove);
}

std::optional<Move> find_move(const Position& pos, std::string_view text) {
  auto strip = [](std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#' || t.back() == '!' || t.back() == '?')) t.remove_suffix(1);
    return t;
  };
  std::string_view wanted = strip(text);
  for (Move m : legal_moves(pos)) {
    std::string u = uci(m);
    std::string s(strip(san(pos, m)));
    bool promotion = m.kind() == MoveKind::Promotion;
    // A promotion may be written without its piece: "e7e8", "e8".
    if (wanted == u || wanted == s || (promotion && (wanted == u.substr(0, 4) || wanted == s.substr(0, s.size() - 2))))
      return m;
  }
  return std::nullopt;
}

std::string value_word(Value v) { return is_win(v) ? "win" : is_loss(v) ? "loss" : "draw"; }

}  // namespace chunker
