#include "engine/variant/board.h"

#include <stdexcept>

namespace chunker::variant {

namespace {

// Reverses the bits of every byte: file f <-> file 7 - f on the 8×8 layout.
constexpr Bitboard mirror_8(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return b;
}

}  // namespace

Variant::Variant(const Rules& rules) : rules_(rules) {
  const int n = rules.size;
  if (n < MIN_SIZE || n > MAX_SIZE)
    throw std::invalid_argument("board size must be between " + std::to_string(MIN_SIZE) + " and " +
                                std::to_string(MAX_SIZE) + ", got " + std::to_string(n));
  if (rules.game == Game::Peasants && n != 8)
    throw std::invalid_argument("Peasants' Chess is played on 8x8 only, got size " + std::to_string(n));

  const Bitboard row = (Bitboard(1) << n) - 1;  // files 0..n-1 of rank 1
  for (int r = 0; r < n; ++r) squares_ |= row << (8 * r);
  auto rank = [&](int r) { return row << (8 * r); };
  last_rank_[WHITE] = rank(n - 1);
  last_rank_[BLACK] = rank(0);
  seventh_rank_[WHITE] = rank(n - 2);
  seventh_rank_[BLACK] = rank(1);
  // pawnsonly allows the double step from N = 5 up; on 4×4 it would reach the last rank.
  if (n >= 5) {
    double_step_rank_[WHITE] = rank(1);
    double_step_rank_[BLACK] = rank(n - 2);
  }

  if (rules.game == Game::Peasants) {
    start_.pawns[WHITE] = rank(1) | rank(2);
    start_.pawns[BLACK] = rank(5) | rank(6);
  } else if (n == 3) {
    start_.pawns[WHITE] = rank(0);
    start_.pawns[BLACK] = rank(2);
  } else {
    start_.pawns[WHITE] = rank(1);
    start_.pawns[BLACK] = rank(n - 2);
  }
}

Bitboard Variant::mirror(Bitboard b) const { return mirror_8(b) >> (8 - size()); }

std::string Variant::name() const {
  std::string n = std::to_string(size());
  std::string game = rules_.game == Game::Peasants ? "Peasants' Chess" : n + "x" + n + " pawn game";
  return game + ", en passant " + (rules_.en_passant ? "on" : "off");
}

Board Variant::parse(std::string_view text, Color side) const {
  Board b;
  b.side = side;
  int rank = size() - 1, file = 0;
  for (char c : text) {
    if (c == '/') {
      if (file != size())
        throw std::invalid_argument("board row " + std::to_string(size() - rank) + " is not " + std::to_string(size()) +
                                    " squares wide");
      --rank;
      file = 0;
      continue;
    }
    if (rank < 0 || file >= size())
      throw std::invalid_argument("board rows do not fit " + std::to_string(size()) + "x" + std::to_string(size()));
    if (c == 'P')
      b.pawns[WHITE] |= square_bb(make_square(file, rank));
    else if (c == 'p')
      b.pawns[BLACK] |= square_bb(make_square(file, rank));
    else if (c != '.')
      throw std::invalid_argument(std::string("unexpected character '") + c + "' in board rows");
    ++file;
  }
  if (rank != 0 || file != size())
    throw std::invalid_argument("board needs " + std::to_string(size()) + " rows of " + std::to_string(size()) +
                                " squares");
  return b;
}

std::string Variant::rows(const Board& b) const {
  std::string s;
  for (int rank = size() - 1; rank >= 0; --rank) {
    for (int file = 0; file < size(); ++file) {
      Bitboard bit = square_bb(make_square(file, rank));
      s += b.pawns[WHITE] & bit ? 'P' : b.pawns[BLACK] & bit ? 'p' : '.';
    }
    if (rank > 0) s += '/';
  }
  return s;
}

}  // namespace chunker::variant
