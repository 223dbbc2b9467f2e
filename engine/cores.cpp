#include "engine/cores.h"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace chunker {

unsigned usable_cores() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0) return unsigned(std::max(1, CPU_COUNT(&mask)));
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace chunker
