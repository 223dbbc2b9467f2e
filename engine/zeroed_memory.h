// Large arrays of zeros that cost only what is touched: a mapping of whole
// huge pages advised to take them. The kernel maps a page as it is first
// touched, so a short search pays only for the memory it reaches; where the
// array is probed at random, one fault per 2 MB costs far less than one per
// 4 KB (where a page is first read, then written, two).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace chunker {

constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;

struct ZeroedRelease {
  std::size_t bytes = 0;
  void operator()(void* p) const { munmap(p, bytes); }
};
template <class Entry>
using Zeroed = std::unique_ptr<Entry[], ZeroedRelease>;

// `size` entries of zero bytes; nullptr for none. Throws std::bad_alloc.
template <class Entry>
Zeroed<Entry> zeroed(std::size_t size) {
  // An aggregate of trivially copyable members: zero bytes are entries.
  static_assert(std::is_trivially_copyable_v<Entry> && std::is_trivially_destructible_v<Entry>);
  if (size == 0) return nullptr;
  const std::size_t bytes = (size * sizeof(Entry) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  void* map = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) throw std::bad_alloc();
  madvise(map, bytes, MADV_HUGEPAGE);  // advice only: without huge pages it works the same
  return Zeroed<Entry>(static_cast<Entry*>(map), ZeroedRelease{bytes});
}

}  // namespace chunker
