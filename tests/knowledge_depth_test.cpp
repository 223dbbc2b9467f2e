// The knowledge depth (libgen/knowledge_depth.h) against two independent
// judges: the oracle's values and distances (Level 0), and the search itself
// (Level 5): the depth is the least ply limit with which it proves a value.
// The depth tables of a-c vs f-h at Levels 0 and 5 (sound) are the ones CTest
// builds first (fixture depth_tables, in CHUNKER_TEST_DATA); building Level 5
// sound there fails if any position changes value (a wrong schema).
#include "exact/knowledge_depth.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>

#include "chunks/library_file.h"
#include "engine/notation.h"
#include "engine/rules.h"
#include "engine/search.h"
#include "exact/retrograde.h"
#include "schemas/schemas.h"
#include "tests/temp_dir.h"
#include "tests/test_libraries.h"

using namespace chunker;

namespace {

const OracleTable& oracle() {
  static const OracleTable table = load_oracle(CHUNKER_TEST_DATA, Layout::AbcFgh);
  return table;
}

}  // namespace

TEST_CASE("Level 0: the knowledge depth is the oracle's distance less the final ply") {
  // Only the rules decide at Level 0, at the node itself: a safe promotion
  // (the final ply, not made) and a mate (already played). So every value is
  // the oracle's, and a depth is the distance, or one less where the game
  // ends by a promotion; where the oracle wins in 1 the depth is 0 exactly
  // when a safe promotion is there (else it is a mate in 1: depth 1).
  // The positions of every CHUNKER_DEPTH_CONFIG_STEP-th pawn configuration
  // (CTest sets it), else every position.
  const char* env = std::getenv("CHUNKER_DEPTH_CONFIG_STEP");
  const std::uint64_t step = env ? std::strtoull(env, nullptr, 10) : 1;
  const DepthTable depth = load_depth(CHUNKER_TEST_DATA, Layout::AbcFgh, 0, "rules", "");
  std::uint64_t positions = 0, one_less = 0, wrong = 0;
  for (std::uint64_t config = 0; config < CONFIG_NB; config += step)
    for (std::uint64_t i = config * king_slice::SIZE; i < (config + 1) * king_slice::SIZE; ++i) {
      const std::uint8_t truth_byte = oracle().byte(i), depth_byte = depth.byte(i);
      if (truth_byte == king_slice::ILLEGAL_BYTE || depth_byte == king_slice::ILLEGAL_BYTE) {
        wrong += truth_byte != depth_byte;
        continue;
      }
      ++positions;
      const Value truth = OracleTable::decode(truth_byte), v = KnowledgeRules::decode(depth_byte);
      bool ok = outcome_of(truth) == outcome_of(v);
      if (ok && is_decisive(truth)) {
        const int d = distance_of(v), dist = distance_of(truth);
        ok = d == dist || d == dist - 1;
        one_less += d == dist - 1;
        if (ok && truth == win_in(1)) ok = (d == 0) == !safe_promotion(oracle().index().position(i)).is_none();
      }
      if (!ok && ++wrong <= 5) MESSAGE("differs: ", to_fen(oracle().index().position(i)));
    }
  CHECK(wrong == 0);
  // `chunker oracle stats`: 671,426,944 legal positions in a-c vs f-h.
  if (step == 1) CHECK(positions == 671'426'944);
  MESSAGE(positions, " positions compared; ", one_less, " decisive ones a ply shorter (the promotion)");
}

TEST_CASE("Level 5: the search proves a value with the depth as its ply limit, never with one ply less") {
  // Sampled positions of depth 1-10 at Level 5 (sound): the search with the
  // Level-5 classifiers and no hints proves each with that ply limit
  // (quiescence on, as `chunker solve --level 5 --no-hints --max-ply D`
  // runs), and without quiescence one ply less does not (with it, a search
  // may legitimately see further). With hints, what it proves is the oracle's.
  // Sample size: CHUNKER_DEPTH_SAMPLE (default 1000).
  const char* env = std::getenv("CHUNKER_DEPTH_SAMPLE");
  const int wanted = env ? std::atoi(env) : 1000;
  const DepthTable depth =
      load_depth(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", knowledge_fingerprint(CHUNKER_TEST_DATA));
  const auto level = make_level(5, SchemaMode::Sound, libraries());
  std::vector<const Classifier*> classifiers;
  for (const auto& c : level) classifiers.push_back(c.get());
  std::mt19937_64 rng(547);
  SearchLimits limits;
  limits.hash_megabytes = 4;
  limits.node_limit = 50'000'000;
  int tested = 0, hidden = 0, by_depth[11] = {};
  while (tested < wanted) {
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    const std::uint8_t b = depth.byte(i);
    if (b == king_slice::ILLEGAL_BYTE) continue;
    const Value v = KnowledgeRules::decode(b);
    const int d = distance_of(v);
    if (!is_decisive(v) || d < 1 || d > 10) continue;
    const Position pos = oracle().index().position(i);
    INFO(to_fen(pos), " depth ", d);
    limits.max_ply = d;
    limits.quiescence = true;
    limits.hints = false;
    const SearchResult at_depth = solve(pos, limits, classifiers);
    CHECK(at_depth.proven);
    CHECK(at_depth.proof == Proof::Search);
    CHECK(outcome_of(at_depth.value) == outcome_of(v));
    // A hint may hide a proof (1 of the default 1,000, 6 of 3,000),
    // never make a wrong one.
    limits.hints = true;
    const SearchResult hinted = solve(pos, limits, classifiers);
    if (hinted.proven) CHECK(outcome_of(hinted.value) == outcome_of(v));
    hidden += !hinted.proven;
    limits.hints = false;
    limits.max_ply = d - 1;
    limits.quiescence = false;
    if (d > 1) CHECK_FALSE(solve(pos, limits, classifiers).proven);
    ++tested, ++by_depth[d];
  }
  std::string counts;
  for (int d = 1; d <= 10; ++d) counts += ' ' + std::to_string(by_depth[d]);
  MESSAGE(tested, " positions, by depth 1-10:", counts, "; a hint hid the proof of ", hidden);
}

TEST_CASE("the knowledge line of Szen's position runs to the first decided position") {
  // Szen 1836 (Fine, Basic Chess Endings no. 68), White to move: the oracle
  // wins in 51. The line must keep the modified game's value move by move,
  // end at a position the rules or a Level-5 schema decide, and be as long as
  // the depth says; each step's value is the oracle's outcome (sound). A
  // position with an unsafely promoted piece waiting to be taken is not in
  // the oracle's table: its value is that of its best reply.
  const Position szen = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - -").pos;
  const auto slot = locate(szen);
  REQUIRE(slot);
  const DepthTable depth =
      load_depth(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", knowledge_fingerprint(CHUNKER_TEST_DATA));
  const auto level = make_level(5, SchemaMode::Sound, libraries());
  std::vector<const Classifier*> classifiers;
  for (const auto& c : level) classifiers.push_back(c.get());
  const auto line = knowledge_line(depth, *slot, szen, classifiers);
  REQUIRE(is_win(line.front().value));
  CHECK(line.size() == std::size_t(distance_of(line.front().value)) + 1);
  CHECK_FALSE(line.back().decided_by.empty());
  auto stored = [&](const Position& p) { return oracle().value(slot->view(p)); };
  for (std::size_t i = 0; i < line.size(); ++i) {
    INFO("ply ", i, " ", to_fen(line[i].pos));
    const Position& at = line[i].pos;
    CHECK(distance_of(line[i].value) == distance_of(line.front().value) - int(i));
    const Value truth = at.promoted == NO_SQUARE ? stored(at) : retro::value_after_promotion(at, stored);
    CHECK(outcome_of(line[i].value) == outcome_of(truth));
    if (i + 1 < line.size()) CHECK(line[i].decided_by.empty());
  }
}

namespace {

// What the chunker program prints on stdout.
std::string run_chunker(const std::string& arguments) {
  const std::string command = std::string(CHUNKER_BINARY) + " " + arguments + " 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string out;
  char buffer[4096];
  for (std::size_t n; pipe && (n = fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) out.append(buffer, n);
  return out;
}

}  // namespace

TEST_CASE(
    "a saved depth table above Level 0 is stale once the libraries or the schemas differ from those it was built "
    "with") {
  // The fixture's Level 5 table was built with the fixture's libraries and this build's schemas.
  const std::string fingerprint = knowledge_fingerprint(CHUNKER_TEST_DATA);
  CHECK(depth_saved(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", fingerprint));
  // The same libraries with no verdicts' version: the libraries' fingerprint alone names no schemas' verdicts.
  CHECK_FALSE(depth_saved(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", libraries_fingerprint(CHUNKER_TEST_DATA)));
  CHECK_FALSE(depth_saved(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", "0000000000000000"));
  CHECK_THROWS_WITH_AS(load_depth(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", "0000000000000000"),
                       doctest::Contains("stale"), TableError);
  // Level 0 reads no library.
  CHECK(depth_saved(CHUNKER_TEST_DATA, Layout::AbcFgh, 0, "rules", "0000000000000000"));
  // Another set of libraries has another fingerprint.
  const TempDir temp;
  CHECK(knowledge_fingerprint(temp.path) != fingerprint);
}

TEST_CASE("oracle depth FEN and table show the saved depths") {
  // Level 0: the oracle's win in 51 less the promotion, 50 (as an
  // independent modified-game solver, commit 75be63f, measured it). Level 5
  // sound: 18, the paper's figure for position 547; the positions whose
  // verdicts make it so (8/8/8/PkP4p/1P3pp1/8/5K2/8 w at Level 1,
  // 1k6/8/1PP5/P7/5pp1/7p/5K2/8 w at Level 4, 8/8/k7/P1P2p1p/1P4p1/6K1/8/8 b,
  // 8/8/8/P1k3p1/2P2p2/7K/1P6/8 w and 8/8/P7/5pp1/2P4p/1P2k2K/8/8 w at
  // Level 5) are checked against the oracle in tests/oracle_test.cpp.
  const std::string data = std::string(" --data ") + CHUNKER_TEST_DATA + " --libraries " + CHUNKER_TEST_DATA;
  const std::string probe = run_chunker("oracle depth '4k3/5ppp/8/8/8/8/PPP5/3K4 w - -'" + data);
  CHECK(probe.find("oracle    win in 51") != std::string::npos);
  CHECK(probe.find("  sound      win 50         -         -         -         -    win 18") != std::string::npos);
  CHECK(probe.find("knowledge line, level 5, sound: 18 plies to a decided position") != std::string::npos);
  CHECK(probe.find("line: 1. Ke1 Kd7 2. Kf1 Kc6 3. a4 Kb7 4. Kg2 f5 5. a5 f4 6. Kf3 Ka6 7. b4 g5 8. c4 Ka7 "
                   "9. c5 Ka6") != std::string::npos);
  const TempDir temp;
  const std::string suite = temp.path + "/szen.epd";
  std::ofstream(suite) << "4k3/5ppp/8/8/8/8/PPP5/3K4 b - - id \"szen-black\"; value win; dist 51;\n";
  const std::string table = run_chunker("table " + suite + " --levels 5-5 --node-limit 1000" + data);
  // Unproven within 1000 nodes; the result column is the oracle's.
  CHECK(table.find("szen-black           pn        win 18                 ----  win in 51 (oracle)  ok") !=
        std::string::npos);
}

TEST_CASE("oracle depth --sample draws deep wins and losses, each the oracle's outcome, the same draw every time") {
  // bench/pn's suite: sample_deep over the saved Level 5 table of a-c vs f-h.
  const DepthTable depth =
      load_depth(CHUNKER_TEST_DATA, Layout::AbcFgh, 5, "sound", knowledge_fingerprint(CHUNKER_TEST_DATA));
  const auto drawn = sample_deep(depth, 50, 10, 1983);
  REQUIRE(drawn.size() == 50);
  CHECK(sample_deep(depth, 50, 10, 1983) == drawn);
  for (std::uint64_t i : drawn) {
    const Value v = KnowledgeRules::decode(depth.byte(i));
    CHECK(is_decisive(v));
    CHECK(distance_of(v) >= 10);
    // The knowledge depth keeps the oracle's outcome (the sound schemas never disagree with it).
    CHECK(outcome_of(v) == outcome_of(OracleTable::decode(oracle().byte(i))));
  }
}
