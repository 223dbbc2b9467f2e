#include "libgen/oracle_verify.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "engine/notation.h"
#include "engine/rules.h"

namespace chunker {

VerifyReport verify_classifiers(const OracleTable& table, const std::vector<const Classifier*>& classifiers,
                                std::uint32_t config_step, unsigned workers,
                                const std::function<void(std::uint32_t, std::uint32_t)>& progress) {
  const std::uint32_t total = (CONFIG_NB + config_step - 1) / config_step;
  std::atomic<std::uint32_t> next = 0, done = 0;
  std::mutex merge;
  VerifyReport report;
  for (const Classifier* c : classifiers) report.checks.push_back({c->name(), 0, 0, 0, {}});

  auto work = [&](unsigned worker) {
    VerifyReport mine;
    mine.checks.resize(classifiers.size());
    for (std::uint32_t k; (k = next++) < total;) {
      const std::uint64_t base = king_slice::index(k * config_step, 0);
      for (std::uint64_t i = base; i < base + king_slice::SIZE; ++i) {
        if (table.byte(i) == king_slice::ILLEGAL_BYTE) continue;
        ++mine.legal;
        const Position pos = table.index().position(i);
        // The search asks no classifier about a game already over (rules.h
        // decides those), and neither does the check.
        if (rule_value(pos, legal_moves(pos))) continue;
        const Value truth = OracleTable::decode(table.byte(i));
        bool any = false;
        for (std::size_t s = 0; s < classifiers.size(); ++s) {
          const auto verdict = classifiers[s]->classify(pos);
          if (!verdict) continue;
          any = true;
          ClassifierCheck& check = mine.checks[s];
          ++check.classified;
          // A recognizer's verdict carries the distance: all of it must agree.
          const bool has_distance = is_decisive(*verdict) && distance_of(*verdict) < UNKNOWN_DISTANCE;
          if (has_distance ? *verdict == truth : outcome_of(*verdict) == outcome_of(truth)) {
            ++check.agreements;
          } else if (++check.disagreements <= ClassifierCheck::MAX_SHOWN) {
            check.first_wrong.push_back(to_fen(pos));
          }
        }
        mine.classified_by_any += any;
      }
      ++done;
      if (worker == 0) progress(done, total);
    }
    std::lock_guard lock(merge);
    report.legal += mine.legal;
    report.classified_by_any += mine.classified_by_any;
    for (std::size_t s = 0; s < classifiers.size(); ++s) {
      ClassifierCheck& into = report.checks[s];
      const ClassifierCheck& from = mine.checks[s];
      into.classified += from.classified;
      into.agreements += from.agreements;
      into.disagreements += from.disagreements;
      for (const std::string& fen : from.first_wrong)
        if (into.first_wrong.size() < ClassifierCheck::MAX_SHOWN) into.first_wrong.push_back(fen);
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned w = 1; w < workers; ++w) helpers.emplace_back(work, w);
  work(0);
  for (auto& h : helpers) h.join();
  progress(total, total);
  return report;
}

}  // namespace chunker
