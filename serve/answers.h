// What the server answers of a position, from one Player kept for the
// process's life (its oracle, exact tables and libraries stay open): the
// tablebase answer (GET /standard) and the explanation (GET /explain), each
// kept in a bounded cache. A position outside the tables is solved exactly
// where --memory allows; the solve is shared by every request for the same
// root, runs once, and one solve runs at a time (each may take all of
// --memory). Thread-safe: the server's workers ask it at once.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "play/answer.h"
#include "serve/answer_cache.h"
#include "serve/tablebase_json.h"

namespace chunker::serve {

enum class Endpoint { Standard, Explain };

class Answers {
 public:
  // `log` is told of each exact solve as it starts and ends, in one line.
  using Log = std::function<void(const std::string& line)>;
  Answers(PlaySettings settings, std::size_t cache_entries, Log log);

  // The cached body, or null: an answer given earlier, at once.
  std::shared_ptr<const std::string> cached(Endpoint endpoint, const Position& pos);
  // The body from the tables alone (the oracle, an exact table held or
  // cached), or null where it needs an exact solve. Throws TableError where
  // a table or library is damaged or missing.
  std::shared_ptr<const std::string> known_answer(Endpoint endpoint, const Position& pos);
  // The body, solving where needed. Throws ExactCancelled once cancel() is
  // called, TableError as known_answer.
  std::shared_ptr<const std::string> answer(Endpoint endpoint, const Position& pos);
  // Ends the exact solve running now and refuses those that would start.
  void cancel() { cancel_ = true; }

  // The tables' proven answer, else an exact solve's, else why none.
  Lookup lookup(const Position& pos);

  // GET /standard with rules=chess: the chess-exact answer's body, cached
  // or null, and solving where needed (one solve at a time, as above).
  std::shared_ptr<const std::string> chess_cached(const ChessPosition& pos);
  std::shared_ptr<const std::string> chess_answer(const ChessPosition& pos);

 private:
  // The body, solving where `solve` allows; null where it needs a solve and may not.
  std::shared_ptr<const std::string> body(Endpoint endpoint, const Position& pos, bool solve);
  // The exact solve of `pos` (the shared one where a request already started it).
  Lookup solve_once(const Position& pos);
  Lookup solve_now(const Position& pos);

  Player player_;
  ChessPlayer chess_;
  AnswerCache cache_;
  std::atomic<bool> cancel_ = false;
  Log log_;
  std::mutex running_mutex_;
  std::map<std::string, std::shared_future<Lookup>> running_;  // by the root's FEN
  std::mutex solving_;                                         // one exact solve at a time
};

}  // namespace chunker::serve
