#include "cli/line_reader.h"

#include <editline/readline.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>

namespace chunker::cli {

LineReader::LineReader(std::string prompt) : prompt_(std::move(prompt)), terminal_(isatty(STDIN_FILENO) != 0) {}

std::optional<std::string> LineReader::read() {
  if (!terminal_) {
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    std::cout << prompt_ << line << std::endl;
    return line;
  }
  std::cout.flush();
  const std::unique_ptr<char, decltype(&std::free)> line(readline(prompt_.c_str()), &std::free);
  if (!line) return std::nullopt;
  if (*line) add_history(line.get());
  return std::string(line.get());
}

}  // namespace chunker::cli
