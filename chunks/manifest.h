// data/MANIFEST: the SHA-256 of every library file `chunker libgen` writes,
// committed with the code that generates them. Generation is deterministic,
// so a file that differs from its line was built by other code, or damaged.
// The format is sha256sum's ("<hex>  <file name>"), so `sha256sum -c
// MANIFEST` inside data/ checks it too.
#pragma once

#include <map>
#include <string>

namespace chunker {

// The SHA-256 of a file as 64 hex digits; throws TableError when it cannot be read.
std::string sha256_of_file(const std::string& path);

using Manifest = std::map<std::string, std::string>;  // file name -> SHA-256
// A missing file reads as an empty manifest; a malformed line throws TableError.
Manifest read_manifest(const std::string& path);
// Written to a temporary name and renamed.
void write_manifest(const std::string& path, const Manifest& manifest);

}  // namespace chunker
