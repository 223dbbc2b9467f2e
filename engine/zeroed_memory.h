// Large arrays of zeros that cost only what is touched: a mapping of whole
// huge pages advised to take them. The kernel maps a page as it is first
// touched, so a short search pays only for the memory it reaches; where the
// array is probed at random, one fault per 2 MB costs far less than one per
// 4 KB (where a page is first read, then written, two).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

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

// Makes room for `size` entries in `v` advised to take huge pages, for an
// array filled next and then read at random: its pages are not touched
// yet, so the advice holds when they are first written.
template <class T>
void reserve_huge(std::vector<T>& v, std::size_t size) {
  if (v.capacity() >= size) return;
  v = std::vector<T>();
  v.reserve(size);
  const auto begin = (reinterpret_cast<std::uintptr_t>(v.data()) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  const auto end = reinterpret_cast<std::uintptr_t>(v.data() + size) / HUGE_PAGE * HUGE_PAGE;
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice only
}

}  // namespace chunker
