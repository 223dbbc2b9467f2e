// Every chunk library `chunker libgen` builds, in the order it builds them:
// for each, its name (the file data/<name>.lib), and how to build it, write
// it and summarise what it holds. Adding a library adds one entry here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chunks/kv3cpp_library.h"
#include "libgen/kv3cpp_build.h"

namespace chunker {

// What `chunker libgen` prints of a library it built.
struct LibrarySummary {
  std::uint64_t entries;
  std::string text;
};

// Libraries some builders need, built at most once per run.
class BuiltLibraries {
 public:
  const Kv3cppLibrary& kv3cpp(Assumption a) {
    auto& slot = kv3cpp_[std::size_t(a)];
    if (!slot) slot = build_kv3cpp(a);
    return *slot;
  }

 private:
  std::optional<Kv3cppLibrary> kv3cpp_[ASSUMPTION_NB];
};

struct LibraryBuilder {
  std::string name;
  std::function<LibrarySummary(BuiltLibraries& built, const std::string& out)> build;  // builds, writes, and summarises
};

// Every builder, in build order.
std::vector<LibraryBuilder> library_builders();

}  // namespace chunker
