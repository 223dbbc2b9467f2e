#include "chunks/block_table.h"

#include <sys/mman.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include "engine/cores.h"

namespace chunker {

namespace {

// Chosen by measurement over both oracle payloads: file size against the
// single-stream files (49.9 MB a-c vs f-h, 93.3 MB a-c vs e-g) and CPU time
// to decompress one random block (what a probe outside the cache pays):
//    4 KiB  level 3: +35%, level 9: +13%                  7 us
//    8 KiB  level 9: +9% (f-h); level 6: +23% (e-g)       9 us
//   16 KiB  level 3: +24%, 6: +5% / +11%, 7: +3% / +8%,  15 us
//           9: +1% / +7% at 2.7 times level 7's compression time
//   32 KiB  level 6: +7%                                  30 us
//   64 KiB  level 5: +7%                                  58 us
// 16 KiB at level 7 keeps both files within 10%; 8 KiB would need level 9 or
// more (tried on a-c vs f-h only) for 6 us less a probe.
constexpr std::uint64_t BLOCK_ENTRIES = 1 << 14;
constexpr int BLOCK_LEVEL = 7;
// A search probes the slices around one pawn configuration: a slice is half
// a block, and a position's moves reach a few configurations.
constexpr std::size_t CACHED_BLOCKS = 8;
constexpr std::size_t GEOMETRY_WORDS = 3;  // entries per block, blocks, index checksum

std::uint64_t word_at(const std::uint8_t* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

template <typename Work>
void on_all_cores(std::uint64_t count, const Work& work) {
  const unsigned threads = usable_cores();
  std::vector<std::exception_ptr> errors(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      try {
        for (std::uint64_t i = t; i < count; i += threads) work(i);
      } catch (...) {
        errors[t] = std::current_exception();
      }
    });
  for (std::thread& w : workers) w.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

struct DCtxFree {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

// The blocks a thread decompressed last, of any table (told apart by serial).
struct BlockCache {
  struct Slot {
    std::uint64_t serial = 0, block = 0;
    std::vector<std::uint8_t> bytes;
  };
  std::array<Slot, CACHED_BLOCKS> slots;
  std::size_t last = 0, next = 0;
  std::unique_ptr<ZSTD_DCtx, DCtxFree> dctx{ZSTD_createDCtx()};
};
thread_local BlockCache cache;

std::atomic<std::uint64_t> next_serial{1};

// The states of a kept block.
constexpr std::uint8_t ABSENT = 0, FILLED = 1, KEPT = 2;

}  // namespace

void write_block_table(const std::string& path, TableHeader header, std::span<const std::uint8_t> payload) {
  header.payload_size = payload.size();
  header.payload_checksum = table_checksum(payload);
  const std::uint64_t blocks = (payload.size() + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES;
  std::vector<std::vector<char>> compressed(blocks);
  on_all_cores(blocks, [&](std::uint64_t b) {
    thread_local std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    const auto in =
        payload.subspan(b * BLOCK_ENTRIES, std::min<std::uint64_t>(BLOCK_ENTRIES, payload.size() - b * BLOCK_ENTRIES));
    std::vector<char>& out = compressed[b];
    out.resize(ZSTD_compressBound(in.size()));
    ZSTD_CCtx_reset(cctx.get(), ZSTD_reset_session_and_parameters);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, BLOCK_LEVEL);
    ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 1);
    const std::size_t size = ZSTD_compress2(cctx.get(), out.data(), out.size(), in.data(), in.size());
    if (ZSTD_isError(size)) throw TableError(path, std::string("compression failed: ") + ZSTD_getErrorName(size));
    out.resize(size);
  });
  const std::string preamble = table_preamble(header);
  std::vector<std::uint64_t> index(blocks + 1);
  index[0] = preamble.size() + (GEOMETRY_WORDS + blocks + 1) * sizeof(std::uint64_t);
  for (std::uint64_t b = 0; b < blocks; ++b) index[b + 1] = index[b] + compressed[b].size();
  const std::uint64_t geometry[GEOMETRY_WORDS] = {
      BLOCK_ENTRIES, blocks,
      table_checksum({reinterpret_cast<const std::uint8_t*>(index.data()), index.size() * sizeof(std::uint64_t)})};
  write_file_atomically(path, [&](std::FILE* file) {
    bool ok = std::fwrite(preamble.data(), 1, preamble.size(), file) == preamble.size() &&
              std::fwrite(geometry, sizeof geometry, 1, file) == 1 &&
              std::fwrite(index.data(), sizeof(std::uint64_t), index.size(), file) == index.size();
    for (const std::vector<char>& block : compressed)
      ok = ok && std::fwrite(block.data(), 1, block.size(), file) == block.size();
    if (!ok) throw TableError("write failed (disk full?)");
  });
}

BlockTable::BlockTable(const std::string& path, const TableHeader& expected, std::string rebuild, bool keep)
    : path_(path), rebuild_(std::move(rebuild)), serial_(next_serial++) {
  std::span<const std::uint8_t> map;
  try {
    map = map_table_file(path);
  } catch (const TableError& e) {
    throw refuse(e.what());
  }
  map_ = map.data();
  map_size_ = map.size();
  try {
    // A probe reads one block: read-ahead would only fault in its neighbours.
    madvise(const_cast<std::uint8_t*>(map_), map_size_, MADV_RANDOM);
    std::size_t preamble = 0;
    try {
      header_ = parse_table_preamble(map, preamble);
      check_expected_header(header_, expected);
    } catch (const TableError& e) {
      throw refuse(e.what());
    }
    const std::uint64_t index_at = preamble + GEOMETRY_WORDS * sizeof(std::uint64_t);
    if (map_size_ < index_at) throw refuse("truncated (inside the block index)");
    const std::uint64_t block_entries = word_at(map_ + preamble);
    block_count_ = word_at(map_ + preamble + 8);
    if (block_entries != BLOCK_ENTRIES || block_count_ != (header_.payload_size + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES)
      throw refuse("damaged (block geometry)");
    const std::uint64_t index_bytes = (block_count_ + 1) * sizeof(std::uint64_t);
    if (map_size_ < index_at + index_bytes) throw refuse("truncated (inside the block index)");
    index_ = map_ + index_at;
    if (table_checksum({index_, index_bytes}) != word_at(map_ + preamble + 16)) throw refuse("damaged (block index)");
    if (offset(0) != index_at + index_bytes) throw refuse("damaged (block index)");
    for (std::uint64_t b = 0; b < block_count_; ++b)
      if (offset(b + 1) <= offset(b)) throw refuse("damaged (block index)");
    if (offset(block_count_) > map_size_) throw refuse("truncated");
    if (offset(block_count_) < map_size_) throw refuse("damaged (data after the end of the table)");
    if (keep && header_.payload_size > 0) {
      // Reserved, not committed: memory is taken as blocks are kept.
      void* kept = mmap(nullptr, header_.payload_size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (kept == MAP_FAILED) throw refuse("no memory to keep its blocks in");
      // Random probes over up to a gigabyte: huge pages spare most TLB misses.
      madvise(kept, header_.payload_size, MADV_HUGEPAGE);
      kept_ = static_cast<std::uint8_t*>(kept);
      kept_state_.reset(new std::atomic<std::uint8_t>[block_count_]());
    }
  } catch (...) {
    munmap(const_cast<std::uint8_t*>(map_), map_size_);
    throw;
  }
}

BlockTable::~BlockTable() {
  munmap(const_cast<std::uint8_t*>(map_), map_size_);
  if (kept_) munmap(kept_, header_.payload_size);
}

std::uint64_t BlockTable::offset(std::uint64_t b) const { return word_at(index_ + b * sizeof(std::uint64_t)); }

TableError BlockTable::refuse(const std::string& problem) const { return TableError(path_, problem, rebuild_); }

void BlockTable::decompress(std::uint64_t b, std::uint8_t* out) const {
  const std::uint64_t entries = std::min(BLOCK_ENTRIES, header_.payload_size - b * BLOCK_ENTRIES);
  const std::uint64_t begin = offset(b);
  const std::size_t got = ZSTD_decompressDCtx(cache.dctx.get(), out, entries, map_ + begin, offset(b + 1) - begin);
  if (ZSTD_isError(got) || got != entries)
    throw refuse("damaged (block " + std::to_string(b) + " of " + std::to_string(block_count_) + ": " +
                 (ZSTD_isError(got) ? ZSTD_getErrorName(got) : "wrong size") + ")");
}

const std::uint8_t* BlockTable::block(std::uint64_t b) const {
  if (const BlockCache::Slot& s = cache.slots[cache.last]; s.serial == serial_ && s.block == b) return s.bytes.data();
  for (std::size_t i = 0; i < CACHED_BLOCKS; ++i)
    if (cache.slots[i].serial == serial_ && cache.slots[i].block == b) {
      cache.last = i;
      return cache.slots[i].bytes.data();
    }
  BlockCache::Slot& slot = cache.slots[cache.next];
  slot.serial = 0;  // until the block is whole
  slot.bytes.resize(BLOCK_ENTRIES);
  decompress(b, slot.bytes.data());
  slot.serial = serial_;
  slot.block = b;
  cache.last = cache.next;
  cache.next = (cache.next + 1) % CACHED_BLOCKS;
  return slot.bytes.data();
}

const std::uint8_t* BlockTable::kept_block(std::uint64_t b) const {
  std::atomic<std::uint8_t>& state = kept_state_[b];
  std::uint8_t seen = state.load(std::memory_order_acquire);
  if (seen == KEPT) return kept_ + b * BLOCK_ENTRIES;
  if (seen == ABSENT && state.compare_exchange_strong(seen, FILLED, std::memory_order_acquire)) {
    try {
      decompress(b, kept_ + b * BLOCK_ENTRIES);
    } catch (...) {
      state.store(ABSENT, std::memory_order_release);
      throw;
    }
    state.store(KEPT, std::memory_order_release);
    return kept_ + b * BLOCK_ENTRIES;
  }
  return block(b);  // another thread is filling it: read it through this thread's cache
}

std::uint8_t BlockTable::at(std::uint64_t i) const {
  const std::uint64_t b = i / BLOCK_ENTRIES;
  if (kept_) return kept_block(b)[i % BLOCK_ENTRIES];
  return block(b)[i % BLOCK_ENTRIES];
}

TableBytes BlockTable::read_all() const {
  // Every block is wanted: read the file ahead (opening asked for no read-ahead).
  madvise(const_cast<std::uint8_t*>(map_), map_size_, MADV_WILLNEED);
  TableBytes bytes(header_.payload_size);
  on_all_cores(block_count_, [&](std::uint64_t b) { decompress(b, bytes.data() + b * BLOCK_ENTRIES); });
  if (table_checksum(bytes) != header_.payload_checksum) throw refuse("checksum mismatch (file damaged)");
  return bytes;
}

}  // namespace chunker
