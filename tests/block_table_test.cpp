// The block format of the large tables: every entry reads back through the
// map and whole, and a damaged file is refused naming itself and the command
// that rebuilds it: a damaged block when it is probed, a truncated file at open.
#include "chunks/block_table.h"

#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/temp_dir.h"

using namespace chunker;

namespace {

const TableHeader BLOCKS_HEADER{"test", "blocks", 3};
const std::string BLOCKS_REBUILD = "chunker test rebuild";
constexpr std::uint64_t BLOCK = 1 << 14;  // entries per block, as block_table.cpp writes them

// Seven blocks, the last one short; compressible as the oracle's entries are.
TableBytes blocks_payload() {
  TableBytes bytes(6 * BLOCK + 1000);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t((i * i) % 251 < 200 ? i / 4096 : i % 7);
  return bytes;
}

// Where block b's compressed bytes begin and end in a file, read from its
// index as block_table.h lays it out.
std::pair<std::uint64_t, std::uint64_t> block_span(const std::string& file, std::uint64_t b) {
  std::size_t preamble = 0;
  parse_table_preamble({reinterpret_cast<const std::uint8_t*>(file.data()), file.size()}, preamble);
  std::uint64_t begin, end;
  const std::size_t index = preamble + 3 * sizeof(std::uint64_t);
  std::memcpy(&begin, file.data() + index + b * sizeof begin, sizeof begin);
  std::memcpy(&end, file.data() + index + (b + 1) * sizeof end, sizeof end);
  return {begin, end};
}

std::string refusal_at_open(const std::string& path, const TableHeader& expected = BLOCKS_HEADER) {
  try {
    BlockTable table(path, expected, BLOCKS_REBUILD);
  } catch (const TableError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a block table reads back entry by entry and whole, and two writes give the same bytes") {
  TempDir dir;
  const std::string a = dir.path + "/a.tbl", b = dir.path + "/sub/b.tbl";
  const TableBytes expected = blocks_payload();
  write_block_table(a, BLOCKS_HEADER, expected);
  write_block_table(b, BLOCKS_HEADER, expected);
  CHECK(bytes_of(a) == bytes_of(b));
  CHECK(bytes_of(a).size() < expected.size() / 2);                               // compressed
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path), {}) == 2);  // no temporary left behind
  const BlockTable table(a, BLOCKS_HEADER, BLOCKS_REBUILD);
  REQUIRE(table.size() == expected.size());
  CHECK(table.read_all() == expected);
  std::uint64_t wrong = 0;
  for (std::uint64_t i = expected.size(); i-- > 0;) wrong += table.at(i) != expected[i];  // backwards: past the cache
  CHECK(wrong == 0);
}

TEST_CASE("a flipped byte in a block refuses that block's probes, naming the file and the rebuild command") {
  TempDir dir;
  const std::string path = dir.path + "/t.tbl";
  write_block_table(path, BLOCKS_HEADER, blocks_payload());
  std::string file = bytes_of(path);
  const auto [begin, end] = block_span(file, 2);
  file[(begin + end) / 2] ^= 0x01;
  put(path, file);
  const BlockTable table(path, BLOCKS_HEADER, BLOCKS_REBUILD);  // opening reads the index only
  const TableBytes expected = blocks_payload();
  CHECK(table.at(BLOCK - 1) == expected[BLOCK - 1]);          // block 0
  CHECK(table.at(3 * BLOCK + 5) == expected[3 * BLOCK + 5]);  // block 3
  for (std::uint64_t i : {2 * BLOCK, 2 * BLOCK + 777, 3 * BLOCK - 1}) {
    try {
      table.at(i);
      FAIL("a damaged block answered");
    } catch (const TableError& e) {
      const std::string message = e.what();
      CHECK(message.find(path + ": damaged (block 2 of 7") == 0);
      CHECK(message.find("rebuild it with: " + BLOCKS_REBUILD) != std::string::npos);
    }
  }
  CHECK_THROWS_AS(table.read_all(), TableError);
}

TEST_CASE("a truncated, stale or otherwise unusable block table is refused at open") {
  TempDir dir;
  const std::string good = dir.path + "/good.tbl", bad = dir.path + "/bad.tbl";
  write_block_table(good, BLOCKS_HEADER, blocks_payload());
  const std::string bytes = bytes_of(good);
  auto refused_as = [&](const std::string& content, const std::string& problem) {
    put(bad, content);
    const std::string message = refusal_at_open(bad);
    CHECK_MESSAGE(message.find(problem) != std::string::npos, message);
    CHECK(message.find(bad + ": ") == 0);
    CHECK(message.find("rebuild it with: " + BLOCKS_REBUILD) != std::string::npos);
  };
  CHECK(refusal_at_open(dir.path + "/none.tbl").find("missing; rebuild it with: " + BLOCKS_REBUILD) !=
        std::string::npos);
  refused_as("", "empty");
  refused_as("XXXXXXXX" + bytes.substr(8), "bad magic");
  refused_as(bytes.substr(0, 20), "header");
  const auto [first, second] = block_span(bytes, 0);
  refused_as(bytes.substr(0, first - 20), "truncated (inside the block index)");
  refused_as(bytes.substr(0, second + 3), "truncated");
  refused_as(bytes.substr(0, bytes.size() - 1), "truncated");
  refused_as(bytes + "extra", "damaged");
  std::string index_flipped = bytes;
  index_flipped[first - 12] ^= 0x01;  // inside the index
  refused_as(index_flipped, "damaged (block index)");
  // Stale: another format version (the single-stream files had an older one), kind or parameters.
  put(bad, bytes);
  TableHeader newer = BLOCKS_HEADER;
  newer.format_version = 4;
  CHECK(refusal_at_open(bad, newer).find("stale: it holds test blocks format 3") != std::string::npos);
  write_table(bad, {"test", "blocks", 2}, blocks_payload());
  CHECK(refusal_at_open(bad).find("stale: it holds test blocks format 2, this program reads test blocks format 3; "
                                  "rebuild it with: " +
                                  BLOCKS_REBUILD) != std::string::npos);
}
