#include "uci/uci_options.h"

#include <algorithm>

#include "engine/hash_table.h"
#include "engine/position.h"
#include "play/answer.h"
#include "schemas/schema_mode.h"

namespace chunker {

namespace {

// A string option's empty value, as the GUI shows it.
std::string text_of(const std::string& path) { return path.empty() ? "<empty>" : path; }
std::string path_of(const std::string& text) { return text == "<empty>" ? "" : text; }

}  // namespace

const std::vector<UciOption>& uci_options() {
  using T = UciOption::Type;
  static const std::vector<UciOption> options{
      {"Hash", T::Spin, 1, MAX_HASH_MB, [](const UciSettings& s) { return std::to_string(s.hash_mb); },
       [](UciSettings& s, const std::string& v) { s.hash_mb = std::stoull(v); }, Redo::Player},
      {"Level", T::Spin, 0, MAX_LEVEL, [](const UciSettings& s) { return std::to_string(s.level); },
       [](UciSettings& s, const std::string& v) { s.level = std::stoi(v); }, Redo::Player},
      {"UseOracle", T::Check, 0, 0, [](const UciSettings& s) { return std::string(s.use_oracle ? "true" : "false"); },
       [](UciSettings& s, const std::string& v) { s.use_oracle = v == "true"; }, Redo::Player},
      {"Libraries", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.libraries); },
       [](UciSettings& s, const std::string& v) { s.libraries = path_of(v); }, Redo::Player},
      {"OracleDir", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.oracle_dir); },
       [](UciSettings& s, const std::string& v) { s.oracle_dir = path_of(v); }, Redo::Player},
      {"ExactMemory", T::Spin, 0, MAX_EXACT_MB, [](const UciSettings& s) { return std::to_string(s.exact_mb); },
       [](UciSettings& s, const std::string& v) { s.exact_mb = std::stoull(v); }, Redo::Player},
      {"ExactCache", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.exact_cache); },
       [](UciSettings& s, const std::string& v) { s.exact_cache = path_of(v); }, Redo::Player},
      {"Threads", T::Spin, 1, MAX_THREADS, [](const UciSettings& s) { return std::to_string(s.threads); },
       [](UciSettings& s, const std::string& v) { s.threads = unsigned(std::stoul(v)); }, Redo::Player},
      {"ChessEngine", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.chess_engine); },
       [](UciSettings& s, const std::string& v) { s.chess_engine = path_of(v); }, Redo::ChessEngine},
      {"Ponder", T::Check, 0, 0, [](const UciSettings& s) { return std::string(s.ponder ? "true" : "false"); },
       [](UciSettings& s, const std::string& v) { s.ponder = v == "true"; }, Redo::Nothing},
  };
  return options;
}

std::string option_line(const UciOption& o, const UciSettings& settings) {
  static const char* const TYPE[] = {"spin", "check", "string"};
  std::string line = "option name " + o.name + " type " + TYPE[int(o.type)] + " default " + o.get(settings);
  if (o.type == UciOption::Type::Spin) line += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  return line;
}

const UciOption* find_option(const std::string& name) {
  auto same = [&](const std::string& a) {
    return std::equal(a.begin(), a.end(), name.begin(), name.end(),
                      [](char x, char y) { return std::tolower(x) == std::tolower(y); });
  };
  const auto& options = uci_options();
  const auto found = std::find_if(options.begin(), options.end(), [&](const UciOption& o) { return same(o.name); });
  return found == options.end() ? nullptr : &*found;
}

void check_value(const UciOption& o, const std::string& value) {
  if (o.type == UciOption::Type::Check && value != "true" && value != "false")
    throw InputError("option " + o.name + " needs true or false, got '" + value + "'");
  if (o.type != UciOption::Type::Spin) return;
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size() || n < o.min || n > o.max)
    throw InputError("option " + o.name + " needs a number from " + std::to_string(o.min) + " to " +
                     std::to_string(o.max) + ", got '" + value + "'");
}

}  // namespace chunker
