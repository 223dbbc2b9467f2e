#include "serve/http_server.h"

#include <array>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>

#include "chunks/table_file.h"
#include "engine/position.h"
#include "exact/exact.h"
#include "serve/page_assets.h"
#include "serve/request_target.h"
#include "serve/work_queue.h"

namespace chunker::serve {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using Response = http::response<http::string_body>;

// A request is a line and a few headers: far below these.
constexpr std::size_t HEADER_LIMIT = 16 * 1024;
constexpr std::size_t TARGET_LIMIT = 4096;
constexpr std::size_t BODY_LIMIT = 1024;
// A client that takes longer to send its request, or to read the answer, is dropped.
constexpr std::chrono::seconds IO_TIMEOUT{15};
constexpr std::chrono::seconds LINGER{2};
// Connections open at once; one more is answered 503 and closed.
constexpr int CONNECTION_LIMIT = 1024;

Response make_response(http::status status, std::string body, std::string_view type, bool keep_alive) {
  Response res{status, 11};
  res.set(http::field::server, "chunker");
  res.set(http::field::content_type, std::string(type));
  // Programs on other pages may ask too, as they ask lila-tablebase.
  res.set(http::field::access_control_allow_origin, "*");
  res.keep_alive(keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

Response error_response(http::status status, const std::string& message, bool keep_alive) {
  return make_response(status, nlohmann::json{{"error", message}}.dump() + "\n", "application/json", keep_alive);
}

std::string_view content_type(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  return "application/octet-stream";
}

struct Shared {
  Answers& answers;
  WorkQueue& queue;
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
    parser_->header_limit(HEADER_LIMIT);
    parser_->body_limit(BODY_LIMIT);
    stream_.expires_after(IO_TIMEOUT);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::header_limit) {
      // The request line alone over the limit (the parser has not read it): its target, a query of a megabyte.
      if (parser_->get().method_string().empty())
        return write(error_response(http::status::uri_too_long, "request target too long", false));
      return write(error_response(http::status::request_header_fields_too_large,
                                  "request header over " + std::to_string(HEADER_LIMIT) + " bytes", false));
    }
    if (ec == http::error::body_limit)
      return write(error_response(http::status::payload_too_large,
                                  "request body over " + std::to_string(BODY_LIMIT) + " bytes", false));
    // The client hung up, before or in the middle of a request, or went quiet: nobody to answer.
    if (ec == http::error::end_of_stream || ec == http::error::partial_message || ec == beast::error::timeout ||
        ec == net::error::eof || ec == net::error::connection_reset || ec == net::error::operation_aborted)
      return close();
    if (ec) return write(error_response(http::status::bad_request, "malformed HTTP request", false));
    handle(parser_->release());
  }

  void handle(const http::request<http::string_body>& req) {
    const bool keep_alive = req.keep_alive();
    if (req.method() != http::verb::get) {
      Response res = error_response(http::status::method_not_allowed, "only GET is served", keep_alive);
      res.set(http::field::allow, "GET");
      return write(std::move(res));
    }
    if (req.target().size() > TARGET_LIMIT)
      return write(error_response(http::status::uri_too_long, "request target too long", keep_alive));
    try {
      const RequestTarget target = parse_target(std::string_view(req.target().data(), req.target().size()));
      const auto& assets = page_assets();
      const std::string file = target.path == "/" ? "/index.html" : target.path;
      if (const auto asset = assets.find(file); asset != assets.end())
        return write(make_response(http::status::ok, std::string(asset->second), content_type(file), keep_alive));
      const std::optional<Endpoint> endpoint = target.path == "/standard"  ? std::optional(Endpoint::Standard)
                                               : target.path == "/explain" ? std::optional(Endpoint::Explain)
                                                                           : std::nullopt;
      if (!endpoint) return write(error_response(http::status::not_found, "no such path: " + target.path, keep_alive));
      const auto rules = target.query.find("rules");
      if (rules != target.query.end() && rules->second != "chunker" && rules->second != "chess")
        throw InputError("unknown rules '" + rules->second + "' (chunker or chess)");
      if (rules != target.query.end() && rules->second == "chess") {
        if (*endpoint != Endpoint::Standard)
          throw InputError("rules=chess: /explain shows Chunker's chunks; ask /standard for chess's values");
        const ChessPosition pos = pieces::parse_chess_fen(fen_parameter(target)).pos;
        if (auto body = shared_.answers.chess_cached(pos))
          return write(make_response(http::status::ok, *body, "application/json", keep_alive));
        return run_later([self = shared_from_this(), pos] { return self->shared_.answers.chess_answer(pos); },
                         keep_alive);
      }
      const Position pos = parse_fen(fen_parameter(target)).pos;
      if (auto body = shared_.answers.cached(*endpoint, pos))
        return write(make_response(http::status::ok, *body, "application/json", keep_alive));
      run_later([self = shared_from_this(), endpoint = *endpoint,
                 pos] { return self->shared_.answers.answer(endpoint, pos); },
                keep_alive);
    } catch (const InputError& e) {
      write(error_response(http::status::bad_request, e.what(), keep_alive));
    }
  }

  // On a worker: `body()`, the answer, then written from the I/O thread.
  void run_later(std::function<std::shared_ptr<const std::string>()> body, bool keep_alive) {
    auto job = [self = shared_from_this(), body = std::move(body), keep_alive] {
      Response res;
      try {
        res = make_response(http::status::ok, *body(), "application/json", keep_alive);
      } catch (const ExactCancelled&) {
        res = error_response(http::status::service_unavailable, "the server is stopping", false);
      } catch (const TableError& e) {  // named without the server's directories
        res = error_response(http::status::internal_server_error, e.message(false), keep_alive);
      } catch (const std::exception& e) {
        res =
            error_response(http::status::internal_server_error, std::string("internal error: ") + e.what(), keep_alive);
      }
      net::post(self->stream_.get_executor(), [self, res = std::move(res)]() mutable { self->write(std::move(res)); });
    };
    if (!shared_.queue.offer(std::move(job)))
      write(error_response(http::status::service_unavailable, "busy: every worker and queue place taken; try again",
                           keep_alive));
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
  std::optional<http::request_parser<http::string_body>> parser_;
  Response response_;
  std::array<char, 4096> discard_;
};

}  // namespace

struct HttpServer::State {
  State(const ServerSettings& settings, Answers& answers)
      : shared{answers, queue, {}},
        queue(settings.threads, settings.queue),
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
  WorkQueue queue;
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
  s.queue.stop();
}

}  // namespace chunker::serve
