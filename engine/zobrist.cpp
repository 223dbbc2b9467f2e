#include "engine/zobrist.h"

#include <array>

namespace chunker {

namespace {

struct Keys {
  Key pawn[COLOR_NB][SQUARE_NB];
  Key king[COLOR_NB][SQUARE_NB + 1];  // [NO_SQUARE]: an absent king, key 0
  Key ep[SQUARE_NB];
  Key promoted[SQUARE_NB];
  Key black_to_move;
};

constexpr Keys make_keys() {
  Keys k{};
  Key state = 0x43484E4B;  // "CHNK"
  for (int c = 0; c < COLOR_NB; ++c)
    for (int s = 0; s < SQUARE_NB; ++s) {
      k.pawn[c][s] = splitmix(state);
      k.king[c][s] = splitmix(state);
    }
  for (int s = 0; s < SQUARE_NB; ++s) {
    k.ep[s] = splitmix(state);
    k.promoted[s] = splitmix(state);
  }
  k.black_to_move = splitmix(state);
  return k;
}

constexpr Keys KEYS = make_keys();

}  // namespace

Key zobrist(const Position& pos) {
  Key key = pos.side == BLACK ? KEYS.black_to_move : 0;
  for (Color c : {WHITE, BLACK}) {
    key ^= KEYS.king[c][pos.king[c]];
    for (Bitboard b = pos.pawns[c]; b;) key ^= KEYS.pawn[c][pop_lsb(b)];
  }
  if (pos.ep != NO_SQUARE) key ^= KEYS.ep[pos.ep];
  if (pos.promoted != NO_SQUARE) key ^= KEYS.promoted[pos.promoted];
  return key;
}

Canonical canonical(const Position& pos) {
  Position twin = mirrored(pos);
  Key key = zobrist(pos), twin_key = zobrist(twin);
  if (twin_key < key) return {twin, twin_key, true};
  return {pos, key, false};
}

}  // namespace chunker
