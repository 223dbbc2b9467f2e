#include "chunks/manifest.h"

#include <sha2.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include "chunks/atomic_file.h"
#include "chunks/table_file.h"

namespace chunker {

std::string sha256_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableError(path, "cannot be read");
  SHA2_CTX context;
  SHA256Init(&context);
  std::vector<char> block(1 << 20);
  while (in) {
    in.read(block.data(), std::streamsize(block.size()));
    SHA256Update(&context, reinterpret_cast<const std::uint8_t*>(block.data()), std::size_t(in.gcount()));
  }
  std::uint8_t digest[SHA256_DIGEST_LENGTH];
  SHA256Final(digest, &context);
  std::string hex;
  char byte[3];
  for (std::uint8_t b : digest) {
    std::snprintf(byte, sizeof byte, "%02x", b);
    hex += byte;
  }
  return hex;
}

Manifest read_manifest(const std::string& path) {
  Manifest manifest;
  std::ifstream in(path);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string hash, name;
    if (!(fields >> hash >> name) || hash.size() != 64)
      throw TableError(path + ":" + std::to_string(number) + ": not a \"<sha256>  <file>\" line");
    manifest[name] = hash;
  }
  return manifest;
}

void write_manifest(const std::string& path, const Manifest& manifest) {
  std::string text = "# SHA-256 of each file `chunker libgen` writes; `chunker libgen --verify` checks them.\n";
  for (const auto& [name, hash] : manifest) text += hash + "  " + name + "\n";
  write_atomically(path, text);
}

}  // namespace chunker
