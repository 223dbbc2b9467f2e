// One answer for any king-and-pawn position, from every source Chunker has,
// asked in the order of trust: the oracle's table (the domain), an exact
// table (solved earlier in this process, or saved in the cache directory),
// an exact solve now (when the reachable set fits the memory budget, and the
// time budget where there is one), the Chunker search with the schemas at
// the top level, the evaluation. `solve`, `table`, `inspect` and `uci` all
// ask here; none composes the sources itself.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "chunks/chunk_libraries.h"
#include "engine/search.h"
#include "exact/exact_tables.h"
#include "play/evaluation.h"
#include "play/oracle_play.h"
#include "schemas/schema_mode.h"

namespace chunker {

// Where an answer came from, most trusted first.
enum class Source { Oracle, ExactTable, ExactSolve, Search, Evaluation };
std::string source_name(Source s);

// Which sources a caller allows: every one (the default), or one alone, as
// `solve --source` asks for Table 4-1's figures or a check of one source.
enum class Sources { All, Oracle, Exact, Search };

struct MoveValue {
  Move move;
  Value value = 0;  // for the side that plays it; an evaluation when unproven
  bool proven = false;
};

// The exact solver's figures where it ran or a table of it answered.
struct ExactFigures {
  std::uint64_t structures = 0, positions = 0, from_oracle = 0;
  double seconds = 0, peak_megabytes = 0;
};

// The process's peak resident memory so far, for an exact solve's figures.
double peak_megabytes();

// Why an exact solve was not tried: the budget it did not fit.
struct ExactRefusal {
  enum class Reason {
    NoBudget,    // the memory it may take is 0: never solve
    OverMemory,  // the reachable set takes more than the memory budget
    OverClock,   // it would take longer, by the measured rate, than the time allowed
  };
  Reason reason = Reason::NoBudget;
  std::uint64_t positions = 0;   // reachable; at least so many where !counted
  std::uint64_t structures = 0;  // their pawn structures; at least so many where !counted
  bool counted = true;           // false: counting stopped past the budget
  std::uint64_t bytes = 0;       // what the table would take
  std::uint64_t budget = 0;      // the memory budget, bytes
  double seconds = 0;            // the time allowed (OverClock)
};

// Where a proven answer's values come from, beyond its Source; what is not
// the source's stays empty.
struct Origin {
  std::optional<Layout> layout;    // Oracle: the layout's table
  std::string table_root;          // ExactTable: the root its table was solved from (a FEN)
  std::string file;                // ExactTable: the file it was read from (empty: solved in this process)
  std::vector<OracleUse> oracles;  // ExactSolve: the oracle's layouts its in-domain slices were asked of
  std::string cached_in;           // ExactSolve: the cache file its table was written to
  std::string not_saved;           // ExactSolve: why it was not cached (the file system's error)
  std::string saved_to;            // ExactSolve: the file the user had it saved to
  std::string evaluator_problem;   // Evaluation: Peasant's evaluator scored it; the chunk libraries' problem
  std::string guide_problem;       // Search, Evaluation: why the level's learned guide did not steer the search
  bool repetitions = false;        // the game's repetitions changed the value
};

struct Answer {
  Source source = Source::Evaluation;
  Origin origin;
  Value value = 0;  // for the side to move; an evaluation when unproven
  bool proven = false;
  bool distance_known = false;  // of a proven decisive value
  // Best play, when proven decisive and known; from a proof-number proof, the
  // proof's line: the winner's moves against the defence with the deepest
  // proof below it, to a position the rules or a schema decide.
  std::vector<Move> line;
  std::vector<MoveValue> moves;        // every legal move's value, where the source gives them
  std::optional<SearchResult> search;  // when the search ran
  std::optional<ExactFigures> exact;   // when an exact table answered
  // Why no exact table answered, where a solve was asked for and not tried.
  std::optional<ExactRefusal> exact_refusal;
  double seconds = 0;
  // The move to play: the line's first, else the best move given, else the search's.
  Move best() const;
};

// The most threads a solve may be given.
constexpr unsigned MAX_THREADS = 256;

struct PlaySettings {
  std::string libraries;  // the chunk libraries' directory
  std::string oracle_dir;
  int level = 5;  // the schemas the search consults (MAX_LEVEL: the top level)
  SchemaMode mode = SchemaMode::Sound;
  SearchLimits limits;                   // the search's kind, nodes, hash and ply limit
  GuideKind guide = GuideKind::Learned;  // the proof-number search's guide
  Sources sources = Sources::All;
  std::uint64_t exact_memory = 0;                                  // bytes an exact solve may take; 0: never solve
  std::string exact_cache;                                         // directory of saved exact tables; empty: none
  std::uint64_t exact_cache_bytes = DEFAULT_EXACT_CACHE_MB << 20;  // the most that directory's tables may take
  // Threads of a solve: an exact solve's, and those that make the guide's
  // estimates in the proof-number search (SearchLimits::threads); 0: every
  // core it may run on (usable_cores).
  unsigned workers = 0;
  // Called now and then during an exact solve: slices done of the total.
  std::function<void(std::uint64_t done, std::uint64_t total)> exact_progress;
};

// A quarter of the machine's memory: the exact solver's default budget;
// the most any command accepts, in MB (a terabyte).
std::uint64_t default_exact_memory();
constexpr long long MAX_EXACT_MB = 1LL << 20;
// The exact solver's rate, positions a second on one core, for the time
// estimate of a solve: below the 38-58 million a CPU second measured
// (bench/exact, bench/mpi; docs/mpi.md), as a GUI's machine
// is shared with the opponent's engine. A careful solve (uci/game_player.h) of
// the 826 million positions of deepest-abc-efg-w took 12.3 s on 2 cores
// beside a bench/match game: 34 million a core.
constexpr double EXACT_RATE_PER_CORE = 30e6;
// Reading a cached exact table (decompressing it) costs about this many
// times less a position than solving it: a cached table holding a position
// is read only when it holds fewer positions than so many times the
// position's own reachable set, else the position is solved (a few
// milliseconds where a large table would take seconds and gigabytes).
constexpr std::uint64_t READ_PER_SOLVE = 8;

class Player {
 public:
  explicit Player(PlaySettings settings);
  // A Player of other settings (level, search, sources, memory budget) over
  // the files and tables `other` holds: the libraries, the oracle, the exact
  // tables (their cache and bounds stay `other`'s) and the classifiers of each
  // level are opened once and shared; one Player a call, from any thread.
  Player(PlaySettings settings, const Player& other);
  const PlaySettings& settings() const { return settings_; }

  // The answer for `pos`, the game's positions before it in `history`
  // (a move back to one of them is a repetition, a draw). `stop`, set by
  // another thread, ends the search (never a table lookup) early.
  Answer answer(const Position& pos, const std::vector<Position>& history = {},
                const std::atomic<bool>* stop = nullptr);
  // The Chunker search alone at the settings' level (the evaluation where
  // it proves nothing): what `inspect`'s solve and Table 4-1 show.
  Answer search(const Position& pos, const std::atomic<bool>* stop = nullptr);
  // What the tables say at once (oracle, exact tables in memory or cached),
  // without solving or searching, with the game's repetitions as answer()
  // counts them; nullopt where none holds the position. A game on the clock
  // reads no cache file here (HeldOnly): a file takes up to a second to read.
  enum class CacheFiles { Read, HeldOnly };
  std::optional<Answer> known(const Position& pos, const std::vector<Position>& history = {},
                              CacheFiles files = CacheFiles::Read);
  // known()'s value alone, without the moves and the line, and from the
  // exact tables in memory only (no cache file read): for the many replies
  // a game's chess check asks about (uci/game_player.cpp).
  std::optional<Value> known_value(const Position& pos);

  // known(), else an exact solve where the budgets allow it (`refusal`: why
  // not). `cancel`, set by another thread, ends the solve with ExactCancelled.
  std::optional<Answer> exact_answer(const Position& pos, const std::vector<Position>& history,
                                     std::optional<ExactRefusal>& refusal, const std::atomic<bool>* cancel = nullptr);

  // An exact solve of everything reachable from `pos` as the budgets allow
  // (the memory's, and `seconds` by the measured rate where it is >= 0):
  // the table kept for later positions (and saved in the cache), or why it
  // was not tried.
  struct Solve {
    std::shared_ptr<const ExactTable> table;  // null where it was not tried
    std::optional<ExactRefusal> refusal;      // why not
    Origin origin;                            // how it went: the oracle's layouts used, the file saved
    ExactFigures figures;
  };
  // `cancel`, set by another thread, ends it with ExactCancelled.
  Solve solve_exact(const Position& pos, double seconds = -1, const std::atomic<bool>* cancel = nullptr);
  // The same by CarefulRules for `careful` (chess/careful_rules.h), within the
  // budgets: a table of its own, neither kept here nor saved.
  Solve solve_careful(const Position& pos, Color careful, double seconds = -1,
                      const std::atomic<bool>* cancel = nullptr);

  // The move to play among `allowed` by an answer that gives every move's
  // exact value (known()'s): the quickest win, the longest defence, and of
  // drawing moves the one that leaves the opponent the fewest replies that
  // keep the draw (play/oracle_play.h); none when no allowed move is valued.
  Move exact_move(const Position& pos, const Answer& answer, const std::vector<Move>& allowed);

  // The classifiers of the settings' level (built the first time), and a
  // new level for the answers that follow (`inspect`'s solve, uci's Level).
  std::vector<const Classifier*> classifiers();
  void set_level(int level);
  // Opens both oracle layouts now (a GUI's `isready`, before the clock
  // runs); the one-line problem of each that could not be opened.
  std::vector<std::string> load_oracle();
  // The oracle's own answer (its layout, or why its table is not there);
  // nullopt outside its domain.
  std::optional<OracleAnswer> oracle_answer(const Position& pos);
  ChunkLibraries& libraries() { return *shared_->libraries; }
  ExactTables& exact_tables() { return shared_->exact; }
  // The threads a solve takes (PlaySettings::workers; 0: usable_cores()).
  unsigned workers() const;

 private:
  std::optional<Answer> from_oracle(const Position& pos);
  // The structures an exact solve of `pos` takes, when they fit the memory
  // budget and `seconds` by the measured rate (< 0: no time limit); else
  // none and `refusal` says why.
  std::optional<std::vector<PawnStructure>> plan(const Position& pos, double seconds,
                                                 std::optional<ExactRefusal>& refusal) const;
  std::optional<Answer> from_exact_table(const Position& pos, CacheFiles files);
  // The cached table of fewest positions that holds `pos`, read, unless
  // solving `pos` would cost less (READ_PER_SOLVE) and the budget allows it.
  std::shared_ptr<const ExactTable> read_cached(const Position& pos);

  // What Players made from one another share.
  struct Shared {
    explicit Shared(const PlaySettings& settings);
    std::unique_ptr<ChunkLibraries> libraries;
    // Opens libraries while classifiers() opens others (there); joined
    // before libraries goes.
    std::jthread opening_ahead;
    std::mutex classifiers_mutex;
    std::map<std::pair<int, SchemaMode>, std::vector<std::unique_ptr<Classifier>>> classifiers;  // by level and mode
    std::mutex oracle_mutex;
    OracleTables oracle;
    ExactTables exact;
  };

  PlaySettings settings_;
  std::shared_ptr<Shared> shared_;
};

}  // namespace chunker
