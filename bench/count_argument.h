// A benchmark program's count argument (calls, probes, a node limit): a
// whole number from 1, or the program stops with a one-line error, where
// strtoull would have read "abc" as 0 and "-1" as 2^64 - 1.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

inline std::uint64_t count_argument(const char* program, const char* name, const char* text) {
  std::uint64_t value = 0;
  const char* end = text + std::strlen(text);
  const auto [stop, error] = std::from_chars(text, end, value);
  if (error != std::errc() || stop != end || value == 0) {
    std::fprintf(stderr, "%s: %s must be a whole number from 1, got '%s'\n", program, name, text);
    std::exit(2);
  }
  return value;
}
