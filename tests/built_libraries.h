// The Kv3CPP libraries, built once for every test of the binary that asks.
#pragma once

#include "libgen/k3cppvk_build.h"
#include "libgen/kv3cpp_build.h"

inline const chunker::Kv3cppLibrary& built_kv3cpp(chunker::Assumption a) {
  using chunker::Assumption;
  static const chunker::Kv3cppLibrary libraries[] = {
      chunker::build_kv3cpp(Assumption::AM), chunker::build_kv3cpp(Assumption::PCP),
      chunker::build_kv3cpp(Assumption::KCP), chunker::build_kv3cpp(Assumption::AMS),
      chunker::build_kv3cpp(Assumption::KCPS)};
  return libraries[int(a)];
}
