// One array of a chunk library: built in memory by libgen, or read in place
// from the library's file mapped into memory (library_file.h), so opening a
// library copies nothing and touches only the pages a search reads. Reading
// is the same either way; only a built array can be changed.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

namespace chunker {

template <class T>
class LibraryArray {
 public:
  LibraryArray() = default;
  LibraryArray(std::vector<T> values) : built_(std::move(values)) {}
  // `values` lie in a mapped file that `file` keeps open.
  LibraryArray(std::span<const T> values, std::shared_ptr<const void> file) : mapped_(values), file_(std::move(file)) {}

  std::span<const T> view() const { return file_ ? mapped_ : std::span<const T>(built_); }
  std::size_t size() const { return view().size(); }
  bool empty() const { return view().empty(); }
  const T* data() const { return view().data(); }
  const T& operator[](std::size_t i) const { return view()[i]; }
  auto begin() const { return view().begin(); }
  auto end() const { return view().end(); }
  friend bool operator==(const LibraryArray& a, const LibraryArray& b) {
    return std::ranges::equal(a.view(), b.view());
  }

  // For builders: the array in memory (a library read from its file is
  // never changed).
  std::vector<T>& built() {
    if (file_) throw std::logic_error("a library array read from its file cannot be changed");
    return built_;
  }
  T& operator[](std::size_t i) { return built()[i]; }
  void assign(std::size_t n, const T& value) { built().assign(n, value); }
  void push_back(const T& value) { built().push_back(value); }

 private:
  std::vector<T> built_;
  std::span<const T> mapped_;
  std::shared_ptr<const void> file_;  // null for a built array
};

}  // namespace chunker
