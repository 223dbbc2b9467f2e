#include "game_move.h"

#include <algorithm>
#include <chrono>

namespace chunker {

GamePlayer::~GamePlayer() {
  if (job_) job_->thread.join();
}

std::optional<GameMove> GamePlayer::exact_move(const Position& pos, const std::vector<Position>& earlier,
                                               const std::vector<Move>& allowed) {
  const auto answer = player_.known(pos, earlier);
  if (!answer) return std::nullopt;
  const Move chosen = player_.exact_move(pos, *answer, allowed);
  if (chosen.is_none()) return std::nullopt;
  const auto it =
      std::find_if(answer->moves.begin(), answer->moves.end(), [&](const MoveValue& m) { return m.move == chosen; });
  GameMove g;
  g.move = chosen;
  g.value = it == answer->moves.end() ? answer->value : it->value;
  g.proven = g.exact = true;
  g.detail = answer->detail;
  return g;
}

void GamePlayer::start_solve(const Position& pos, double seconds) {
  if (!player_.settings().exact_memory || player_.settings().sources != Sources::All) return;
  if (job_ && !job_->done) return;  // one solve at a time
  // A refused structure is not tried again while only the kings move.
  if (job_ && job_->structure == structure_of(pos)) return;
  if (job_) job_->thread.join();
  job_ = std::make_unique<Job>();
  job_->structure = structure_of(pos);
  job_->thread = std::thread([job = job_.get(), this, pos, seconds] {
    job->note = player_.solve_exact(pos, seconds).note;
    job->done = true;
  });
}

GameMove GamePlayer::choose(const Position& pos, const std::vector<Position>& earlier, const std::vector<Move>& allowed,
                            const ChoiceLimits& limits, double exact_seconds,
                            const std::function<void(const MoveChoice&)>& progress) {
  if (auto exact = exact_move(pos, earlier, allowed)) return *exact;
  start_solve(pos, exact_seconds);
  GameMove g;
  std::vector<const Classifier*> classifiers;
  if (libraries_usable_) {
    try {
      classifiers = player_.classifiers();
    } catch (const TableError& e) {
      g.note = std::string(e.what()) + "; searching at level 0 with Peasant's evaluation";
      libraries_usable_ = false;
    }
  }
  // The search answers until its limits end it, or the exact solve is done.
  std::atomic<bool> halt{false};
  const std::atomic<bool>* stop = limits.stop;
  std::thread watch([&] {
    while (!halt) {
      if ((stop && *stop) || (job_ && job_->done)) halt = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  ChoiceLimits searching = limits;
  searching.stop = &halt;
  const MoveChoice choice = choose_move(pos, allowed, earlier, classifiers,
                                        libraries_usable_ ? &player_.libraries() : nullptr, searching, progress);
  halt = true;
  watch.join();
  if (choice.rounds == 0 && progress) progress(choice);
  if (job_ && job_->done && !(stop && *stop)) {
    if (auto exact = exact_move(pos, earlier, allowed)) return *exact;
    if (job_->note.rfind("not tried", 0) == 0 && job_->structure == structure_of(pos))
      g.note += (g.note.empty() ? "" : "; ") + ("exact solve " + job_->note);
  }
  const RankedMove& top = choice.ranked.front();
  g.move = top.move;
  g.value = top.value;
  g.proven = top.proven;
  return g;
}

}  // namespace chunker
