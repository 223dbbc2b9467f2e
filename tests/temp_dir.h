// A fresh directory under /tmp for one test, removed with everything in it
// when the test is done; and a file's bytes read and written whole, for the
// tests that damage files in it.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

struct TempDir {
  std::string path;
  TempDir() {
    char name[] = "/tmp/chunker_test_XXXXXX";
    path = mkdtemp(name);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// The whole file at once: a character at a time takes seconds for an oracle.
inline std::string bytes_of(const std::string& path) {
  std::ostringstream bytes;
  bytes << std::ifstream(path, std::ios::binary).rdbuf();
  return std::move(bytes).str();
}

inline void put(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}
