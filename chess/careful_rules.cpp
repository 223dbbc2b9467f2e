#include "chess/careful_rules.h"

#include <algorithm>

#include "chess/answered_promotion.h"
#include "chess/new_queen.h"
#include "engine/movegen.h"
#include "engine/rules.h"

namespace chunker {

void CarefulRules::keep_replies(const Position& pos, MoveList& replies) const {
  const Color careful = side();
  if (pos.side != careful || pos.promoted == NO_SQUARE) return;
  MoveList kept;
  for (Move m : replies)
    if (chess_allows(pos, m)) kept.add(m);
  replies = kept;
}

std::optional<Value> CarefulRules::end(const Position& pos, std::optional<Value> by_rules) const {
  const Color careful = side();
  // Right after the opponent's unsafe promotion, no reply that chess allows
  // (keep_replies): the new queen stays, and the game is counted lost.
  if (pos.side == careful && pos.promoted != NO_SQUARE && by_rules == 0) return loss_in(0);
  if (pos.side == careful) {
    // A safe promotion at hand (Chunker's win in 1) while the opponent has a
    // pawn a step from promoting, or one that could step to a check: played
    // out, its value found through the replies.
    const Bitboard seventh = careful == WHITE ? rank_bb(1) : rank_bb(6);
    const Bitboard checking = pawn_attacks(careful, king_bb(pos.king[careful]));
    if (by_rules == win_in(1) &&
        ((pos.pawns[~careful] & seventh) || (pawn_reach(~careful, pos.pawns[~careful]) & checking)))
      return std::nullopt;
    return by_rules;
  }
  if (pos.promoted == NO_SQUARE) return by_rules;
  // Right after the careful side's promotion: a pawn's mate wins for the
  // opponent. Otherwise the replies listed are the capture of the new piece
  // and safe promotions (movegen.h); with none, the promotion was safe and
  // nothing answers it: the careful side wins.
  if (pawn_mates_after_promotion(pos)) return win_in(1);
  if (by_rules == 0) return loss_in(0);
  // A safe promotion answered by a safe promotion: the queens play on in
  // chess, and their first moves decide it, or it counts as a draw
  // (answered_promotion.h).
  const Bitboard guard = KING_ATTACKS[pos.king[careful]] | pawn_attacks(careful, pos.pawns[careful]);
  const bool safe = !(KING_ATTACKS[pos.king[pos.side]] & square_bb(pos.promoted)) || (guard & square_bb(pos.promoted));
  if (by_rules != win_in(1) || !safe) return by_rules;
  // An answer that leaves the opponent's king in our new queen's check is
  // illegal in chess: with no other, the promotion stands.
  Value best = loss_in(0);
  for (Move answer : legal_moves(pos))
    if (chess_allows(pos, answer))
      best = std::max(best, from_child(answered_promotion_value(make_move(pos, answer), pos.promoted)));
  return best;
}

bool promotion_answered(const Position& pos, Move m) {
  const Position after = make_move(pos, m);
  MoveList replies = legal_moves(after);
  const auto value = CarefulRules(pos.side).end(after, rule_value(after, replies));
  return value && is_win(*value);
}

}  // namespace chunker
