#include "schemas/level5_z.h"

#include <algorithm>

namespace chunker {

namespace {

constexpr std::uint32_t SLICES = KV3CPP_GROUPS * KV3CPP_CONFIGS;

std::uint32_t slice_with(Bitboard pawns, int group) {
  Position chunk;
  chunk.pawns[WHITE] = pawns;
  return kv3cpp_slice_of(kv3cpp_index(chunk, group));
}

// The pawn configurations one pawn push (not a promotion) away, in normal form.
std::vector<Bitboard> pushes(Bitboard pawns) {
  std::vector<Bitboard> after;
  for (Bitboard b = pawns; b;) {
    const Square s = pop_lsb(b);
    const Bitboard one = square_bb(s) << 8, two = one << 8;
    if ((one & pawns) || rank_of(s) == 6) continue;
    after.push_back(pawns ^ square_bb(s) ^ one);
    if (rank_of(s) == 1 && !(two & pawns)) after.push_back(pawns ^ square_bb(s) ^ two);
  }
  return after;
}

}  // namespace

ZConfigurationTheorem::ZConfigurationTheorem(const ChunkLibraries& libraries, SchemaMode mode)
    : pcp_(libraries.kv3cpp(Assumption::PCP)),
      kcp_(libraries.kv3cpp(Assumption::KCP)),
      z_(libraries.z_configurations()),
      mode_(mode),
      answers_(SLICES, 0) {
  std::vector<bool> in_z(SLICES, false);
  for (std::uint32_t z = 0; z < z_.member.size(); ++z)
    if (z_.member[z]) in_z[z >> 6] = true;
  // A king move is answered by a push into Z, possibly after the king took a
  // pawn (a slice with that pawn gone), or by nothing where the capture left
  // a Z placement. Slices only move to larger configs, so going down the
  // configs finds every successor solved.
  for (std::uint32_t slice = SLICES; slice-- > 0;) {
    if (!in_z[slice]) continue;
    const int group = kv3cpp_group_of_slice(slice);
    const Bitboard pawns = kv3cpp_pawns(slice);
    int longest = 0;
    auto reach = [&](Bitboard after, int cost) {
      const std::uint32_t next = slice_with(after, group);
      if (in_z[next]) longest = std::max(longest, cost + answers_[next]);
    };
    for (Bitboard p : pushes(pawns)) reach(p, 1);
    for (Bitboard b = pawns; b;) {
      const Bitboard taken = pawns ^ square_bb(pop_lsb(b));
      reach(taken, 0);
      for (Bitboard p : pushes(taken)) reach(p, 1);
    }
    answers_[slice] = std::uint8_t(longest);
  }
}

ZVerdict ZConfigurationTheorem::verdict(const Position& pos) const {
  using Why = ZVerdict::Why;
  ZVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  found.why = Why::NoZ;
  for (Color a : {WHITE, BLACK}) {
    const Color b = ~a;
    if (!z_.contains(chunk[a].entry(pos.side))) continue;
    found.z_side = a;
    const Outcome a_wins = pos.side == a ? Outcome::Win : Outcome::Loss;
    if (mode_ == SchemaMode::Paper) {
      if (chunk[b].winner(kcp_, pos.side) == b) {
        found.why = Why::OtherBreaksThrough;
        continue;
      }
      const bool both = z_.contains(chunk[b].entry(pos.side));
      found.why = both ? Why::BothZ : Why::Decided;
      found.outcome = both ? Outcome::Draw : a_wins;
      return found;
    }
    if (chunk[b].winner(pcp_, WHITE) != a || chunk[b].winner(pcp_, BLACK) != a) {
      found.why = Why::OtherPawnsHold;
      continue;
    }
    found.horizon[a] = (std::max(chunk[b].distance(pcp_, WHITE), chunk[b].distance(pcp_, BLACK)) + 1) / 2;
    found.horizon[b] = found.horizon[a] + answers_[kv3cpp_slice_of(chunk[a].instance.index)];
    found.why = chunks_interact(pos, found.horizon)                        ? Why::ChunksInteract
                : king_hemmed_in(pos, WHITE) || king_hemmed_in(pos, BLACK) ? Why::KingHemmedIn
                                                                           : Why::Decided;
    if (found.why == Why::Decided) {
      found.outcome = a_wins;
      return found;
    }
  }
  return found;
}

}  // namespace chunker
