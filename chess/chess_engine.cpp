#include "chess/chess_engine.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

#include "chess/child_process.h"

namespace chunker {

namespace {

using Clock = std::chrono::steady_clock;

// How long an engine may take to answer `uci` and `isready`.
constexpr double HANDSHAKE_SECONDS = 10;
// What an engine may take past its movetime before it counts as hung.
constexpr double GRACE_SECONDS = 2;
// The built-in search's plies: enough to see a mate in one and a piece hung.
constexpr int BUILTIN_DEPTH = 3;

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

bool executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

// The score of an info line, for the side to move, into `reply`.
void read_score(const std::string& line, ChessReply& reply) {
  const std::vector<std::string> w = words_of(line);
  for (std::size_t i = 0; i + 2 < w.size(); ++i) {
    if (w[i] != "score") continue;
    const int n = std::atoi(w[i + 2].c_str());
    if (w[i + 1] == "cp") reply.centipawns = n, reply.mate_moves = 0;
    if (w[i + 1] == "mate") reply.mate_moves = n;
  }
}

int piece_value(char p) {
  switch (p | 0x20) {
    case 'p':
      return 100;
    case 'n':
    case 'b':
      return 300;
    case 'r':
      return 500;
    case 'q':
      return 900;
    default:
      return 0;
  }
}

// Material for the side to move; and, for the side ahead, the usual mop-up
// terms that let a few plies mate a lone king: its king near the other, the
// other driven to the edge.
int evaluate(const ChessBoard& board) {
  int score = 0;
  for (Square s = 0; s < SQUARE_NB; ++s) {
    const char p = board.at(s);
    if (p == '.') continue;
    score += (p >= 'a') == (board.side() == BLACK) ? piece_value(p) : -piece_value(p);
  }
  if (score == 0) return 0;
  const Color ahead = score > 0 ? board.side() : ~board.side();
  const Square own = board.king(ahead), other = board.king(~ahead);
  const int file = other % 8, rank = other / 8;
  const int from_centre = std::max(3 - file, file - 4) + std::max(3 - rank, rank - 4);
  const int apart = std::max(std::abs(own % 8 - file), std::abs(own / 8 - rank));
  const int mop_up = 10 * from_centre + 4 * (7 - apart);
  return score + (ahead == board.side() ? mop_up : -mop_up);
}

constexpr int MATE = 100000;

int negamax(const ChessBoard& board, int depth, int alpha, int beta, const std::stop_token& stop) {
  const std::vector<std::string> moves = board.legal_moves();
  if (moves.empty()) return board.in_check() ? -MATE - depth : 0;  // a quicker mate scores higher
  if (depth == 0 || stop.stop_requested()) return evaluate(board);
  for (const std::string& m : moves) {
    ChessBoard child = board;
    child.play(m);
    alpha = std::max(alpha, -negamax(child, depth - 1, -beta, -alpha, stop));
    if (alpha >= beta) break;
  }
  return alpha;
}

}  // namespace

ChessReply builtin_chess_move(const ChessBoard& board, int depth, std::stop_token stop,
                              const std::vector<ChessBoard>& earlier) {
  ChessReply best{"", 0, 0, "the built-in search"};
  const int plies = std::clamp(depth, 1, BUILTIN_DEPTH);
  int alpha = -2 * MATE;
  for (const std::string& m : board.legal_moves()) {
    ChessBoard child = board;
    child.play(m);
    const bool repeats = std::find(earlier.begin(), earlier.end(), child) != earlier.end();
    const int score = repeats ? 0 : -negamax(child, plies - 1, -2 * MATE, -alpha, stop);
    if (best.move.empty() || score > alpha) {
      alpha = score;
      best.move = m;
    }
  }
  // A mate found with r plies left below it was given on ply plies - r.
  if (alpha >= MATE)
    best.mate_moves = (plies - (alpha - MATE) + 1) / 2;
  else if (alpha <= -MATE)
    best.mate_moves = -std::max(1, (plies - (-alpha - MATE)) / 2);
  else
    best.centipawns = alpha;
  return best;
}

std::string default_chess_engine() {
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');)
      if (!dir.empty() && executable(dir + "/stockfish")) return dir + "/stockfish";
  }
  return executable("/usr/games/stockfish") ? "/usr/games/stockfish" : "";
}

ChessEngine::ChessEngine(std::string command) : command_(std::move(command)) {
  if (words_of(command_).empty()) why_builtin_ = "no ChessEngine is set";
}

ChessEngine::~ChessEngine() {
  if (process_) process_->write_line("quit");
}

bool ChessEngine::start() {
  if (process_) return true;
  if (!why_builtin_.empty()) return false;
  {
    const std::lock_guard lock(write_mutex_);
    process_ = std::make_unique<ChildProcess>(words_of(command_));
  }
  bool ready = process_->started() && process_->write_line("uci");
  std::string name;
  while (ready) {
    const auto line = process_->read_line(HANDSHAKE_SECONDS);
    if (!line)
      ready = false;
    else if (line->rfind("id name ", 0) == 0)
      name = line->substr(8);
    else if (*line == "uciok")
      break;
  }
  if (ready)
    ready = process_->write_line("isready") && process_->read_until("readyok", HANDSHAKE_SECONDS).back() == "readyok";
  if (!ready) {
    const std::lock_guard lock(write_mutex_);
    process_.reset();
    why_builtin_ = "the ChessEngine '" + command_ + "' did not answer uci and isready";
    return false;
  }
  name_ = name.empty() ? command_ : name;
  return true;
}

std::string ChessEngine::name() {
  const std::lock_guard lock(use_mutex_);
  return start() ? name_ : "the built-in search (" + why_builtin_ + ")";
}

void ChessEngine::prepare() {
  const std::unique_lock lock(use_mutex_, std::try_to_lock);
  if (lock.owns_lock()) start();  // else a search is using it: started already
}

void ChessEngine::new_game() {
  const std::lock_guard lock(use_mutex_);
  if (process_) process_->write_line("ucinewgame");
}

void ChessEngine::drop(const std::string& why, const std::function<void(const std::string&)>& info) {
  {
    const std::lock_guard lock(write_mutex_);  // a stop callback may be writing to it
    process_.reset();
  }
  why_builtin_ = why;
  if (info) info("info string " + why + "; the built-in search plays on");
}

ChessReply ChessEngine::play(const std::string& position, const ChessBoard& board, long long budget_ms, int depth,
                             std::stop_token stop, const std::function<void(const std::string&)>& info,
                             const std::vector<ChessBoard>& earlier) {
  const std::vector<std::string> legal = board.legal_moves();
  if (legal.empty()) return {"", 0, 0, ""};
  const std::lock_guard lock(use_mutex_);
  if (!start()) return builtin_chess_move(board, depth > 0 ? depth : BUILTIN_DEPTH, stop, earlier);
  // The GUI's depth limit and the move's time both bound the engine's search, as they bound Chunker's.
  std::string go = "go";
  if (depth > 0) go += " depth " + std::to_string(depth);
  if (budget_ms >= 0) go += " movetime " + std::to_string(std::max(1LL, budget_ms));
  if (go == "go") go = "go infinite";
  return search(position, board, go, budget_ms, std::move(stop), info, earlier);
}

std::optional<std::string> ChessEngine::choose(const std::string& position, const ChessBoard& board,
                                               const std::vector<std::string>& among, long long budget_ms,
                                               std::stop_token stop) {
  if (among.empty()) return std::nullopt;
  const std::lock_guard lock(use_mutex_);
  if (!start()) return std::nullopt;
  std::string go = "go movetime " + std::to_string(std::max(1LL, budget_ms)) + " searchmoves";
  for (const std::string& m : among) go += " " + m;
  const ChessReply reply = search(position, board, go, budget_ms, std::move(stop), {}, {});
  if (std::find(among.begin(), among.end(), reply.move) == among.end()) return std::nullopt;
  return reply.move;
}

ChessReply ChessEngine::search(const std::string& position, const ChessBoard& board, const std::string& go,
                               long long budget_ms, std::stop_token stop,
                               const std::function<void(const std::string&)>& info,
                               const std::vector<ChessBoard>& earlier) {
  const std::vector<std::string> legal = board.legal_moves();
  {
    const std::lock_guard lock(write_mutex_);
    process_->write_line("position " + position);
    process_->write_line(go);
  }
  std::stop_callback on_stop(stop, [this] {
    const std::lock_guard lock(write_mutex_);
    if (process_) process_->write_line("stop");
  });
  const auto grace = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(GRACE_SECONDS));
  const auto deadline =
      budget_ms >= 0 ? Clock::now() + std::chrono::milliseconds(budget_ms) + grace : Clock::time_point::max();
  std::optional<Clock::time_point> stopped_at;  // when the stop was first seen: the engine then has the grace
  ChessReply reply{"", 0, 0, name_};
  for (;;) {
    // Reads a second at a time, so that a hung engine is seen by its deadline.
    const auto line = process_->read_line(1.0);
    if (!line) {
      if (stop.stop_requested() && !stopped_at) stopped_at = Clock::now();
      const bool late = Clock::now() >= deadline || (stopped_at && Clock::now() >= *stopped_at + grace);
      if (!late && !process_->ended()) continue;
      drop("the ChessEngine '" + name_ + "' gave no move in time", info);
      return builtin_chess_move(board, BUILTIN_DEPTH, stop, earlier);
    }
    if (line->rfind("info ", 0) == 0) {
      read_score(*line, reply);
      if (info) info(*line);
    } else if (line->rfind("bestmove", 0) == 0) {
      const std::vector<std::string> w = words_of(*line);
      reply.move = w.size() > 1 ? w[1] : "";
      break;
    }
  }
  if (std::find(legal.begin(), legal.end(), reply.move) == legal.end()) {
    drop("the ChessEngine '" + name_ + "' answered the illegal move '" + reply.move + "'", info);
    return builtin_chess_move(board, BUILTIN_DEPTH, stop, earlier);
  }
  return reply;
}

}  // namespace chunker
