#include "play/proof_oracle.h"

namespace chunker {

ProofOracleCheck check_proof_against_oracle(const ProofTree& tree, OracleTables& oracle) {
  ProofOracleCheck check;
  for (const Position& pos : proof_positions(tree)) {
    const auto answer = oracle.probe(pos);
    if (!answer) continue;
    const bool winner_to_move = pos.side == tree.winner;
    if (winner_to_move ? is_win(answer->value) : is_loss(answer->value)) {
      ++check.agreed;
      continue;
    }
    check.failure = "the oracle disagrees at " + to_fen(pos) + ": the proof has the " +
                    (winner_to_move ? "side to move winning" : "side to move losing");
    return check;
  }
  return check;
}

}  // namespace chunker
