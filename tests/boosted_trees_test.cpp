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
#include "guide/tree_tables.h"

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

// One ensemble's prediction, from tables of it alone.
float predict(const BoostedTrees& model, const int* x) {
  float out;
  TreeTables({&model}).predict(x, &out);
  return out;
}

}  // namespace

TEST_CASE("boosted trees sum the leaves each row reaches") {
  const BoostedTrees model = BoostedTrees::parse(TWO_TREES);
  CHECK(model.features() == 2);
  CHECK(model.trees() == 2);
  const int a[] = {4, 0}, b[] = {5, 1}, c[] = {10, 7}, d[] = {10, 0};
  CHECK(predict(model, a) == doctest::Approx(1.5 - 2 + 0.25));
  CHECK(predict(model, b) == doctest::Approx(1.5 + 3 - 1));
  CHECK(predict(model, c) == doctest::Approx(1.5 + 3 + 10));
  CHECK(predict(model, d) == doctest::Approx(1.5 + 3 + 0.5));
  // The text form reads back to the same text.
  CHECK(BoostedTrees::parse(model.text()).text() == model.text());
}

TEST_CASE("boosted trees: many trees, and values past every threshold") {
  // More trees than predict ors at once, and a number of them that is not
  // a whole number of its vectors.
  const BoostedTrees model = BoostedTrees::parse(staircase(77));
  for (const int x : {-1000, -1, 0, 1, 31, 32, 33, 64, 76, 77, 1000}) {
    INFO(x);
    CHECK(predict(model, &x) == float(std::clamp(x, 0, 77)));
  }
}

TEST_CASE("ensembles predicted together: each its own sum, whatever the others") {
  // Two staircases over the same feature, one of more trees than a vector
  // holds: each counts its own thresholds below x0.
  const BoostedTrees many = BoostedTrees::parse(staircase(77)), few = BoostedTrees::parse(staircase(5));
  const TreeTables tables({&many, &few});
  CHECK(tables.ensembles() == 2);
  for (const int x : {-1, 0, 3, 5, 33, 76, 1000}) {
    INFO(x);
    float both[2];
    tables.predict(&x, both);
    CHECK(both[0] == float(std::clamp(x, 0, 77)));
    CHECK(both[1] == float(std::clamp(x, 0, 5)));
  }
}

TEST_CASE("boosted trees: thresholds at the ends of int") {
  const BoostedTrees model = BoostedTrees::parse(
      "oblivious-trees 1 2 0\ntree 1\nsplit 0 2147483647\nleaf 1\nleaf 100\n"
      "tree 1\nsplit 0 2147418112\nleaf 0\nleaf 10\n");
  const int top = std::numeric_limits<int>::max(), below = top - 1, low = std::numeric_limits<int>::min();
  CHECK(predict(model, &top) == 11);
  CHECK(predict(model, &below) == 11);
  CHECK(predict(model, &low) == 1);
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
  CHECK(predict(model, low) == doctest::Approx(0).epsilon(0.001));
  CHECK(predict(model, high) == doctest::Approx(10).epsilon(0.001));
  CHECK(predict(model, middle) == doctest::Approx(-10).epsilon(0.001));
  // The same samples fit the same model.
  CHECK(fit_boosted_trees(x, 3, y, settings).text() == model.text());
}

TEST_CASE("the guide's targets are the knowledge depth's outcome and depth") {
  // libgen/knowledge_depth.h: win_in(d) a win at knowledge depth d, loss_in(d) a loss, 0 a draw.
  CHECK(outcome_target(win_in(18)) == 1);
  CHECK(outcome_target(loss_in(0)) == -1);
  CHECK(outcome_target(0) == 0);
  CHECK(depth_target(win_in(18)) == 18);
  CHECK(depth_target(loss_in(7)) == 7);
}

TEST_CASE("the guide's estimate: sureness, depth, and a score that orders them") {
  const Estimate sure_win = guide_estimate(1.2f, 18.4f);  // past 1 and fractional, as trees predict
  CHECK(sure_win.outcome == Estimate::SURE);
  CHECK(sure_win.depth == 18);
  const Estimate deeper_win = guide_estimate(0.9f, 30), doubtful = guide_estimate(0.3f, 5);
  const Estimate sure_loss = guide_estimate(-1, 4), deeper_loss = guide_estimate(-1, 40);
  CHECK(doubtful.outcome == 30);
  // The mover prefers the quicker sure win, then the slower one, then any
  // doubt, then the slower sure loss, the quicker last.
  CHECK(sure_win.score > deeper_win.score);
  CHECK(deeper_win.score > doubtful.score);
  CHECK(doubtful.score > deeper_loss.score);
  CHECK(deeper_loss.score > sure_loss.score);
  CHECK(flipped(sure_win).score == -sure_win.score);
  CHECK(flipped(sure_win).outcome == -Estimate::SURE);
  CHECK(guide_estimate(0, -3).depth == 0);
  CHECK(guide_estimate(0, 1e6f).depth == Estimate::NO_DEPTH - 1);
}

TEST_CASE("a guide model's text: outcome then depth, read back as written, and refused when malformed") {
  CHECK_THROWS_WITH_AS(GuideModel::parse(TWO_TREES), "no outcome model first", std::invalid_argument);
  CHECK_THROWS_WITH_AS(GuideModel::parse(std::string("outcome\n") + TWO_TREES), "no depth model",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(GuideModel::parse(std::string("outcome\n") + TWO_TREES + "depth\n" + staircase(3)),
                       "the outcome and depth models have different features", std::invalid_argument);
  CHECK_THROWS_WITH_AS(GuideModel(BoostedTrees::parse(TWO_TREES), BoostedTrees::parse(staircase(3))),
                       "the outcome and depth models have different features", std::invalid_argument);
  const GuideModel model{BoostedTrees::parse(TWO_TREES), BoostedTrees::parse(TWO_TREES)};
  CHECK(GuideModel::parse(model.text()).text() == model.text());
  CHECK(model.text().starts_with("outcome\noblivious-trees 2 2 1.5\n"));
}

TEST_CASE("the compiled-in models are guide/level-N.model, number for number; a missing one is said to be") {
  for (int level = 0; level < GUIDE_LEVELS; ++level) {
    INFO("level " << level);
    const std::string name = "guide/level-" + std::to_string(level) + ".model";
    std::string why_not;
    const auto model = compiled_guide_model(level, why_not);
    std::ifstream file(CHUNKER_SOURCE_DIR "/" + name, std::ios::binary);
    if (!file) {
      // The build found no model: the searches take the hand-made guide at that level.
      CHECK(!model.has_value());
      CHECK(why_not == name + " is missing");
      continue;
    }
    INFO(why_not);
    REQUIRE(model.has_value());
    std::ostringstream text;
    text << file.rdbuf();
    // text() prints each float so that it reads back the same (boosted_trees.h):
    // the file's bytes again only where every number came through exactly.
    CHECK(model->text() == text.str());
  }
}
