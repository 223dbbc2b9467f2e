#include "chunks/data_paths.h"

#include <cstdlib>

namespace chunker {

std::string default_data_dir() {
  const char* env = std::getenv("CHUNKER_DATA");
  if (env && *env) return env;
  return CHUNKER_SOURCE_DIR "/data";
}

std::string shipped_file(const std::string& relative, const std::filesystem::path& code,
                         const std::filesystem::path& installed_in) {
  std::filesystem::path prefix = code.parent_path();
  for (auto part = installed_in.begin(); part != installed_in.end(); ++part) prefix = prefix.parent_path();
  const std::filesystem::path installed = prefix / CHUNKER_SHARE_DIR / relative;
  std::error_code error;
  if (!code.empty() && std::filesystem::exists(installed, error)) return installed.string();
  return CHUNKER_SOURCE_DIR "/" + relative;
}

}  // namespace chunker
