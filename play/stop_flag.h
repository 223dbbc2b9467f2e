// Stopping a thinking thread without polling. Whoever decides that thinking
// ends (the GUI's stop, the clock, a finished exact solve) requests a stop
// on a std::stop_source; the searches check an atomic flag at their nodes,
// which a stop callback sets; and a thread that must wait for either of two
// events sleeps on a condition variable that their callbacks wake.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>

namespace chunker {

// An atomic flag set once `token` is stopped (at once where it is already).
class StopFlag {
 public:
  explicit StopFlag(std::stop_token token) : callback_(std::move(token), [this] { flag_ = true; }) {}
  const std::atomic<bool>* get() const { return &flag_; }
  bool stopped() const { return flag_; }

 private:
  std::atomic<bool> flag_{false};  // before callback_, which may set it while being made
  std::stop_callback<std::function<void()>> callback_;
};

// Returns once `a` or `b` is stopped.
inline void wait_for_either(const std::stop_token& a, const std::stop_token& b) {
  std::mutex mutex;
  std::condition_variable_any woken;
  bool done = false;
  auto wake = [&] {
    {
      const std::lock_guard lock(mutex);
      done = true;
    }
    woken.notify_all();
  };
  const std::stop_callback on_a(a, wake), on_b(b, wake);
  std::unique_lock lock(mutex);
  woken.wait(lock, [&] { return done; });
}

}  // namespace chunker
