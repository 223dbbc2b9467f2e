// The `chunker` binary's files (chunks/data_paths.h): the data directory,
// and the files shipped with it, found from where the binary stands.
#pragma once

#include <string>

#include "chunks/data_paths.h"

namespace chunker::cli {

using chunker::default_data_dir;

// A shipped file by its path in the source tree, e.g. "testpositions/default.epd".
std::string shipped_file(const std::string& relative);

}  // namespace chunker::cli
