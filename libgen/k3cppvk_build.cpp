// Building the K3CPPvK libraries (the pawns with their king against the lone
// king) by the slice game of lone_king_build.h, played under KCP: the lone
// king's side may spend moves on its own pawns elsewhere.
#include "libgen/k3cppvk_build.h"

#include "libgen/lone_king_build.h"

namespace chunker {

using lone_king::build;

K3cppvkExact build_k3cppvk_exact() {
  K3cppvkExact library;
  build<true>(Assumption::AMS, library.values.built());
  return library;
}

K3cppvkLibrary build_k3cppvk() {
  K3cppvkLibrary library;
  build<true>(Assumption::KCP, library.values.built(), {&library.tempi.built()});
  std::vector<std::int16_t> values;  // the same again
  build<true>(Assumption::KCP, values, {&library.race_tempi.built(), true, nullptr, &library.race_box.built()});
  return library;
}

}  // namespace chunker
