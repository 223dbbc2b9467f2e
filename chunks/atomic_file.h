// Writing a whole file so that no reader ever sees half of it: the bytes go
// to a temporary name beside it, are flushed, and the file is renamed over
// the old one. Every text file Chunker writes (the manifest, plots, proofs)
// goes through here; the table files have their own streaming writer
// (table_file.h) on the same principle.
#pragma once

#include <string>

namespace chunker {

// Throws TableError (table_file.h) naming the file when it cannot be written.
void write_atomically(const std::string& path, const std::string& bytes);

}  // namespace chunker
