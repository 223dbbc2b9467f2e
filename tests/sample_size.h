// How much of a sample a test checks: all of it, or under the sanitizers,
// where each search runs ten times slower, a part (CMake sets
// CHUNKER_SAMPLE_DIVISOR for the sanitized unit tests; the Release run
// checks the whole sample).
#pragma once

#include <algorithm>
#include <cstdlib>

inline int sample_divisor() {
  const char* env = std::getenv("CHUNKER_SAMPLE_DIVISOR");
  return env ? std::max(1, std::atoi(env)) : 1;
}

// `full` divided by the divisor, at least 1.
inline int sample_size(int full) { return std::max(1, full / sample_divisor()); }
