// What the server makes of a request before any table is asked: a bad
// request's 4xx with {"error": ...} on one line, a file of the board page,
// or the endpoint and the position to answer. The HTTP server
// (http_server.cpp) and the fuzz target of the request path
// (tests/fuzz/serve_fuzz.cpp) read requests through these alone.
#pragma once

#include <boost/beast/http.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/pieces/chess_position.h"
#include "engine/position.h"
#include "serve/answers.h"

namespace chunker::serve {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;
using RequestParser = http::request_parser<http::string_body>;

// A request is a line and a few headers: far below these.
constexpr std::size_t HEADER_LIMIT = 16 * 1024;
constexpr std::size_t TARGET_LIMIT = 4096;
constexpr std::size_t BODY_LIMIT = 1024;

Response make_response(http::status status, std::string body, std::string_view type, bool keep_alive);
// {"error": message} on one line.
Response error_response(http::status status, const std::string& message, bool keep_alive);

// A parser with the limits above, for one request.
void limit(RequestParser& parser);
// What a reading error answers: the limit it passed, else a malformed
// request; none where the client went away (the error is the connection's).
std::optional<Response> read_error(const boost::beast::error_code& ec, const RequestParser& parser);

struct Route {
  std::optional<Response> now;  // an error or a page file: answered without the tables
  Endpoint endpoint = Endpoint::Standard;
  Position pos;                        // where `now` is empty: the position `endpoint` is asked of
  std::optional<ChessPosition> chess;  // rules=chess: /standard under chess's rules, of this position
};
Route route(const Request& req);

}  // namespace chunker::serve
