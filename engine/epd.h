// EPD: a position's four FEN board fields followed by operations such as
// `id "Szen";` or `c0 "Fine 68";`. Suites of test positions use it.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace chunker {

struct Epd {
  Position pos;
  // Operations in file order: opcode and operand text (quotes removed).
  std::vector<std::pair<std::string, std::string>> ops;

  // The operand of `opcode`, or "" when absent.
  std::string op(std::string_view opcode) const;
};

// Throws InputError naming the problem.
Epd parse_epd(std::string_view line);
std::string to_epd(const Epd& epd);
// Every record of a file; blank lines and lines starting with '#' are
// skipped. Errors name the file and line.
std::vector<Epd> read_epd_file(const std::string& path);

}  // namespace chunker
