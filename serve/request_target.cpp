#include "serve/request_target.h"

#include <algorithm>

#include "engine/position.h"

namespace chunker::serve {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] != '%') {
      out += text[i];
    } else {
      const int high = i + 2 < text.size() ? hex_digit(text[i + 1]) : -1;
      const int low = high >= 0 ? hex_digit(text[i + 2]) : -1;
      if (low < 0) throw InputError("bad percent-encoding in the request: '" + std::string(text.substr(i, 3)) + "'");
      out += char(high * 16 + low);
      i += 2;
    }
  }
  return out;
}

}  // namespace

RequestTarget parse_target(std::string_view target) {
  RequestTarget out;
  const std::size_t question = target.find('?');
  out.path = percent_decoded(target.substr(0, question));
  if (question == std::string_view::npos) return out;
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const std::size_t equals = pair.find('=');
    const std::string name = percent_decoded(pair.substr(0, equals));
    const std::string value = equals == std::string_view::npos ? "" : percent_decoded(pair.substr(equals + 1));
    out.query.emplace(name, value);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  return out;
}

std::string fen_parameter(const RequestTarget& target) {
  const auto it = target.query.find("fen");
  if (it == target.query.end()) throw InputError("missing fen: ask " + target.path + "?fen=FEN");
  std::string fen = it->second;
  std::replace(fen.begin(), fen.end(), '_', ' ');
  if (fen.find_first_not_of(' ') == std::string::npos) throw InputError("empty fen");
  return fen;
}

}  // namespace chunker::serve
