#include "depth_plot.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "position.h"

namespace chunker::cli {

namespace {

// Plot area inside a 760 x 480 picture.
constexpr double LEFT = 70, TOP = 40, WIDTH = 500, HEIGHT = 380;
const char* const COLOURS[] = {"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"};

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

}  // namespace

void write_depth_plot(const std::string& path, const std::vector<DepthCurve>& curves, int marked_plies) {
  std::size_t points = 2;
  for (const DepthCurve& c : curves) points = std::max(points, c.share_within.size());
  // The x axis runs to the next multiple of ten past the deepest curve.
  const int max_depth = int((points - 1 + 9) / 10 * 10);
  auto x = [&](double d) { return LEFT + WIDTH * d / max_depth; };
  auto y = [&](double share) { return TOP + HEIGHT * (1 - share); };

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"480\" font-family=\"sans-serif\" "
         "font-size=\"12\">\n<rect width=\"760\" height=\"480\" fill=\"white\"/>\n";
  svg << "<text x=\"" << LEFT << "\" y=\"22\" font-size=\"14\">Knowledge depth: share of decisive positions decided "
         "within d plies</text>\n";
  for (int d = 0; d <= max_depth; d += 10)
    svg << "<line x1=\"" << number(x(d)) << "\" y1=\"" << TOP << "\" x2=\"" << number(x(d)) << "\" y2=\""
        << TOP + HEIGHT << "\" stroke=\"#ddd\"/>\n<text x=\"" << number(x(d)) << "\" y=\"" << TOP + HEIGHT + 16
        << "\" text-anchor=\"middle\">" << d << "</text>\n";
  for (int p = 0; p <= 100; p += 20)
    svg << "<line x1=\"" << LEFT << "\" y1=\"" << number(y(p / 100.0)) << "\" x2=\"" << LEFT + WIDTH << "\" y2=\""
        << number(y(p / 100.0)) << "\" stroke=\"#ddd\"/>\n<text x=\"" << LEFT - 6 << "\" y=\"" << number(y(p / 100.0) + 4)
        << "\" text-anchor=\"end\">" << p << "%</text>\n";
  svg << "<text x=\"" << LEFT + WIDTH / 2 << "\" y=\"" << TOP + HEIGHT + 34
      << "\" text-anchor=\"middle\">knowledge depth d (plies)</text>\n";
  svg << "<line x1=\"" << number(x(marked_plies)) << "\" y1=\"" << TOP << "\" x2=\"" << number(x(marked_plies))
      << "\" y2=\"" << TOP + HEIGHT << "\" stroke=\"black\" stroke-dasharray=\"4 3\"/>\n<text x=\""
      << number(x(marked_plies) + 4) << "\" y=\"" << TOP + 14 << "\">" << marked_plies
      << " plies: CHUNKER's Level 5 on position 547</text>\n";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const char* colour = COLOURS[i % std::size(COLOURS)];
    svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
    for (std::size_t d = 0; d < curves[i].share_within.size(); ++d)
      svg << (d ? " " : "") << number(x(double(d))) << "," << number(y(curves[i].share_within[d]));
    svg << "\"/>\n";
    const double key_y = TOP + 10 + 18 * double(i);
    svg << "<line x1=\"" << LEFT + WIDTH + 16 << "\" y1=\"" << key_y << "\" x2=\"" << LEFT + WIDTH + 40 << "\" y2=\""
        << key_y << "\" stroke=\"" << colour << "\" stroke-width=\"2\"/>\n<text x=\"" << LEFT + WIDTH + 46 << "\" y=\""
        << key_y + 4 << "\">" << curves[i].label << "</text>\n";
  }
  svg << "</svg>\n";

  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!(out << svg.str()) || !out.flush()) throw InputError("cannot write the plot to " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw InputError("cannot write the plot to " + path);
  }
}

}  // namespace chunker::cli
