#include "chunks/kv3cpp_library.h"

#include <algorithm>
#include <functional>

#include "chunks/library_file.h"

namespace chunker {

// The arrays of each library's file, in file order (library_file.h).
auto library_arrays(LibraryOf<Kv3cppLibrary> auto& library) { return std::tie(library.values); }
auto library_arrays(LibraryOf<Kv3cppTempi> auto& library) { return std::tie(library.tempi); }
auto library_arrays(LibraryOf<ZConfigurations> auto& library) { return std::tie(library.member); }
auto library_arrays(LibraryOf<Kv3cppQuiet> auto& library) { return std::tie(library.quiet, library.answers); }
auto library_arrays(LibraryOf<Kv3cppRace> auto& library) { return std::tie(library.tempi, library.region); }
auto library_arrays(LibraryOf<Kv3cppBudget> auto& library) { return std::tie(library.need, library.region); }
auto library_arrays(LibraryOf<Kv3cppPasses> auto& library) {
  return std::tie(library.pawns_win, library.king_win, library.pawns_region, library.threat_region,
                  library.at_once_region, library.doomed_region, library.king_region, library.checked_region,
                  library.frozen_region, library.regions);
}

namespace {

// Version 2: the arrays in place, uncompressed (library_file.h).
constexpr std::uint32_t KV3CPP_FORMAT_VERSION = 2;

const std::string KV3CPP_PARAMETERS = "entries=" + std::to_string(KV3CPP_ENTRIES);

TableHeader kv3cpp_header(Assumption a) { return {kv3cpp_library_name(a), KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION}; }
const TableHeader TEMPI_HEADER{KV3CPP_TEMPI_NAME, KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION};
const TableHeader Z_HEADER{Z_CONFIGURATIONS_NAME, KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION};
const TableHeader QUIET_HEADER{KV3CPP_QUIET_NAME, KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION};
const TableHeader RACE_HEADER{KV3CPP_RACE_NAME, KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION};
const TableHeader BUDGET_HEADER{KV3CPP_BUDGET_NAME, KV3CPP_PARAMETERS, KV3CPP_FORMAT_VERSION};
// Version 2: the at-once and checked regions; 3: the doomed and frozen ones;
// 4: two strategies in the king's game; 5: the arrays in place, uncompressed.
const TableHeader PASSES_HEADER{KV3CPP_PASSES_NAME, KV3CPP_PARAMETERS, 5};

}  // namespace

std::string assumption_name(Assumption a) {
  switch (a) {
    case Assumption::AM:
      return "am";
    case Assumption::PCP:
      return "pcp";
    case Assumption::KCP:
      return "kcp";
    case Assumption::AMS:
      return "ams";
    case Assumption::KCPS:
      return "kcps";
  }
  return "";
}

std::string kv3cpp_library_name(Assumption a) { return "kv3cpp-" + assumption_name(a); }

void save_kv3cpp(const Kv3cppLibrary& library, const std::string& data_dir) {
  save_library(library, kv3cpp_header(library.assumption), data_dir);
}

Kv3cppLibrary load_kv3cpp(const std::string& data_dir, Assumption a) {
  Kv3cppLibrary library = load_library<Kv3cppLibrary>(
      kv3cpp_header(a), data_dir, [](const Kv3cppLibrary& library) { return library.values.size() == KV3CPP_ENTRIES; });
  library.assumption = a;  // the file's name and header say which
  return library;
}

void save_kv3cpp_tempi(const Kv3cppTempi& library, const std::string& data_dir) {
  save_library(library, TEMPI_HEADER, data_dir);
}

Kv3cppTempi load_kv3cpp_tempi(const std::string& data_dir) {
  return load_library<Kv3cppTempi>(TEMPI_HEADER, data_dir,
                                   [](const Kv3cppTempi& library) { return library.tempi.size() == KV3CPP_ENTRIES; });
}

void save_z_configurations(const ZConfigurations& library, const std::string& data_dir) {
  save_library(library, Z_HEADER, data_dir);
}

ZConfigurations load_z_configurations(const std::string& data_dir) {
  return load_library<ZConfigurations>(
      Z_HEADER, data_dir, [](const ZConfigurations& library) { return library.member.size() == KV3CPP_ENTRIES / 2; });
}

void save_kv3cpp_quiet(const Kv3cppQuiet& library, const std::string& data_dir) {
  save_library(library, QUIET_HEADER, data_dir);
}

Kv3cppQuiet load_kv3cpp_quiet(const std::string& data_dir) {
  return load_library<Kv3cppQuiet>(QUIET_HEADER, data_dir, [](const Kv3cppQuiet& library) {
    return library.quiet.size() == KV3CPP_ENTRIES && library.answers.size() == KV3CPP_ENTRIES;
  });
}

void save_kv3cpp_race(const Kv3cppRace& library, const std::string& data_dir) {
  save_library(library, RACE_HEADER, data_dir);
}

Kv3cppRace load_kv3cpp_race(const std::string& data_dir) {
  return load_library<Kv3cppRace>(RACE_HEADER, data_dir, [](const Kv3cppRace& library) {
    return library.tempi.size() == KV3CPP_ENTRIES && library.region.size() == KV3CPP_ENTRIES;
  });
}

void save_kv3cpp_budget(const Kv3cppBudget& library, const std::string& data_dir) {
  save_library(library, BUDGET_HEADER, data_dir);
}

Kv3cppBudget load_kv3cpp_budget(const std::string& data_dir) {
  return load_library<Kv3cppBudget>(BUDGET_HEADER, data_dir, [](const Kv3cppBudget& library) {
    return library.need.size() == KV3CPP_ENTRIES / 2 &&
           library.region.size() == KV3CPP_ENTRIES / 2 * Kv3cppBudget::BUDGETS;
  });
}

void save_kv3cpp_passes(const Kv3cppPasses& library, const std::string& data_dir) {
  save_library(library, PASSES_HEADER, data_dir);
}

Kv3cppPasses load_kv3cpp_passes(const std::string& data_dir) {
  return load_library<Kv3cppPasses>(PASSES_HEADER, data_dir, [](const Kv3cppPasses& library) {
    constexpr std::size_t regions = std::size_t(KV3CPP_ENTRIES) * Kv3cppPasses::BUDGETS;
    auto ids_in_range = [&](const LibraryArray<std::uint16_t>& ids, std::size_t strategies) {
      return ids.size() == regions * strategies &&
             std::all_of(ids.begin(), ids.end(), [&](std::uint16_t id) { return id < library.regions.size(); });
    };
    constexpr std::size_t kings = Kv3cppPasses::KING_STRATEGIES;
    return library.pawns_win.size() == KV3CPP_ENTRIES && library.king_win.size() == KV3CPP_ENTRIES &&
           ids_in_range(library.pawns_region, 1) && ids_in_range(library.threat_region, 1) &&
           ids_in_range(library.at_once_region, 1) && ids_in_range(library.doomed_region, 1) &&
           ids_in_range(library.king_region, kings) && ids_in_range(library.checked_region, kings) &&
           ids_in_range(library.frozen_region, kings);
  });
}

}  // namespace chunker
