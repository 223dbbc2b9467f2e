#include "uci/uci_engine.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "chess/chess_engine.h"
#include "chess/gui_game.h"
#include "engine/notation.h"
#include "play/chess_answer.h"
#include "uci/game_player.h"
#include "uci/gui_output.h"
#include "uci/search_info.h"
#include "uci/thinker.h"
#include "uci/time_budget.h"
#include "uci/uci_options.h"

namespace chunker {

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
  Thinker::Reply think(const GuiGame& game, const GoRequest& request, std::stop_token stop);
  // The chess move where Chunker's rules have nothing to say.
  Thinker::Reply chess_move(const GuiGame& game, long long budget_ms, int depth, std::stop_token stop);
  // The chess-exact table's move on the GUI's board, where one holds the
  // position or a solve of it fits the memory and a third of `budget_ms`
  // by the measured rate; none otherwise (or when `stop` ends the solve).
  std::optional<std::string> chess_table_move(const GuiGame& game, long long budget_ms, std::stop_token stop);
  // Where Chunker's game is over, or never was: said, and the chess goes on.
  void go_chess(const GoRequest& request, long long budget, Thinker::Hold hold, const std::string& fallback);

  GuiOutput out;
  UciSettings settings;
  std::unique_ptr<ChessEngine> chess;  // before the players, which use it
  std::unique_ptr<Player> player;
  std::unique_ptr<GamePlayer> game_player;    // on `player`; its exact solve is waited for before `player` goes
  std::unique_ptr<ChessPlayer> chess_tables;  // the chess-exact tables of the game's positions after Chunker's
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
  chess_tables = std::make_unique<ChessPlayer>(play.exact_memory, std::max(1u, settings.threads), nullptr,
                                               settings.exact_cache.empty() ? "" : settings.exact_cache + "/chess");
}

void UciEngine::State::make_chess_engine() {
  game_player.reset();
  chess = std::make_unique<ChessEngine>(settings.chess_engine);
  chess_engine_told = false;
  if (player) game_player = std::make_unique<GamePlayer>(*player, chess.get());
}

void UciEngine::State::ready() {
  chess->prepare();  // starts the chess engine before the clock runs
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

Thinker::Reply UciEngine::State::chess_move(const GuiGame& g, long long budget_ms, int depth, std::stop_token stop) {
  if (!chess_engine_told) out.send("info string the chess after Chunker's game: " + chess->name());
  chess_engine_told = true;
  const auto info = [this](const std::string& line) { out.send(line); };
  return {chess->play(g.words, g.board, budget_ms, depth, std::move(stop), info, g.boards).move, ""};
}

std::optional<std::string> UciEngine::State::chess_table_move(const GuiGame& g, long long budget_ms,
                                                              std::stop_token stop) {
  const ChessPosition pos = chess_position(g.board);
  std::optional<ChessAnswer> answer = chess_tables->known(pos);
  if (!answer) {
    const ChessPlan plan = chess_tables->plan(pos);
    const double seconds = double(plan.positions) / (CHESS_RATE_PER_CORE * std::max(1u, settings.threads));
    if (!plan.fitting || (budget_ms >= 0 && seconds * 1000 > double(budget_ms) / 3)) return std::nullopt;
    std::atomic<bool> cancel = false;
    const std::stop_callback on_stop(stop, [&cancel] { cancel = true; });
    std::optional<ExactRefusal> refusal;
    try {
      answer = chess_tables->answer(pos, refusal, &cancel);
    } catch (const ExactCancelled&) {
      return std::nullopt;
    }
    if (!answer) return std::nullopt;
    out.send("info string the chess-exact table is solved: " + std::to_string(answer->figures.positions) +
             " positions");
  }
  const ChessMove m = answer->best();
  if (m.is_none()) return std::nullopt;
  Value v = answer->value;
  for (const ChessMoveValue& mv : answer->moves)
    if (mv.move == m) v = mv.value;
  out.send("info depth 0 score " + score_text(v, true) + " pv " + pieces::uci(m));
  out.send("info string the chess-exact table (chess's rules, to mate): " + pieces::uci(m) + " " +
           (is_win(v)    ? "mates in " + std::to_string(distance_of(v)) + " plies"
            : is_loss(v) ? "is mated in " + std::to_string(distance_of(v)) + " plies, the longest defence"
                         : std::string("keeps the draw")));
  return pieces::uci(m);
}

Thinker::Reply UciEngine::State::think(const GuiGame& game, const GoRequest& request, std::stop_token stop) {
  const auto start = std::chrono::steady_clock::now();
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
      game_player->choose(pos, game.line, allowed, limits, request.exact_seconds(pos.side), stop, report, &game);
  for (const GameNote& note : chosen.notes) out.send("info string " + note_words(note));
  Thinker::Reply reply{uci(chosen.move), ""};
  if (chosen.exact) {
    const Value v = chosen.value;
    out.send(info_line(0, score_text(v, true), 0, start, chosen.move));
    out.send("info string " + source_words(chosen.source, chosen.origin) + ": " + uci(chosen.move) + " " +
             (is_win(v)    ? "wins in " + std::to_string(distance_of(v)) + " plies"
              : is_loss(v) ? "loses in " + std::to_string(distance_of(v)) + " plies, the longest defence"
                           : std::string("keeps the draw")));
    // The reply to ponder on, where the GUI's board allows it after our move.
    ChessBoard after = game.board;
    if (!chosen.ponder.is_none() && after.play(reply.move)) {
      const std::vector<std::string> replies = after.legal_moves();
      if (std::find(replies.begin(), replies.end(), uci(chosen.ponder)) != replies.end())
        reply.ponder = uci(chosen.ponder);
    }
  }
  return reply;
}

namespace {

// The words after `go`. A GUI waits for the bestmove of every go: a
// malformed limit is reported and left out, and the search still answers.
GoRequest parse_go(std::istringstream& words, GuiOutput& out) {
  GoRequest request;
  std::string word;
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
    else if (word == "infinite")
      request.infinite = true;
    else if (word == "ponder")
      request.ponder = true;
    else
      out.send("info string go: ignoring '" + word + "'");
  }
  if (malformed && !request.limited()) request.movetime_ms = MALFORMED_GO_MS;
  return request;
}

}  // namespace

void UciEngine::State::go_chess(const GoRequest& request, long long budget, Thinker::Hold hold,
                                const std::string& fallback) {
  const Color side = game->board.side();
  const int cp = !game->winner ? 0 : *game->winner == side ? PROVEN_CP : -PROVEN_CP;
  out.send("info string " + game->over);
  out.send("info depth 0 score cp " + std::to_string(cp));
  thinker.start(
      [this, current = *game, budget, depth = request.depth](std::stop_token stop) -> Thinker::Reply {
        if (current.repeated)
          if (const auto m = game_player->table_move(current.board)) {
            out.send("info string the GUI plays on: the tables' move");
            return {uci(*m), ""};
          }
        if (const auto m = chess_table_move(current, budget, stop)) return {*m, ""};
        return chess_move(current, budget, depth, stop);
      },
      budget, hold, fallback);
}

void UciEngine::State::go(std::istringstream& words) {
  const GoRequest request = parse_go(words, out);
  if (!game) {
    out.send("info string " + no_game);
    out.send("bestmove 0000");
    return;
  }
  const long long budget = request.budget_ms(game->board.side());
  const Thinker::Hold hold = request.infinite ? Thinker::Hold::UntilStop
                             : request.ponder ? Thinker::Hold::UntilPonderhit
                                              : Thinker::Hold::None;
  const std::vector<std::string> legal = game->board.legal_moves();
  const std::string fallback = legal.empty() ? "" : legal.front();
  if (!game->position) return go_chess(request, budget, hold, fallback);
  thinker.start([this, current = *game, request](std::stop_token stop) { return think(current, request, stop); },
                budget, hold, fallback);
}

void UciEngine::State::set_option(const std::string& line) {
  // setoption name NAME [value VALUE]; names are matched without case, as UCI asks.
  const std::size_t name_at = line.find(" name "), value_at = line.find(" value ");
  if (name_at == std::string::npos || value_at == std::string::npos || value_at < name_at) {
    out.send("info string setoption needs: setoption name NAME value VALUE");
    return;
  }
  const std::string name = line.substr(name_at + 6, value_at - name_at - 6), value = line.substr(value_at + 7);
  const UciOption* option = find_option(name);
  if (!option) {
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
    } else if (command == "ponderhit") {
      s.thinker.ponderhit();
    } else if (!command.empty() && command != "debug" && command != "register") {
      s.out.send("info string unknown command '" + command + "'");
    }
  } catch (const InputError& e) {
    s.out.send(std::string("info string ") + e.what());
  } catch (const std::exception& e) {
    s.out.send(std::string("info string error: ") + e.what());
  }
  return true;
}

}  // namespace chunker
