// The registry of chunk libraries: every library a search, a schema or a
// report may ask for, each read from its directory the first time it is
// wanted. Adding a library: its builder in libgen/library_builders.cpp, its
// type and reader beside its chunk here in chunks/, its accessor below, and
// its checksum in data/MANIFEST (docs/recipes.md).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "k3cppvk.h"
#include "kpk.h"
#include "kv3cpp_library.h"
#include "kv3cpp_region.h"

namespace chunker {

// Not thread-safe.
class ChunkLibraries {
 public:
  explicit ChunkLibraries(std::string data_dir) : data_dir_(std::move(data_dir)) {}
  const Kv3cppLibrary& kv3cpp(Assumption a) const;
  const KpkLibrary& kpk() const;
  const Kv3cppTempi& kv3cpp_tempi() const;
  const ZConfigurations& z_configurations() const;
  const Kv3cppQuiet& kv3cpp_quiet() const;
  const Kv3cppRace& kv3cpp_race() const;
  const Kv3cppBudget& kv3cpp_budget() const;
  const Kv3cppPasses& kv3cpp_passes() const;
  const K3cppvkLibrary& k3cppvk() const;
  const K3cppvkExact& k3cppvk_exact() const;
  // Built in memory from the AMS library (a fraction of a second), not read.
  const Kv3cppRegions& kv3cpp_regions() const;

 private:
  std::string data_dir_;
  mutable std::array<std::optional<Kv3cppLibrary>, ASSUMPTION_NB> kv3cpp_;
  mutable std::optional<KpkLibrary> kpk_;
  mutable std::optional<Kv3cppTempi> kv3cpp_tempi_;
  mutable std::optional<ZConfigurations> z_configurations_;
  mutable std::optional<Kv3cppQuiet> kv3cpp_quiet_;
  mutable std::optional<Kv3cppRace> kv3cpp_race_;
  mutable std::optional<Kv3cppBudget> kv3cpp_budget_;
  mutable std::optional<Kv3cppPasses> kv3cpp_passes_;
  mutable std::optional<K3cppvkLibrary> k3cppvk_;
  mutable std::optional<K3cppvkExact> k3cppvk_exact_;
  mutable std::optional<Kv3cppRegions> kv3cpp_regions_;
};

}  // namespace chunker
