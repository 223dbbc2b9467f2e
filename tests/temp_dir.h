// A fresh directory under /tmp for one test, removed with everything in it
// when the test is done.
#pragma once

#include <stdlib.h>

#include <filesystem>
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
