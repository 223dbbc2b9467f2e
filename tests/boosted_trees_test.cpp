#include "guide/boosted_trees.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "guide/learned_guide.h"

using namespace chunker;

namespace {

// Two features; the values below are worked out by hand from the trees. The
// second tree's leaf number: bit 0 is x1 > 0, bit 1 is x0 > 9.
const char* TWO_TREES =
    "oblivious-trees 2 2 1.5\n"
    "tree 1\nsplit 0 4\nleaf -2\nleaf 3\n"
    "tree 2\nsplit 1 0\nsplit 0 9\nleaf 0.25\nleaf -1\nleaf 0.5\nleaf 10\n";

// Trees 0..trees-1, tree i adding 1 where x0 > i: the estimate counts the
// thresholds below x0.
std::string staircase(int trees) {
  std::string text = "oblivious-trees 1 " + std::to_string(trees) + " 0\n";
  for (int i = 0; i < trees; ++i) text += "tree 1\nsplit 0 " + std::to_string(i) + "\nleaf 0\nleaf 1\n";
  return text;
}

}  // namespace

TEST_CASE("boosted trees sum the leaves each row reaches") {
  const BoostedTrees model = BoostedTrees::parse(TWO_TREES);
  CHECK(model.features() == 2);
  CHECK(model.trees() == 2);
  const int a[] = {4, 0}, b[] = {5, 1}, c[] = {10, 7}, d[] = {10, 0};
  CHECK(model.predict(a) == doctest::Approx(1.5 - 2 + 0.25));
  CHECK(model.predict(b) == doctest::Approx(1.5 + 3 - 1));
  CHECK(model.predict(c) == doctest::Approx(1.5 + 3 + 10));
  CHECK(model.predict(d) == doctest::Approx(1.5 + 3 + 0.5));
  // The text form reads back to the same text.
  CHECK(BoostedTrees::parse(model.text()).text() == model.text());
}

TEST_CASE("boosted trees: many trees, and values past every threshold") {
  // More trees than predict ors at once, and a number of them that is not
  // a whole number of its vectors.
  const BoostedTrees model = BoostedTrees::parse(staircase(77));
  for (const int x : {-1000, -1, 0, 1, 31, 32, 33, 64, 76, 77, 1000}) {
    INFO(x);
    CHECK(model.predict(&x) == float(std::clamp(x, 0, 77)));
  }
}

TEST_CASE("boosted trees: thresholds at the ends of int") {
  const BoostedTrees model = BoostedTrees::parse(
      "oblivious-trees 1 2 0\ntree 1\nsplit 0 2147483647\nleaf 1\nleaf 100\n"
      "tree 1\nsplit 0 2147418112\nleaf 0\nleaf 10\n");
  const int top = std::numeric_limits<int>::max(), below = top - 1, low = std::numeric_limits<int>::min();
  CHECK(model.predict(&top) == 11);
  CHECK(model.predict(&below) == 11);
  CHECK(model.predict(&low) == 1);
}

TEST_CASE("a malformed model is refused") {
  const auto refused = [](const std::string& text) {
    CHECK_THROWS_AS(BoostedTrees::parse(text), std::invalid_argument);
  };
  refused("boosted-trees 2 1 0\ntree 0\nleaf 1\n");                       // another format
  refused("oblivious-trees 2 1 0\ntree 1\nsplit 5 4\nleaf 1\nleaf 2\n");  // no feature 5
  refused("oblivious-trees 2 1 0\ntree 1\nsplit 0 4\nleaf 1\n");          // a leaf missing
  refused("oblivious-trees 2 2 0\ntree 0\nleaf 1\n");                     // a tree missing
  refused("oblivious-trees 2 1 0\ntree 0\nleaf 1\nleaf 2\n");             // text after the last tree
  refused("oblivious-trees 2 1 0\ntree 9\n");                             // too deep
  // Thresholds too far apart for predict's tables.
  refused("oblivious-trees 1 2 0\ntree 1\nsplit 0 0\nleaf 0\nleaf 0\ntree 1\nsplit 0 70000\nleaf 0\nleaf 0\n");
}

TEST_CASE("a fit recovers a step and an interaction") {
  // y = 10 where x0 > 3 and x1 > 2, -10 where x0 > 3 only, else 0; x2 is
  // noise the fit must not split on. Two levels hold it exactly, and 20
  // trees at rate 0.5 bring the estimate within 10 * 0.5^20.
  std::vector<int> x;
  std::vector<float> y;
  for (int i = 0; i < 400; ++i) {
    const int x0 = i % 8, x1 = (i / 8) % 5;
    x.insert(x.end(), {x0, x1, (i * 7) % 3});
    y.push_back(x0 > 3 ? (x1 > 2 ? 10.0f : -10.0f) : 0.0f);
  }
  const TreeFitSettings settings{20, 2, 0.5f, 0, 64};
  const BoostedTrees model = fit_boosted_trees(x, 3, y, settings);
  const int low[] = {2, 4, 1}, high[] = {6, 4, 0}, middle[] = {7, 1, 2};
  CHECK(model.predict(low) == doctest::Approx(0).epsilon(0.001));
  CHECK(model.predict(high) == doctest::Approx(10).epsilon(0.001));
  CHECK(model.predict(middle) == doctest::Approx(-10).epsilon(0.001));
  // The same samples fit the same model.
  CHECK(fit_boosted_trees(x, 3, y, settings).text() == model.text());
}

TEST_CASE("the guide's target is the knowledge depth as the ideal guide scores it") {
  // bench/pn_guide_bound: a win at depth d scores 1000 - 20 d, that is GUIDE_UNIT * (GUIDE_SPAN - d).
  CHECK(guide_target(win_in(18)) == 32);
  CHECK(guide_target(loss_in(0)) == -50);
  CHECK(guide_target(win_in(80)) == 1);
  CHECK(guide_target(0) == 0);
}

TEST_CASE("the compiled-in model is guide/guide.model, number for number") {
  std::string why_not;
  const auto model = compiled_guide_model(why_not);
  INFO(why_not);
  REQUIRE(model.has_value());
  std::ifstream file(CHUNKER_SOURCE_DIR "/guide/guide.model", std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  // text() prints each float so that it reads back the same (boosted_trees.h):
  // the file's bytes again only where every number came through exactly.
  CHECK(model->text() == text.str());
}
