// `chunker libgen`: regenerates the chunk libraries into data/, prints a
// summary of each and checks each file against data/MANIFEST.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "chunks/library_file.h"
#include "chunks/manifest.h"
#include "cli/options.h"
#include "libgen/library_builders.h"

namespace chunker::cli {

namespace {

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
  const std::string data_dir = default_data_dir();
  std::string out = data_dir;
  const std::string manifest_path = shipped_file("data/MANIFEST");
  std::string names;
  for (const LibraryBuilder& b : library_builders()) names += (names.empty() ? "" : ", ") + b.name;
  options.add_options()("only", po::value<std::vector<std::string>>(&only)->multitoken(),
                        ("build only these libraries (" + names + ")").c_str())(
      "out", po::value<std::string>(&out)->default_value(data_dir), "where the libraries are written")(
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
  std::vector<LibraryBuilder> chosen;
  for (const LibraryBuilder& b : library_builders())
    if (only.empty() || std::find(only.begin(), only.end(), b.name) != only.end()) chosen.push_back(b);
  for (const std::string& name : only)
    if (std::none_of(chosen.begin(), chosen.end(), [&](const LibraryBuilder& b) { return b.name == name; }))
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
    for (const LibraryBuilder& b : chosen) {
      const std::string state = manifest_state(manifest, out, b.name);
      std::printf("%-14s %s\n", b.name.c_str(), state.c_str());
      if (state != "ok") status = 1;
    }
    if (status) std::printf("rebuild with: chunker libgen%s\n", out == data_dir ? "" : (" --out " + out).c_str());
    return status;
  }

  const bool terminal = isatty(STDERR_FILENO);
  std::printf("%-14s %9s %9s %7s %-10s %s\n", "library", "entries", "bytes", "time", "manifest", "contents");
  BuiltLibraries built;
  const auto all_start = std::chrono::steady_clock::now();
  for (const LibraryBuilder& b : chosen) {
    if (terminal) std::fprintf(stderr, "\rlibgen: building %s...", b.name.c_str());
    const auto start = std::chrono::steady_clock::now();
    LibrarySummary s;
    s = b.build(built, out);
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
