#pragma once
// What both searches (alpha-beta, search.cpp; proof-number, proof_search.cpp)
// do at each node they count: end the search once the node limit is passed,
// and look at the stop flag every STOP_CHECK_NODES nodes, often enough to stop
// within microseconds and rarely enough to cost nothing. Each ending is an
// exception that the search's top level turns into its result's StopReason.

#include <atomic>
#include <climits>
#include <cstdint>

namespace chunker {

// The line ply of "no repetition found": deeper than any line.
inline constexpr int NO_REPETITION = INT_MAX;
inline constexpr std::uint64_t STOP_CHECK_NODES = 1024;

struct NodeLimitReached {};
struct StopRequested {};

inline void count_node(std::uint64_t& nodes, std::uint64_t node_limit, const std::atomic<bool>* stop) {
  if (++nodes > node_limit) throw NodeLimitReached{};
  if (stop && nodes % STOP_CHECK_NODES == 0 && stop->load(std::memory_order_relaxed)) throw StopRequested{};
}

}  // namespace chunker
