#include "boosted_trees.h"

#include <doctest/doctest.h>

#include <stdexcept>

#include "learned_guide.h"

using namespace chunker;

namespace {

// Two features; the values below are worked out by hand from the trees.
const char* TWO_TREES =
    "boosted-trees 2 2 1.5\n"
    "tree 3\nsplit 0 4 1 2\nleaf -2\nleaf 3\n"
    "tree 5\nsplit 1 0 1 2\nleaf 0.25\nsplit 0 9 3 4\nleaf -1\nleaf 10\n";

}  // namespace

TEST_CASE("boosted trees sum the leaves each row reaches") {
  const BoostedTrees model = BoostedTrees::parse(TWO_TREES);
  CHECK(model.features() == 2);
  CHECK(model.trees() == 2);
  const int a[] = {4, 0}, b[] = {5, 1}, c[] = {10, 7};
  CHECK(model.predict(a) == doctest::Approx(1.5 - 2 + 0.25));
  CHECK(model.predict(b) == doctest::Approx(1.5 + 3 - 1));
  CHECK(model.predict(c) == doctest::Approx(1.5 + 3 + 10));
  // The text form reads back to the same text.
  CHECK(BoostedTrees::parse(model.text()).text() == model.text());
}

TEST_CASE("a malformed model is refused") {
  CHECK_THROWS_AS(BoostedTrees::parse("boosted-trees 2 1 0\ntree 3\nsplit 0 4 0 1\nleaf 1\nleaf 2\n"),
                  std::invalid_argument);  // a node its own child: a walk could loop
  CHECK_THROWS_AS(BoostedTrees::parse("boosted-trees 2 1 0\ntree 3\nsplit 5 4 1 2\nleaf 1\nleaf 2\n"),
                  std::invalid_argument);                                                                // no feature 5
  CHECK_THROWS_AS(BoostedTrees::parse("boosted-trees 2 2 0\ntree 1\nleaf 1\n"), std::invalid_argument);  // cut short
}

TEST_CASE("a fit of a step recovers it") {
  // y = 10 where x0 > 3, else -10; x1 is noise the fit must not split on
  // first. 20 trees at rate 0.5 bring the estimate within 10 * 0.5^20.
  std::vector<int> x;
  std::vector<float> y;
  for (int i = 0; i < 400; ++i) {
    x.push_back(i % 8);
    x.push_back((i * 7) % 5);
    y.push_back(i % 8 > 3 ? 10.0f : -10.0f);
  }
  const BoostedTrees model = fit_boosted_trees(x, 2, y, TreeFitSettings{20, 2, 0.5f, 10, 64});
  const int low[] = {2, 3}, high[] = {6, 0};
  CHECK(model.predict(low) == doctest::Approx(-10).epsilon(0.001));
  CHECK(model.predict(high) == doctest::Approx(10).epsilon(0.001));
}

TEST_CASE("the guide's target is the knowledge depth as the ideal guide scores it") {
  // bench/pn_guide_bound: a win at depth d scores 1000 - 20 d, that is GUIDE_UNIT * (GUIDE_SPAN - d).
  CHECK(guide_target(win_in(18)) == 32);
  CHECK(guide_target(loss_in(0)) == -50);
  CHECK(guide_target(win_in(80)) == 1);
  CHECK(guide_target(0) == 0);
}

TEST_CASE("the compiled-in model is whole") {
  std::string why_not;
  const auto model = compiled_guide_model(why_not);
  INFO(why_not);
  CHECK(model.has_value());
}
