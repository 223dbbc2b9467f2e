// How many threads this process can run at once.
#pragma once

namespace chunker {

// The cores this process may run on, at least 1: its affinity mask, as
// taskset or a container's limits set it, where std::thread's
// hardware_concurrency counts every core of the machine (a thread more than
// the cores, spinning as the guide's helpers do, slows the others down).
unsigned usable_cores();

}  // namespace chunker
