#include "engine/epd.h"

#include <fstream>

namespace chunker {

std::string epd_op(const EpdOperations& ops, std::string_view opcode) {
  for (const auto& [name, value] : ops)
    if (name == opcode) return value;
  return "";
}

EpdOperations parse_epd_operations(std::string_view line, std::size_t i) {
  EpdOperations ops;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) break;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != ';') ++i;
    std::string opcode(line.substr(start, i - start));
    if (opcode.empty()) throw InputError("EPD operation without an opcode");
    std::string operand;
    bool quoted = false;
    while (i < line.size() && line[i] != ';') {
      if (line[i] == '"') {
        std::size_t close = line.find('"', i + 1);
        if (close == std::string_view::npos) throw InputError("EPD operation '" + opcode + "' has an unclosed quote");
        operand += line.substr(i + 1, close - i - 1);
        quoted = true;
        i = close + 1;
      } else {
        if (!(line[i] == ' ' && (operand.empty() || quoted))) operand += line[i];
        ++i;
      }
    }
    if (i == line.size()) throw InputError("EPD operation '" + opcode + "' does not end with ';'");
    ++i;
    while (!operand.empty() && operand.back() == ' ') operand.pop_back();
    ops.emplace_back(opcode, operand);
  }
  return ops;
}

Epd parse_epd(std::string_view line) {
  Epd epd;
  std::size_t i = 0;
  epd.pos = parse_board_fields(line, i);
  epd.ops = parse_epd_operations(line, i);
  return epd;
}

std::string to_epd(const Epd& epd) {
  std::string out = board_fields(epd.pos);
  for (const auto& [name, value] : epd.ops) {
    // Quoted where the operand could not be read back otherwise (parse_epd
    // drops the quotes and splits unquoted text at ';').
    bool quote = value.find_first_of(" ;") != std::string::npos || name == "id" || name.rfind('c', 0) == 0;
    out += " " + name + " " + (quote ? "\"" + value + "\"" : value) + ";";
  }
  return out;
}

void for_each_epd_line(const std::string& path, const std::function<void(std::string_view line)>& f) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot open EPD file '" + path + "'");
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    try {
      f(line);
    } catch (const InputError& e) {
      throw InputError(path + ":" + std::to_string(number) + ": " + e.what());
    }
  }
}

std::vector<Epd> read_epd_file(const std::string& path) {
  std::vector<Epd> records;
  for_each_epd_line(path, [&](std::string_view line) { records.push_back(parse_epd(line)); });
  return records;
}

}  // namespace chunker
