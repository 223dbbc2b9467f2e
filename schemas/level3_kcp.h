// Level 3 (the paper §3.4): a forced breakthrough beats a win that needs
// zugzwang. If side A's pawns win under KCP (they get through even when the
// defending king may pass), A just pushes them and never has to move its
// own king, while B's pawns, which need zugzwang, get nowhere against a king
// that does not move.
//
// Paper mode: A's pawns are a KCP win and B's pawns an AM win but not a KCP
// win, with the side to move of the position.
//
// Sound mode: the same argument with its assumptions checked.
//  - A's pawns win under KCP with the position's side to move; A plays only
//    pawn moves there, and each move of B elsewhere is the defender's pass
//    that KCP allows. So A promotes within that KCP distance d, during which
//    B makes at most d/2 moves, pawn moves included.
//  - A's king never moves: so none of B's pawns may be able to check it or
//    reach its last rank (where the king would have to take it) within d/2
//    moves, counting the double step.
//  - A's king, standing still, must not stand on a square its own pawns
//    still have to pass (the chunk library does not see it there).
// B's king plays inside A's chunk, which the library covers.
//
// Where a B pawn could check A's still king, A's king may answer instead
// (answering_king_holds below): it moves only out of check, or to take a
// pawn promoted unsafely next to it. A check and its answer leave A's chunk
// as it was, so they cost A nothing there; B's other pawn moves are still
// passes of its king, at most d/2. B's pawns must then need more than d/2
// such quiet moves to promote safely or mate against the answering king
// (the kv3cpp-quiet library), and the chunks must stay apart. A's answers
// may take B's pawns, and then B, its king shut in in A's chunk, could be
// stalemated, which KCP lets pass: `oracle verify` found 46 such positions,
// k7/P7/1PP5/8/8/7p/6p1/6K1 b among them (h2+ Kxh2, g1=Q+ Kxg1, a draw). So
// this way A's pawns must win under KCPS, where a stuck king is a draw,
// and d is the KCPS distance. Over both layouts it adds 2.32M and 2.18M
// positions (36.64% and 35.11% of the legal positions for Level 3), none
// wrong.
#pragma once

#include "schemas/chunk_view.h"
#include "schemas/schema_mode.h"

namespace chunker {

// What Level 3 found: the answer classify() gives, and enough of the
// argument for explain() to word it.
struct KcpVerdict {
  enum class Why : std::uint8_t { NoChunks, NoBreakthrough, NoZugzwangWin, KingDisturbed, KingOnOwnPath, Decided };
  Why why = Why::NoChunks;
  std::optional<Outcome> outcome;  // for the side to move, when decided
  Color breaker = WHITE;           // A, whose pawns win under KCP, from NoZugzwangWin on
  int distance = 0;                // A's KCP distance with the position's side to move
  int defender_moves = 0;  // the moves B makes meanwhile (sound mode; by the KCPS distance where A's king answers)
  int quiet_moves = 0;     // when A's king answers checks: the quiet moves B's pawns need (sound mode)
};

class BreakthroughBeatsZugzwang : public Classifier {
 public:
  BreakthroughBeatsZugzwang(const ChunkLibraries& libraries, SchemaMode mode)
      : am_(libraries.kv3cpp(Assumption::AM)),
        kcp_(libraries.kv3cpp(Assumption::KCP)),
        kcps_(mode == SchemaMode::Sound ? &libraries.kv3cpp(Assumption::KCPS) : nullptr),
        quiet_(mode == SchemaMode::Sound ? &libraries.kv3cpp_quiet() : nullptr),
        mode_(mode) {}
  std::optional<Value> classify(const Position& pos) const override { return value_of(verdict(pos).outcome); }
  std::string name() const override { return "level 3 (KCP breakthrough)"; }
  std::string explain(const Position& pos) const override;  // schemas/explain.cpp
  KcpVerdict verdict(const Position& pos) const;

 private:
  const Kv3cppLibrary& am_;
  const Kv3cppLibrary& kcp_;
  const Kv3cppLibrary* kcps_;  // sound mode only
  const Kv3cppQuiet* quiet_;   // sound mode only
  SchemaMode mode_;
};

// The fewest moves after which a pawn of colour c on s attacks square k or
// stands on its last rank (the double step counted); a pawn the square k
// blocks for good never promotes.
int moves_to_disturb(Color c, Square s, Square k);

// The part of the argument both Level 3 and Level 4 rest on: side a pushes
// only pawns while its king stands still, and b gets at most `b_moves` moves
// of its pawns before a's pawns are through. That holds the race if none of
// b's pawns can check a's king or reach its last rank within those moves,
// and a's king stands on no square its own pawns still have to pass;
// else what fails first.
enum class StillKing : std::uint8_t { Holds, Disturbed, OnOwnPath };
StillKing still_king(const Position& pos, Color a, int b_moves);

// Where b's pawns could disturb the still king: a's king may instead answer
// their checks (and take a pawn promoted unsafely next to it), moving only
// then. A check and its answer are a pass of each side in a's chunk, which
// leaves it as it was; b's other pawn moves ("quiet" ones) remain passes
// there, at most b_moves of them. So a holds if b's pawns need more than
// b_moves quiet moves to promote safely or mate against such a king
// (Kv3cppQuiet, `b_pawns` the chunk of b's pawns), and the chunks stay
// apart meanwhile: a's king, answering at most the library's `answers`
// times, never reaches its own pawns' paths, and b's king, on the squares
// `b_king` it can reach meanwhile, never comes next to a square a's king may
// answer on, nor next to a square of b's pawns (guarding one the king would
// take). a's king must not be in check now. Returns the quiet moves b's
// pawns need, or nullopt when the answering king does not hold.
std::optional<int> answering_king_holds(const Position& pos, Color a, int b_moves, Bitboard b_king,
                                        const ChunkView& b_pawns, const Kv3cppQuiet& quiet);

// The guard of that argument and of Level 4's: a's king, on the squares
// `a_king`, never stands on its own pawns' paths, and b's king, on `b_king`,
// never comes next to one of those squares nor to a square of b's pawns'
// paths (where it would guard one a's king would take).
bool kings_keep_apart(const Position& pos, Color a, Bitboard a_king, Bitboard b_king);

}  // namespace chunker
