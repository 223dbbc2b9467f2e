#include "guide/guide_model.h"

#include <stdexcept>
#include <utility>
#include <vector>

namespace chunker {

namespace {

constexpr std::string_view OUTCOME_HEADER = "outcome\n", DEPTH_HEADER = "depth\n", DEPTH_LINE = "\ndepth\n";

std::vector<const BoostedTrees*> both(const BoostedTrees& outcome, const BoostedTrees& depth) {
  if (outcome.features() != depth.features())
    throw std::invalid_argument("the outcome and depth models have different features");
  return {&outcome, &depth};
}

}  // namespace

GuideModel::GuideModel(BoostedTrees outcome_model, BoostedTrees depth_model)
    : outcome(std::move(outcome_model)), depth(std::move(depth_model)), tables(both(outcome, depth)) {}

std::string GuideModel::text() const {
  std::string text(OUTCOME_HEADER);
  text += outcome.text();
  text += DEPTH_HEADER;
  text += depth.text();
  return text;
}

GuideModel GuideModel::parse(std::string_view text) {
  if (!text.starts_with(OUTCOME_HEADER)) throw std::invalid_argument("no outcome model first");
  const std::size_t depth_at = text.find(DEPTH_LINE);
  if (depth_at == std::string_view::npos) throw std::invalid_argument("no depth model");
  const std::string_view outcome = text.substr(OUTCOME_HEADER.size(), depth_at + 1 - OUTCOME_HEADER.size());
  const std::string_view depth = text.substr(depth_at + DEPTH_LINE.size());
  return GuideModel(BoostedTrees::parse(outcome), BoostedTrees::parse(depth));
}

}  // namespace chunker
