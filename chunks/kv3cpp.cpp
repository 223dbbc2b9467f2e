#include "chunks/kv3cpp.h"

namespace chunker {

Bitboard kv3cpp_pawns(std::uint32_t slice) {
  const int group = kv3cpp_group_of_slice(slice);
  const std::uint32_t config = kv3cpp_config_of_slice(slice);
  Bitboard pawns = 0;
  for (int i = 0; i < 3; ++i) {
    const int code = int(config / KV3CPP_POW7[i] % KV3CPP_CODES);
    if (code != KV3CPP_GONE) pawns |= square_bb(make_square(group + i, 1 + code));
  }
  return pawns;
}

Position kv3cpp_position(std::uint32_t index) {
  Position pos;
  pos.pawns[WHITE] = kv3cpp_pawns(kv3cpp_slice_of(index));
  pos.side = Color((index >> 6) & 1);
  pos.king[BLACK] = Square(index & 63);
  return pos;
}

}  // namespace chunker
