// The chunk libraries the fixture wrote beside the oracle tables
// (CHUNKER_TEST_DATA), loaded once for every test of a program that asks.
#pragma once

#include "chunks/chunk_libraries.h"

inline const chunker::ChunkLibraries& libraries() {
  static const chunker::ChunkLibraries loaded(CHUNKER_TEST_DATA);
  return loaded;
}
