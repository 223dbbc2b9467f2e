#include "guide/guide_fit.h"

#include <cmath>
#include <random>
#include <thread>

#include "engine/movegen.h"
#include "engine/rules.h"
#include "guide/guide_features.h"
#include "guide/learned_guide.h"

namespace chunker {

namespace {

// The positions drawn, in the order of the draw.
std::vector<Position> draw_positions(const DepthTable& table, const GuideSampling& sampling,
                                     std::vector<Value>& values) {
  // mt19937_64's output is fixed by the standard (its distributions are not).
  std::mt19937_64 rng(sampling.seed);
  std::vector<Position> drawn;
  auto held = [&](const Position& pos) -> std::optional<Value> {
    const auto slot = locate(pos);
    if (!slot || slot->layout != table.layout()) return std::nullopt;
    return table.value(slot->view(pos));
  };
  auto keep = [&](const Position& pos, Value v) {
    drawn.push_back(pos);
    values.push_back(v);
  };
  for (std::size_t roots = 0, uniform = 0; roots < sampling.roots || uniform < sampling.uniform;) {
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    const std::uint8_t b = table.byte(i);
    if (b == king_slice::ILLEGAL_BYTE) continue;
    const Value v = KnowledgeRules::decode(b);
    const Position root = table.index().position(i);
    if (uniform < sampling.uniform) {
      keep(root, v);
      ++uniform;
      continue;
    }
    if (!is_decisive(v) || distance_of(v) < GUIDE_DEEP_ROOT) continue;
    ++roots;
    keep(root, v);
    for (int w = 0; w < sampling.walks; ++w) {
      Position pos = root;
      for (int ply = 0; ply < GUIDE_WALK_PLIES; ++ply) {
        const MoveList moves = legal_moves(pos);
        if (moves.size == 0 || rule_value(pos, moves)) break;
        pos = make_move(pos, moves.moves[rng() % unsigned(moves.size)]);
        const auto value = held(pos);
        if (!value) break;
        keep(pos, *value);
        if (is_decisive(*value) && distance_of(*value) == 0) break;
      }
    }
  }
  return drawn;
}

}  // namespace

GuideSamples draw_guide_samples(const DepthTable& table, const ChunkLibraries& libraries, const GuideSampling& sampling,
                                unsigned threads) {
  GuideSamples samples;
  const std::vector<Position> drawn = draw_positions(table, sampling, samples.values);
  samples.features.resize(drawn.size() * GUIDE_FEATURES);
  // Each thread fills its own stretch of rows, so the order is the draw's.
  auto fill = [&](std::size_t first, std::size_t last) {
    ChunkReportCache cache;
    for (std::size_t r = first; r < last; ++r) {
      const GuideFeatures f = guide_features(drawn[r], libraries, &cache);
      std::copy(f.begin(), f.end(), samples.features.begin() + std::ptrdiff_t(r * GUIDE_FEATURES));
    }
  };
  std::vector<std::jthread> helpers;
  for (unsigned t = 1; t < threads; ++t)
    helpers.emplace_back(fill, drawn.size() * t / threads, drawn.size() * (t + 1) / threads);
  fill(0, drawn.size() / std::max(1u, threads));
  return samples;
}

GuideModel fit_guide_model(const GuideSamples& samples, unsigned threads) {
  TreeFitSettings settings = GUIDE_TREE_SETTINGS;
  settings.threads = int(threads);
  std::vector<float> outcomes;
  std::vector<int> decisive_features;
  std::vector<float> depths;
  for (std::size_t r = 0; r < samples.values.size(); ++r) {
    const Value v = samples.values[r];
    outcomes.push_back(outcome_target(v));
    if (!is_decisive(v)) continue;
    const auto row = samples.features.begin() + std::ptrdiff_t(r * GUIDE_FEATURES);
    decisive_features.insert(decisive_features.end(), row, row + GUIDE_FEATURES);
    depths.push_back(depth_target(v));
  }
  return {fit_boosted_trees(samples.features, GUIDE_FEATURES, outcomes, settings),
          fit_boosted_trees(decisive_features, GUIDE_FEATURES, depths, settings)};
}

GuideFitError guide_fit_error(const GuideModel& model, const GuideSamples& samples) {
  std::size_t decisive = 0, named = 0, draws = 0, draws_named = 0;
  double squares = 0;
  for (std::size_t r = 0; r < samples.values.size(); ++r) {
    const int* x = &samples.features[r * GUIDE_FEATURES];
    const GuideModel::Prediction p = model.predict(x);
    const Estimate e = guide_estimate(p.outcome, p.depth);
    const Value v = samples.values[r];
    const bool sure_win = e.outcome > GUIDE_SURE_FROM, sure_loss = e.outcome < -GUIDE_SURE_FROM;
    if (!is_decisive(v)) {
      ++draws;
      draws_named += !sure_win && !sure_loss;
      continue;
    }
    ++decisive;
    named += is_win(v) ? sure_win : sure_loss;
    const double error = double(e.depth) - depth_target(v);
    squares += error * error;
  }
  return {decisive ? double(named) / double(decisive) : 0, draws ? double(draws_named) / double(draws) : 0,
          decisive ? std::sqrt(squares / double(decisive)) : 0};
}

}  // namespace chunker
