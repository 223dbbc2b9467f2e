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

// A position's key and its file-mirror twin's at once: the twin's is the
// same sum over every square mirrored, so the twin itself is built only
// where it is the representative.
struct KeyPair {
  Key own, twin;
};
KeyPair key_pair(const Position& pos) {
  KeyPair k{pos.side == BLACK ? KEYS.black_to_move : 0, 0};
  k.twin = k.own;
  auto add = [&k](const Key(&keys)[SQUARE_NB], Square s) {
    k.own ^= keys[s];
    k.twin ^= keys[mirror_file(s)];
  };
  for (Color c : {WHITE, BLACK}) {
    // An absent king's key is 0 either way.
    k.own ^= KEYS.king[c][pos.king[c]];
    if (pos.king[c] != NO_SQUARE) k.twin ^= KEYS.king[c][mirror_file(pos.king[c])];
    for (Bitboard b = pos.pawns[c]; b;) add(KEYS.pawn[c], pop_lsb(b));
  }
  if (pos.ep != NO_SQUARE) add(KEYS.ep, pos.ep);
  if (pos.promoted != NO_SQUARE) add(KEYS.promoted, pos.promoted);
  return k;
}

}  // namespace

Key zobrist(const Position& pos) { return key_pair(pos).own; }

Canonical canonical(const Position& pos) {
  const KeyPair k = key_pair(pos);
  if (k.twin < k.own) return {mirrored(pos), k.twin, true};
  return {pos, k.own, false};
}

}  // namespace chunker
