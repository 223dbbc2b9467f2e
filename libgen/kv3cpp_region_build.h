// The strategy regions of a Kv3CPP library (chunks/kv3cpp_region.h), every
// entry's: the library file kv3cpp-regions is kv3cpp-ams's.
#pragma once

#include "chunks/kv3cpp_library.h"
#include "chunks/kv3cpp_region.h"

namespace chunker {

Kv3cppRegions build_kv3cpp_regions(const Kv3cppLibrary& library);

}  // namespace chunker
