// The registry of chunk libraries: every library a search, a schema or a
// report may ask for, each mapped from its directory the first time it is
// wanted (library_file.h), so a level opens only the files its schemas read. Adding a library: its builder in
// libgen/library_builders.cpp, its type and reader beside its chunk here in chunks/, its accessor below, and its
// checksum in data/MANIFEST (docs/recipes.md).
#pragma once

#include <array>
#include <atomic>
#include <mutex>
#include <optional>
#include <string>

#include "chunks/k3cppvk.h"
#include "chunks/kpk.h"
#include "chunks/kv3cpp_library.h"
#include "chunks/kv3cpp_region.h"

namespace chunker {

// Thread-safe: a library is opened once, by whichever thread asks first
// (uci's thinking thread or its reading thread); a failed open is tried
// again by the next caller.
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
  const Kv3cppRegions& kv3cpp_regions() const;

 private:
  // A library, opened under the mutex; `ready` points at it once open, so
  // later calls take no lock.
  template <class Library>
  struct Slot {
    mutable std::mutex opening;
    mutable std::optional<Library> library;
    mutable std::atomic<const Library*> ready{nullptr};
  };
  template <class Library, class Open>
  static const Library& once(const Slot<Library>& slot, const Open& open);

  std::string data_dir_;
  std::array<Slot<Kv3cppLibrary>, ASSUMPTION_NB> kv3cpp_;
  Slot<KpkLibrary> kpk_;
  Slot<Kv3cppTempi> kv3cpp_tempi_;
  Slot<ZConfigurations> z_configurations_;
  Slot<Kv3cppQuiet> kv3cpp_quiet_;
  Slot<Kv3cppRace> kv3cpp_race_;
  Slot<Kv3cppBudget> kv3cpp_budget_;
  Slot<Kv3cppPasses> kv3cpp_passes_;
  Slot<K3cppvkLibrary> k3cppvk_;
  Slot<K3cppvkExact> k3cppvk_exact_;
  Slot<Kv3cppRegions> kv3cpp_regions_;
};

}  // namespace chunker
