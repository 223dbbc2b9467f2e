// `chunker libgen`: regenerates the chunk libraries into data/, prints a
// summary of each and checks each file against data/MANIFEST.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "kpk_build.h"
#include "kv3cpp_build.h"
#include "library_file.h"
#include "manifest.h"
#include "options.h"

namespace chunker::cli {

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

template <class Library>
ValueCounts count_values(const Library& library, std::uint32_t entries, int side_shift) {
  ValueCounts c;
  for (std::uint32_t i = 0; i < entries; ++i)
    if (library.legal(i)) c.add(Color((i >> side_shift) & 1), library.pawns_value(i));
  return c;
}

std::string tempi_text(const std::vector<std::int8_t>& tempi) {
  std::uint64_t with = 0, zero = 0;
  int most = 0;
  for (std::int8_t t : tempi)
    if (t >= 0) ++with, zero += t == 0, most = std::max<int>(most, t);
  return "tempi for " + std::to_string(with) + " pawn wins: none spare in " + std::to_string(zero) + ", at most " +
         std::to_string(most);
}

struct Summary {
  std::uint64_t entries;
  std::string text;
};

// Libraries some builders need, built at most once per run.
class Built {
 public:
  const Kv3cppLibrary& kv3cpp(Assumption a) {
    auto& slot = kv3cpp_[std::size_t(a)];
    if (!slot) slot = build_kv3cpp(a);
    return *slot;
  }

 private:
  std::optional<Kv3cppLibrary> kv3cpp_[ASSUMPTION_NB];
};

struct Builder {
  std::string name;
  std::function<Summary(Built& built, const std::string& out)> build;  // builds, writes, and summarises
};

std::vector<Builder> builders() {
  std::vector<Builder> list;
  for (Assumption a : {Assumption::AM, Assumption::PCP, Assumption::KCP, Assumption::AMS, Assumption::KCPS})
    list.push_back({kv3cpp_library_name(a), [a](Built& built, const std::string& out) {
                      const Kv3cppLibrary& library = built.kv3cpp(a);
                      save_kv3cpp(library, out);
                      const ValueCounts c = count_values(library, KV3CPP_ENTRIES, 6);
                      return Summary{c.entries, c.text()};
                    }});
  list.push_back({KV3CPP_TEMPI_NAME, [](Built&, const std::string& out) {
                    const Kv3cppTempi library = build_kv3cpp_tempi();
                    save_kv3cpp_tempi(library, out);
                    return Summary{KV3CPP_ENTRIES, tempi_text(library.tempi)};
                  }});
  list.push_back({KV3CPP_RACE_NAME, [](Built&, const std::string& out) {
                    const Kv3cppRace library = build_kv3cpp_race();
                    save_kv3cpp_race(library, out);
                    const auto regions =
                        std::count_if(library.region.begin(), library.region.end(), [](Bitboard r) { return r != 0; });
                    return Summary{KV3CPP_ENTRIES, tempi_text(library.tempi) + "; a region for " +
                                                       std::to_string(regions) + " of them"};
                  }});
  list.push_back({KV3CPP_BUDGET_NAME, [](Built&, const std::string& out) {
                    const Kv3cppBudget library = build_kv3cpp_budget();
                    save_kv3cpp_budget(library, out);
                    std::uint64_t within[Kv3cppBudget::BUDGETS] = {};
                    for (std::uint8_t need : library.need)
                      if (need != Kv3cppBudget::NEVER) ++within[need];
                    std::string text = "placements where the pawns need a budget of";
                    for (int b = 1; b < Kv3cppBudget::BUDGETS; ++b)
                      text += (b > 1 ? ", " : " ") + std::to_string(b) + ": " + std::to_string(within[b]);
                    return Summary{library.need.size(), text};
                  }});
  list.push_back({KV3CPP_PASSES_NAME, [](Built&, const std::string& out) {
                    const Kv3cppPasses library = build_kv3cpp_passes();
                    save_kv3cpp_passes(library, out);
                    std::uint64_t pawns = 0, king = 0;
                    for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i)
                      pawns += library.pawns_win[i] != 0, king += library.king_win[i] != 0;
                    return Summary{KV3CPP_ENTRIES, std::to_string(pawns) +
                                                       " entries where the pawns win with some budget, " +
                                                       std::to_string(king) + " where the king does; " +
                                                       std::to_string(library.regions.size()) + " distinct regions"};
                  }});
  list.push_back({Z_CONFIGURATIONS_NAME, [](Built& built, const std::string& out) {
                    const ZConfigurations z =
                        build_z_configurations(built.kv3cpp(Assumption::AM), built.kv3cpp(Assumption::KCP));
                    save_z_configurations(z, out);
                    std::uint64_t members = 0, configs = 0;
                    for (std::size_t i = 0; i < z.member.size(); i += 64) {
                      const auto n = std::count(z.member.begin() + i, z.member.begin() + i + 64, 1);
                      members += n, configs += n > 0;
                    }
                    return Summary{z.member.size(), std::to_string(members) + " Z placements of " +
                                                        std::to_string(configs) + " pawn configurations"};
                  }});
  list.push_back({KV3CPP_QUIET_NAME, [](Built&, const std::string& out) {
                    const Kv3cppQuiet library = build_kv3cpp_quiet();
                    save_kv3cpp_quiet(library, out);
                    std::uint64_t racing = 0, longest = 0, answers = 0;
                    for (std::size_t i = 0; i < library.quiet.size(); ++i)
                      if (library.quiet[i] != Kv3cppQuiet::NEVER) {
                        ++racing;
                        longest = std::max<std::uint64_t>(longest, library.quiet[i]);
                        answers = std::max<std::uint64_t>(answers, library.answers[i]);
                      }
                    return Summary{KV3CPP_ENTRIES,
                                   std::to_string(racing) + " entries where the pawns get through, in at most " +
                                       std::to_string(longest) + " quiet moves; the king answers at most " +
                                       std::to_string(answers) + " times"};
                  }});
  list.push_back({K3CPPVK_NAME, [](Built&, const std::string& out) {
                    const K3cppvkLibrary library = build_k3cppvk();
                    save_k3cppvk(library, out);
                    const ValueCounts c = count_values(library, K3CPPVK_ENTRIES, 12);
                    return Summary{c.entries, c.text() + "; " + tempi_text(library.tempi)};
                  }});
  list.push_back({K3CPPVK_EXACT_NAME, [](Built&, const std::string& out) {
                    const K3cppvkExact library = build_k3cppvk_exact();
                    save_k3cppvk_exact(library, out);
                    const ValueCounts c = count_values(library, K3CPPVK_ENTRIES, 12);
                    return Summary{c.entries, c.text()};
                  }});
  list.push_back({kpk_library_name(), [](Built&, const std::string& out) {
                    const KpkLibrary library = build_kpk();
                    save_kpk(library, out);
                    const KpkCounts k = count_kpk(library);  // per side to move; White has the pawn
                    ValueCounts c;
                    c.entries = k.legal[WHITE] + k.legal[BLACK];
                    c.pawn_wins[WHITE] = k.wins[WHITE], c.pawn_wins[BLACK] = k.losses[BLACK];
                    c.king_wins[WHITE] = k.losses[WHITE], c.king_wins[BLACK] = k.wins[BLACK];
                    c.draws[WHITE] = k.draws[WHITE], c.draws[BLACK] = k.draws[BLACK];
                    return Summary{c.entries, c.text()};
                  }});
  return list;
}

std::string file_name(const std::string& library) { return library + ".lib"; }

// "ok", "DIFFERS", "missing" or "not listed", for one library file.
std::string manifest_state(const Manifest& manifest, const std::string& dir, const std::string& library) {
  const auto listed = manifest.find(file_name(library));
  if (listed == manifest.end()) return "not listed";
  const std::string path = library_path(dir, library);
  if (!std::filesystem::exists(path)) return "missing";
  return sha256_of_file(path) == listed->second ? "ok" : "DIFFERS";
}

}  // namespace

int libgen_command(const Args& args) {
  po::options_description options("libgen options");
  std::vector<std::string> only;
  std::string out = CHUNKER_DATA_DIR;
  const std::string manifest_path = std::string(CHUNKER_DATA_DIR) + "/MANIFEST";
  std::string names;
  for (const Builder& b : builders()) names += (names.empty() ? "" : ", ") + b.name;
  options.add_options()("only", po::value<std::vector<std::string>>(&only)->multitoken(),
                        ("build only these libraries (" + names + ")").c_str())(
      "out", po::value<std::string>(&out)->default_value(CHUNKER_DATA_DIR), "where the libraries are written")(
      "verify", "build nothing: check the library files in --out against data/MANIFEST")(
      "update-manifest",
      "after building every library, record their SHA-256 in data/MANIFEST (after a deliberate "
      "change to what they hold)");
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker libgen [--only NAME...] [--out DIR] [--verify | --update-manifest]", options,
                  {}, vm))
    return 0;
  const bool verify = vm.count("verify") > 0, update = vm.count("update-manifest") > 0;
  if (verify && update) throw InputError("--verify and --update-manifest exclude each other");
  if (update && !only.empty()) throw InputError("--update-manifest rebuilds every library; drop --only");
  std::vector<Builder> chosen;
  for (const Builder& b : builders())
    if (only.empty() || std::find(only.begin(), only.end(), b.name) != only.end()) chosen.push_back(b);
  for (const std::string& name : only)
    if (std::none_of(chosen.begin(), chosen.end(), [&](const Builder& b) { return b.name == name; }))
      throw InputError("unknown library '" + name + "' (" + names + ")");

  Manifest manifest;
  try {
    manifest = update ? Manifest{} : read_manifest(manifest_path);
    if (!std::filesystem::is_directory(out) && !verify) std::filesystem::create_directories(out);
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }
  int status = 0;
  if (verify) {
    for (const Builder& b : chosen) {
      const std::string state = manifest_state(manifest, out, b.name);
      std::printf("%-14s %s\n", b.name.c_str(), state.c_str());
      if (state != "ok") status = 1;
    }
    if (status)
      std::printf("rebuild with: chunker libgen%s\n", out == CHUNKER_DATA_DIR ? "" : (" --out " + out).c_str());
    return status;
  }

  const bool terminal = isatty(STDERR_FILENO);
  std::printf("%-14s %9s %9s %7s %-10s %s\n", "library", "entries", "bytes", "time", "manifest", "contents");
  Built built;
  const auto all_start = std::chrono::steady_clock::now();
  for (const Builder& b : chosen) {
    if (terminal) std::fprintf(stderr, "\rlibgen: building %s...", b.name.c_str());
    const auto start = std::chrono::steady_clock::now();
    Summary s;
    try {
      s = b.build(built, out);
    } catch (const TableError& e) {
      throw InputError(e.what());
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (terminal) std::fprintf(stderr, "\r%60s\r", "");
    const std::string path = library_path(out, b.name);
    std::string state = "recorded";
    if (update)
      manifest[file_name(b.name)] = sha256_of_file(path);
    else
      state = manifest_state(manifest, out, b.name);
    if (state != "ok" && state != "recorded") status = 1;
    std::printf("%-14s %9llu %9llu %6.2fs %-10s %s\n", b.name.c_str(), static_cast<unsigned long long>(s.entries),
                static_cast<unsigned long long>(std::filesystem::file_size(path)), seconds, state.c_str(),
                s.text.c_str());
  }
  std::printf("total %.2f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - all_start).count());
  if (update) write_manifest(manifest_path, manifest);
  if (status)
    std::printf(
        "a file differs from data/MANIFEST: the generator changed (run chunker libgen --update-manifest "
        "and commit the manifest) or is not deterministic\n");
  return status;
}

}  // namespace chunker::cli
