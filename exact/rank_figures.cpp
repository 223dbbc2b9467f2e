#include "exact/rank_figures.h"

#include <sys/resource.h>

namespace chunker {

void RankFigures::take_process_figures() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  peak_megabytes = double(usage.ru_maxrss) / 1024.0;
  auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace chunker
