// The table file format: round trip, determinism, and every way a file can
// be unusable refused with the command that rebuilds it.
#include "chunks/table_file.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>

#include "tests/temp_dir.h"

using namespace chunker;

namespace {

const TableHeader HEADER{"test", "size=100000", 7};
const std::string REBUILD = "chunker test rebuild";

TableBytes payload() {
  TableBytes bytes(100000);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t((i * i) % 251 < 200 ? 0 : i % 7);
  return bytes;
}

std::string refusal(const std::string& path, const TableHeader& expected = HEADER) {
  try {
    read_table(path, expected, REBUILD);
  } catch (const TableError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a table reads back as written, and two writes give the same bytes") {
  TempDir dir;
  std::string a = dir.path + "/a.tbl", b = dir.path + "/sub/b.tbl";
  write_table(a, HEADER, payload());
  write_table(b, HEADER, payload());
  CHECK(read_table(a, HEADER, REBUILD) == payload());
  CHECK(bytes_of(a) == bytes_of(b));
  CHECK(bytes_of(a).size() < payload().size() / 2);  // compressed
  // No temporary file is left behind.
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path), {}) == 2);
}

TEST_CASE("unusable table files are refused, naming the problem and the rebuild command") {
  TempDir dir;
  std::string good = dir.path + "/good.tbl", bad = dir.path + "/bad.tbl";
  write_table(good, HEADER, payload());
  const std::string bytes = bytes_of(good);
  auto refused_as = [&](const std::string& content, const std::string& problem) {
    put(bad, content);
    std::string message = refusal(bad);
    CHECK(message.find(problem) != std::string::npos);
    CHECK(message.find("rebuild it with: " + REBUILD) != std::string::npos);
    CHECK(message.find(bad) == 0);
  };
  CHECK(refusal(dir.path + "/none.tbl").find("missing; rebuild it with: " + REBUILD) != std::string::npos);
  refused_as("XXXXXXXX" + bytes.substr(8), "bad magic");
  refused_as(bytes.substr(0, 20), "header");                   // cut inside the header
  refused_as(bytes.substr(0, bytes.size() / 2), "truncated");  // cut inside the payload
  std::string flipped = bytes;
  flipped[flipped.size() - 100] ^= 0x20;  // one byte of the compressed payload
  refused_as(flipped, "damaged");
  refused_as(bytes + "extra", "damaged");
  // Stale: another version or other parameters than this program expects.
  put(bad, bytes);
  TableHeader newer = HEADER;
  newer.format_version = 8;
  CHECK(refusal(bad, newer).find("stale") != std::string::npos);
  TableHeader other = HEADER;
  other.parameters = "size=5";
  CHECK(refusal(bad, other).find("stale") != std::string::npos);
}
