// libFuzzer target: arbitrary bytes, split into lines, through the UCI
// command reader (uci/uci_engine.h) as a GUI would send them. The engine must
// never crash, hang or let an exception out (execute() answers a malformed
// command with an `info string`), and every bestmove it sends must be `0000`
// or a move in coordinates. One engine serves every input, as one GUI session
// would, its libraries read from $CHUNKER_FUZZ_DATA (default: none, so the
// search runs at Level 0 and says so). Each input ends with `stop`, so no
// search outlives it.
// Build and run: FUZZ_TARGET=uci scripts/fuzz.sh [seconds].
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "uci/uci_engine.h"

namespace {

using namespace chunker;

constexpr std::size_t MAX_LINES = 16;  // a few commands an input: go runs a search thread each

std::ostringstream& output() {
  static std::ostringstream out;
  return out;
}

UciEngine& engine() {
  static UciEngine uci = [] {
    const char* data = std::getenv("CHUNKER_FUZZ_DATA");
    UciSettings settings;
    settings.libraries = settings.oracle_dir = data ? data : "/nonexistent-chunker-data";
    settings.hash_mb = 4;
    return UciEngine(output(), settings);
  }();
  return uci;
}

bool coordinate_move(const std::string& m) {
  if (m == "0000") return true;
  if (m.size() != 4 && m.size() != 5) return false;
  for (int i : {0, 2})
    if (m[i] < 'a' || m[i] > 'h' || m[i + 1] < '1' || m[i + 1] > '8') return false;
  return m.size() == 4 || std::string("qrbn").find(m[4]) != std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  UciEngine& uci = engine();
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  std::string line;
  for (std::size_t n = 0; n < MAX_LINES && std::getline(lines, line); ++n)
    if (line.rfind("quit", 0) != 0) uci.execute(line);  // quit ends a session, not a fuzz run
  uci.execute("stop");
  std::istringstream said(output().str());
  output().str("");
  while (std::getline(said, line)) {
    if (line.rfind("bestmove ", 0) != 0) continue;
    std::istringstream words(line.substr(9));
    std::string move;
    words >> move;
    if (!coordinate_move(move)) std::abort();
  }
  return 0;
}
