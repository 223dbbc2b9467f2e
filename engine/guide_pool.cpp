#include "engine/guide_pool.h"

#include <cstring>
#include <type_traits>

namespace chunker {

namespace {

// Helpers start with the search's first batches past these: a search that
// ends sooner is over before a thread would have started.
constexpr std::uint32_t START_AFTER = 32;
// A batch smaller than this is not shared: its messages would cost more
// than the estimates they spare.
constexpr int SHARED_FROM = 3;
// A helper with nothing to do looks for a new batch this many times (a
// pause between looks) before it sleeps: while a search runs, batches come
// every few microseconds.
constexpr int SPINS = 1 << 14;
// The caller waits this many pauses for a helper's estimate, about as long
// as a few estimates take, before it makes the estimate itself.
constexpr int PATIENCE = 1 << 8;
// The batch number published while the caller writes a batch's positions.
constexpr std::uint32_t WRITING = ~std::uint32_t(0);

static_assert(std::is_trivially_copyable_v<Position>);

// A processor's hint that this thread only waits.
void pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

std::uint64_t pack(std::uint32_t high, std::uint32_t low) { return std::uint64_t(high) << 32 | low; }
std::uint32_t high(std::uint64_t word) { return std::uint32_t(word >> 32); }
std::uint32_t low(std::uint64_t word) { return std::uint32_t(word); }

}  // namespace

GuidePool::GuidePool(const Guide& guide, unsigned threads) : guide_(guide), helper_count_(threads - 1) {}

GuidePool::~GuidePool() {
  quit_.store(true);
  // A value no batch has: a helper asleep on the old one wakes.
  published_.store(pack(WRITING, 1));
  published_.notify_all();
  for (std::thread& t : helpers_) t.join();
}

bool GuidePool::helping() const { return helper_count_ > 0 && batch_ >= START_AFTER; }

int GuidePool::take(std::uint32_t batch, bool lowest) {
  std::uint64_t word = untaken_.load(std::memory_order_acquire);
  for (;;) {
    const std::uint32_t low_end = low(word) >> 16, high_end = low(word) & 0xffff;
    if (high(word) != batch || low_end >= high_end) return -1;
    const std::uint64_t taken = lowest ? word + (1u << 16) : word - 1;
    if (untaken_.compare_exchange_weak(word, taken, std::memory_order_acq_rel, std::memory_order_acquire))
      return int(lowest ? low_end : high_end - 1);
  }
}

void GuidePool::begin(const Position* const* positions, int count) {
  batch_positions_ = positions;
  batch_count_ = count;
  batch_shared_ = helping() && count >= SHARED_FROM;
  if (++batch_ == WRITING) batch_ = START_AFTER;
  if (!batch_shared_) return;
  if (helpers_.empty())
    for (unsigned h = 0; h < helper_count_; ++h) helpers_.emplace_back(&GuidePool::help, this, guide_);
  // Each word stored with release: a helper that reads one of them (with
  // acquire) sees the WRITING mark too, and drops what it read. No fence,
  // which ThreadSanitizer cannot follow; on x86 the same instructions.
  published_.store(pack(WRITING, 0), std::memory_order_relaxed);
  for (int i = 0; i < count; ++i) {
    std::uint64_t words[POSITION_WORDS] = {};
    std::memcpy(words, positions[i], sizeof(Position));
    for (std::size_t w = 0; w < POSITION_WORDS; ++w)
      positions_[std::size_t(i)][w].store(words[w], std::memory_order_release);
  }
  untaken_.store(pack(batch_, std::uint32_t(count)), std::memory_order_relaxed);
  published_.store(pack(batch_, std::uint32_t(count)));
  if (sleepers_.load() > 0) published_.notify_all();
}

void GuidePool::finish(Estimate* estimates) {
  const Position* const* positions = batch_positions_;
  const int count = batch_count_;
  if (!batch_shared_) {
    for (int i = 0; i < count; ++i) estimates[i] = guide_(*positions[i]);
    return;
  }
  bool made[MAX_BATCH] = {};
  for (int i; (i = take(batch_, true)) >= 0;) {
    estimates[i] = guide_(*positions[i]);
    made[i] = true;
  }
  for (int i = 0; i < count; ++i) {
    if (made[i]) continue;
    std::uint64_t d = delivered_[std::size_t(i)].load(std::memory_order_acquire);
    for (int waited = 0; high(d) != batch_ && waited < PATIENCE; ++waited) {
      pause();
      d = delivered_[std::size_t(i)].load(std::memory_order_acquire);
    }
    estimates[i] = high(d) == batch_ ? estimate_from_bits(low(d)) : guide_(*positions[i]);
  }
}

void GuidePool::help(Guide guide) {
  std::uint32_t last = 0;  // the last batch this helper took part in
  for (int spins = 0; !quit_.load(std::memory_order_relaxed);) {
    const std::uint64_t seen = published_.load(std::memory_order_acquire);
    const std::uint32_t batch = high(seen);
    if (batch != last && batch != WRITING && batch != 0) {
      last = batch;
      for (int i; (i = take(batch, false)) >= 0;) {
        std::uint64_t words[POSITION_WORDS];
        for (std::size_t w = 0; w < POSITION_WORDS; ++w)
          words[w] = positions_[std::size_t(i)][w].load(std::memory_order_acquire);
        if (published_.load(std::memory_order_relaxed) != seen) break;  // the caller has left the batch
        Position pos;
        std::memcpy(&pos, words, sizeof pos);
        Estimate e;
        try {
          e = guide(pos);
        } catch (...) {
          return;  // the caller, finding no estimate, makes it and meets the error itself
        }
        delivered_[std::size_t(i)].store(pack(batch, estimate_bits(e)), std::memory_order_release);
      }
      spins = 0;
      continue;
    }
    if (++spins < SPINS) {
      pause();
      continue;
    }
    sleepers_.fetch_add(1);
    if (published_.load() == seen && !quit_.load()) published_.wait(seen);
    sleepers_.fetch_sub(1);
    spins = 0;
  }
}

}  // namespace chunker
