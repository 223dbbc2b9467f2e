// The soundness check (docs/design.md §6): every classifier run on every legal
// position of an oracle layout where the game goes on, its verdicts compared
// with the oracle's: the outcome, and the distance too where the verdict
// gives one (the exact KPK and K3CPPvK libraries). Coverage counts against
// all legal positions.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/classifier.h"
#include "exact/oracle.h"

namespace chunker {

struct ClassifierCheck {
  std::string name;
  std::uint64_t classified = 0, agreements = 0, disagreements = 0;
  std::vector<std::string> first_wrong;  // FENs of the first disagreements, at most MAX_SHOWN
  static constexpr std::size_t MAX_SHOWN = 10;
};

struct VerifyReport {
  std::uint64_t legal = 0;              // positions checked
  std::vector<ClassifierCheck> checks;  // one per classifier, in order
  std::uint64_t classified_by_any = 0;  // by at least one of them
};

// Checks the positions of every `config_step`-th pawn configuration (1: the
// whole layout) on `workers` threads; `progress(done, total)` now and then.
VerifyReport verify_classifiers(const OracleTable& table, const std::vector<const Classifier*>& classifiers,
                                std::uint32_t config_step, unsigned workers,
                                const std::function<void(std::uint32_t, std::uint32_t)>& progress);

}  // namespace chunker
