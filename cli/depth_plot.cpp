#include "cli/depth_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "chunks/atomic_file.h"
#include "chunks/table_file.h"
#include "engine/position.h"

namespace chunker::cli {

namespace {

// Plot area inside a 800 x 500 picture; the y axis runs over DECADES powers of ten.
constexpr double LEFT = 80, TOP = 40, WIDTH = 480, HEIGHT = 400;
constexpr int DECADES = 7;  // 100% down to 0.00001%
const char* const COLOURS[] = {"#444444", "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"};
const char* const DASHES[] = {"", "7 4", "2 3", "7 3 2 3"};

std::string number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", x);
  return text;
}

}  // namespace

void write_depth_plot(const std::string& path, const std::vector<DepthCurve>& curves, int marked_plies) {
  std::size_t points = 2;
  for (const DepthCurve& c : curves) points = std::max(points, c.share_beyond.size());
  // The x axis runs to the next multiple of ten past the deepest curve.
  const int max_depth = int((points - 1 + 9) / 10 * 10);
  auto x = [&](double d) { return LEFT + WIDTH * d / max_depth; };
  auto y = [&](double share) { return TOP + HEIGHT * std::min(-std::log10(share), double(DECADES)) / DECADES; };

  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\"500\" font-family=\"sans-serif\" "
         "font-size=\"12\">\n<rect width=\"800\" height=\"500\" fill=\"white\"/>\n";
  svg << "<text x=\"" << LEFT
      << "\" y=\"22\" font-size=\"14\">Knowledge depth: share of decisive positions that "
         "need more than d plies</text>\n";
  for (int d = 0; d <= max_depth; d += 10)
    svg << "<line x1=\"" << number(x(d)) << "\" y1=\"" << TOP << "\" x2=\"" << number(x(d)) << "\" y2=\""
        << TOP + HEIGHT << "\" stroke=\"#ddd\"/>\n<text x=\"" << number(x(d)) << "\" y=\"" << TOP + HEIGHT + 16
        << "\" text-anchor=\"middle\">" << d << "</text>\n";
  static const char* const PERCENT[DECADES + 1] = {"100%",  "10%",    "1%",      "0.1%",
                                                   "0.01%", "0.001%", "0.0001%", "0.00001%"};
  for (int k = 0; k <= DECADES; ++k) {
    const double share = std::pow(10.0, -k);
    svg << "<line x1=\"" << LEFT << "\" y1=\"" << number(y(share)) << "\" x2=\"" << LEFT + WIDTH << "\" y2=\""
        << number(y(share)) << "\" stroke=\"#ddd\"/>\n<text x=\"" << LEFT - 6 << "\" y=\"" << number(y(share) + 4)
        << "\" text-anchor=\"end\">" << PERCENT[k] << "</text>\n";
  }
  svg << "<text x=\"" << LEFT + WIDTH / 2 << "\" y=\"" << TOP + HEIGHT + 34
      << "\" text-anchor=\"middle\">knowledge depth d (plies)</text>\n";
  svg << "<line x1=\"" << number(x(marked_plies)) << "\" y1=\"" << TOP << "\" x2=\"" << number(x(marked_plies))
      << "\" y2=\"" << TOP + HEIGHT << "\" stroke=\"black\" stroke-dasharray=\"4 3\"/>\n<text x=\""
      << number(x(marked_plies) + 4) << "\" y=\"" << TOP + HEIGHT - 8 << "\">" << marked_plies
      << " plies: CHUNKER's Level 5 on position 547</text>\n";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const DepthCurve& c = curves[i];
    const char* colour = COLOURS[std::size_t(c.level) % std::size(COLOURS)];
    const std::string dash = DASHES[std::size_t(c.style) % std::size(DASHES)];
    const std::string stroke = "stroke=\"" + std::string(colour) + "\" stroke-width=\"2\"" +
                               (dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"");
    svg << "<polyline fill=\"none\" " << stroke << " points=\"";
    // A curve ends where no position is left beyond d (the log scale has no 0).
    for (std::size_t d = 0; d < c.share_beyond.size() && c.share_beyond[d] > 0; ++d)
      svg << (d ? " " : "") << number(x(double(d))) << "," << number(y(c.share_beyond[d]));
    svg << "\"/>\n";
    const double key_y = TOP + 10 + 18 * double(i);
    svg << "<line x1=\"" << LEFT + WIDTH + 16 << "\" y1=\"" << key_y << "\" x2=\"" << LEFT + WIDTH + 46 << "\" y2=\""
        << key_y << "\" " << stroke << "/>\n<text x=\"" << LEFT + WIDTH + 52 << "\" y=\"" << key_y + 4 << "\">"
        << c.label << "</text>\n";
  }
  svg << "</svg>\n";

  try {
    write_atomically(path, svg.str());
  } catch (const TableError& e) {
    throw InputError(std::string("cannot write the plot: ") + e.what());
  }
}

}  // namespace chunker::cli
