// EPD: a position's four FEN board fields followed by operations such as
// `id "Szen";` or `c0 "Fine 68";`. Suites of test positions use it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace chunker {

// Operations in file order: opcode and operand text (quotes removed).
using EpdOperations = std::vector<std::pair<std::string, std::string>>;
// The operand of `opcode`, or "" when absent.
std::string epd_op(const EpdOperations& ops, std::string_view opcode);
// The operations of `line` from `from` on (after its board fields). Throws
// InputError naming the problem.
EpdOperations parse_epd_operations(std::string_view line, std::size_t from);
// Calls f(line) for every record of a file, blank lines and lines starting
// with '#' skipped; an InputError it throws names the file and line.
void for_each_epd_line(const std::string& path, const std::function<void(std::string_view line)>& f);

struct Epd {
  Position pos;
  EpdOperations ops;
  std::string op(std::string_view opcode) const { return epd_op(ops, opcode); }
};

// Throws InputError naming the problem.
Epd parse_epd(std::string_view line);
std::string to_epd(const Epd& epd);
// Every record of a file; blank lines and lines starting with '#' are
// skipped. Errors name the file and line.
std::vector<Epd> read_epd_file(const std::string& path);

}  // namespace chunker
