// The requests being answered: `threads` threads take jobs from a queue of at
// most `capacity` waiting; a job offered to a full queue is refused (the
// server answers 503), so that a burst costs a bounded amount of memory and
// every waiting request an answer in bounded time.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace chunker::serve {

class WorkQueue {
 public:
  // `niceness`: the threads' scheduling priority (setpriority), inherited
  // by the threads a job starts.
  WorkQueue(unsigned threads, std::size_t capacity, int niceness = 0);
  ~WorkQueue() { stop(); }
  // False, and the job dropped, when the queue is full or stopped.
  bool offer(std::function<void()> job);
  // Drops the jobs waiting, lets the running ones end and joins the threads.
  void stop();

 private:
  void work(int niceness);

  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace chunker::serve
