#include "cli/oracle_probe.h"

#include <cstdio>
#include <iostream>

#include "cli/output.h"
#include "engine/epd.h"
#include "engine/notation.h"
#include "play/answer_json.h"
#include "play/oracle_play.h"

namespace chunker::cli {

namespace {

const char* const OUTSIDE =
    "position is outside the oracle's domain (a king and up to three pawns, one per file, on three adjacent files for "
    "each side, the two groups at least one file apart)";

std::string describe(Value v) {
  if (is_win(v)) return "win in " + std::to_string(distance_of(v));
  if (is_loss(v)) return "loss in " + std::to_string(distance_of(v));
  return "draw";
}

// The answer for a position in the domain (its moves as played in it).
OracleAnswer answer_for(OracleTables& tables, const Position& pos) {
  auto answer = tables.probe(pos);
  if (!answer) throw InputError(OUTSIDE);
  if (!answer->built) throw InputError(answer->problem->what());
  return *answer;
}

std::string json_answer(const Position& pos, const OracleAnswer& answer) {
  std::vector<MoveValue> moves;
  for (const auto& [m, v] : answer.moves) moves.push_back({m, v, true});
  const Json out = {{"fen", to_fen(pos)},
                    {"layout", layout_name(answer.layout)},
                    {"value", value_word(answer.value)},
                    {"distance", distance_json(answer.value)},
                    {"moves", moves_json(pos, moves, true)}};
  return out.dump();
}

// A line of standard input: a FEN, or an EPD record.
Position read_position(const std::string& line) {
  try {
    return parse_fen(line).pos;
  } catch (const InputError& fen_error) {
    try {
      return parse_epd(line).pos;
    } catch (const InputError&) {
      throw fen_error;
    }
  }
}

}  // namespace

int probe(const std::string& data_dir, const std::string& fen, bool json) {
  const Position pos = parse_fen(fen).pos;
  OracleTables tables(data_dir);
  const OracleAnswer answer = answer_for(tables, pos);
  if (json) {
    std::cout << json_answer(pos, answer) << "\n";
    return 0;
  }
  const auto slot = locate(pos);
  std::cout << "position  " << to_fen(pos) << "\n";
  std::cout << "table     " << layout_name(answer.layout) << (slot->mirror || slot->colour ? " (as its twin)" : "")
            << "\n";
  std::cout << "value     " << describe(answer.value) << " for the side to move\n";
  std::cout << "moves\n";
  for (auto [m, v] : answer.moves) {
    char line[64];
    std::snprintf(line, sizeof line, "  %-8s %s\n", san(pos, m).c_str(), describe(v).c_str());
    std::cout << line;
  }
  return 0;
}

int probe_batch(const std::string& data_dir, const std::string& epd_path, bool json) {
  // A batch, or a program keeping this one open as its probe server (std::cin
  // is tied to std::cout: each answer is out before the next line is read):
  // every block read stays decompressed.
  OracleTables tables(data_dir, TableRead::Kept);
  // One line per position; a position outside the domain says so on its line.
  auto answer_line = [&](const Position& pos) {
    if (!locate(pos)) {
      std::cout << (json ? Json{{"fen", to_fen(pos)}, {"error", "outside the oracle's domain"}}.dump()
                         : to_fen(pos) + "  outside the oracle's domain")
                << "\n";
      return;
    }
    const OracleAnswer answer = answer_for(tables, pos);
    std::cout << (json ? json_answer(pos, answer) : to_fen(pos) + "  " + describe(answer.value)) << "\n";
  };
  if (!epd_path.empty()) {
    for (const Epd& record : read_epd_file(epd_path)) answer_line(record.pos);
    return 0;
  }
  std::string line;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    Position pos;
    try {
      pos = read_position(line.substr(first));
    } catch (const InputError& e) {
      throw InputError("standard input, line " + std::to_string(number) + ": " + e.what());
    }
    answer_line(pos);
  }
  return 0;
}

}  // namespace chunker::cli
