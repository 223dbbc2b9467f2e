// The knowledge-depth picture: for each table built, the share of the
// decisive positions whose knowledge depth exceeds d, against d, on a log
// scale (the tail is where knowledge is missing), with the paper's 18 plies
// marked. Written as SVG, which any browser or paper toolchain reads.
#pragma once

#include <string>
#include <vector>

namespace chunker::cli {

struct DepthCurve {
  std::string label;                 // "abc-fgh level 5 sound"
  int level = 0;                     // the colour
  int style = 0;                     // the dash pattern: layout and mode
  std::vector<double> share_beyond;  // [d]: share (0..1) of decisive positions of depth > d
};

// Writes the curves to `path` (a temporary name, then renamed); throws
// InputError when the file cannot be written.
void write_depth_plot(const std::string& path, const std::vector<DepthCurve>& curves, int marked_plies);

}  // namespace chunker::cli
