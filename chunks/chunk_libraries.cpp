#include "chunks/chunk_libraries.h"

namespace chunker {

template <class Library, class Open>
const Library& ChunkLibraries::once(const Slot<Library>& slot, const Open& open) {
  if (const Library* library = slot.ready.load(std::memory_order_acquire)) return *library;
  const std::lock_guard<std::mutex> lock(slot.opening);
  if (!slot.library) slot.library = open();  // a throw leaves the slot empty
  slot.ready.store(&*slot.library, std::memory_order_release);
  return *slot.library;
}

const Kv3cppLibrary& ChunkLibraries::kv3cpp(Assumption a) const {
  return once(kv3cpp_[std::size_t(a)], [&] { return load_kv3cpp(data_dir_, a); });
}

const Kv3cppTempi& ChunkLibraries::kv3cpp_tempi() const {
  return once(kv3cpp_tempi_, [&] { return load_kv3cpp_tempi(data_dir_); });
}

const Kv3cppPasses& ChunkLibraries::kv3cpp_passes() const {
  return once(kv3cpp_passes_, [&] { return load_kv3cpp_passes(data_dir_); });
}

const Kv3cppRace& ChunkLibraries::kv3cpp_race() const {
  return once(kv3cpp_race_, [&] { return load_kv3cpp_race(data_dir_); });
}

const Kv3cppBudget& ChunkLibraries::kv3cpp_budget() const {
  return once(kv3cpp_budget_, [&] { return load_kv3cpp_budget(data_dir_); });
}

const ZConfigurations& ChunkLibraries::z_configurations() const {
  return once(z_configurations_, [&] { return load_z_configurations(data_dir_); });
}

const Kv3cppQuiet& ChunkLibraries::kv3cpp_quiet() const {
  return once(kv3cpp_quiet_, [&] { return load_kv3cpp_quiet(data_dir_); });
}

const K3cppvkLibrary& ChunkLibraries::k3cppvk() const {
  return once(k3cppvk_, [&] { return load_k3cppvk(data_dir_); });
}

const K3cppvkExact& ChunkLibraries::k3cppvk_exact() const {
  return once(k3cppvk_exact_, [&] { return load_k3cppvk_exact(data_dir_); });
}

const Kv3cppRegions& ChunkLibraries::kv3cpp_regions() const {
  return once(kv3cpp_regions_, [&] { return load_kv3cpp_regions(data_dir_); });
}

const KpkLibrary& ChunkLibraries::kpk() const {
  return once(kpk_, [&] { return load_kpk(data_dir_); });
}

}  // namespace chunker
