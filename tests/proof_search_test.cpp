// The proof-number search (engine/proof_search.h) against the oracle: every
// value it proves on random domain positions, and the proofs it writes for
// the default suite, checked on their own (rules and classifiers) and
// position by position against the oracle's tables.
#include "engine/proof_search.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <random>
#include <sstream>

#include "engine/epd.h"
#include "exact/oracle.h"
#include "play/evaluation.h"
#include "play/proof_oracle.h"
#include "schemas/schemas.h"
#include "tests/test_libraries.h"

using namespace chunker;

namespace {

struct Level {
  std::vector<std::unique_ptr<Classifier>> owned;
  std::vector<const Classifier*> consulted;
  explicit Level(int level) : owned(make_level(level, SchemaMode::Sound, libraries())) {
    for (const auto& c : owned) consulted.push_back(c.get());
  }
};

OracleTables& oracle_tables() {
  static OracleTables tables(CHUNKER_TEST_DATA);
  return tables;
}

Outcome oracle_outcome(const Position& pos) {
  const auto answer = oracle_tables().probe(pos);
  REQUIRE(answer.has_value());
  return outcome_of(answer->value);
}

}  // namespace

TEST_CASE("every value the proof-number search proves on random domain positions is the oracle's") {
  // Sample: CHUNKER_PN_SAMPLE positions (default 10,000), each searched at
  // Level 5 (sound) with a small node limit, every other one guided by the
  // chunk evaluation as solve and table guide it; draws count (both proofs fail).
  const char* env = std::getenv("CHUNKER_PN_SAMPLE");
  const int wanted = env ? std::atoi(env) : 10'000;
  const Level level(MAX_LEVEL);
  const OracleTable tables[LAYOUT_NB] = {load_oracle(CHUNKER_TEST_DATA, Layout::AbcFgh),
                                         load_oracle(CHUNKER_TEST_DATA, Layout::AbcEfg)};
  std::mt19937_64 rng(547);
  ProofLimits limits;
  limits.node_limit = 2'000;
  limits.hash_megabytes = 1;
  int sampled = 0, proven = 0, decisive = 0;
  while (sampled < wanted) {
    const OracleTable& table = tables[rng() % 2];
    const std::uint64_t i = rng() % ORACLE_ENTRIES;
    if (table.byte(i) == king_slice::ILLEGAL_BYTE) continue;
    Position pos = table.index().position(i);
    if (rule_value(pos, legal_moves(pos))) continue;  // the game is over: nothing to search
    if (rng() % 2) pos = mirrored(pos);
    if (rng() % 2) pos = colour_reversed(pos);
    ++sampled;
    // Unguided, the hand-made guide and the learned one in turn.
    const ProofGuide guides[] = {{}, guide(libraries(), 5, GuideKind::HandMade), guide(libraries(), 5)};
    limits.guide = guides[sampled % 3].estimate;
    limits.guide_shape = guides[sampled % 3].shape;
    const ProofResult r = prove(pos, limits, level.consulted);
    if (!r.proven) continue;
    ++proven;
    INFO(to_fen(pos));
    CHECK(r.outcome == oracle_outcome(pos));
    if (r.outcome != Outcome::Draw) {
      ++decisive;
      CHECK(r.tree.winner == (r.outcome == Outcome::Win ? pos.side : ~pos.side));
    }
  }
  MESSAGE("proof-number search: ", proven, " of ", sampled, " random positions proven within ", limits.node_limit,
          " nodes (", decisive, " wins or losses), each the oracle's value");
  CHECK(proven > sampled / 2);
}

TEST_CASE("the proofs of the default suite check on their own and against the oracle") {
  // The rows proven within this many nodes at Level 5 (the deepest rows take
  // nearly 10^6 each and are left to `chunker table --search pn`).
  constexpr std::uint64_t NODE_LIMIT = 250'000;
  const Level level(MAX_LEVEL);
  ProofLimits limits;
  limits.node_limit = NODE_LIMIT;
  const ProofGuide learned = guide(libraries(), 5);
  limits.guide = learned.estimate;
  limits.guide_shape = learned.shape;
  int checked = 0;
  for (const Epd& epd : read_epd_file(CHUNKER_SOURCE_DIR "/testpositions/default.epd")) {
    INFO(epd.op("id"));
    const ProofResult r = prove(epd.pos, limits, level.consulted);
    if (!r.proven) continue;
    CHECK(std::string(r.outcome == Outcome::Win    ? "win"
                      : r.outcome == Outcome::Loss ? "loss"
                                                   : "draw") == epd.op("value"));
    REQUIRE(!r.tree.empty());
    // Written and read back, the proof still checks, and the oracle agrees
    // with every position of it.
    std::stringstream text;
    write_proof(r.tree, text);
    const ProofTree read = read_proof(text);
    const ProofCheck check = check_proof(read, level.consulted);
    CHECK(!check.failure);
    CHECK(check.positions == r.tree.nodes.size());
    const ProofOracleCheck agreement = check_proof_against_oracle(read, oracle_tables());
    CHECK(!agreement.failure);
    // Every position, one right after an unsafe promotion too (the oracle
    // answers it through its replies).
    CHECK(agreement.agreed == proof_positions(read).size());
    ++checked;
  }
  CHECK(checked >= 9);  // Szen with either side to move among them
}

TEST_CASE("a proof whose table entries were replaced is extracted without a cycle") {
  // abc-efg-967 of bench/pn's sample: White wins (the oracle, as the sample
  // records it). Within 10^6 nodes the search proves it, but the table's
  // depths alone gave a proof that returns to 1k6/4pp2/8/1P6/2PK4/8/8/8 w,
  // which its check refused (and `solve` died on).
  const Level level(MAX_LEVEL);
  ProofLimits limits;
  limits.node_limit = 1'000'000;
  limits.guide = guide(libraries(), 5, GuideKind::HandMade).estimate;  // the guide of the search that met it
  const Position pos = parse_fen("k7/4pp2/8/8/3K4/1P6/2P5/8 w - -").pos;
  const ProofResult r = prove(pos, limits, level.consulted);
  REQUIRE(r.proven);
  CHECK(r.outcome == oracle_outcome(pos));
  CHECK(r.outcome == Outcome::Win);
  CHECK(!check_proof(r.tree, level.consulted).failure);
  CHECK(!check_proof_against_oracle(r.tree, oracle_tables()).failure);
}

TEST_CASE("a proof with a move changed, or a leaf the classifier does not decide, is rejected where it fails") {
  const Level level(MAX_LEVEL);
  ProofResult r = prove(parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 b - -").pos, ProofLimits{}, level.consulted);
  REQUIRE(r.proven);
  ProofTree damaged = r.tree;
  // The root's move made one no king can make: e8e6.
  REQUIRE(damaged.nodes[0].kind == ProofNode::Kind::Move);
  damaged.nodes[0].children[0].first = Move(make_square(4, 7), make_square(4, 5), MoveKind::Normal);
  const ProofCheck m = check_proof(damaged, level.consulted);
  REQUIRE(m.failure.has_value());
  CHECK(m.failure->find("proof fails at 4k3/5ppp/8/8/8/8/PPP5/3K4 b - - 0 1: e8e6 is not a legal move") !=
        std::string::npos);
  ProofTree wrong_leaf = r.tree;
  for (ProofNode& n : wrong_leaf.nodes)
    if (n.kind == ProofNode::Kind::Leaf && n.leaf != RULES_LEAF) {
      n.leaf = "KPK library";
      break;
    }
  const ProofCheck c = check_proof(wrong_leaf, level.consulted);
  REQUIRE(c.failure.has_value());
  CHECK(c.failure->find("'KPK library' does not decide a win for the winner") != std::string::npos);
}

TEST_CASE("the proof-number search proves the same, in the same nodes, with the guide on several threads") {
  // The Szén position, a win for the side to move (Szén 1836; the oracle),
  // at Level 5 with the learned guide: the threads only share the guide's
  // estimates (engine/guide_pool.h), so the search must not change.
  const Level level(MAX_LEVEL);
  const ProofGuide learned = guide(libraries(), 5);
  for (const char* fen : {"4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "4k3/5ppp/8/8/8/8/PPP5/3K4 b - -"}) {
    INFO(fen);
    const Position pos = parse_fen(fen).pos;
    ProofLimits limits;
    limits.guide = learned.estimate;
    limits.guide_shape = learned.shape;
    const ProofResult alone = prove(pos, limits, level.consulted);
    limits.threads = 2;
    const ProofResult shared = prove(pos, limits, level.consulted);
    REQUIRE(alone.proven);
    CHECK(alone.outcome == Outcome::Win);
    CHECK(alone.outcome == oracle_outcome(pos));
    CHECK(shared.proven);
    CHECK(shared.outcome == alone.outcome);
    CHECK(shared.nodes == alone.nodes);
    CHECK(shared.tree.nodes.size() == alone.tree.nodes.size());
    CHECK(shared.pv == alone.pv);
  }
}
