#include "python/tablebase.h"

#include <dlfcn.h>

#include <cstdio>

#include "chunks/data_paths.h"
#include "engine/epd.h"
#include "engine/notation.h"
#include "play/inspection.h"
#include "play/inspection_json.h"

namespace chunker::python {

namespace {

constexpr double MB = 1024.0 * 1024.0;

int wdl_of(Value v) { return is_decisive(v) ? (v > 0 ? 2 : -2) : 0; }
int signed_distance(Value v) { return is_decisive(v) ? (v > 0 ? distance_of(v) : -distance_of(v)) : 0; }

// Why no source answered, in the module's words (its `memory` argument).
std::string missing_words(const std::string& fen, const std::optional<ExactRefusal>& refusal) {
  std::string words = "no table holds " + fen + ", and an exact solve was not tried";
  if (!refusal || refusal->reason == ExactRefusal::Reason::NoBudget) return words + " (memory=0)";
  char figures[160];
  std::snprintf(figures, sizeof figures, ": %s%.3g positions reachable, %.0f MB; memory=%.0f",
                refusal->counted ? "" : "more than ", double(refusal->positions), double(refusal->bytes) / MB,
                double(refusal->budget) / MB);
  return words + figures;
}

// A file shipped with the module, found from where the module's shared
// object stands (chunks/data_paths.h).
std::string shipped_file(const std::string& relative) {
  Dl_info module{};
  const bool found = dladdr(reinterpret_cast<const void*>(&missing_words), &module) && module.dli_fname;
  return chunker::shipped_file(relative, found ? std::filesystem::absolute(module.dli_fname) : std::filesystem::path(),
                               CHUNKER_PYTHON_DIR);
}

}  // namespace

Position position_of(const std::string& fen) { return parse_fen(fen).pos; }

Tablebase::Tablebase(const std::optional<std::string>& data, const std::optional<std::string>& libraries,
                     const std::optional<std::string>& cache, unsigned threads) {
  PlaySettings settings;
  settings.oracle_dir = data.value_or(default_data_dir());
  settings.libraries = libraries.value_or(settings.oracle_dir);
  settings.exact_cache = cache.value_or(settings.oracle_dir + "/exact");
  settings.workers = threads;
  settings.exact_memory = default_exact_memory();
  base_ = std::make_shared<Player>(settings);
}

std::shared_ptr<Player> Tablebase::base() {
  const std::lock_guard lock(mutex_);
  if (!base_) throw std::logic_error("the tablebase is closed");
  return base_;
}

void Tablebase::close() {
  const std::lock_guard lock(mutex_);
  base_.reset();
}

Player Tablebase::player(const Ask& ask) {
  const std::shared_ptr<Player> shared = base();
  PlaySettings settings = shared->settings();
  settings.level = ask.level;
  settings.limits.kind = ask.search;
  settings.sources = ask.sources;
  settings.exact_memory = ask.memory_bytes;
  return Player(settings, *shared);
}

Probe Tablebase::probe(const std::string& fen, std::uint64_t memory_bytes) {
  const Position pos = position_of(fen);
  Player p = player({MAX_LEVEL, SearchKind::ProofNumber, Sources::All, memory_bytes});
  std::optional<ExactRefusal> refusal;
  const auto answer = p.exact_answer(pos, {}, refusal);
  if (!answer) throw MissingTable(missing_words(to_fen(pos), refusal));
  return {wdl_of(answer->value), signed_distance(answer->value)};
}

SolveResult Tablebase::solve(const std::string& fen, const Ask& ask) {
  const Position pos = position_of(fen);
  const Answer a = player(ask).answer(pos);
  SolveResult r;
  r.fen = to_fen(pos);
  r.value = a.proven ? value_word(a.value) : "unproven";
  if (a.proven) r.wdl = wdl_of(a.value);
  if (a.proven && (a.distance_known || !is_decisive(a.value))) r.distance = signed_distance(a.value);
  r.source = source_name(a.source);
  if (const Move best = a.best(); !best.is_none()) r.best_move = uci(best);
  for (Move m : a.line) r.line.push_back(uci(m));
  if (a.search) {
    r.nodes = a.search->nodes;
    if (a.search->proof_tree) r.proof_size = a.search->proof_positions;
  }
  for (const MoveValue& m : a.moves) {
    MoveResult move{uci(m.move), san(pos, m.move), std::nullopt, std::nullopt};
    if (m.proven) {
      move.wdl = wdl_of(m.value);
      if (a.distance_known || !is_decisive(m.value)) move.distance = signed_distance(m.value);
    }
    r.moves.push_back(std::move(move));
  }
  return r;
}

std::vector<std::pair<SearchKind, TableRow>> Tablebase::table(const std::optional<std::string>& epd, int first,
                                                              int last, const std::vector<SearchKind>& kinds,
                                                              std::uint64_t node_limit) {
  const std::vector<Epd> suite = read_epd_file(epd.value_or(shipped_file("testpositions/default.epd")));
  Player p = player({last, SearchKind::ProofNumber, Sources::All, base()->settings().exact_memory});
  TableSettings settings;
  settings.first = first;
  settings.last = last;
  settings.limits.node_limit = node_limit;
  settings.data_dir = p.settings().oracle_dir;
  TableRows rows(settings, p);
  std::vector<std::pair<SearchKind, TableRow>> found;
  for (const SearchKind kind : kinds)
    for (const Epd& position : suite) found.emplace_back(kind, rows.row(position, kind));
  return found;
}

std::string Tablebase::inspect_json(const std::string& fen, std::uint64_t memory_bytes) {
  const Position pos = position_of(fen);
  Player p = player({MAX_LEVEL, SearchKind::ProofNumber, Sources::All, memory_bytes});
  const Inspection found = inspect_position(p, pos, [&p](const Position& at, std::optional<ExactRefusal>& refusal) {
    return p.exact_answer(at, {}, refusal);
  });
  return inspection_json(found, 1, true);
}

}  // namespace chunker::python
