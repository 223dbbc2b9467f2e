#include "uci/thinker.h"

#include <chrono>
#include <exception>

namespace chunker {

void Thinker::start(Task task, long long budget_ms, Hold hold, std::string fallback) {
  stop();
  stop_source_ = std::stop_source();
  {
    const std::lock_guard lock(mutex_);
    stop_requested_ = finished_ = false;
    pondering_ = hold == Hold::UntilPonderhit;
  }
  worker_ = std::thread([this, task = std::move(task), budget_ms, hold, fallback = std::move(fallback)] {
    run(task, budget_ms, hold, fallback);
  });
}

void Thinker::ponderhit() {
  {
    const std::lock_guard lock(mutex_);
    pondering_ = false;
  }
  wake_.notify_all();
}

void Thinker::stop() {
  {
    const std::lock_guard lock(mutex_);
    stop_requested_ = true;
  }
  stop_source_.request_stop();
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void Thinker::time(long long budget_ms) {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [this] { return !pondering_ || finished_ || stop_requested_; });
  if (finished_ || stop_requested_ || budget_ms < 0) return;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget_ms);
  wake_.wait_until(lock, deadline, [this] { return finished_ || stop_requested_; });
  stop_source_.request_stop();
}

void Thinker::run(const Task& task, long long budget_ms, Hold hold, const std::string& fallback) {
  std::thread timer;
  if (budget_ms >= 0) timer = std::thread([this, budget_ms] { time(budget_ms); });
  Reply reply;
  try {
    reply = task(stop_source_.get_token());
  } catch (const std::exception& e) {
    out_.send(std::string("info string error: ") + e.what() + "; answering with a legal move");
    reply = {};
  }
  if (reply.move.empty()) reply = {fallback, ""};
  {
    const std::lock_guard lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  if (timer.joinable()) timer.join();
  if (hold != Hold::None) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stop_requested_ || (hold == Hold::UntilPonderhit && !pondering_); });
  }
  out_.send("bestmove " + (reply.move.empty() ? std::string("0000") : reply.move) +
            (reply.ponder.empty() || reply.move.empty() ? "" : " ponder " + reply.ponder));
}

}  // namespace chunker
