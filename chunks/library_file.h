// Reading and writing tables of Boost-serialized objects (the exact tables,
// the MPI checkpoints): the object is written with Boost.Serialization into
// the payload of a table file (table_file.h), so they share its header,
// checksum, compression and atomic write. A type needs a Boost `serialize`.
//
// The chunk libraries are opened by every search, so their files hold their
// arrays uncompressed, each at an 8-byte aligned offset, and a reader maps
// the file and reads the arrays in place (library_array.h): compressed, their
// decompression and Boost's copy into the library's vectors took several
// times as long as mapping them (the commit that mapped them has the
// figures). The checksum is what catches a damaged file (the
// SHA-256 of data/MANIFEST is checked by `chunker libgen --verify`), but
// reading every byte of the libraries was most of a short search's start:
// so a file found good is stamped (`NAME.lib.checked` beside it: the file's
// identity and times), and an open that finds the stamp matching the file
// maps it without reading it through. A write to the file, or a copy over
// it, changes what the stamp names, and the next open checks it again.
//
// File: the preamble of table_file.h (the header's checksum is the
// payload's), zeros to the next multiple of 8, then for each array its
// length in elements (64 bits) and its elements, padded with zeros to a
// multiple of 8 bytes. A library type names its arrays, in file order, with
// `library_arrays`.
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <concepts>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <tuple>

#include "chunks/library_array.h"
#include "chunks/table_file.h"

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
void save_library_file(const Library& library, const TableHeader& header, const std::string& path,
                       Durability durability = Durability::Synced) {
  std::ostringstream out;
  {
    boost::archive::binary_oarchive archive(out, boost::archive::no_header);
    archive << library;
  }
  const std::string bytes = out.str();
  write_table(path, header, {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()}, durability);
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
    throw TableError(path, "damaged library", rebuild);
  }
  if (!valid(library)) throw TableError(path, "holds another library", rebuild);
  return library;
}

// A library type `L` names its arrays with an overload of
// `auto library_arrays(LibraryOf<L> auto& library)` returning std::tie of them.
template <class Reference, class Library>
concept LibraryOf = std::same_as<std::remove_const_t<Reference>, Library>;

// Writes a chunk library's file: `payload` is its arrays, laid out by
// append_library_array.
void write_library_file(const std::string& path, TableHeader header, const std::string& payload);
template <class T>
void append_library_array(std::string& payload, const LibraryArray<T>& array) {
  const std::uint64_t length = array.size();
  payload.append(reinterpret_cast<const char*>(&length), sizeof length);
  payload.append(reinterpret_cast<const char*>(array.data()), array.size() * sizeof(T));
  payload.resize((payload.size() + 7) / 8 * 8, '\0');
}

// A chunk library's file, mapped, its header and checksum checked (else a
// TableError naming the file and `rebuild`), the checksum unless the file's
// stamp says it was found good and is unchanged since; the arrays read from
// it keep the mapping.
class MappedLibraryFile {
 public:
  MappedLibraryFile(const std::string& path, const TableHeader& expected, const std::string& rebuild);
  // The next array of the payload.
  template <class T>
  LibraryArray<T> next() {
    const std::span<const std::uint8_t> bytes = next_bytes(sizeof(T));
    return LibraryArray<T>({reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)}, map_);
  }
  // Throws unless every array has been read.
  void finish() const;
  // Whether the file was found good by an earlier open and is unchanged
  // since (its stamp, library_file.cpp), so its checksum was not read again
  // and its contents need no check.
  bool checked() const { return checked_; }
  // Stamps the file as good, once its contents are checked too; where the
  // stamp cannot be written the next open checks it again.
  void remember_checked() const;

 private:
  std::span<const std::uint8_t> next_bytes(std::size_t element_size);
  TableError refuse(const std::string& problem) const;

  std::string path_, rebuild_;
  std::shared_ptr<const std::uint8_t> map_;
  std::span<const std::uint8_t> payload_;
  std::size_t read_ = 0;
  std::string stamp_;
  bool checked_ = false, stamp_worthy_ = false;
};

// `header.kind` is the library's name; its file is library_path(data_dir, kind).
template <class Library>
void save_library(const Library& library, const TableHeader& header, const std::string& data_dir) {
  std::string payload;
  std::apply([&](const auto&... arrays) { (append_library_array(payload, arrays), ...); }, library_arrays(library));
  write_library_file(library_path(data_dir, header.kind), header, payload);
}

// Reads a library from data_dir. Throws TableError naming the command that
// rebuilds it when the file is missing, damaged or stale, or when
// `valid(library)` says its contents do not fit.
template <class Library, class Valid>
Library load_library(const TableHeader& expected, const std::string& data_dir, Valid valid) {
  const std::string path = library_path(data_dir, expected.kind);
  const std::string rebuild = library_rebuild_command(expected.kind);
  MappedLibraryFile file(path, expected, rebuild);
  Library library;
  std::apply([&]<class... T>(LibraryArray<T>&... arrays) { ((arrays = file.template next<T>()), ...); },
             library_arrays(library));
  file.finish();
  if (file.checked()) return library;
  if (!valid(library)) throw TableError(path, "holds another library", rebuild);
  file.remember_checked();
  return library;
}

}  // namespace chunker
