#include "play/answer.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "chess/careful_rules.h"
#include "engine/cores.h"
#include "engine/peasant/eval.h"
#include "engine/proof_search.h"
#include "play/evaluation.h"
#include "schemas/schemas.h"

namespace chunker {

namespace {

using Clock = std::chrono::steady_clock;
constexpr double MB = 1024.0 * 1024.0;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::vector<MoveValue> proven_moves(const MoveValues& values) {
  std::vector<MoveValue> moves;
  for (const auto& [m, v] : values) moves.push_back({m, v, true});
  return moves;
}

}  // namespace

double peak_megabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) * 1024.0 / MB;
}

std::string source_name(Source s) {
  switch (s) {
    case Source::Oracle:
      return "oracle";
    case Source::ExactTable:
      return "exact table";
    case Source::ExactSolve:
      return "exact solve";
    case Source::Search:
      return "search";
    case Source::Evaluation:
      return "evaluation";
  }
  return "";
}

Move Answer::best() const {
  if (!line.empty()) return line.front();
  const MoveValue* best = nullptr;
  for (const MoveValue& m : moves)
    if (m.proven && (!best || m.value > best->value)) best = &m;
  if (best) return best->move;
  return search ? search->best : Move();
}

std::uint64_t default_exact_memory() {
  return std::uint64_t(sysconf(_SC_PHYS_PAGES)) * std::uint64_t(sysconf(_SC_PAGE_SIZE)) / 4;
}

Player::Shared::Shared(const PlaySettings& settings)
    : libraries(std::make_unique<ChunkLibraries>(settings.libraries)),
      oracle(settings.oracle_dir),
      // Reading a cached table is not solving: --memory 0 still reads them.
      exact(settings.exact_cache, std::max(settings.exact_memory, default_exact_memory()), settings.exact_cache_bytes) {
}

Player::Player(PlaySettings settings) : settings_(std::move(settings)), shared_(std::make_shared<Shared>(settings_)) {}

Player::Player(PlaySettings settings, const Player& other) : settings_(std::move(settings)), shared_(other.shared_) {}

std::vector<const Classifier*> Player::classifiers() {
  Shared& s = *shared_;
  const std::lock_guard lock(s.classifiers_mutex);
  auto& level = s.classifiers[{settings_.level, settings_.mode}];
  if (level.empty()) {
    // Level 5's (sound) two largest libraries are mapped and
    // checksummed on another core while this one opens the rest (a request
    // waits for an opening under way). One that fails to open there fails
    // again, reported, when a classifier or the guide asks for it.
    if (settings_.level >= MAX_LEVEL && settings_.mode == SchemaMode::Sound && !s.opening_ahead.joinable())
      s.opening_ahead = std::jthread([&libraries = *s.libraries] {
        try {
          libraries.kv3cpp_passes();
          libraries.k3cppvk();
        } catch (const TableError&) {
          // Reported when asked for again.
        }
      });
    level = make_level(settings_.level, settings_.mode, *s.libraries);
  }
  std::vector<const Classifier*> list;
  for (const auto& c : level) list.push_back(c.get());
  return list;
}

void Player::set_level(int level) {
  const std::lock_guard lock(shared_->classifiers_mutex);
  settings_.level = level;
}

std::vector<std::string> Player::load_oracle() {
  const std::lock_guard lock(shared_->oracle_mutex);
  return shared_->oracle.load_all();
}

std::optional<OracleAnswer> Player::oracle_answer(const Position& pos) {
  const std::lock_guard lock(shared_->oracle_mutex);
  return shared_->oracle.probe(pos);
}

std::optional<Answer> Player::from_oracle(const Position& pos) {
  const std::lock_guard lock(shared_->oracle_mutex);
  const auto probed = shared_->oracle.probe(pos);
  if (!probed || !probed->built) return std::nullopt;
  Answer a;
  a.source = Source::Oracle;
  a.origin.layout = probed->layout;
  a.value = probed->value;
  a.proven = a.distance_known = true;
  a.moves = proven_moves(probed->moves);
  a.line = best_line(pos, a.value, [&](const Position& p) -> std::optional<MoveValues> {
    const auto next = shared_->oracle.probe(p);
    if (!next || !next->built) return std::nullopt;
    return next->moves;
  });
  return a;
}

namespace {

Answer table_answer(const ExactTable& table, const Position& pos) {
  Answer a;
  a.value = table.value(pos);
  a.proven = a.distance_known = true;
  a.moves = proven_moves(move_values(table, pos));
  a.line = best_line(table, pos);
  a.exact = ExactFigures{table.structures().size(), table.positions(), 0, 0, 0};
  return a;
}

// A move back to one of the game's earlier positions repeats it: a draw by
// Chunker's rules, whatever the table says of the position it reaches. Where
// that changes the best value, the line is that move alone.
Answer with_history(Answer a, const Position& pos, const std::vector<Position>& history) {
  if (history.empty() || a.moves.empty()) return a;
  bool changed = false;
  for (MoveValue& m : a.moves)
    if (m.value != 0 && std::find(history.begin(), history.end(), make_move(pos, m.move)) != history.end())
      m.value = 0, changed = true;
  if (!changed) return a;
  const Value best = std::max_element(a.moves.begin(), a.moves.end(), [](const auto& x, const auto& y) {
                       return x.value < y.value;
                     })->value;
  if (best == a.value) {
    // The line's first move may be the repeating one: start it again from a move that keeps the value.
    if (!a.line.empty() && std::find_if(a.moves.begin(), a.moves.end(), [&](const MoveValue& m) {
                             return m.move == a.line.front() && m.value == a.value;
                           }) == a.moves.end())
      a.line.clear();
    return a;
  }
  a.value = best;
  a.line.clear();
  for (const MoveValue& m : a.moves)
    if (m.value == best) {
      a.line.push_back(m.move);
      break;
    }
  a.origin.repetitions = true;
  return a;
}

}  // namespace

std::shared_ptr<const ExactTable> Player::read_cached(const Position& pos) {
  const auto cached = shared_->exact.find_cached(pos);
  if (!cached) return nullptr;
  if (settings_.exact_memory && (settings_.sources == Sources::All || settings_.sources == Sources::Exact)) {
    std::uint64_t found = 0;
    const auto own = reachable_structures(pos, cached->structures / READ_PER_SOLVE, found);
    if (own && found * king_slice::SIZE <= settings_.exact_memory) return nullptr;  // solved sooner than read
  }
  auto table = shared_->exact.read(*cached);
  return table && table->holds(pos) ? table : nullptr;
}

std::optional<Answer> Player::from_exact_table(const Position& pos, CacheFiles files) {
  auto table = shared_->exact.find_held(pos);
  if (!table && files == CacheFiles::Read) table = read_cached(pos);
  if (!table) return std::nullopt;
  Answer a = table_answer(*table, pos);
  a.source = Source::ExactTable;
  a.origin.table_root = table->root_fen();
  a.origin.file = shared_->exact.origin(*table);
  return a;
}

std::optional<Answer> Player::known(const Position& pos, const std::vector<Position>& history, CacheFiles files) {
  if (settings_.sources == Sources::All || settings_.sources == Sources::Oracle)
    if (auto a = from_oracle(pos)) return with_history(std::move(*a), pos, history);
  if (settings_.sources == Sources::All || settings_.sources == Sources::Exact)
    if (auto a = from_exact_table(pos, files)) return with_history(std::move(*a), pos, history);
  return std::nullopt;
}

std::optional<Value> Player::known_value(const Position& pos) {
  if (settings_.sources == Sources::All || settings_.sources == Sources::Oracle) {
    const std::lock_guard lock(shared_->oracle_mutex);
    if (auto v = shared_->oracle.value(pos)) return v;
  }
  if (settings_.sources == Sources::All || settings_.sources == Sources::Exact)
    if (const auto table = shared_->exact.find_held(pos)) return table->value(pos);
  return std::nullopt;
}

std::optional<std::vector<PawnStructure>> Player::plan(const Position& pos, double seconds,
                                                       std::optional<ExactRefusal>& refusal) const {
  if (!settings_.exact_memory) {
    refusal = ExactRefusal{};
    return std::nullopt;
  }
  // One byte a position: what the time allows by the measured rate is a
  // memory budget too, and counting the reachable set stops past it.
  const double in_time = seconds * EXACT_RATE_PER_CORE * workers();
  const bool timed = seconds >= 0 && in_time < double(settings_.exact_memory);
  ExactPlan plan = plan_exact(pos, timed ? std::uint64_t(in_time) : settings_.exact_memory);
  if (plan.fitting) return std::move(plan.fitting);
  refusal = ExactRefusal{timed ? ExactRefusal::Reason::OverClock : ExactRefusal::Reason::OverMemory,
                         plan.positions(),
                         plan.structures,
                         plan.counted,
                         plan.bytes,
                         settings_.exact_memory,
                         seconds};
  return std::nullopt;
}

unsigned Player::workers() const { return settings_.workers ? settings_.workers : usable_cores(); }

Player::Solve Player::solve_exact(const Position& pos, double seconds, const std::atomic<bool>* cancel) {
  Solve result;
  const auto start = Clock::now();
  auto structures = plan(pos, seconds, result.refusal);
  if (!structures) return result;
  std::function<void(std::uint64_t, std::uint64_t)> progress = settings_.exact_progress;
  if (!progress) progress = [](std::uint64_t, std::uint64_t) {};
  ExactSolve x = chunker::solve_exact(
      pos, std::move(*structures),
      [this](Layout layout, std::string& problem) { return shared_->oracle.layout_table(layout, problem); }, workers(),
      progress, cancel);
  result.table = std::make_shared<const ExactTable>(std::move(x.table));
  result.origin.oracles = std::move(x.oracles);
  const ExactTables::CacheWrite saved = shared_->exact.add(result.table, pos);
  result.origin.cached_in = saved.path;
  result.origin.not_saved = saved.error;
  result.figures = {result.table->structures().size(), result.table->positions(), x.from_oracle, seconds_since(start),
                    peak_megabytes()};
  return result;
}

Player::Solve Player::solve_careful(const Position& pos, Color careful, double seconds,
                                    const std::atomic<bool>* cancel) {
  Solve result;
  const auto start = Clock::now();
  auto structures = plan(pos, seconds, result.refusal);
  if (!structures) return result;
  ExactSources sources;
  sources.workers = workers();
  sources.rules = std::make_shared<const CarefulRules>(careful);
  sources.cancel = cancel;
  result.table = std::make_shared<const ExactTable>(build_exact(pos, std::move(*structures), sources));
  result.figures = {result.table->structures().size(), result.table->positions(), 0, seconds_since(start),
                    peak_megabytes()};
  return result;
}

Move Player::exact_move(const Position& pos, const Answer& answer, const std::vector<Move>& allowed) {
  MoveValues values;
  for (const MoveValue& m : answer.moves)
    if (m.proven) values.emplace_back(m.move, m.value);
  auto replies_keeping_draw = [&](Move m) {
    // After a promotion the reply must take the piece: not a move worth
    // preferring for its replies.
    if (m.kind() == MoveKind::Promotion) return 1 << 20;
    const auto after = known(make_move(pos, m));
    if (!after) return 1 << 20;
    return int(std::count_if(after->moves.begin(), after->moves.end(),
                             [](const MoveValue& r) { return !is_decisive(r.value); }));
  };
  return oracle_move(values, allowed, replies_keeping_draw);
}

Answer Player::search(const Position& pos, const std::atomic<bool>* stop) {
  SearchLimits limits = settings_.limits;
  limits.stop = stop;
  // The level's guide (settings_.guide) steers either search, where the
  // libraries it reads are there.
  const ProofGuide g = guide(*shared_->libraries, settings_.level, settings_.guide);
  limits.guide = g.estimate;
  limits.guide_shape = g.shape;
  limits.threads = workers();
  Answer a;
  a.origin.guide_problem = g.learned_missing;
  a.search = run_search(pos, limits, classifiers());
  const SearchResult& r = *a.search;
  // A win or loss alpha-beta returns is true even when the search stopped
  // before its distance was shown exact (search.h).
  const bool decisive = r.kind == SearchKind::AlphaBeta && r.completed_ply > 0 && is_decisive(r.value);
  if (r.proven || decisive) {
    a.source = Source::Search;
    a.value = r.value;
    a.proven = true;
    a.distance_known = r.proven && r.distance_known;
    if (a.distance_known || !is_decisive(r.value) || r.proof == Proof::ProofNumber) a.line = r.pv;
    if (!r.best.is_none()) a.moves.push_back({r.best, r.value, true});
  } else {
    a.source = Source::Evaluation;
    try {
      a.value = evaluate(pos, *shared_->libraries);
    } catch (const TableError& e) {  // Level 0 needs no library: a score without the chunks
      a.value = peasant_evaluate(pos);
      a.origin.evaluator_problem = e.what();
    }
    if (!r.best.is_none()) a.moves.push_back({r.best, a.value, false});
  }
  return a;
}

std::optional<Answer> Player::exact_answer(const Position& pos, const std::vector<Position>& history,
                                           std::optional<ExactRefusal>& refusal, const std::atomic<bool>* cancel) {
  if (auto a = known(pos, history)) return a;
  if (settings_.sources != Sources::All && settings_.sources != Sources::Exact) return std::nullopt;
  Solve x = solve_exact(pos, -1, cancel);
  if (!x.table) {
    refusal = x.refusal;
    return std::nullopt;
  }
  Answer a = table_answer(*x.table, pos);
  a.source = Source::ExactSolve;
  a.origin = std::move(x.origin);
  a.exact = x.figures;
  return with_history(std::move(a), pos, history);
}

Answer Player::answer(const Position& pos, const std::vector<Position>& history, const std::atomic<bool>* stop) {
  const auto start = Clock::now();
  std::optional<ExactRefusal> refusal;
  Answer a;
  if (auto exact = exact_answer(pos, history, refusal))
    a = std::move(*exact);
  else if (settings_.sources == Sources::All || settings_.sources == Sources::Search)
    a = search(pos, stop);
  a.exact_refusal = refusal;
  a.seconds = seconds_since(start);
  return a;
}

}  // namespace chunker
