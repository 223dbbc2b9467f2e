#include "schemas/level3_kcp.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>

namespace chunker {

int moves_to_disturb(Color c, Square s, Square k) {
  const int from = relative_rank(c, s);
  for (int rank = from; rank <= 7; ++rank) {
    const Square at = make_square(file_of(s), c == WHITE ? rank : 7 - rank);
    if (at == k) return INT_MAX;  // blocked: it never gets further
    // From the second rank (1) one move reaches the fourth (3).
    const int moves = rank == from ? 0 : from == 1 && rank >= 3 ? rank - from - 1 : rank - from;
    if (rank == 7 || (pawn_attacks(c, square_bb(at)) & square_bb(k))) return moves;
  }
  return INT_MAX;
}

namespace {

// moves_to_disturb of every colour, pawn square and king square, INT8_MAX
// for never: still_king asks it of each pawn at every position a search or
// a depth table classifies.
const auto MOVES_TO_DISTURB = [] {
  std::array<std::array<std::array<std::int8_t, SQUARE_NB>, SQUARE_NB>, COLOR_NB> moves{};
  for (Color c : {WHITE, BLACK})
    for (Square s = 0; s < SQUARE_NB; ++s)
      for (Square k = 0; k < SQUARE_NB; ++k) moves[c][s][k] = std::int8_t(std::min(moves_to_disturb(c, s, k), 127));
  return moves;
}();

}  // namespace

StillKing still_king(const Position& pos, Color a, int b_moves) {
  const auto& disturb = MOVES_TO_DISTURB[~a];
  for (Bitboard p = pos.pawns[~a]; p;)
    if (disturb[pop_lsb(p)][pos.king[a]] <= b_moves) return StillKing::Disturbed;
  for (Bitboard p = pos.pawns[a]; p;)
    if (pawn_path(a, pop_lsb(p)) & square_bb(pos.king[a])) return StillKing::OnOwnPath;
  return StillKing::Holds;
}

std::optional<int> answering_king_holds(const Position& pos, Color a, int b_moves, Bitboard b_king,
                                        const ChunkView& b_pawns, const Kv3cppQuiet& quiet) {
  const Color b = ~a;
  if (pos.side == a && pos.in_check()) return std::nullopt;
  const std::uint32_t entry = b_pawns.entry(b);
  const int needed = quiet.quiet[entry];
  if (needed <= b_moves) return std::nullopt;
  const Bitboard answering = king_reach(pos.king[a], std::min<int>(quiet.answers[entry], 7));
  if (!kings_keep_apart(pos, a, answering, b_king)) return std::nullopt;
  return needed;
}

bool kings_keep_apart(const Position& pos, Color a, Bitboard a_king, Bitboard b_king) {
  Bitboard paths[COLOR_NB] = {0, 0};
  for (Color c : {WHITE, BLACK})
    for (Bitboard p = pos.pawns[c]; p;) paths[c] |= pawn_path(c, pop_lsb(p));
  return !(a_king & paths[a]) && !(king_reach_any(b_king, 1) & (a_king | paths[~a]));
}

KcpVerdict BreakthroughBeatsZugzwang::verdict(const Position& pos) const {
  KcpVerdict found;
  const auto chunks = pawn_chunks(pos);
  if (!chunks) return found;
  found.why = KcpVerdict::Why::NoBreakthrough;
  const auto& chunk = *chunks;  // chunk[c]: the chunk of c's pawns
  for (Color a : {WHITE, BLACK}) {
    const Color b = ~a;
    if (chunk[a].winner(kcp_, pos.side) != a) continue;
    found.breaker = a;
    found.distance = chunk[a].distance(kcp_, pos.side);
    const Outcome outcome = pos.side == a ? Outcome::Win : Outcome::Loss;
    if (mode_ == SchemaMode::Paper) {
      found.why = chunk[b].winner(am_, pos.side) == b && chunk[b].winner(kcp_, pos.side) != b
                      ? KcpVerdict::Why::Decided
                      : KcpVerdict::Why::NoZugzwangWin;
    } else {
      found.defender_moves = found.distance / 2;
      StillKing still = still_king(pos, a, found.defender_moves);
      // The answering king: against a KCPS win, which never leaves B's
      // king stuck (with its pawns taken, that could be stalemate).
      if (still == StillKing::Disturbed && chunk[a].winner(*kcps_, pos.side) == a) {
        const int d = chunk[a].distance(*kcps_, pos.side);
        if (const auto needed = answering_king_holds(pos, a, d / 2, king_reach(pos.king[b], std::min((d + 1) / 2, 7)),
                                                     chunk[b], *quiet_)) {
          still = StillKing::Holds;
          found.defender_moves = d / 2, found.quiet_moves = *needed;
        }
      }
      found.why = still == StillKing::Disturbed   ? KcpVerdict::Why::KingDisturbed
                  : still == StillKing::OnOwnPath ? KcpVerdict::Why::KingOnOwnPath
                                                  : KcpVerdict::Why::Decided;
    }
    if (found.why == KcpVerdict::Why::Decided) {
      found.outcome = outcome;
      return found;
    }
  }
  return found;
}

}  // namespace chunker
