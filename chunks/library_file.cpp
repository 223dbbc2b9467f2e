#include "chunks/library_file.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <vector>

#include "chunks/atomic_file.h"

namespace chunker {

std::string library_path(const std::string& data_dir, const std::string& name) {
  return data_dir + "/" + name + ".lib";
}

namespace {

std::size_t aligned(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

// A library file's stamp: the file it was (device, inode, size, the times
// of its last write and last change) when its checksum and contents were
// last found good, and the checksum its header gives. Any write to the file
// moves its change time, which no user can set back, so a stamp that still
// matches names the same bytes, and the checks need not read them again.
std::string stamp_path(const std::string& path) { return path + ".checked"; }
std::string stamp_text(const struct stat& s, std::uint64_t checksum) {
  char text[256];
  std::snprintf(text, sizeof text, "%llu %llu %lld %lld.%09ld %lld.%09ld %016llx\n", (unsigned long long)s.st_dev,
                (unsigned long long)s.st_ino, (long long)s.st_size, (long long)s.st_mtim.tv_sec, s.st_mtim.tv_nsec,
                (long long)s.st_ctim.tv_sec, s.st_ctim.tv_nsec, (unsigned long long)checksum);
  return text;
}
// The stamp beside `path`, empty where there is none.
std::string read_stamp(const std::string& path) {
  std::ifstream in(stamp_path(path));
  std::string line;
  if (!std::getline(in, line)) return {};
  return line + "\n";
}
// How long a file must be left unchanged before its stamp is written.
constexpr std::int64_t STAMP_SETTLE_SECONDS = 2;

}  // namespace

std::string library_rebuild_command(const std::string& name) { return "chunker libgen --only " + name; }

std::string libraries_fingerprint(const std::string& data_dir) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(data_dir, error))
    if (entry.path().extension() == ".lib") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::uint64_t hash = 0xcbf29ce484222325;  // FNV-1a
  auto mix = [&](const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3;
  };
  for (const auto& path : files) {
    mix(path.filename().string());
    try {
      mix(std::to_string(read_table_header(path.string()).payload_checksum));
    } catch (const TableError&) {
      mix("damaged");
    }
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return hex;
}

void write_library_file(const std::string& path, TableHeader header, const std::string& payload) {
  const std::span<const std::uint8_t> bytes{reinterpret_cast<const std::uint8_t*>(payload.data()), payload.size()};
  header.payload_size = bytes.size();
  header.payload_checksum = table_checksum(bytes);
  std::string preamble = table_preamble(header);
  preamble.resize(aligned(preamble.size()), '\0');
  write_file_atomically(path, [&](std::FILE* file) {
    if (std::fwrite(preamble.data(), 1, preamble.size(), file) != preamble.size() ||
        std::fwrite(payload.data(), 1, payload.size(), file) != payload.size())
      throw TableError("write failed (disk full?)");
  });
}

MappedLibraryFile::MappedLibraryFile(const std::string& path, const TableHeader& expected, const std::string& rebuild)
    : path_(path), rebuild_(rebuild) {
  std::span<const std::uint8_t> file;
  TableHeader header;
  std::size_t preamble = 0;
  const std::string stamp = read_stamp(path);
  struct stat status {};
  try {
    file = map_table_file(path, &status);
    map_.reset(file.data(),
               [size = file.size()](const std::uint8_t* p) { munmap(const_cast<std::uint8_t*>(p), size); });
    void* pages = const_cast<std::uint8_t*>(file.data());
    // A search reads a few entries here and there across the largest files.
    // Advised to take huge pages, a read from disk brings 2 MB of the file
    // into the page cache at once, as one page, and an open that finds such
    // pages there maps each with one fault, where 4 KB pages take a fault
    // each (dear on a virtual machine).
    madvise(pages, file.size(), MADV_HUGEPAGE);  // advice only: it works the same without
    // A file to check: every page at once, for the checksum below reads
    // them all, and one call maps them faster than a fault per page.
    if (stamp.empty()) madvise(pages, file.size(), MADV_POPULATE_READ);
    header = parse_table_preamble(file, preamble);
    check_expected_header(header, expected);
  } catch (const TableError& e) {
    throw refuse(e.what());
  }
  const std::size_t size = file.size();
  preamble = aligned(preamble);
  if (size < preamble || size - preamble < header.payload_size) throw refuse("truncated");
  if (size - preamble > header.payload_size) throw refuse("damaged (data after the end of the table)");
  payload_ = file.subspan(preamble);
  stamp_ = stamp_text(status, header.payload_checksum);
  checked_ = !stamp.empty() && stamp == stamp_;
  if (checked_) return;
  if (table_checksum(payload_) != header.payload_checksum) throw refuse("checksum mismatch (file damaged)");
  // The checksum read every page into this process; let go of them (they
  // stay in the page cache) so it holds only those a search reads again.
  madvise(const_cast<std::uint8_t*>(file.data()), file.size(), MADV_DONTNEED);
  // Only a file changed well before this check is stamped: the clock that
  // dates a change ticks in milliseconds, so a change made within the same
  // tick as the one checked could leave the same times behind.
  const std::int64_t changed = std::int64_t(status.st_ctim.tv_sec);
  stamp_worthy_ = changed + STAMP_SETTLE_SECONDS < std::int64_t(std::time(nullptr));
}

void MappedLibraryFile::remember_checked() const {
  if (checked_ || !stamp_worthy_) return;
  try {
    write_atomically(stamp_path(path_), stamp_);
  } catch (const TableError&) {
    // A directory this process may not write: the next open checks again.
  }
}

std::span<const std::uint8_t> MappedLibraryFile::next_bytes(std::size_t element_size) {
  std::uint64_t length = 0;
  if (payload_.size() - read_ < sizeof length) throw refuse("damaged (an array is missing)");
  std::memcpy(&length, payload_.data() + read_, sizeof length);
  read_ += sizeof length;
  if (length > (payload_.size() - read_) / element_size) throw refuse("damaged (an array runs past the end)");
  const std::span<const std::uint8_t> bytes = payload_.subspan(read_, length * element_size);
  read_ = std::min(payload_.size(), aligned(read_ + bytes.size()));
  return bytes;
}

void MappedLibraryFile::finish() const {
  if (read_ != payload_.size()) throw refuse("damaged (data after the last array)");
}

TableError MappedLibraryFile::refuse(const std::string& problem) const { return TableError(path_, problem, rebuild_); }

}  // namespace chunker
