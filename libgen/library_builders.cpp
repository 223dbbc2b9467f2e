#include "libgen/library_builders.h"

#include <algorithm>

#include "chunks/library_file.h"
#include "libgen/k3cppvk_build.h"
#include "libgen/kpk_build.h"
#include "libgen/kv3cpp_region_build.h"

namespace chunker {

namespace {

// Pawn wins, king wins and draws for each side to move, over the legal
// entries of a library whose entries hold the pawns' value.
struct ValueCounts {
  std::uint64_t entries = 0, pawn_wins[COLOR_NB] = {}, king_wins[COLOR_NB] = {}, draws[COLOR_NB] = {};

  void add(Color side, Value pawns_value) {
    ++entries;
    if (is_win(pawns_value))
      ++pawn_wins[side];
    else if (is_loss(pawns_value))
      ++king_wins[side];
    else
      ++draws[side];
  }
  std::string text() const {
    auto pair = [](const std::uint64_t v[COLOR_NB]) {
      return std::to_string(v[WHITE]) + " / " + std::to_string(v[BLACK]);
    };
    return "pawns win " + pair(pawn_wins) + ", king wins " + pair(king_wins) + ", draws " + pair(draws) +
           " (pawns / king to move)";
  }
};

// `side_of` an entry: its side to move, by the library's own index.
template <class Library, class SideOf>
ValueCounts count_values(const Library& library, std::uint32_t entries, SideOf side_of) {
  ValueCounts c;
  for (std::uint32_t i = 0; i < entries; ++i)
    if (library.legal(i)) c.add(side_of(i), library.pawns_value(i));
  return c;
}

std::string tempi_text(const LibraryArray<std::int8_t>& tempi) {
  std::uint64_t with = 0, zero = 0;
  int most = 0;
  for (std::int8_t t : tempi)
    if (t >= 0) ++with, zero += t == 0, most = std::max<int>(most, t);
  return "tempi for " + std::to_string(with) + " pawn wins: none spare in " + std::to_string(zero) + ", at most " +
         std::to_string(most);
}

}  // namespace

std::vector<LibraryBuilder> library_builders() {
  std::vector<LibraryBuilder> list;
  for (Assumption a : {Assumption::AM, Assumption::PCP, Assumption::KCP, Assumption::AMS, Assumption::KCPS})
    list.push_back({kv3cpp_library_name(a), [a](BuiltLibraries& built, const std::string& out) {
                      const Kv3cppLibrary& library = built.kv3cpp(a);
                      save_kv3cpp(library, out);
                      const ValueCounts c = count_values(library, KV3CPP_ENTRIES, kv3cpp_side);
                      return LibrarySummary{c.entries, c.text()};
                    }});
  list.push_back({KV3CPP_REGIONS_NAME, [](BuiltLibraries& built, const std::string& out) {
                    const Kv3cppRegions library = build_kv3cpp_regions(built.kv3cpp(Assumption::AMS));
                    save_kv3cpp_regions(library, out);
                    const auto stuck = std::count_if(library.regions.begin(), library.regions.end(),
                                                     [](const StrategyRegion& r) { return !r.stuck_free; });
                    const auto decided = std::count_if(library.regions.begin(), library.regions.end(),
                                                       [](const StrategyRegion& r) { return r.king != 0; });
                    return LibrarySummary{
                        KV3CPP_ENTRIES, std::to_string(decided) + " regions where the lone king stands, " +
                                            std::to_string(stuck) + " of strategies that leave a side without a move"};
                  }});
  list.push_back({KV3CPP_TEMPI_NAME, [](BuiltLibraries&, const std::string& out) {
                    const Kv3cppTempi library = build_kv3cpp_tempi();
                    save_kv3cpp_tempi(library, out);
                    return LibrarySummary{KV3CPP_ENTRIES, tempi_text(library.tempi)};
                  }});
  list.push_back({KV3CPP_RACE_NAME, [](BuiltLibraries&, const std::string& out) {
                    const Kv3cppRace library = build_kv3cpp_race();
                    save_kv3cpp_race(library, out);
                    const auto regions =
                        std::count_if(library.region.begin(), library.region.end(), [](Bitboard r) { return r != 0; });
                    return LibrarySummary{KV3CPP_ENTRIES, tempi_text(library.tempi) + "; a region for " +
                                                              std::to_string(regions) + " of them"};
                  }});
  list.push_back({KV3CPP_BUDGET_NAME, [](BuiltLibraries&, const std::string& out) {
                    const Kv3cppBudget library = build_kv3cpp_budget();
                    save_kv3cpp_budget(library, out);
                    std::uint64_t within[Kv3cppBudget::BUDGETS] = {};
                    for (std::uint8_t need : library.need)
                      if (need != Kv3cppBudget::NEVER) ++within[need];
                    std::string text = "placements where the pawns need a budget of";
                    for (int b = 1; b < Kv3cppBudget::BUDGETS; ++b)
                      text += (b > 1 ? ", " : " ") + std::to_string(b) + ": " + std::to_string(within[b]);
                    return LibrarySummary{library.need.size(), text};
                  }});
  list.push_back({KV3CPP_PASSES_NAME, [](BuiltLibraries&, const std::string& out) {
                    const Kv3cppPasses library = build_kv3cpp_passes();
                    save_kv3cpp_passes(library, out);
                    std::uint64_t pawns = 0, king = 0;
                    for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i)
                      pawns += library.pawns_win[i] != 0, king += library.king_win[i] != 0;
                    return LibrarySummary{KV3CPP_ENTRIES,
                                          std::to_string(pawns) + " entries where the pawns win with some budget, " +
                                              std::to_string(king) + " where the king does; " +
                                              std::to_string(library.regions.size()) + " distinct regions"};
                  }});
  list.push_back({Z_CONFIGURATIONS_NAME, [](BuiltLibraries& built, const std::string& out) {
                    const ZConfigurations z =
                        build_z_configurations(built.kv3cpp(Assumption::AM), built.kv3cpp(Assumption::KCP));
                    save_z_configurations(z, out);
                    std::uint64_t members = 0, configs = 0;
                    for (std::size_t i = 0; i < z.member.size(); i += 64) {
                      const auto n = std::count(z.member.begin() + i, z.member.begin() + i + 64, 1);
                      members += n, configs += n > 0;
                    }
                    return LibrarySummary{z.member.size(), std::to_string(members) + " Z placements of " +
                                                               std::to_string(configs) + " pawn configurations"};
                  }});
  list.push_back({KV3CPP_QUIET_NAME, [](BuiltLibraries&, const std::string& out) {
                    const Kv3cppQuiet library = build_kv3cpp_quiet();
                    save_kv3cpp_quiet(library, out);
                    std::uint64_t racing = 0, longest = 0, answers = 0;
                    for (std::size_t i = 0; i < library.quiet.size(); ++i)
                      if (library.quiet[i] != Kv3cppQuiet::NEVER) {
                        ++racing;
                        longest = std::max<std::uint64_t>(longest, library.quiet[i]);
                        answers = std::max<std::uint64_t>(answers, library.answers[i]);
                      }
                    return LibrarySummary{KV3CPP_ENTRIES,
                                          std::to_string(racing) + " entries where the pawns get through, in at most " +
                                              std::to_string(longest) + " quiet moves; the king answers at most " +
                                              std::to_string(answers) + " times"};
                  }});
  list.push_back({K3CPPVK_NAME, [](BuiltLibraries&, const std::string& out) {
                    const K3cppvkLibrary library = build_k3cppvk();
                    save_k3cppvk(library, out);
                    const ValueCounts c = count_values(library, K3CPPVK_ENTRIES, king_slice::side);
                    return LibrarySummary{c.entries, c.text() + "; " + tempi_text(library.tempi)};
                  }});
  list.push_back({K3CPPVK_EXACT_NAME, [](BuiltLibraries&, const std::string& out) {
                    const K3cppvkExact library = build_k3cppvk_exact();
                    save_k3cppvk_exact(library, out);
                    const ValueCounts c = count_values(library, K3CPPVK_ENTRIES, king_slice::side);
                    return LibrarySummary{c.entries, c.text()};
                  }});
  list.push_back({kpk_library_name(), [](BuiltLibraries&, const std::string& out) {
                    const KpkLibrary library = build_kpk();
                    save_kpk(library, out);
                    const KpkCounts k = count_kpk(library);  // per side to move; White has the pawn
                    ValueCounts c;
                    c.entries = k.legal[WHITE] + k.legal[BLACK];
                    c.pawn_wins[WHITE] = k.wins[WHITE], c.pawn_wins[BLACK] = k.losses[BLACK];
                    c.king_wins[WHITE] = k.losses[WHITE], c.king_wins[BLACK] = k.wins[BLACK];
                    c.draws[WHITE] = k.draws[WHITE], c.draws[BLACK] = k.draws[BLACK];
                    return LibrarySummary{c.entries, c.text()};
                  }});
  return list;
}

}  // namespace chunker
