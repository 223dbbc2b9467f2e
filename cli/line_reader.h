// The command lines of an interactive session. On a terminal: libedit's
// readline (line editing, and history with the arrow keys). From a pipe or
// a file: plain std::getline, each line echoed after the prompt so that the
// output reads as a transcript.
#pragma once

#include <optional>
#include <string>

namespace chunker::cli {

class LineReader {
 public:
  explicit LineReader(std::string prompt);
  // The next line, or nullopt at the end of the input.
  std::optional<std::string> read();
  bool terminal() const { return terminal_; }

 private:
  std::string prompt_;
  bool terminal_;
};

}  // namespace chunker::cli
