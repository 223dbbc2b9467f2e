#include "library_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace chunker {

std::string library_path(const std::string& data_dir, const std::string& name) {
  return data_dir + "/" + name + ".lib";
}

std::string library_rebuild_command(const std::string& name) { return "chunker libgen --only " + name; }

std::string libraries_fingerprint(const std::string& data_dir) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(data_dir, error))
    if (entry.path().extension() == ".lib") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::uint64_t hash = 0xcbf29ce484222325;  // FNV-1a
  auto mix = [&](const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3;
  };
  for (const auto& path : files) {
    mix(path.filename().string());
    try {
      mix(std::to_string(read_table_header(path.string()).payload_checksum));
    } catch (const TableError&) {
      mix("damaged");
    }
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

}  // namespace chunker
