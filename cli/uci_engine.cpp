#include "uci_engine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

#include "answer.h"
#include "chess_engine.h"
#include "game_move.h"
#include "gui_game.h"
#include "notation.h"
#include "schemas.h"

namespace chunker::cli {

namespace {

constexpr int PROVEN_CP = 10000;             // a win or loss proven without its distance
constexpr int DEFAULT_MOVES_TO_GO = 30;      // how many moves the remaining clock time is shared over
constexpr long long CLOCK_MARGIN_MS = 30;    // kept back from every budget for the reply to arrive in time
constexpr long long MALFORMED_GO_MS = 1000;  // the time of a go whose every limit was malformed

using Clock = std::chrono::steady_clock;

// Scores for the side to move: `mate N` (moves, negative when losing) for a
// win or loss with its distance; `cp ±10000` for one without; else the
// evaluation in Peasant's units (a pawn is 10).
std::string score_text(Value v, bool proven) {
  if (proven && is_decisive(v) && distance_of(v) < UNKNOWN_DISTANCE) {
    const int moves = (distance_of(v) + 1) / 2;
    return "mate " + std::to_string(is_win(v) ? moves : -moves);
  }
  if (proven && is_decisive(v)) return "cp " + std::to_string(is_win(v) ? PROVEN_CP : -PROVEN_CP);
  return "cp " + std::to_string(proven ? 0 : v);
}

// Lines to the GUI come from the reading thread and the thinking thread.
class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void send(const std::string& line) {
    const std::lock_guard lock(mutex_);
    out_ << line << std::endl;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

struct GoRequest {
  int depth = 0;               // 0: no ply limit
  std::uint64_t nodes = 0;     // 0: no node limit
  long long movetime_ms = -1;  // -1: none
  long long clock_ms[COLOR_NB] = {-1, -1};
  long long increment_ms[COLOR_NB] = {0, 0};
  int moves_to_go = 0;
  bool infinite = false;

  bool limited() const {
    return depth || nodes || movetime_ms >= 0 || clock_ms[WHITE] >= 0 || clock_ms[BLACK] >= 0 || infinite;
  }
  // The time this move may take, or -1 for no limit.
  long long budget_ms(Color side) const {
    if (infinite) return -1;
    if (movetime_ms >= 0) return std::max(1LL, movetime_ms - CLOCK_MARGIN_MS);
    if (clock_ms[side] < 0) return -1;
    const long long share =
        clock_ms[side] / (moves_to_go > 0 ? moves_to_go : DEFAULT_MOVES_TO_GO) + increment_ms[side] / 2;
    return std::max(1LL, std::min(share, clock_ms[side] - CLOCK_MARGIN_MS));
  }
};

// One thinking task at a time on a thread of its own, ended by stop() or
// its time budget; its move is sent as `bestmove`, held back under `go
// infinite` until stop() as the protocol asks.
class Thinker {
 public:
  using Task = std::function<std::string(std::stop_token stop)>;
  explicit Thinker(Output& out) : out_(out) {}
  ~Thinker() { stop(); }

  // `fallback`: a legal move to send should the task fail (never a null
  // move while a legal one exists).
  void start(Task task, long long budget_ms, bool infinite, std::string fallback) {
    stop();
    stop_source_ = std::stop_source();
    stop_requested_ = finished_ = false;
    worker_ = std::thread([this, task = std::move(task), budget_ms, infinite, fallback = std::move(fallback)] {
      run(task, budget_ms, infinite, fallback);
    });
  }

  // Ends the running task, if any; returns once its bestmove is out.
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stop_requested_ = true;
    }
    stop_source_.request_stop();
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
  }

 private:
  void run(const Task& task, long long budget_ms, bool infinite, const std::string& fallback) {
    std::thread timer;
    if (budget_ms >= 0)
      timer = std::thread([this, deadline = Clock::now() + std::chrono::milliseconds(budget_ms)] {
        std::unique_lock lock(mutex_);
        wake_.wait_until(lock, deadline, [this] { return finished_ || stop_requested_; });
        stop_source_.request_stop();
      });
    std::string move;
    try {
      move = task(stop_source_.get_token());
    } catch (const std::exception& e) {
      out_.send(std::string("info string error: ") + e.what() + "; answering with a legal move");
      move = fallback;
    }
    {
      const std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_all();
    if (timer.joinable()) timer.join();
    if (infinite) {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_requested_; });
    }
    out_.send("bestmove " + (move.empty() ? std::string("0000") : move));
  }

  Output& out_;
  std::thread worker_;
  std::stop_source stop_source_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false, finished_ = false;  // guarded by mutex_
};

std::string info_line(int depth, const std::string& score, std::uint64_t nodes, Clock::time_point start, Move best) {
  const long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  std::string line = "info depth " + std::to_string(depth) + " score " + score + " nodes " + std::to_string(nodes) +
                     " time " + std::to_string(ms) + " nps " +
                     std::to_string(nodes * 1000 / std::uint64_t(std::max(1LL, ms)));
  if (!best.is_none()) line += " pv " + uci(best);
  return line;
}

// The time an exact solve may take, by the go's limits: half the clock
// left (its table then answers the rest of the game at once), a movetime's
// worth of the moves the game may still last, or no limit (-1) without either.
double exact_seconds(const GoRequest& request, Color side) {
  if (request.clock_ms[side] >= 0) return double(request.clock_ms[side]) / 2000.0;
  if (request.movetime_ms >= 0) return double(request.movetime_ms) * DEFAULT_MOVES_TO_GO / 1000.0;
  return -1;
}

// What a change of an option leaves to redo.
enum class Redo { Nothing, Player, ChessEngine };

// A UCI option: declared once here; `uci` prints the table and `setoption`
// parses from it.
struct UciOption {
  std::string name;
  enum class Type { Spin, Check, String } type;
  long long min = 0, max = 0;  // a spin's range
  std::function<std::string(const UciSettings&)> get;
  std::function<void(UciSettings&, const std::string&)> set;  // given a value already checked
  Redo redo = Redo::Nothing;
};

std::string text_of(const std::string& path) { return path.empty() ? "<empty>" : path; }
std::string path_of(const std::string& text) { return text == "<empty>" ? "" : text; }

const std::vector<UciOption>& uci_options() {
  using T = UciOption::Type;
  static const std::vector<UciOption> options{
      {"Hash", T::Spin, 1, MAX_HASH_MB, [](const UciSettings& s) { return std::to_string(s.hash_mb); },
       [](UciSettings& s, const std::string& v) { s.hash_mb = std::stoull(v); }, Redo::Player},
      {"Level", T::Spin, 0, MAX_LEVEL, [](const UciSettings& s) { return std::to_string(s.level); },
       [](UciSettings& s, const std::string& v) { s.level = std::stoi(v); }, Redo::Player},
      {"UseOracle", T::Check, 0, 0, [](const UciSettings& s) { return std::string(s.use_oracle ? "true" : "false"); },
       [](UciSettings& s, const std::string& v) { s.use_oracle = v == "true"; }, Redo::Player},
      {"Libraries", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.libraries); },
       [](UciSettings& s, const std::string& v) { s.libraries = path_of(v); }, Redo::Player},
      {"OracleDir", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.oracle_dir); },
       [](UciSettings& s, const std::string& v) { s.oracle_dir = path_of(v); }, Redo::Player},
      {"ExactMemory", T::Spin, 0, MAX_EXACT_MB, [](const UciSettings& s) { return std::to_string(s.exact_mb); },
       [](UciSettings& s, const std::string& v) { s.exact_mb = std::stoull(v); }, Redo::Player},
      {"ExactCache", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.exact_cache); },
       [](UciSettings& s, const std::string& v) { s.exact_cache = path_of(v); }, Redo::Player},
      {"Threads", T::Spin, 1, MAX_THREADS, [](const UciSettings& s) { return std::to_string(s.threads); },
       [](UciSettings& s, const std::string& v) { s.threads = unsigned(std::stoul(v)); }, Redo::Player},
      {"ChessEngine", T::String, 0, 0, [](const UciSettings& s) { return text_of(s.chess_engine); },
       [](UciSettings& s, const std::string& v) { s.chess_engine = path_of(v); }, Redo::ChessEngine},
  };
  return options;
}

std::string option_line(const UciOption& o, const UciSettings& settings) {
  static const char* const TYPE[] = {"spin", "check", "string"};
  std::string line = "option name " + o.name + " type " + TYPE[int(o.type)] + " default " + o.get(settings);
  if (o.type == UciOption::Type::Spin) line += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  return line;
}

// Throws InputError where `value` is not one the option takes.
void check_value(const UciOption& o, const std::string& value) {
  if (o.type == UciOption::Type::Check && value != "true" && value != "false")
    throw InputError("option " + o.name + " needs true or false, got '" + value + "'");
  if (o.type != UciOption::Type::Spin) return;
  std::size_t used = 0;
  long long n = 0;
  try {
    n = std::stoll(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size() || n < o.min || n > o.max)
    throw InputError("option " + o.name + " needs a number from " + std::to_string(o.min) + " to " +
                     std::to_string(o.max) + ", got '" + value + "'");
}

}  // namespace

struct UciEngine::State {
  State(std::ostream& stream, UciSettings s) : out(stream), settings(std::move(s)) {
    make_chess_engine();
    make_player();
  }

  void make_player();
  void make_chess_engine();
  void set_position(const std::string& words);
  void go(std::istringstream& words);
  void set_option(const std::string& line);
  void ready();
  // The move of Chunker's game, on the thinking thread.
  std::string think(const GuiGame& game, const GoRequest& request, std::stop_token stop);
  // The chess move where Chunker's rules have nothing to say.
  std::string chess_move(const GuiGame& game, long long budget_ms, int depth, std::stop_token stop);

  Output out;
  UciSettings settings;
  std::unique_ptr<ChessEngine> chess;  // before the players, which use it
  std::unique_ptr<Player> player;
  std::unique_ptr<GamePlayer> game_player;  // on `player`; its exact solve is waited for before `player` goes
  bool oracle_problem_told = false, chess_engine_told = false;
  std::optional<GuiGame> game;
  std::string no_game = "no position given";  // why game is empty
  Thinker thinker{out};
};

void UciEngine::State::make_player() {
  game_player.reset();
  PlaySettings play;
  play.libraries = settings.libraries;
  play.oracle_dir = settings.oracle_dir;
  play.level = settings.level;
  play.limits.hash_megabytes = settings.hash_mb;
  play.sources = settings.use_oracle ? Sources::All : Sources::Search;
  play.exact_memory = settings.use_oracle ? std::uint64_t(settings.exact_mb) << 20 : 0;
  play.exact_cache = settings.exact_cache;
  play.workers = settings.threads;
  player = std::make_unique<Player>(play);
  game_player = std::make_unique<GamePlayer>(*player, chess.get());
}

void UciEngine::State::make_chess_engine() {
  game_player.reset();
  chess = std::make_unique<ChessEngine>(settings.chess_engine);
  chess_engine_told = false;
  if (player) game_player = std::make_unique<GamePlayer>(*player, chess.get());
}

void UciEngine::State::ready() {
  chess->name();  // starts the chess engine before the clock runs
  if (!settings.use_oracle) return;
  const std::vector<std::string> problems = player->load_oracle();
  if (!problems.empty() && !oracle_problem_told)
    out.send("info string the oracle is not available: " + problems.front() + "; the search plays there instead");
  oracle_problem_told = true;
}

void UciEngine::State::set_position(const std::string& words) {
  game.reset();
  try {
    game = read_game(words);
  } catch (const InputError& e) {
    no_game = e.what();
    out.send("info string refused: " + no_game);
  }
}

std::string UciEngine::State::chess_move(const GuiGame& g, long long budget_ms, int depth, std::stop_token stop) {
  if (!chess_engine_told) out.send("info string the chess after Chunker's game: " + chess->name());
  chess_engine_told = true;
  return chess
      ->play(
          g.words, g.board, budget_ms, depth, std::move(stop), [this](const std::string& line) { out.send(line); },
          g.boards)
      .move;
}

std::string UciEngine::State::think(const GuiGame& game, const GoRequest& request, std::stop_token stop) {
  const auto start = Clock::now();
  const Position& pos = *game.position;
  const std::vector<Move> allowed = gui_legal_moves(pos, game.board);
  if (allowed.empty()) {
    out.send("info string no move of Chunker's rules is legal in chess here; answering with a chess move");
    return chess_move(game, request.budget_ms(pos.side), request.depth, stop);
  }
  ChoiceLimits limits;
  if (request.depth > 0) limits.max_ply = request.depth;
  if (request.nodes > 0) limits.node_limit = request.nodes;
  limits.hash_megabytes = settings.hash_mb;
  auto report = [&](const MoveChoice& choice) {
    const RankedMove& top = choice.ranked.front();
    out.send(info_line(choice.rounds, score_text(top.value, top.proven), choice.nodes, start, top.move));
  };
  const GameMove chosen =
      game_player->choose(pos, game.line, allowed, limits, exact_seconds(request, pos.side), stop, report, &game);
  if (!chosen.note.empty()) out.send("info string " + chosen.note);
  if (chosen.exact) {
    const Value v = chosen.value;
    out.send(info_line(0, score_text(v, true), 0, start, chosen.move));
    out.send("info string " + chosen.detail + ": " + uci(chosen.move) + " " +
             (is_win(v)    ? "wins in " + std::to_string(distance_of(v)) + " plies"
              : is_loss(v) ? "loses in " + std::to_string(distance_of(v)) + " plies, the longest defence"
                           : std::string("keeps the draw")));
  }
  return uci(chosen.move);
}

void UciEngine::State::go(std::istringstream& words) {
  GoRequest request;
  std::string word;
  // A GUI waits for the bestmove of every go: a malformed limit is reported
  // and left out, and the search still answers.
  bool malformed = false;
  auto number = [&](long long low, long long unset) {
    long long n = low;
    if (words >> n && n >= low) return n;
    words.clear();
    malformed = true;
    out.send("info string go " + word + " needs a number of at least " + std::to_string(low) + ": ignored");
    return unset;
  };
  while (words >> word) {
    if (word == "depth")
      request.depth = int(std::min<long long>(number(1, 0), MAX_DISTANCE));
    else if (word == "nodes")
      request.nodes = std::uint64_t(number(1, 0));
    else if (word == "movetime")
      request.movetime_ms = number(0, -1);
    else if (word == "wtime")
      request.clock_ms[WHITE] = number(0, -1);
    else if (word == "btime")
      request.clock_ms[BLACK] = number(0, -1);
    else if (word == "winc")
      request.increment_ms[WHITE] = number(0, 0);
    else if (word == "binc")
      request.increment_ms[BLACK] = number(0, 0);
    else if (word == "movestogo")
      request.moves_to_go = int(std::min<long long>(number(1, 0), 1000));
    else if (word == "infinite" || word == "ponder")
      request.infinite = true;
    else
      out.send("info string go: ignoring '" + word + "'");
  }
  if (malformed && !request.limited()) request.movetime_ms = MALFORMED_GO_MS;
  if (!game) {
    out.send("info string " + no_game);
    out.send("bestmove 0000");
    return;
  }
  const long long budget = request.budget_ms(game->board.side());
  const std::vector<std::string> legal = game->board.legal_moves();
  const std::string fallback = legal.empty() ? "" : legal.front();
  if (!game->position) {
    // Chunker's game is over, or never was: say so, and keep to chess.
    const Color side = game->board.side();
    const int cp = !game->winner ? 0 : *game->winner == side ? PROVEN_CP : -PROVEN_CP;
    out.send("info string " + game->over);
    out.send("info depth 0 score cp " + std::to_string(cp));
    thinker.start(
        [this, current = *game, budget, depth = request.depth](std::stop_token stop) {
          if (current.repeated)
            if (const auto m = game_player->table_move(current.board)) {
              out.send("info string the GUI plays on: the tables' move");
              return uci(*m);
            }
          return chess_move(current, budget, depth, stop);
        },
        budget, request.infinite, fallback);
    return;
  }
  thinker.start([this, current = *game, request](std::stop_token stop) { return think(current, request, stop); },
                budget, request.infinite, fallback);
}

void UciEngine::State::set_option(const std::string& line) {
  // setoption name NAME [value VALUE]; names are matched without case, as UCI asks.
  const std::size_t name_at = line.find(" name "), value_at = line.find(" value ");
  if (name_at == std::string::npos || value_at == std::string::npos || value_at < name_at) {
    out.send("info string setoption needs: setoption name NAME value VALUE");
    return;
  }
  const std::string name = line.substr(name_at + 6, value_at - name_at - 6), value = line.substr(value_at + 7);
  auto same = [&](const std::string& a) {
    return std::equal(a.begin(), a.end(), name.begin(), name.end(),
                      [](char x, char y) { return std::tolower(x) == std::tolower(y); });
  };
  const auto& options = uci_options();
  const auto option = std::find_if(options.begin(), options.end(), [&](const UciOption& o) { return same(o.name); });
  if (option == options.end()) {
    out.send("info string no option named '" + name + "'");
    return;
  }
  check_value(*option, value);
  option->set(settings, value);
  if (option->redo == Redo::Player) {
    oracle_problem_told = false;
    make_player();
  }
  if (option->redo == Redo::ChessEngine) make_chess_engine();
}

UciEngine::UciEngine(std::ostream& out, UciSettings settings)
    : state_(std::make_unique<State>(out, std::move(settings))) {}
UciEngine::~UciEngine() { state_->thinker.stop(); }

bool UciEngine::execute(const std::string& line) {
  State& s = *state_;
  std::istringstream words(line);
  std::string command;
  words >> command;
  try {
    if (command == "uci") {
      s.out.send("id name Chunker " CHUNKER_VERSION);
      s.out.send("id author the Chunker developers");
      for (const UciOption& o : uci_options()) s.out.send(option_line(o, s.settings));
      s.out.send("uciok");
    } else if (command == "isready") {
      s.ready();
      s.out.send("readyok");
    } else if (command == "ucinewgame") {
      s.thinker.stop();
      s.game.reset();
      s.no_game = "no position given";
      s.chess->new_game();
      if (s.game_player) s.game_player->new_game();
    } else if (command == "position") {
      s.thinker.stop();
      std::string rest;
      std::getline(words, rest);
      s.set_position(rest);
    } else if (command == "go") {
      s.thinker.stop();
      s.go(words);
    } else if (command == "stop") {
      s.thinker.stop();
    } else if (command == "setoption") {
      s.thinker.stop();
      s.set_option(line);
    } else if (command == "quit") {
      s.thinker.stop();
      return false;
    } else if (!command.empty() && command != "debug" && command != "ponderhit" && command != "register") {
      s.out.send("info string unknown command '" + command + "'");
    }
  } catch (const InputError& e) {
    s.out.send(std::string("info string ") + e.what());
  } catch (const std::exception& e) {
    s.out.send(std::string("info string error: ") + e.what());
  }
  return true;
}

}  // namespace chunker::cli
