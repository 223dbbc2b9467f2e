// The knowledge version (schemas/knowledge_version.h) against the verdicts it
// stands for. Every classifier of the top level, in both modes, is asked of
// every legal position of every VERDICT_CONFIG_STEP-th pawn configuration of
// both oracle layouts; the digest of their verdicts must be the one
// tests/data/knowledge_verdicts.txt records for the current version. A change
// of any verdict there fails this test until the version is raised and the
// new digest recorded, so that saved knowledge-depth tables go stale with the
// verdicts and not with the text of the code.
#include "schemas/knowledge_version.h"

#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "engine/cores.h"
#include "engine/rules.h"
#include "exact/oracle.h"
#include "schemas/schemas.h"
#include "tests/test_libraries.h"

using namespace chunker;

namespace {

// About half a per cent of the domain (a prime step spreads the sample over
// every pawn count and rank): some 3 million positions, seconds in Release.
constexpr std::uint32_t VERDICT_CONFIG_STEP = 211;

// FNV-1a over the verdicts of one configuration's positions, in index order.
std::uint64_t config_digest(const OracleTable& table, std::uint32_t config,
                            const std::vector<const Classifier*>& classifiers) {
  std::uint64_t hash = 0xcbf29ce484222325;
  auto mix = [&](std::int64_t word) {
    for (int b = 0; b < 8; ++b) hash = (hash ^ std::uint8_t(word >> (8 * b))) * 0x100000001b3;
  };
  const std::uint64_t base = king_slice::index(config, 0);
  for (std::uint64_t i = base; i < base + king_slice::SIZE; ++i) {
    if (table.byte(i) == king_slice::ILLEGAL_BYTE) continue;
    const Position pos = table.index().position(i);
    if (rule_value(pos, legal_moves(pos))) continue;  // no classifier is asked of a game over
    for (const Classifier* c : classifiers) {
      const auto verdict = c->classify(pos);
      mix(verdict ? *verdict : std::int64_t(1) << 40);
    }
  }
  return hash;
}

std::string verdicts_digest() {
  std::vector<std::vector<const Classifier*>> modes;
  std::vector<std::vector<std::unique_ptr<Classifier>>> owned;
  for (SchemaMode mode : {SchemaMode::Sound, SchemaMode::Paper}) {
    owned.push_back(make_level(MAX_LEVEL, mode, libraries()));
    modes.emplace_back();
    for (const auto& c : owned.back()) modes.back().push_back(c.get());
  }
  std::vector<std::uint32_t> configs;
  for (std::uint32_t config = 0; config < CONFIG_NB; config += VERDICT_CONFIG_STEP) configs.push_back(config);
  std::uint64_t total = 0xcbf29ce484222325;
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg}) {
    const OracleTable table = load_oracle(CHUNKER_TEST_DATA, layout);
    for (const auto& classifiers : modes) {
      std::vector<std::uint64_t> digests(configs.size());
      std::vector<std::thread> workers;
      const unsigned threads = usable_cores();
      for (unsigned t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
          for (std::size_t k = t; k < configs.size(); k += threads)
            digests[k] = config_digest(table, configs[k], classifiers);
        });
      for (auto& w : workers) w.join();
      for (std::uint64_t d : digests) total = (total ^ d) * 0x100000001b3;
    }
  }
  std::ostringstream text;
  text << std::hex << total;
  return text.str();
}

// The digest recorded for `version`, or empty.
std::string recorded_digest(int version) {
  std::ifstream in(CHUNKER_SOURCE_DIR "/tests/data/knowledge_verdicts.txt");
  REQUIRE(in);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    int v = 0;
    std::string digest;
    if (words >> v >> digest && v == version) return digest;
  }
  return {};
}

}  // namespace

TEST_CASE("the knowledge version is raised with every change of a verdict") {
  const std::string digest = verdicts_digest(), recorded = recorded_digest(KNOWLEDGE_VERSION);
  const int next = recorded.empty() ? KNOWLEDGE_VERSION : KNOWLEDGE_VERSION + 1;
  INFO("the verdicts' digest is ", digest, "; tests/data/knowledge_verdicts.txt records '", recorded,
       "' for KNOWLEDGE_VERSION ", KNOWLEDGE_VERSION, ". Set KNOWLEDGE_VERSION in schemas/knowledge_version.h to ",
       next, " and add the line '", next, " ", digest, "' to that file.");
  CHECK(digest == recorded);
}
