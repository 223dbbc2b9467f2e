#include "chunks/atomic_file.h"

#include <filesystem>
#include <fstream>

#include "chunks/table_file.h"

namespace chunker {

void write_atomically(const std::string& path, const std::string& bytes) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!(out << bytes) || !out.flush()) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw TableError(path + ": cannot be written");
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw TableError(path + ": cannot be written (" + error.message() + ")");
  }
}

}  // namespace chunker
