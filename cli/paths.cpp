#include "cli/paths.h"

#include <cstdlib>
#include <filesystem>

namespace chunker::cli {

std::string default_data_dir() {
  const char* env = std::getenv("CHUNKER_DATA");
  if (env && *env) return env;
  return CHUNKER_SOURCE_DIR "/data";
}

std::string shipped_file(const std::string& relative) {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed = exe.parent_path().parent_path() / CHUNKER_SHARE_DIR / relative;
    if (std::filesystem::exists(installed, error)) return installed.string();
  }
  return CHUNKER_SOURCE_DIR "/" + relative;
}

}  // namespace chunker::cli
