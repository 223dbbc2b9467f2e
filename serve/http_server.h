// `chunker serve`'s HTTP server (Boost.Beast): one I/O thread reads requests
// (request_route.h) and writes answers; those given before come from the
// cache at once, those the tables answer (the oracle, an exact table) from a
// bounded work queue's workers (work_queue.h), and those that need an exact
// solve from a queue of their own, whose one thread runs below the workers'
// priority: a solve never holds a worker, nor takes the cores from the
// tables' answers. Every request and wait is bounded: the header's and
// body's size, the time a client takes to send its request, each queue (503
// when full). Bad requests answer 4xx with {"error": "..."} on one line.
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
  std::size_t queue = 64;          // requests waiting beyond those, and for an exact solve
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
