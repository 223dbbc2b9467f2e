// Retrograde enumeration of the Kv3CPP libraries (chunks/kv3cpp_library.h).
#pragma once

#include "kv3cpp_library.h"

namespace chunker {

Kv3cppLibrary build_kv3cpp(Assumption assumption);

}  // namespace chunker
