// `chunker oracle depth`: the knowledge depth of each level over a layout
// (histograms, shares within the paper's 18 plies, the values a level
// changes), and of one position with its knowledge line.
#pragma once

#include <string>
#include <vector>

#include "exact/oracle_index.h"
#include "schemas/schemas.h"

namespace chunker::cli {

struct DepthRequest {
  std::string data_dir, libraries_dir;
  std::vector<Layout> layouts;
  int first_level = MAX_LEVEL, last_level = MAX_LEVEL;
  std::vector<SchemaMode> modes;
  bool save = false, csv = false;
  std::string plot;          // an SVG file to draw the curves in, or empty
  bool check_twins = false;  // solve a-c vs f-h's twin configs too and compare (the classifiers' symmetry)
};

// Builds the depth tables the request names and reports them; exit status 1
// when a sound level changes a value (a schema is wrong), else 0.
int depth_report(const DepthRequest& request);
// One position: its depth at every level in both modes (from saved tables),
// and the knowledge line at the request's last level and first mode.
int depth_probe(const DepthRequest& request, const std::string& fen);

// Prints `count` random wins and losses of knowledge depth >= min_depth at
// the request's last level and first mode as EPD lines (value and knowledge
// depth as operations), drawn from each saved layout in turn (bench/pn's suite).
int depth_sample(const DepthRequest& request, std::size_t count, int min_depth);

}  // namespace chunker::cli
