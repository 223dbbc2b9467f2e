#include "play/evaluation.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <mutex>

#include "chunks/chunk_report.h"
#include "chunks/table_file.h"
#include "engine/peasant/eval.h"
#include "guide/guide_features.h"
#include "guide/learned_guide.h"

namespace chunker {

namespace {

// The polynomial's weights, in Peasant's units (a pawn is worth 10 there).
// A chunk's outcome outweighs anything Peasant counts, and the distance to it
// breaks ties: a quicker breakthrough, a slower loss of the pawns.
constexpr int BREAKTHROUGH = 400;      // pawns win under KCP: the king cannot stop them even with passes
constexpr int ZUGZWANG_WIN = 250;      // pawns win under AM only: the king loses when it must move
constexpr int PAWNS_HOLD = 80;         // pawns win only if they may pass: they are safe while they have tempi
constexpr int KING_WINS = 250;         // the king takes every pawn under AM
constexpr int PER_PLY = 4;             // the distance to the chunk's end, per ply
constexpr int PER_SPARE_TEMPO = 12;    // the defending king's spare tempi against a breakthrough (Level 4's race)
constexpr int MAX_DISTANCE_TERM = 60;  // plies beyond which the distance no longer counts
// Peasant's known results score above every polynomial score, the quicker
// win higher, within this margin.
constexpr int KNOWN_MARGIN = 1000;

int distance_term(Value v) { return PER_PLY * std::min(distance_of(v), MAX_DISTANCE_TERM); }

// The term of one chunk for its pawns' side.
int pawns_term(const Kv3cppChunkReport& chunk, Color side_to_move) {
  const ChunkResult& am = chunk.result[int(Assumption::AM)][side_to_move];
  const ChunkResult& kcp = chunk.result[int(Assumption::KCP)][side_to_move];
  const ChunkResult& pcp = chunk.result[int(Assumption::PCP)][side_to_move];
  if (kcp.legal && is_win(kcp.pawns_value)) {
    const int tempi = std::max(0, chunk.spare_tempi[side_to_move]);
    return BREAKTHROUGH - distance_term(kcp.pawns_value) - PER_SPARE_TEMPO * tempi;
  }
  if (am.legal && is_win(am.pawns_value)) return ZUGZWANG_WIN - distance_term(am.pawns_value);
  if (am.legal && is_loss(am.pawns_value)) {
    const int held = pcp.legal && is_win(pcp.pawns_value) ? PAWNS_HOLD : 0;
    return -KING_WINS + distance_term(am.pawns_value) + held;
  }
  return pcp.legal && is_win(pcp.pawns_value) ? PAWNS_HOLD : 0;
}

}  // namespace

int chunk_terms(const Position& pos, const ChunkLibraries& libraries) {
  const ChunkReport report = chunk_report(pos, libraries);
  int score = 0;
  for (Color pawns : {WHITE, BLACK})
    if (report.chunk[pawns]) score += (pawns == WHITE ? 1 : -1) * pawns_term(*report.chunk[pawns], pos.side);
  return score;
}

Value evaluate(const Position& pos, const ChunkLibraries& libraries) {
  // Peasant's rules 2 and 4 (a lone king against one or two pawns, a passer
  // that wins the race) know more than the chunks where they apply.
  if (const auto known = peasant_knowledge(pos)) {
    const int plies = std::clamp(KNOWN_WIN - std::abs(*known), 0, KNOWN_MARGIN);
    return (*known > 0 ? 1 : -1) * (EVALUATION_BOUND - 1 - plies);
  }
  const int chunks = chunk_terms(pos, libraries);
  const int score = peasant_evaluate(pos) + (pos.side == WHITE ? chunks : -chunks);
  return std::clamp(score, -(EVALUATION_BOUND - 2 - KNOWN_MARGIN), EVALUATION_BOUND - 2 - KNOWN_MARGIN);
}

ProofGuide guide(const ChunkLibraries& libraries, int level, GuideKind kind) {
  // The guides read libraries a low level does not consult (its directory
  // may hold only those): without them the search goes unguided.
  const Position probe = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - -").pos;
  try {
    evaluate(probe, libraries);
    guide_features(probe, libraries);
  } catch (const TableError&) {
    return {};
  }
  std::string learned_missing;
  if (kind == GuideKind::Learned) {
    // Each level's model, read once, when it is first asked for: a model's
    // tables take a millisecond or so to lay out, which a program that
    // solves one position at one level would spend for the other levels.
    struct Loaded {
      std::shared_ptr<const GuideModel> model;
      std::string why_not;
    };
    static std::array<Loaded, GUIDE_LEVELS> models;
    static std::array<std::once_flag, GUIDE_LEVELS> read;
    Loaded& loaded = models[std::size_t(level)];
    std::call_once(read[std::size_t(level)], [&loaded, level] {
      if (auto m = compiled_guide_model(level, loaded.why_not))
        loaded.model = std::make_shared<const GuideModel>(std::move(*m));
    });
    if (loaded.model) return {learned_guide(libraries, loaded.model), LEARNED_GUIDE_SHAPE, {}};
    learned_missing = loaded.why_not;
  }
  return {[&libraries](const Position& pos) {
            return Estimate{std::int16_t(evaluate(pos, libraries)), 0, Estimate::NO_DEPTH};
          },
          GuideShape{}, learned_missing};
}

}  // namespace chunker
