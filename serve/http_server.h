// `chunker serve`'s HTTP server (Boost.Beast): one I/O thread reads requests
// and writes answers; the answers that need the tables or a solve go to a
// bounded work queue (work_queue.h), those given before come from the cache
// at once. Every request and wait is bounded: the header's and body's size,
// the time a client takes to send its request, the queue (503 when full).
// Bad requests answer 4xx with {"error": "..."} on one line.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "serve/answers.h"

namespace chunker::serve {

struct ServerSettings {
  std::string bind = "127.0.0.1";  // loopback unless told otherwise
  unsigned short port = 9000;      // 0: any free port (port() says which)
  unsigned threads = 2;            // requests answered at once
  std::size_t queue = 64;          // requests waiting beyond those
};

class HttpServer {
 public:
  // Binds now: throws InputError when the address cannot be bound.
  HttpServer(const ServerSettings& settings, Answers& answers);
  ~HttpServer();
  unsigned short port() const;
  // Serves until SIGTERM or SIGINT: then stops accepting, cancels the exact
  // solve running (it leaves no file: a table is saved under a temporary
  // name and renamed), and returns once every thread has ended.
  void run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace chunker::serve
