// A request's target ("/standard?fen=8/k7/..._w_-_-_0_1") read into its path
// and its query's parameters, percent-decoded ('+' and, in a FEN, '_' stand
// for spaces, as lila-tablebase accepts them). Throws InputError naming the
// first problem (a bad percent escape).
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace chunker::serve {

struct RequestTarget {
  std::string path;
  std::map<std::string, std::string> query;  // a repeated name keeps its first value
};

RequestTarget parse_target(std::string_view target);

// The FEN of the query's `fen`, its underscores read as spaces; throws
// InputError when the query has none or it is empty.
std::string fen_parameter(const RequestTarget& target);

}  // namespace chunker::serve
