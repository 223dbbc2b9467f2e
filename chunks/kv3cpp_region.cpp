#include "chunks/kv3cpp_region.h"

#include "chunks/library_file.h"

namespace chunker {

auto library_arrays(LibraryOf<Kv3cppRegions> auto& library) { return std::tie(library.regions); }

namespace {

const TableHeader REGIONS_HEADER{KV3CPP_REGIONS_NAME, "entries=" + std::to_string(KV3CPP_ENTRIES), 1};

}  // namespace

void save_kv3cpp_regions(const Kv3cppRegions& library, const std::string& data_dir) {
  save_library(library, REGIONS_HEADER, data_dir);
}

Kv3cppRegions load_kv3cpp_regions(const std::string& data_dir) {
  return load_library<Kv3cppRegions>(
      REGIONS_HEADER, data_dir, [](const Kv3cppRegions& library) { return library.regions.size() == KV3CPP_ENTRIES; });
}

}  // namespace chunker
