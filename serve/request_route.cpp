#include "serve/request_route.h"

#include <boost/asio/error.hpp>
#include <nlohmann/json.hpp>

#include "serve/page_assets.h"
#include "serve/request_target.h"

namespace chunker::serve {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;

std::string_view content_type(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  return "application/octet-stream";
}

// A request answered without the tables.
Route answered(Response res) {
  Route r;
  r.now = std::move(res);
  return r;
}

// rules=chunker (the default) or rules=chess; chess's values are /standard's alone.
Route asked(Endpoint endpoint, const RequestTarget& target) {
  Route r;
  r.endpoint = endpoint;
  const auto rules = target.query.find("rules");
  if (rules != target.query.end() && rules->second != "chunker" && rules->second != "chess")
    throw InputError("unknown rules '" + rules->second + "' (chunker or chess)");
  if (rules != target.query.end() && rules->second == "chess") {
    if (endpoint != Endpoint::Standard)
      throw InputError("rules=chess: /explain shows Chunker's chunks; ask /standard for chess's values");
    r.chess = pieces::parse_chess_fen(fen_parameter(target)).pos;
    return r;
  }
  r.pos = parse_fen(fen_parameter(target)).pos;
  return r;
}

}  // namespace

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
  // The message may quote the request's bytes (its path, its FEN), which need
  // not be UTF-8: JSON's strings must be, so those bytes become U+FFFD.
  const std::string body =
      nlohmann::json{{"error", message}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return make_response(status, body + "\n", "application/json", keep_alive);
}

void limit(RequestParser& parser) {
  parser.header_limit(HEADER_LIMIT);
  parser.body_limit(BODY_LIMIT);
}

std::optional<Response> read_error(const beast::error_code& ec, const RequestParser& parser) {
  if (ec == http::error::header_limit) {
    // The request line alone over the limit (the parser has not read it): its target, a query of a megabyte.
    if (parser.get().method_string().empty())
      return error_response(http::status::uri_too_long, "request target too long", false);
    return error_response(http::status::request_header_fields_too_large,
                          "request header over " + std::to_string(HEADER_LIMIT) + " bytes", false);
  }
  if (ec == http::error::body_limit)
    return error_response(http::status::payload_too_large, "request body over " + std::to_string(BODY_LIMIT) + " bytes",
                          false);
  // The client hung up, before or in the middle of a request, or went quiet: nobody to answer.
  if (ec == http::error::end_of_stream || ec == http::error::partial_message || ec == beast::error::timeout ||
      ec == net::error::eof || ec == net::error::connection_reset || ec == net::error::operation_aborted)
    return std::nullopt;
  return error_response(http::status::bad_request, "malformed HTTP request", false);
}

Route route(const Request& req) {
  const bool keep_alive = req.keep_alive();
  if (req.method() != http::verb::get) {
    Response res = error_response(http::status::method_not_allowed, "only GET is served", keep_alive);
    res.set(http::field::allow, "GET");
    return answered(std::move(res));
  }
  if (req.target().size() > TARGET_LIMIT)
    return answered(error_response(http::status::uri_too_long, "request target too long", keep_alive));
  try {
    const RequestTarget target = parse_target(std::string_view(req.target().data(), req.target().size()));
    const auto& assets = page_assets();
    const std::string file = target.path == "/" ? "/index.html" : target.path;
    if (const auto asset = assets.find(file); asset != assets.end())
      return answered(make_response(http::status::ok, std::string(asset->second), content_type(file), keep_alive));
    if (target.path == "/standard") return asked(Endpoint::Standard, target);
    if (target.path == "/explain") return asked(Endpoint::Explain, target);
    return answered(error_response(http::status::not_found, "no such path: " + target.path, keep_alive));
  } catch (const InputError& e) {
    return answered(error_response(http::status::bad_request, e.what(), keep_alive));
  }
}

}  // namespace chunker::serve
