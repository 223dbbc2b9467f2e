// A proof of the proof-number search (engine/proof_tree.h) checked against
// the oracle: every position it reaches that the oracle's tables hold must
// have the value the proof gives it, a win for the winner to move and a loss
// for the loser to move. With check_proof (the rules and the classifiers)
// this is a complete test of a proof in the domain.
#pragma once

#include <optional>
#include <string>

#include "engine/proof_tree.h"
#include "play/oracle_play.h"

namespace chunker {

struct ProofOracleCheck {
  std::size_t agreed = 0;              // positions the oracle holds, each with the proof's value
  std::optional<std::string> failure;  // the first position where the oracle disagrees
};
ProofOracleCheck check_proof_against_oracle(const ProofTree& tree, OracleTables& oracle);

}  // namespace chunker
