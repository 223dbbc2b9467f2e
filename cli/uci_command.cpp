// `chunker uci`: the Universal Chess Interface, so that a chess GUI or a
// match runner (cutechess-cli and the like) can load the engine. It plays
// king-and-pawn positions only: any other is refused with an `info string`
// and answered `bestmove 0000`. The search runs on its own thread; `stop`,
// the clock or `movetime` end it, and `go infinite` holds its bestmove back
// until `stop`, as the protocol asks.
//
// Scores: `score mate N` (N in moves, negative when losing) for a win or loss
// the search proved with its distance (a forced safe promotion or mate);
// `score cp ±10000` for one the schemas proved without a distance; `cp 0`
// otherwise (no side wins within the search, which scores that as a draw).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include "move_order.h"
#include "notation.h"
#include "options.h"
#include "rules.h"
#include "schemas.h"
#include "search.h"
#include "table_file.h"

namespace chunker::cli {

namespace {

constexpr int PROVEN_CP = 10000;
constexpr int UCI_MAX_PLY = 500;          // the deepest iteration of an unlimited search
constexpr int DEFAULT_MOVES_TO_GO = 30;   // how many moves the remaining clock time is shared over
constexpr long long CLOCK_MARGIN_MS = 30; // kept back from every budget for the reply to arrive in time

using Clock = std::chrono::steady_clock;

std::string score_text(Value v) {
  if (is_decisive(v) && distance_of(v) < UNKNOWN_DISTANCE) {
    const int moves = (distance_of(v) + 1) / 2;
    return "mate " + std::to_string(is_win(v) ? moves : -moves);
  }
  if (is_decisive(v)) return "cp " + std::to_string(is_win(v) ? PROVEN_CP : -PROVEN_CP);
  return "cp 0";
}

// Lines to the GUI come from the reading thread and the search thread.
class Output {
public:
  void send(const std::string& line) {
    const std::lock_guard lock(mutex_);
    std::cout << line << std::endl;
  }

private:
  std::mutex mutex_;
};

struct GoRequest {
  int depth = 0;                // 0: no ply limit
  std::uint64_t nodes = 0;      // 0: no node limit
  long long movetime_ms = -1;   // -1: none
  long long clock_ms[COLOR_NB] = {-1, -1};
  long long increment_ms[COLOR_NB] = {0, 0};
  int moves_to_go = 0;
  bool infinite = false;

  // The time this move may take, or -1 for no limit.
  long long budget_ms(Color side) const {
    if (movetime_ms >= 0) return std::max(1LL, movetime_ms - CLOCK_MARGIN_MS);
    if (clock_ms[side] < 0) return -1;
    const long long share = clock_ms[side] / (moves_to_go > 0 ? moves_to_go : DEFAULT_MOVES_TO_GO) + increment_ms[side] / 2;
    return std::max(1LL, std::min(share, clock_ms[side] - CLOCK_MARGIN_MS));
  }
};

// One search at a time on a thread of its own.
class Searcher {
public:
  explicit Searcher(Output& out) : out_(out) {}
  ~Searcher() { stop(); }

  void start(const Position& pos, const GoRequest& go, std::vector<const Classifier*> classifiers, std::size_t hash_mb) {
    stop();
    stop_flag_ = false;
    stop_requested_ = finished_ = false;
    worker_ = std::thread([this, pos, go, classifiers = std::move(classifiers), hash_mb] { run(pos, go, classifiers, hash_mb); });
  }

  // Ends the running search, if any; returns once its bestmove is out.
  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stop_requested_ = true;
    }
    stop_flag_ = true;
    wake_.notify_all();
    if (worker_.joinable()) worker_.join();
  }

private:
  void run(const Position& pos, const GoRequest& go, const std::vector<const Classifier*>& classifiers, std::size_t hash_mb);

  Output& out_;
  std::thread worker_;
  std::atomic<bool> stop_flag_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_requested_ = false, finished_ = false;  // guarded by mutex_
};

std::string info_line(int ply, Value v, std::uint64_t nodes, Clock::time_point start, const std::vector<Move>& pv) {
  const long long ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  std::string line = "info depth " + std::to_string(ply) + " score " + score_text(v) + " nodes " + std::to_string(nodes) +
                     " time " + std::to_string(ms) + " nps " + std::to_string(nodes * 1000 / std::uint64_t(std::max(1LL, ms)));
  if (!pv.empty()) {
    line += " pv";
    for (Move m : pv) line += " " + uci(m);
  }
  return line;
}

void Searcher::run(const Position& pos, const GoRequest& go, const std::vector<const Classifier*>& classifiers,
                   std::size_t hash_mb) {
  const auto start = Clock::now();
  const long long budget = go.infinite ? -1 : go.budget_ms(pos.side);
  std::thread timer;
  if (budget >= 0)
    timer = std::thread([this, deadline = start + std::chrono::milliseconds(budget)] {
      std::unique_lock lock(mutex_);
      wake_.wait_until(lock, deadline, [this] { return finished_ || stop_requested_; });
      stop_flag_ = true;
    });
  SearchLimits limits;
  limits.max_ply = go.depth > 0 ? go.depth : UCI_MAX_PLY;
  if (go.nodes > 0) limits.node_limit = go.nodes;
  else limits.node_limit = std::uint64_t(1) << 60;
  limits.hash_megabytes = hash_mb;
  limits.stop = &stop_flag_;
  limits.on_iteration = [&](int ply, Value v, std::uint64_t nodes, Move best) {
    out_.send(info_line(ply, v, nodes, start, best.is_none() ? std::vector<Move>{} : std::vector<Move>{best}));
  };
  const SearchResult result = solve(pos, limits, classifiers);
  {
    const std::lock_guard lock(mutex_);
    finished_ = true;
  }
  wake_.notify_all();
  if (timer.joinable()) timer.join();
  if (go.infinite) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stop_requested_; });
  }
  // The search's move where it has one; else (stopped within its first
  // iteration) the first legal move in the search's own order.
  MoveList moves = legal_moves(pos);
  Move best = result.best;
  if (best.is_none() || std::find(moves.begin(), moves.end(), best) == moves.end()) {
    const Move no_killers[2] = {};
    order_moves(pos, moves, Move(), no_killers);
    best = moves.empty() ? Move() : moves.moves[0];
  }
  std::vector<Move> pv = result.pv;
  if (pv.empty() || pv.front() != best) pv = {best};
  if (result.completed_ply > 0) out_.send(info_line(result.completed_ply, result.value, result.nodes, start, pv));
  out_.send("bestmove " + (best.is_none() ? std::string("0000") : uci(best)));
}

class UciEngine {
public:
  UciEngine(std::string libraries_dir, int level, std::size_t hash_mb)
      : libraries_(std::move(libraries_dir)), level_(level), hash_mb_(hash_mb) {}

  // Runs one command line; false after `quit`.
  bool execute(const std::string& line);

private:
  void set_position(std::istringstream& words);
  void go(std::istringstream& words);
  void set_option(const std::string& line);
  std::vector<const Classifier*> classifiers();

  Output out_;
  ChunkLibraries libraries_;
  int level_;
  std::size_t hash_mb_;
  std::optional<int> built_level_;
  std::vector<std::unique_ptr<Classifier>> owned_;
  std::optional<Position> position_;
  std::string no_position_ = "no position given";  // why position_ is empty, or why the game is over
  Searcher searcher_{out_};
};

std::vector<const Classifier*> UciEngine::classifiers() {
  if (built_level_ != level_) {
    try {
      owned_ = make_level(level_, SchemaMode::Sound, libraries_);
    } catch (const TableError& e) {
      out_.send(std::string("info string ") + e.what() + "; searching at level 0");
      owned_.clear();
    }
    built_level_ = level_;
  }
  std::vector<const Classifier*> list;
  for (const auto& c : owned_) list.push_back(c.get());
  return list;
}

void UciEngine::set_position(std::istringstream& words) {
  position_.reset();
  std::string word, fen;
  words >> word;
  if (word == "startpos") {
    no_position_ = "the start position has pieces other than kings and pawns; chunker plays king-and-pawn endings only";
    out_.send("info string refused: " + no_position_);
    return;
  }
  if (word != "fen") {
    no_position_ = "position needs startpos or fen";
    out_.send("info string " + no_position_);
    return;
  }
  while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
  Position pos;
  try {
    pos = parse_fen(fen).pos;
  } catch (const InputError& e) {
    no_position_ = e.what();
    out_.send("info string refused: " + no_position_);
    return;
  }
  while (words >> word) {
    if (word.size() == 5) word.resize(4);  // a promotion's piece: the domain's promotions are all nominal queens
    const auto move = find_move(pos, word);
    if (!move) {
      no_position_ = "illegal move " + word + " in " + to_fen(pos);
      out_.send("info string refused: " + no_position_);
      return;
    }
    if (move->kind() == MoveKind::Promotion && is_safe_promotion(pos, *move)) {
      no_position_ = "the game is over: " + std::string(colour_name(pos.side)) + " promoted safely with " + word;
      if (words >> word) out_.send("info string refused: moves after the end of the game (" + no_position_ + ")");
      return;
    }
    pos = make_move(pos, *move);
  }
  position_ = pos;
}

void UciEngine::go(std::istringstream& words) {
  GoRequest request;
  std::string word;
  auto number = [&](long long low) {
    long long n = low;
    if (!(words >> n) || n < low) throw InputError("go " + word + " needs a number of at least " + std::to_string(low));
    return n;
  };
  while (words >> word) {
    if (word == "depth") request.depth = int(std::min<long long>(number(1), MAX_DISTANCE));
    else if (word == "nodes") request.nodes = std::uint64_t(number(1));
    else if (word == "movetime") request.movetime_ms = number(0);
    else if (word == "wtime") request.clock_ms[WHITE] = number(0);
    else if (word == "btime") request.clock_ms[BLACK] = number(0);
    else if (word == "winc") request.increment_ms[WHITE] = number(0);
    else if (word == "binc") request.increment_ms[BLACK] = number(0);
    else if (word == "movestogo") request.moves_to_go = int(number(1));
    else if (word == "infinite" || word == "ponder") request.infinite = true;
    else out_.send("info string go: ignoring '" + word + "'");
  }
  if (!position_ || legal_moves(*position_).empty()) {
    out_.send("info string " + (position_ ? std::string("no legal move in this position") : no_position_));
    out_.send("bestmove 0000");
    return;
  }
  searcher_.start(*position_, request, classifiers(), hash_mb_);
}

void UciEngine::set_option(const std::string& line) {
  // setoption name NAME value VALUE
  const std::size_t name_at = line.find(" name "), value_at = line.find(" value ");
  if (name_at == std::string::npos || value_at == std::string::npos || value_at < name_at) {
    out_.send("info string setoption needs: setoption name NAME value VALUE");
    return;
  }
  const std::string name = line.substr(name_at + 6, value_at - name_at - 6), value = line.substr(value_at + 7);
  int n = 0;
  try {
    n = std::stoi(value);
  } catch (const std::exception&) {
    out_.send("info string option " + name + " needs a number, got '" + value + "'");
    return;
  }
  if (name == "Hash" && n >= 1 && n <= 16384) hash_mb_ = std::size_t(n);
  else if (name == "Level" && n >= 0 && n <= MAX_LEVEL) level_ = n;
  else out_.send("info string no option " + name + " with value " + value);
}

bool UciEngine::execute(const std::string& line) {
  std::istringstream words(line);
  std::string command;
  words >> command;
  try {
    if (command == "uci") {
      out_.send("id name Chunker");
      out_.send("id author the Chunker developers");
      out_.send("option name Hash type spin default " + std::to_string(hash_mb_) + " min 1 max 16384");
      out_.send("option name Level type spin default " + std::to_string(level_) + " min 0 max " + std::to_string(MAX_LEVEL));
      out_.send("uciok");
    } else if (command == "isready") {
      out_.send("readyok");
    } else if (command == "ucinewgame") {
      searcher_.stop();
      position_.reset();
      no_position_ = "no position given";
    } else if (command == "position") {
      searcher_.stop();
      set_position(words);
    } else if (command == "go") {
      searcher_.stop();
      go(words);
    } else if (command == "stop") {
      searcher_.stop();
    } else if (command == "setoption") {
      searcher_.stop();
      set_option(line);
    } else if (command == "quit") {
      searcher_.stop();
      return false;
    } else if (!command.empty() && command != "debug" && command != "ponderhit" && command != "register") {
      out_.send("info string unknown command '" + command + "'");
    }
  } catch (const InputError& e) {
    out_.send(std::string("info string ") + e.what());
  }
  return true;
}

}  // namespace

int uci_command(const Args& args) {
  po::options_description options("uci options");
  options.add_options()("libraries", po::value<std::string>()->default_value(CHUNKER_DATA_DIR),
                        "where the chunk libraries live")(
      "level", po::value<int>()->default_value(MAX_LEVEL), "the schemas consulted (the UCI option Level)")(
      "hash", po::value<long long>()->default_value(64), "hash table size in MB (the UCI option Hash)");
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker uci [--libraries DIR] [--level N] [--hash MB]\n"
                        "speaks UCI on stdin and stdout (uci, isready, position, go, stop, quit)",
                  options, {}, vm))
    return 0;
  UciEngine engine(vm["libraries"].as<std::string>(), checked<int>(vm, "level", 0, MAX_LEVEL),
                   std::size_t(checked<long long>(vm, "hash", 1, 16384)));
  std::string line;
  while (std::getline(std::cin, line))
    if (!engine.execute(line)) return 0;
  return 0;
}

}  // namespace chunker::cli
