// Conversions between moves and values and text: UCI coordinates, standard
// algebraic notation (SAN) and a value's word, in one place.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.h"

namespace chunker {

// "e7e8q" for a promotion, as UCI writes it (the promoted piece is nominal).
std::string uci(Move m);
// SAN with "+" for check and "#" for mate; a promotion reads "e8=Q".
std::string san(const Position& pos, Move m);
// A line of moves in SAN from `pos`, numbered like "12. Kd2 Ke7 13. c4".
std::string san_line(Position pos, const std::vector<Move>& line, int fullmove = 1);
// The legal move `text` names, in UCI or SAN; nullopt when none does.
std::optional<Move> find_move(const Position& pos, std::string_view text);
// "win", "draw" or "loss", for the side to move.
std::string value_word(Value v);

// san_line for any kind of position: `san(pos, m)` and `make_move(pos, m)`
// are the position's own, found beside its type (engine/pieces has chess's).
template <typename Pos, typename M>
std::string numbered_line(Pos pos, const std::vector<M>& line, int fullmove) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!out.empty()) out += ' ';
    if (pos.side == WHITE)
      out += std::to_string(fullmove) + ". ";
    else if (i == 0)
      out += std::to_string(fullmove) + "... ";
    out += san(pos, line[i]);
    if (pos.side == BLACK) ++fullmove;
    pos = make_move(pos, line[i]);
  }
  return out;
}

}  // namespace chunker
