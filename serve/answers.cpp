#include "serve/answers.h"

#include <cstdio>

#include "exact/exact.h"
#include "play/inspection.h"
#include "play/inspection_json.h"

namespace chunker::serve {

namespace {

std::string cache_key(Endpoint endpoint, const Position& pos) {
  return (endpoint == Endpoint::Standard ? "standard " : "explain ") + to_fen(pos);
}

}  // namespace

Answers::Answers(PlaySettings settings, std::size_t cache_entries, Log log)
    : player_(settings),
      chess_(settings.exact_memory, player_.workers(), nullptr,
             settings.exact_cache.empty() ? "" : settings.exact_cache + "/chess"),
      cache_(cache_entries),
      log_(std::move(log)) {}

std::shared_ptr<const std::string> Answers::chess_cached(const ChessPosition& pos) {
  return cache_.find("standard-chess " + pieces::to_fen(pos));
}

std::shared_ptr<const std::string> Answers::chess_answer(const ChessPosition& pos) {
  const std::string key = "standard-chess " + pieces::to_fen(pos);
  if (auto body = cache_.find(key)) return body;
  ChessLookup found;
  {
    const std::lock_guard one_at_a_time(solving_);
    if (cancel_) throw ExactCancelled();
    const std::string root = pieces::to_fen(pos);
    const bool held = chess_.known(pos).has_value();
    if (!held) log_("solving " + root + " by chess's rules");
    found.answer = chess_.answer(pos, found.refusal, &cancel_);
    if (!held) log_((found.answer ? "solved " : "not solved ") + root + " by chess's rules");
  }
  auto body = std::make_shared<const std::string>(chess_tablebase_json(pos, found));
  cache_.put(key, body);
  return body;
}

std::shared_ptr<const std::string> Answers::cached(Endpoint endpoint, const Position& pos) {
  return cache_.find(cache_key(endpoint, pos));
}

std::shared_ptr<const std::string> Answers::known_answer(Endpoint endpoint, const Position& pos) {
  return body(endpoint, pos, false);
}

std::shared_ptr<const std::string> Answers::answer(Endpoint endpoint, const Position& pos) {
  return body(endpoint, pos, true);
}

std::shared_ptr<const std::string> Answers::body(Endpoint endpoint, const Position& pos, bool solve) {
  const std::string key = cache_key(endpoint, pos);
  if (auto found = cache_.find(key)) return found;
  bool unknown = false;  // a position that needs a solve, where none may run
  auto look_up = [&](const Position& p) -> Lookup {
    if (solve) return lookup(p);
    auto known = player_.known(p);
    unknown = !known;
    return {std::move(known), std::nullopt};
  };
  std::shared_ptr<const std::string> made;
  if (endpoint == Endpoint::Standard) {
    const Lookup found = look_up(pos);
    if (unknown) return nullptr;
    made = std::make_shared<const std::string>(tablebase_json(pos, found));
  } else {
    const Inspection found =
        inspect_position(player_, pos, [&](const Position& p, std::optional<ExactRefusal>& refusal) {
          Lookup l = look_up(p);
          refusal = l.refusal;
          return l.answer;
        });
    if (unknown) return nullptr;
    made = std::make_shared<const std::string>(inspection_json(found, 1, false));
  }
  cache_.put(key, made);
  return made;
}

Lookup Answers::lookup(const Position& pos) {
  if (auto a = player_.known(pos)) return {std::move(a), std::nullopt};
  return solve_once(pos);
}

Lookup Answers::solve_once(const Position& pos) {
  const std::string root = to_fen(pos);
  std::promise<Lookup> promise;
  std::shared_future<Lookup> shared;
  bool mine = false;
  {
    const std::lock_guard lock(running_mutex_);
    if (const auto it = running_.find(root); it != running_.end()) {
      shared = it->second;
    } else {
      shared = promise.get_future().share();
      running_.emplace(root, shared);
      mine = true;
    }
  }
  if (mine) {
    try {
      promise.set_value(solve_now(pos));
    } catch (...) {
      promise.set_exception(std::current_exception());
    }
    // Later requests find the table in the player's exact tables.
    const std::lock_guard lock(running_mutex_);
    running_.erase(root);
  }
  return shared.get();
}

Lookup Answers::solve_now(const Position& pos) {
  const std::lock_guard one_at_a_time(solving_);
  // Another root's solve that ran meanwhile may have reached this position.
  if (auto a = player_.known(pos)) return {std::move(a), std::nullopt};
  if (cancel_) throw ExactCancelled();
  const std::string root = to_fen(pos);
  log_("solving " + root);
  Lookup found;
  found.answer = player_.exact_answer(pos, {}, found.refusal, &cancel_);
  char figures[96] = "";
  if (found.answer && found.answer->exact)
    std::snprintf(figures, sizeof figures, ": %llu positions in %.2f s",
                  static_cast<unsigned long long>(found.answer->exact->positions), found.answer->exact->seconds);
  else if (found.refusal && found.refusal->reason == ExactRefusal::Reason::NoBudget)
    std::snprintf(figures, sizeof figures, ": --memory is 0");
  else if (found.refusal)
    std::snprintf(figures, sizeof figures, ": %s%.3g positions reachable, %.0f MB over the budget",
                  found.refusal->counted ? "" : "more than ", double(found.refusal->positions),
                  double(found.refusal->bytes) / (1024.0 * 1024.0));
  log_((found.answer ? "solved " : "not solved ") + root + figures);
  return found;
}

}  // namespace chunker::serve
