#include "cli/paths.h"

namespace chunker::cli {

std::string shipped_file(const std::string& relative) {
  std::error_code error;
  const std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  return chunker::shipped_file(relative, error ? std::filesystem::path() : binary, CHUNKER_BIN_DIR);
}

}  // namespace chunker::cli
