#include "json_text.h"

#include <cstdio>

namespace chunker {

std::string value_word(Value v) { return is_win(v) ? "win" : is_loss(v) ? "loss" : "draw"; }

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else
      out += c;
  }
  return out + "\"";
}

}  // namespace chunker
