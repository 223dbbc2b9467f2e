#include "serve/http_server.h"

#include <array>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <optional>

#include "chunks/table_file.h"
#include "engine/position.h"
#include "exact/exact.h"
#include "serve/request_route.h"
#include "serve/work_queue.h"

namespace chunker::serve {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

// A client that takes longer to send its request, or to read the answer, is dropped.
constexpr std::chrono::seconds IO_TIMEOUT{15};
constexpr std::chrono::seconds LINGER{2};
// Connections open at once; one more is answered 503 and closed.
constexpr int CONNECTION_LIMIT = 1024;
// The exact solves' thread runs at this niceness (its solve's threads too):
// while a solve takes the cores, the requests the tables answer come first.
constexpr int SOLVE_NICENESS = 10;

struct Shared {
  Answers& answers;
  WorkQueue& queue;   // requests the tables answer, at once
  WorkQueue& solves;  // requests that wait for an exact solve
  std::atomic<int> connections = 0;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) { ++shared_.connections; }
  ~Session() { --shared_.connections; }

  void start() {
    if (shared_.connections > CONNECTION_LIMIT)
      write(error_response(http::status::service_unavailable, "too many connections; try again", false));
    else
      read();
  }

 private:
  void read() {
    parser_.emplace();
    limit(*parser_);
    stream_.expires_after(IO_TIMEOUT);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      if (auto res = read_error(ec, *parser_)) return write(std::move(*res));
      return close();
    }
    const Request req = parser_->release();
    Route routed = route(req);
    if (routed.now) return write(std::move(*routed.now));
    if (routed.chess) return answer_chess(*routed.chess, req.keep_alive());
    if (auto body = shared_.answers.cached(routed.endpoint, routed.pos))
      return write(make_response(http::status::ok, *body, "application/json", req.keep_alive()));
    answer_later(routed.endpoint, routed.pos, req.keep_alive());
  }

  // On a worker: the tables' answer; where it needs an exact solve, on the
  // solves' thread, so that a solve never holds a worker that the tables'
  // answers need. Either is written from the I/O thread.
  void answer_later(Endpoint endpoint, const Position& pos, bool keep_alive) {
    auto job = [self = shared_from_this(), endpoint, pos, keep_alive] {
      self->respond(
          [&] { return self->shared_.answers.known_answer(endpoint, pos); }, keep_alive,
          [&] {
            auto solve = [self, endpoint, pos, keep_alive] {
              self->respond([&] { return self->shared_.answers.answer(endpoint, pos); }, keep_alive, [] {});
            };
            if (!self->shared_.solves.offer(std::move(solve)))
              self->post(error_response(http::status::service_unavailable,
                                        "busy: every exact solve's queue place taken; try again", keep_alive));
          });
    };
    if (!shared_.queue.offer(std::move(job)))
      write(error_response(http::status::service_unavailable, "busy: every worker and queue place taken; try again",
                           keep_alive));
  }

  // Chess's rules: an answer kept, else on the solves' thread, as every
  // chess answer may need a solve.
  void answer_chess(const ChessPosition& pos, bool keep_alive) {
    if (auto body = shared_.answers.chess_cached(pos))
      return write(make_response(http::status::ok, *body, "application/json", keep_alive));
    auto solve = [self = shared_from_this(), pos, keep_alive] {
      self->respond([&] { return self->shared_.answers.chess_answer(pos); }, keep_alive, [] {});
    };
    if (!shared_.solves.offer(std::move(solve)))
      write(error_response(http::status::service_unavailable, "busy: every exact solve's queue place taken; try again",
                           keep_alive));
  }

  // Writes what `body` answers, or calls `unanswered` where it gives none.
  template <class Body, class Unanswered>
  void respond(Body body, bool keep_alive, Unanswered unanswered) {
    Response res;
    try {
      const auto answered = body();
      if (!answered) return unanswered();
      res = make_response(http::status::ok, *answered, "application/json", keep_alive);
    } catch (const ExactCancelled&) {
      res = error_response(http::status::service_unavailable, "the server is stopping", false);
    } catch (const TableError& e) {  // named without the server's directories
      res = error_response(http::status::internal_server_error, e.message(false), keep_alive);
    } catch (const std::exception& e) {
      res = error_response(http::status::internal_server_error, std::string("internal error: ") + e.what(), keep_alive);
    }
    post(std::move(res));
  }

  void post(Response res) {
    net::post(stream_.get_executor(),
              [self = shared_from_this(), res = std::move(res)]() mutable { self->write(std::move(res)); });
  }

  void write(Response res) {
    response_ = std::move(res);
    stream_.expires_after(IO_TIMEOUT);
    http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec || !self->response_.keep_alive()) return self->close();
      self->read();
    });
  }

  // Ends our side, then reads what the client still sends until it closes
  // (or LINGER passes): closing with its bytes unread would reset the
  // connection, and the client could lose the answer it was sent.
  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    drain();
  }

  void drain() {
    stream_.expires_after(LINGER);
    stream_.async_read_some(net::buffer(discard_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) self->drain();
    });
  }

  beast::tcp_stream stream_;
  Shared& shared_;
  beast::flat_buffer buffer_;
  std::optional<RequestParser> parser_;
  Response response_;
  std::array<char, 4096> discard_;
};

}  // namespace

struct HttpServer::State {
  State(const ServerSettings& settings, Answers& answers)
      : shared{answers, queue, solves, {}},
        queue(settings.threads, settings.queue),
        solves(1, settings.queue, SOLVE_NICENESS),
        acceptor(io),
        signals(io, SIGINT, SIGTERM) {
    beast::error_code ec;
    const auto address = net::ip::make_address(settings.bind, ec);
    if (ec) throw InputError("--bind: not an IP address: '" + settings.bind + "'");
    const tcp::endpoint endpoint{address, settings.port};
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      throw InputError("cannot listen on " + settings.bind + ":" + std::to_string(settings.port) + ": " + ec.message());
  }

  void accept() {
    acceptor.async_accept(io, [this](beast::error_code ec, tcp::socket socket) {
      if (!acceptor.is_open()) return;
      if (!ec) std::make_shared<Session>(std::move(socket), shared)->start();
      accept();
    });
  }

  // Destroyed in reverse: the queue's jobs and io's handlers hold sessions,
  // which close their sockets (io's) and count themselves out (shared's).
  Shared shared;
  net::io_context io{1};
  WorkQueue queue, solves;
  tcp::acceptor acceptor;
  net::signal_set signals;
};

HttpServer::HttpServer(const ServerSettings& settings, Answers& answers)
    : state_(std::make_unique<State>(settings, answers)) {}

HttpServer::~HttpServer() = default;

unsigned short HttpServer::port() const { return state_->acceptor.local_endpoint().port(); }

void HttpServer::run() {
  State& s = *state_;
  s.signals.async_wait([&s](beast::error_code, int) {
    beast::error_code ignored;
    s.acceptor.close(ignored);
    s.shared.answers.cancel();
    s.io.stop();
  });
  s.accept();
  s.io.run();
  s.solves.stop();
  s.queue.stop();
}

}  // namespace chunker::serve
