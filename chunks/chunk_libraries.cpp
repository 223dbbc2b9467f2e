#include "chunk_libraries.h"

#include <functional>

namespace chunker {

namespace {

template <class Library>
const Library& loaded(std::optional<Library>& slot, const std::function<Library()>& load) {
  if (!slot) slot = load();
  return *slot;
}

}  // namespace

const Kv3cppLibrary& ChunkLibraries::kv3cpp(Assumption a) const {
  return loaded<Kv3cppLibrary>(kv3cpp_[std::size_t(a)], [&] { return load_kv3cpp(data_dir_, a); });
}

const Kv3cppTempi& ChunkLibraries::kv3cpp_tempi() const {
  return loaded<Kv3cppTempi>(kv3cpp_tempi_, [&] { return load_kv3cpp_tempi(data_dir_); });
}

const Kv3cppPasses& ChunkLibraries::kv3cpp_passes() const {
  return loaded<Kv3cppPasses>(kv3cpp_passes_, [&] { return load_kv3cpp_passes(data_dir_); });
}

const Kv3cppRace& ChunkLibraries::kv3cpp_race() const {
  return loaded<Kv3cppRace>(kv3cpp_race_, [&] { return load_kv3cpp_race(data_dir_); });
}

const Kv3cppBudget& ChunkLibraries::kv3cpp_budget() const {
  return loaded<Kv3cppBudget>(kv3cpp_budget_, [&] { return load_kv3cpp_budget(data_dir_); });
}

const ZConfigurations& ChunkLibraries::z_configurations() const {
  return loaded<ZConfigurations>(z_configurations_, [&] { return load_z_configurations(data_dir_); });
}

const Kv3cppQuiet& ChunkLibraries::kv3cpp_quiet() const {
  return loaded<Kv3cppQuiet>(kv3cpp_quiet_, [&] { return load_kv3cpp_quiet(data_dir_); });
}

const K3cppvkLibrary& ChunkLibraries::k3cppvk() const {
  return loaded<K3cppvkLibrary>(k3cppvk_, [&] { return load_k3cppvk(data_dir_); });
}

const K3cppvkExact& ChunkLibraries::k3cppvk_exact() const {
  return loaded<K3cppvkExact>(k3cppvk_exact_, [&] { return load_k3cppvk_exact(data_dir_); });
}

const Kv3cppRegions& ChunkLibraries::kv3cpp_regions() const {
  return loaded<Kv3cppRegions>(kv3cpp_regions_, [&] { return build_strategy_regions(kv3cpp(Assumption::AMS)); });
}

const KpkLibrary& ChunkLibraries::kpk() const {
  if (!kpk_) kpk_ = load_kpk(data_dir_);
  return *kpk_;
}

}  // namespace chunker
