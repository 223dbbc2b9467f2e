// The thinking of `chunker uci`: one task at a time on a thread of its own,
// ended by `stop`, by its time budget, or by finishing; its move is sent as
// `bestmove` (with the reply it expects, for the GUI to ponder on), held back
// as the protocol asks: under `go infinite` until `stop`, under `go ponder`
// until `ponderhit` or `stop`. A ponder's budget starts at `ponderhit`.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

#include "uci/gui_output.h"

namespace chunker {

class Thinker {
 public:
  struct Reply {
    std::string move;    // coordinates; empty: none (the fallback is sent)
    std::string ponder;  // the reply expected; empty: none
  };
  using Task = std::function<Reply(std::stop_token stop)>;
  // When the bestmove goes out once the task is done.
  enum class Hold { None, UntilStop, UntilPonderhit };

  explicit Thinker(GuiOutput& out) : out_(out) {}
  ~Thinker() { stop(); }

  // Starts `task`; `budget_ms` < 0: no time limit. `fallback`: a legal move
  // to send should the task fail or give none (never a null move while a
  // legal one exists).
  void start(Task task, long long budget_ms, Hold hold, std::string fallback);
  // The GUI's guess was played: the ponder becomes a timed search, whose
  // budget starts now. Nothing where no ponder runs.
  void ponderhit();
  // Ends the running task, if any; returns once its bestmove is out.
  void stop();

 private:
  void run(const Task& task, long long budget_ms, Hold hold, const std::string& fallback);
  // Ends the task at its deadline, counted from the start, or from the
  // ponderhit of a ponder; returns early once it finished or was stopped.
  void time(long long budget_ms);

  GuiOutput& out_;
  std::thread worker_;
  std::stop_source stop_source_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false, finished_ = false, pondering_ = false;  // guarded by mutex_
};

}  // namespace chunker
