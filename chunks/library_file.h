// Reading and writing one chunk library: the library object is written with
// Boost.Serialization into the payload of a table file (table_file.h), so
// every library shares the header, checksum, compression and atomic write of
// that format. A library type needs a Boost `serialize` function.
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <sstream>
#include <string>

#include "table_file.h"

namespace chunker {

// data/<name>.lib
std::string library_path(const std::string& data_dir, const std::string& name);
// The command a user runs to regenerate library `name`.
std::string library_rebuild_command(const std::string& name);
// What the libraries in `data_dir` hold, in 16 hex digits: a hash of each
// library file's name and payload checksum (headers only, so it is quick).
// A table built with the libraries (a knowledge-depth table) records it and
// so knows when they have been regenerated since.
std::string libraries_fingerprint(const std::string& data_dir);

// Writes `library` to `path` (atomically, table_file.h).
template <class Library>
void save_library_file(const Library& library, const TableHeader& header, const std::string& path) {
  std::ostringstream out;
  {
    boost::archive::binary_oarchive archive(out, boost::archive::no_header);
    archive << library;
  }
  const std::string bytes = out.str();
  write_table(path, header, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

// Reads a library from `path`. Throws TableError naming `rebuild` when the
// file is missing, damaged or stale, or when `valid(library)` says its
// contents do not fit.
template <class Library, class Valid>
Library load_library_file(const TableHeader& expected, const std::string& path, const std::string& rebuild,
                          Valid valid) {
  const TableBytes payload = read_table(path, expected, rebuild);
  Library library;
  try {
    // Read in place: a copy of tens of megabytes into a string stream cost
    // as much as the decompression (the fresh pages it faults in).
    boost::iostreams::stream<boost::iostreams::array_source> in(reinterpret_cast<const char*>(payload.data()),
                                                                payload.size());
    boost::archive::binary_iarchive archive(in, boost::archive::no_header);
    archive >> library;
  } catch (const std::exception&) {
    throw TableError(path + ": damaged library; rebuild it with: " + rebuild);
  }
  if (!valid(library)) throw TableError(path + ": holds another library; rebuild it with: " + rebuild);
  return library;
}

// `header.kind` is the library's name; its file is library_path(data_dir, kind).
template <class Library>
void save_library(const Library& library, const TableHeader& header, const std::string& data_dir) {
  save_library_file(library, header, library_path(data_dir, header.kind));
}

template <class Library, class Valid>
Library load_library(const TableHeader& expected, const std::string& data_dir, Valid valid) {
  return load_library_file<Library>(expected, library_path(data_dir, expected.kind),
                                    library_rebuild_command(expected.kind), valid);
}

}  // namespace chunker
