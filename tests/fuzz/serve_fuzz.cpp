// libFuzzer target: arbitrary bytes through `chunker serve`'s request path
// (serve/request_route.h) as the server reads a request: Beast's parser with
// the server's limits (request line, headers, body), then the route (method,
// target, percent-decoding, query, the FEN), and an accepted position
// answered as /standard answers a position no table holds (its legal moves,
// their SAN and the positions after them, in lila-tablebase's JSON). A bad
// request must end in a response and nothing else (an exception escapes and
// libFuzzer reports it); these invariants trap (abort) when broken:
//   - a reading error answers 4xx with one line of JSON {"error": ...}, or
//     none where the request was cut short (the client went away);
//   - a routed request answers 200 with a page file, or 4xx with one line of
//     JSON {"error": ...};
//   - an accepted position's answer is JSON whose category is "unknown" and
//     whose moves are its legal moves, each but a promotion with a FEN that
//     reads back.
// Build and run: FUZZ_TARGET=serve scripts/fuzz.sh [seconds].

#include <boost/asio/buffer.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "engine/movegen.h"
#include "serve/request_route.h"
#include "serve/tablebase_json.h"

namespace {

using namespace chunker;
using namespace chunker::serve;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

void check_error(const Response& res) {
  const unsigned status = res.result_int();
  require(status >= 400 && status < 500);
  const std::string& body = res.body();
  require(!body.empty() && body.back() == '\n' && body.find('\n') == body.size() - 1);
  require(nlohmann::json::parse(body).contains("error"));
}

// Reads `bytes` as one request: the parser's error, or none and the request.
boost::beast::error_code read(RequestParser& parser, boost::asio::const_buffer bytes) {
  boost::beast::error_code ec;
  for (;;) {
    const std::size_t used = parser.put(bytes, ec);
    bytes += used;
    if (ec == http::error::need_more) ec = {};
    if (ec || parser.is_done()) return ec;
    if (used == 0) {  // all of it read: the request ends here
      parser.put_eof(ec);
      return ec;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  RequestParser parser;
  limit(parser);
  parser.eager(true);
  if (const auto ec = read(parser, boost::asio::const_buffer(data, size))) {
    if (const auto res = read_error(ec, parser)) check_error(*res);
    return 0;
  }
  const Route routed = route(parser.release());
  if (routed.now) {
    if (routed.now->result() != http::status::ok) check_error(*routed.now);
    return 0;
  }
  const nlohmann::json answer = nlohmann::json::parse(tablebase_json(routed.pos, {}));
  require(answer["category"] == "unknown");
  require(int(answer["moves"].size()) == legal_moves(routed.pos).size);
  for (const auto& move : answer["moves"]) {
    // A promotion's FEN shows the new queen, which the domain's FEN reader refuses.
    if (move["uci"].get<std::string>().size() == 5) continue;
    require(to_fen(parse_fen(move["fen"].get<std::string>()).pos) == move["fen"]);
  }
  return 0;
}
