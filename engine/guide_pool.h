// Threads that share a guide's estimates of a node's children. The
// proof-number search asks its guide about every new child of each node it
// expands, and that is most of its time; the search itself follows one line
// of moves and stays on one thread.
//
// The caller begins a batch before it asks the classifiers about the node
// (which most often leave it open), and the helpers start at once, taking
// positions from the last down; the caller then takes them from the first
// up until the two meet. A helper that falls behind (its core busy with
// other work) holds nothing up: an estimate it has taken and not delivered
// after a short wait, the caller makes itself. Each thread has its own copy
// of the guide (a guide keeps a cache) and an estimate depends on the
// position alone, so the estimates, and the search they steer, are the same
// whatever the number of threads.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

#include "engine/estimate.h"
#include "engine/movegen.h"
#include "engine/position.h"

namespace chunker {

class GuidePool {
 public:
  using Guide = std::function<Estimate(const Position&)>;
  static constexpr int MAX_BATCH = MoveList::CAPACITY;

  // `threads` in all: the caller's and threads - 1 helpers, started once
  // the caller has begun a few batches (a short search starts none).
  GuidePool(const Guide& guide, unsigned threads);
  ~GuidePool();
  GuidePool(const GuidePool&) = delete;
  GuidePool& operator=(const GuidePool&) = delete;

  // Whether a batch begun now is shared with helpers, so that the caller
  // has reason to begin it before other work.
  bool helping() const;
  // A batch of `count` (at most MAX_BATCH) positions, which the helpers
  // start on where it is large enough to share; the caller keeps them until
  // it finishes the batch, or leaves it unfinished by beginning another.
  void begin(const Position* const* positions, int count);
  // estimates[i] = guide(*positions[i]) for each position of the batch
  // begun last.
  void finish(Estimate* estimates);

 private:
  // A position as words that the caller writes while a late helper may be
  // reading them: the helper checks afterwards (a sequence lock) that the
  // batch it read them for is still the one published.
  static constexpr std::size_t POSITION_WORDS = (sizeof(Position) + 7) / 8;
  using Slot = std::array<std::atomic<std::uint64_t>, POSITION_WORDS>;

  void help(Guide guide);
  // An index of batch `batch` not yet taken, taken: the lowest for the
  // caller, the highest for a helper; -1 when none is left.
  int take(std::uint32_t batch, bool lowest);

  Guide guide_;  // the caller's
  unsigned helper_count_;
  std::uint32_t batch_ = 0;  // batches begun so far
  const Position* const* batch_positions_ = nullptr;
  int batch_count_ = 0;
  bool batch_shared_ = false;
  // Each on a cache line of its own, as different threads write them.
  // The shared batch's number (high half) and its size (low half).
  alignas(64) std::atomic<std::uint64_t> published_{0};
  // The shared batch's number (high half), the lowest and one past the
  // highest index not yet taken (a quarter each).
  alignas(64) std::atomic<std::uint64_t> untaken_{0};
  // A helper's estimate of a position: the batch's number (high half) and the estimate.
  alignas(64) std::array<std::atomic<std::uint64_t>, MAX_BATCH> delivered_{};
  alignas(64) std::array<Slot, MAX_BATCH> positions_{};
  alignas(64) std::atomic<int> sleepers_{0};
  std::atomic<bool> quit_{false};
  std::vector<std::thread> helpers_;
};

}  // namespace chunker
