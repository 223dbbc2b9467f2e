#include "engine/variant/table.h"

#include <algorithm>
#include <bit>
#include <new>
#include <tuple>
#include <type_traits>

namespace chunker::variant {

Canonical canonical(const Variant& v, const Board& b) {
  Board m = b;
  m.pawns[WHITE] = v.mirror(b.pawns[WHITE]);
  m.pawns[BLACK] = v.mirror(b.pawns[BLACK]);
  m.ep = v.mirror(b.ep);
  auto as_tuple = [](const Board& x) { return std::tuple(x.pawns[WHITE], x.pawns[BLACK], x.ep); };
  return as_tuple(m) < as_tuple(b) ? Canonical{m, true} : Canonical{b, false};
}

namespace {

constexpr std::size_t ENTRY_BYTES = 24;
constexpr std::size_t BUCKET = 2;

std::uint8_t pack_side_ep(const Board& b) { return std::uint8_t((b.side << 7) | b.ep); }

}  // namespace

Table::Table(std::size_t megabytes) {
  static_assert(sizeof(Entry) == ENTRY_BYTES);
  std::size_t buckets = std::bit_floor(std::max<std::size_t>(1, megabytes * 1024 * 1024 / (ENTRY_BYTES * BUCKET)));
  static_assert(std::is_trivially_copyable_v<Entry>);
  size_ = buckets * BUCKET;
  entries_.reset(static_cast<Entry*>(std::calloc(size_, sizeof(Entry))));
  if (!entries_) throw std::bad_alloc();
  mask_ = buckets - 1;
}

std::size_t Table::bucket(const Board& b) const {
  // Any good mix will do: the key only picks the bucket.
  std::uint64_t h = b.pawns[WHITE] * 0x9E3779B97F4A7C15ULL ^ std::rotl(b.pawns[BLACK], 29) * 0xC2B2AE3D27D4EB4FULL;
  h ^= pack_side_ep(b);
  h ^= h >> 31;
  h *= 0xD6E8FEB86659FD93ULL;
  h ^= h >> 32;
  return (std::size_t(h) & mask_) * BUCKET;
}

bool Table::holds(const Entry& e, const Board& b, std::uint8_t side_ep) {
  return e.white == b.pawns[WHITE] && e.black == b.pawns[BLACK] && e.side_ep == side_ep;
}

bool Table::probe(const Board& b, TableHit& hit) const {
  const std::uint8_t side_ep = pack_side_ep(b);
  const Entry* slot = &entries_[bucket(b)];
  for (std::size_t i = 0; i < BUCKET; ++i) {
    if (holds(slot[i], b, side_ep)) {
      hit = {slot[i].low, slot[i].high, slot[i].move_from, slot[i].move_to};
      return true;
    }
  }
  return false;
}

void Table::store(const Board& b, int low, int high, Square from, Square to, std::uint64_t work) {
  if (!b.pawns[WHITE]) return;
  Entry fresh{.white = b.pawns[WHITE],
              .black = b.pawns[BLACK],
              .work = std::uint8_t(std::bit_width(work)),
              .side_ep = pack_side_ep(b),
              .low = std::int8_t(low),
              .high = std::int8_t(high),
              .move_from = from,
              .move_to = to};
  Entry* slot = &entries_[bucket(b)];
  for (std::size_t i = 0; i < BUCKET; ++i) {
    if (holds(slot[i], b, fresh.side_ep)) {
      fresh.low = std::max(fresh.low, slot[i].low);
      fresh.high = std::min(fresh.high, slot[i].high);
      fresh.work = std::max(fresh.work, slot[i].work);
      slot[i] = fresh;
      return;
    }
  }
  // The costliest result seen in the bucket stays in slot 0; the one it displaces, or any cheaper
  // result, goes to slot 1.
  if (fresh.work >= slot[0].work) {
    slot[1] = slot[0];
    slot[0] = fresh;
  } else {
    slot[1] = fresh;
  }
}

}  // namespace chunker::variant
