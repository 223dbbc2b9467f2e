#include "serve/work_queue.h"

#include <sys/resource.h>
#include <unistd.h>

namespace chunker::serve {

WorkQueue::WorkQueue(unsigned threads, std::size_t capacity, int niceness) : capacity_(capacity) {
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this, niceness] { work(niceness); });
}

bool WorkQueue::offer(std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= capacity_) return false;
    jobs_.push_back(std::move(job));
  }
  ready_.notify_one();
  return true;
}

void WorkQueue::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  ready_.notify_all();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
}

void WorkQueue::work(int niceness) {
  // Linux's priority is a thread's own: this thread's, not the process's.
  if (niceness) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), niceness);
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    job();
  }
}

}  // namespace chunker::serve
