// The guide's threads (engine/guide_pool.h) against the guide itself, asked
// on the caller's thread alone: every estimate a pool returns is the one the
// guide gives, with any number of threads, when batches are left
// unfinished, and when the guide throws; and the cores their number
// defaults to (engine/cores.h).
#include "engine/guide_pool.h"

#include <doctest/doctest.h>
#include <sched.h>

#include <algorithm>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/cores.h"
#include "engine/notation.h"
#include "engine/zobrist.h"

using namespace chunker;

namespace {

// A guide slow enough (a few microseconds, like the learned guide's
// estimate) that helpers take part, which records the threads that ask it.
struct RecordingGuide {
  std::mutex* lock;
  std::set<std::thread::id>* threads;
  Estimate operator()(const Position& pos) const {
    Key key = zobrist(pos);
    for (int i = 0; i < 2000; ++i) key = key * 6364136223846793005ULL + 1442695040888963407ULL;
    {
      const std::lock_guard<std::mutex> hold(*lock);
      threads->insert(std::this_thread::get_id());
    }
    // Every field of the estimate in use, so that one mislaid in passing shows.
    return Estimate{std::int16_t(int(key % 20001) - 10000), std::int8_t(int(key >> 20) % 201 - 100),
                    std::uint8_t(key >> 40)};
  }
};

// The children of positions along random games from the Szén position.
std::vector<std::vector<Position>> batches(int count) {
  std::mt19937_64 rng(1836);
  std::vector<std::vector<Position>> out;
  Position pos = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos;
  while (int(out.size()) < count) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty() || (pos.pawns[WHITE] | pos.pawns[BLACK]) == 0 || pos.promoted != NO_SQUARE) {
      pos = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos;
      continue;
    }
    std::vector<Position> children;
    for (Move m : moves) children.push_back(make_move(pos, m));
    out.push_back(children);
    pos = children[rng() % children.size()];
  }
  return out;
}

}  // namespace

TEST_CASE("a guide pool's estimates are the guide's, whatever its threads") {
  const auto all = batches(1000);
  for (unsigned threads : {1u, 2u, 3u}) {
    INFO("threads: " << threads);
    std::mutex lock;
    std::set<std::thread::id> asked;
    const RecordingGuide guide{&lock, &asked};
    GuidePool pool(guide, threads);
    for (std::size_t b = 0; b < all.size(); ++b) {
      std::vector<const Position*> positions;
      for (const Position& p : all[b]) positions.push_back(&p);
      pool.begin(positions.data(), int(positions.size()));
      // Every fifth batch is left unfinished, as the search leaves the
      // batch of a node that a classifier decides.
      if (b % 5 == 4) continue;
      Estimate estimates[GuidePool::MAX_BATCH];
      pool.finish(estimates);
      for (std::size_t i = 0; i < positions.size(); ++i) CHECK(estimates[i] == guide(*positions[i]));
    }
    // The caller alone, or with a helper that took part. Under load a
    // helper's first turn may come late (the caller then makes the
    // estimates itself), so more batches are begun until one does: a pool
    // that never hands a helper work fails at the bound.
    const auto threads_asked = [&] {
      std::lock_guard hold(lock);
      return asked.size();
    };
    for (std::size_t b = 0; threads > 1 && threads_asked() == 1 && b < 1'000'000; ++b) {
      std::vector<const Position*> positions;
      for (const Position& p : all[b % all.size()]) positions.push_back(&p);
      pool.begin(positions.data(), int(positions.size()));
      Estimate estimates[GuidePool::MAX_BATCH];
      pool.finish(estimates);
    }
    if (threads == 1) CHECK(threads_asked() == 1);
    if (threads > 1) CHECK(threads_asked() > 1);
  }
}

TEST_CASE("a guide's error reaches the caller of a guide pool") {
  const auto all = batches(100);
  const Key bad = zobrist(all[60][1]);
  const auto guide = [bad](const Position& pos) -> Estimate {
    if (zobrist(pos) == bad) throw std::runtime_error("no estimate");
    return Estimate{std::int16_t(zobrist(pos) % 100), 0, Estimate::NO_DEPTH};
  };
  GuidePool pool(guide, 2);
  for (std::size_t b = 0; b < all.size(); ++b) {
    std::vector<const Position*> positions;
    for (const Position& p : all[b]) positions.push_back(&p);
    pool.begin(positions.data(), int(positions.size()));
    Estimate estimates[GuidePool::MAX_BATCH];
    const bool has_bad =
        std::any_of(all[b].begin(), all[b].end(), [&](const Position& p) { return zobrist(p) == bad; });
    if (has_bad) {
      CHECK_THROWS_AS(pool.finish(estimates), std::runtime_error);
    } else {
      pool.finish(estimates);
      for (std::size_t i = 0; i < positions.size(); ++i) CHECK(estimates[i] == guide(*positions[i]));
    }
  }
}

TEST_CASE("the cores a process may use are those its affinity mask allows") {
  // A thread that sched_setaffinity confines to one core, as `taskset -c 0`
  // confines a program, counts one; the guide pool's default threads follow.
  CHECK(usable_cores() >= 1);
  unsigned confined = 0;
  std::thread([&confined] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    REQUIRE(sched_setaffinity(0, sizeof one, &one) == 0);
    confined = usable_cores();
  }).join();
  CHECK(confined == 1);
}
