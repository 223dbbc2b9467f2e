// Leaf counts of the pawns-only variants' game tree, the check of their move generator against
// the numbers seed 002 quotes for Peasants' Chess.
//
// The seed's convention, and why. Its programs have a "rank-7 victory condition": the game ends
// as soon as a pawn reaches its seventh rank (on N×N, the rank before the last). It counts "leaf
// nodes": the leaves of the game tree cut at the depth, so a game that ended earlier counts once
// (chess perft counts it zero). From the Peasants' Chess start a white pawn needs two advances and
// two captures to reach its seventh rank (ply 7 at the earliest; a black pawn ply 8), so at depth 7
// every convention gives the seed's 6,146,460: seventh or last rank, leaves or paths. Depth 8 tells
// them apart: leaves with the seventh-rank end give exactly the seed's 68,260,416; paths give
// 68,246,878, short by the 13,538 games that end at ply 7; the last-rank end gives 68,396,382 (no
// game ends before ply 9 there). So the seed's convention is the default, here and in `chunker
// variant ... perft`. PerftEnd::LastRank counts by the real rules of board.h instead (useful on
// small boards, where a first move can already reach the seventh rank).
// In both, a side to move without pawns or without a legal move is a leaf, as is the root when the
// game is already over.
#pragma once

#include <cstdint>

#include "engine/variant/movegen.h"

namespace chunker::variant {

enum class PerftEnd : std::uint8_t {
  SeventhRank,  // seed 002's programs: reaching the seventh rank ends the game
  LastRank,     // the rules of board.h
};

std::uint64_t perft(const Variant& v, const Board& b, int depth, PerftEnd end = PerftEnd::SeventhRank);

}  // namespace chunker::variant
