#include "chunks/table_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <boost/archive/text_iarchive.hpp>
#include <boost/archive/text_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>

#include "engine/zeroed_memory.h"

namespace boost::serialization {
template <class Archive>
void serialize(Archive& ar, chunker::TableHeader& h, unsigned) {
  ar& h.kind& h.parameters& h.format_version& h.payload_size& h.payload_checksum;
}
}  // namespace boost::serialization

namespace chunker {

namespace {

std::string table_problem(const std::string& file, const std::string& problem, const std::string& rebuild) {
  return file + ": " + problem + (rebuild.empty() ? "" : "; rebuild it with: " + rebuild);
}

}  // namespace

TableError::TableError(const std::string& path, const std::string& problem, const std::string& rebuild)
    : std::runtime_error(table_problem(path, problem, rebuild)),
      file_named_(table_problem(std::filesystem::path(path).filename().string(), problem, rebuild)) {}

namespace {

constexpr char MAGIC[8] = {'C', 'H', 'U', 'N', 'K', 'T', 'B', 'L'};
// The fastest level: the oracle (963 MB) packs to 92 MB in about a second
// with two threads; level 3 gains 2% of size for 25% more time.
constexpr int ZSTD_LEVEL = 1;
constexpr std::uint32_t MAX_HEADER = 1 << 16;  // a longer header is damage
constexpr std::size_t CHUNK = 1 << 20;
// Compression threads, for speed. The bytes do not depend on the number
// (checked with the zstd program at this level: --single-thread and -T1 to
// -T8 give the same frame), so files stay identical on every machine.
constexpr int ZSTD_WORKERS = 2;

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

}  // namespace

// FNV-1a over 64-bit words (and the tail bytes): small, fast, and enough to
// tell a damaged payload from a good one; zstd's frame checksum guards the
// compressed bytes as well.
std::uint64_t table_checksum(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = (h ^ word) * 0x100000001b3ULL;
  }
  for (; i < bytes.size(); ++i) h = (h ^ bytes[i]) * 0x100000001b3ULL;
  return h;
}

std::string table_preamble(const TableHeader& header) {
  std::ostringstream out;
  {
    boost::archive::text_oarchive archive(out, boost::archive::no_header);
    archive << header;
  }
  const std::string text = out.str();
  const std::uint32_t length = std::uint32_t(text.size());
  std::string preamble(MAGIC, sizeof MAGIC);
  preamble.append(reinterpret_cast<const char*>(&length), sizeof length);
  return preamble + text;
}

TableHeader parse_table_preamble(std::span<const std::uint8_t> bytes, std::size_t& preamble_size) {
  std::uint32_t length = 0;
  if (bytes.size() < sizeof MAGIC || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
    throw TableError("not a Chunker table (bad magic)");
  if (bytes.size() < sizeof MAGIC + sizeof length) throw TableError("damaged header");
  std::memcpy(&length, bytes.data() + sizeof MAGIC, sizeof length);
  if (length > MAX_HEADER) throw TableError("damaged header");
  preamble_size = sizeof MAGIC + sizeof length + length;
  if (bytes.size() < preamble_size) throw TableError("truncated header");
  TableHeader header;
  try {
    std::istringstream in(
        std::string(reinterpret_cast<const char*>(bytes.data()) + sizeof MAGIC + sizeof length, length));
    boost::archive::text_iarchive archive(in, boost::archive::no_header);
    archive >> header;
  } catch (const std::exception&) {
    throw TableError("damaged header");
  }
  return header;
}

void check_expected_header(const TableHeader& header, const TableHeader& expected) {
  if (header.kind != expected.kind || header.parameters != expected.parameters ||
      header.format_version != expected.format_version)
    throw TableError("stale: it holds " + header.kind + " " + header.parameters + " format " +
                     std::to_string(header.format_version) + ", this program reads " + expected.kind + " " +
                     expected.parameters + " format " + std::to_string(expected.format_version));
}

std::span<const std::uint8_t> map_table_file(const std::string& path, struct stat* status) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw TableError("missing");
  struct stat st {};
  if (fstat(fd, &st) != 0 || st.st_size == 0) {
    ::close(fd);
    throw TableError(st.st_size == 0 ? "empty" : "cannot be read");
  }
  if (status) *status = st;
  const std::size_t size = std::size_t(st.st_size);
  void* map = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);  // the mapping keeps the file
  if (map == MAP_FAILED) throw TableError("cannot be mapped");
  return {static_cast<const std::uint8_t*>(map), size};
}

void write_file_atomically(const std::string& path, const std::function<void(std::FILE*)>& write,
                           Durability durability) {
  std::filesystem::path target(path);
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
  const std::string temporary = path + ".tmp." + std::to_string(getpid());
  try {
    File file(std::fopen(temporary.c_str(), "wb"));
    if (!file) throw TableError("cannot write " + temporary);
    write(file.get());
    if (std::fflush(file.get()) != 0 || (durability == Durability::Synced && fsync(fileno(file.get())) != 0))
      throw TableError("write failed (disk full?)");
    file.reset();
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error) throw TableError("cannot rename " + temporary + ": " + error.message());
  } catch (const TableError& e) {
    std::remove(temporary.c_str());
    throw TableError(path, e.what());
  }
}

template <>
void* TableAllocator<std::uint8_t>::allocate_table_block(std::size_t bytes) {
  const bool huge = bytes >= HUGE_PAGE;
  void* p = huge ? std::aligned_alloc(HUGE_PAGE, (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE) : std::malloc(bytes);
  if (!p) throw std::bad_alloc();
  if (huge) madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without huge pages it works the same
  return p;
}

void write_table(const std::string& path, TableHeader header, std::span<const std::uint8_t> payload,
                 Durability durability) {
  header.payload_size = payload.size();
  header.payload_checksum = table_checksum(payload);
  const std::string preamble = table_preamble(header);
  write_file_atomically(
      path,
      [&](std::FILE* file) {
        std::fwrite(preamble.data(), 1, preamble.size(), file);
        std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
        ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, ZSTD_LEVEL);
        ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
        // A libzstd built without threads refuses this and compresses in one.
        ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_nbWorkers, ZSTD_WORKERS);
        ZSTD_CCtx_setPledgedSrcSize(cctx.get(), payload.size());
        std::vector<char> out(ZSTD_CStreamOutSize());
        ZSTD_inBuffer in{payload.data(), payload.size(), 0};
        for (bool finished = false; !finished;) {
          ZSTD_outBuffer buffer{out.data(), out.size(), 0};
          std::size_t left = ZSTD_compressStream2(cctx.get(), &buffer, &in, ZSTD_e_end);
          if (ZSTD_isError(left)) throw TableError(std::string("compression failed: ") + ZSTD_getErrorName(left));
          if (std::fwrite(out.data(), 1, buffer.pos, file) != buffer.pos) throw TableError("write failed (disk full?)");
          finished = left == 0;
        }
      },
      durability);
}

namespace {

// The header of an open table file, read up to the payload.
template <typename Refuse>
TableHeader read_header(std::FILE* file, const Refuse& refuse) {
  std::vector<std::uint8_t> bytes(sizeof MAGIC + sizeof(std::uint32_t));
  bytes.resize(std::fread(bytes.data(), 1, bytes.size(), file));
  std::uint32_t length = 0;
  if (bytes.size() == sizeof MAGIC + sizeof length) {
    std::memcpy(&length, bytes.data() + sizeof MAGIC, sizeof length);
    if (length <= MAX_HEADER) {
      bytes.resize(bytes.size() + length);
      bytes.resize(bytes.size() - length + std::fread(bytes.data() + bytes.size() - length, 1, length, file));
    }
  }
  try {
    std::size_t preamble_size = 0;
    return parse_table_preamble(bytes, preamble_size);
  } catch (const TableError& e) {
    throw refuse(e.what());
  }
}

}  // namespace

TableHeader read_table_header(const std::string& path) {
  auto refuse = [&](const std::string& problem) { return TableError(path, problem); };
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) throw refuse("missing");
  return read_header(file.get(), refuse);
}

namespace {

// Opens a table file and reads its header, checked against `expected`; then
// its payload into the bytes `into(size)` gives for the header's payload
// size, checked against the checksum.
template <typename Into>
void read_table_payload(const std::string& path, const TableHeader& expected, const std::string& rebuild,
                        const Into& into) {
  auto refuse = [&](const std::string& problem) { return TableError(path, problem, rebuild); };
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) throw refuse("missing");
  const TableHeader header = read_header(file.get(), refuse);
  try {
    check_expected_header(header, expected);
  } catch (const TableError& e) {
    throw refuse(e.what());
  }

  const std::span<std::uint8_t> payload = into(header.payload_size);
  if (payload.size() != header.payload_size) throw refuse("stale (not the size its reader expects)");
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
  std::vector<char> chunk(CHUNK);
  ZSTD_outBuffer out{payload.data(), payload.size(), 0};
  std::size_t pending = 1;  // nonzero until the frame is complete
  for (std::size_t got; (got = std::fread(chunk.data(), 1, chunk.size(), file.get())) > 0;) {
    ZSTD_inBuffer in{chunk.data(), got, 0};
    while (in.pos < in.size) {
      if (pending == 0) throw refuse("damaged (data after the end of the table)");
      std::size_t before = in.pos, written = out.pos;
      pending = ZSTD_decompressStream(dctx.get(), &out, &in);
      if (ZSTD_isError(pending)) throw refuse(std::string("damaged (") + ZSTD_getErrorName(pending) + ")");
      if (in.pos == before && out.pos == written) throw refuse("damaged (larger than its header says)");
    }
  }
  if (pending != 0 || out.pos != payload.size()) throw refuse("truncated");
  if (table_checksum(payload) != header.payload_checksum) throw refuse("checksum mismatch (file damaged)");
}

}  // namespace

TableBytes read_table(const std::string& path, const TableHeader& expected, const std::string& rebuild) {
  TableBytes payload;
  read_table_payload(path, expected, rebuild, [&](std::uint64_t size) {
    payload.resize(size);
    return std::span<std::uint8_t>(payload);
  });
  return payload;
}

void read_table_into(const std::string& path, const TableHeader& expected, const std::string& rebuild,
                     std::span<std::uint8_t> bytes) {
  read_table_payload(path, expected, rebuild, [&](std::uint64_t) { return bytes; });
}

}  // namespace chunker
