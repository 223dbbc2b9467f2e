// `chunker libgen`: regenerates the chunk libraries into data/ and prints a
// summary of each.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>

#include "kv3cpp_build.h"
#include "options.h"
#include "table_file.h"

namespace chunker::cli {

namespace {

// What one library's summary line counts, per side to move.
struct Counts {
  std::uint64_t pawn_wins[COLOR_NB] = {}, king_wins[COLOR_NB] = {}, draws[COLOR_NB] = {};
  std::uint64_t entries = 0;
};

Counts count(const Kv3cppLibrary& library) {
  Counts c;
  for (std::uint32_t i = 0; i < KV3CPP_ENTRIES; ++i) {
    if (!library.legal(i)) continue;
    ++c.entries;
    const Color side = Color((i >> 6) & 1);
    const Value v = library.pawns_value(i);
    if (is_win(v)) ++c.pawn_wins[side];
    else if (is_loss(v)) ++c.king_wins[side];
    else ++c.draws[side];
  }
  return c;
}

struct Builder {
  std::string name;
  std::function<Counts(const std::string& out)> build;  // builds, writes, and counts
};

std::vector<Builder> builders() {
  std::vector<Builder> list;
  for (Assumption a : {Assumption::AM, Assumption::PCP, Assumption::KCP})
    list.push_back({kv3cpp_library_name(a), [a](const std::string& out) {
                      Kv3cppLibrary library = build_kv3cpp(a);
                      save_kv3cpp(library, out);
                      return count(library);
                    }});
  return list;
}

}  // namespace

int libgen_command(const Args& args) {
  po::options_description options("libgen options");
  std::vector<std::string> only;
  std::string out = CHUNKER_DATA_DIR;
  options.add_options()("only", po::value<std::vector<std::string>>(&only)->multitoken(),
                        "build only these libraries (kv3cpp-am, kv3cpp-pcp, kv3cpp-kcp)")(
      "out", po::value<std::string>(&out)->default_value(CHUNKER_DATA_DIR), "where the libraries are written");
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker libgen [--only NAME...] [--out DIR]", options, {}, vm)) return 0;
  std::vector<Builder> chosen;
  for (const Builder& b : builders())
    if (only.empty() || std::find(only.begin(), only.end(), b.name) != only.end()) chosen.push_back(b);
  for (const std::string& name : only)
    if (std::none_of(chosen.begin(), chosen.end(), [&](const Builder& b) { return b.name == name; }))
      throw InputError("unknown library '" + name + "' (kv3cpp-am, kv3cpp-pcp or kv3cpp-kcp)");

  const bool terminal = isatty(STDERR_FILENO);
  std::printf("%-12s %9s %23s %23s %23s %9s %7s\n", "library", "entries", "pawns win (W / B move)",
              "king wins (W / B move)", "draws (W / B move)", "bytes", "time");
  for (const Builder& b : chosen) {
    if (terminal) std::fprintf(stderr, "\rlibgen: building %s...", b.name.c_str());
    const auto start = std::chrono::steady_clock::now();
    Counts c;
    try {
      c = b.build(out);
    } catch (const TableError& e) {
      throw InputError(e.what());
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (terminal) std::fprintf(stderr, "\r%60s\r", "");
    const auto bytes = std::filesystem::file_size(library_path(out, b.name));
    auto pair = [](const std::uint64_t v[COLOR_NB]) {
      return std::to_string(v[WHITE]) + " / " + std::to_string(v[BLACK]);
    };
    std::printf("%-12s %9llu %23s %23s %23s %9llu %6.2fs\n", b.name.c_str(), static_cast<unsigned long long>(c.entries),
                pair(c.pawn_wins).c_str(), pair(c.king_wins).c_str(), pair(c.draws).c_str(),
                static_cast<unsigned long long>(bytes), seconds);
  }
  return 0;
}

}  // namespace chunker::cli
