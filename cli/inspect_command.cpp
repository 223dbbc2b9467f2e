// `chunker inspect [FEN]`: an interactive session on a position (board,
// parses, chunk properties, schemas, oracle), moves made and taken back;
// `--json` prints the same once for scripts.
#include <iostream>
#include <sstream>

#include "chunks/table_file.h"
#include "cli/chess_output.h"
#include "cli/inspect_output.h"
#include "cli/line_reader.h"
#include "cli/options.h"
#include "cli/output.h"
#include "engine/notation.h"

namespace chunker::cli {

namespace {

// The Szén position (Szén 1836; Fine, Basic Chess Endings no. 68): whoever
// moves first wins. The session starts there when given no FEN.
constexpr const char* SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";

const char* HELP =
    "commands:\n"
    "  move MOVE | MOVE   play a move, in SAN (e4, Kd2, exd6) or coordinates (e2e4)\n"
    "  undo               take the last move back\n"
    "  moves              the legal moves, with the oracle's value of each\n"
    "  parse [alt|default]  show the parse; alt: the next alternate parse; default: back\n"
    "  solve [LEVEL]      search the position with the schemas of levels 1..LEVEL (default: all)\n"
    "  fen [FEN]          print the position's FEN, or set up another position\n"
    "  show               print the inspection again\n"
    "  help               this list\n"
    "  quit               end the session\n";

// One position of the session's line: where the game stands and, when a
// safe promotion ended it there, who won.
struct LinePosition {
  Position pos;
  int fullmove = 1;
  std::string ended;
};

// The exact solver's budget in a session: what it solves in a few seconds at
// most (about 8,000 pawn structures), so that the session stays interactive.
constexpr long long INSPECT_EXACT_MB = 64;

class Session {
 public:
  Session(Inspector& inspector, const Fen& start) : inspector_(inspector) {
    line_.push_back({start.pos, start.fullmove, ""});
    inspect_now();
  }

  // Runs one command line; false when the session should end.
  bool execute(const std::string& text);
  void show();

 private:
  const LinePosition& now() const { return line_.back(); }
  void play(const std::string& text);
  void undo();
  void parse(const std::string& which);
  void solve_here(const std::string& level_text);
  void fen(const std::string& text);
  void inspect_now();
  int shown_parse() const;

  Inspector& inspector_;
  std::vector<LinePosition> line_;
  Inspection current_;
  std::optional<Color> escort_;  // the alternate parse shown: whose king joins its pawns; none for the default
};

void Session::inspect_now() {
  if (now().ended.empty()) current_ = inspector_.inspect(now().pos);
  if (escort_ && shown_parse() == DEFAULT_PARSE) {
    std::cout << "(no alternate parse with " << colour_name(*escort_) << "'s king here: back to the default parse)\n";
    escort_.reset();
  }
}

int Session::shown_parse() const {
  if (!escort_) return DEFAULT_PARSE;
  for (std::size_t i = 0; i < current_.chunks.alternates.size(); ++i)
    if (current_.chunks.alternates[i].escort == *escort_) return int(i);
  return DEFAULT_PARSE;
}

void Session::show() {
  if (!now().ended.empty()) {
    std::cout << "game over: " << now().ended << " (undo takes the promotion back)\n";
    return;
  }
  std::cout << inspection_text(current_, shown_parse(), now().fullmove);
}

void Session::play(const std::string& text) {
  if (!now().ended.empty()) {
    std::cout << "the game is over: " << now().ended << " (undo takes the promotion back)\n";
    return;
  }
  const Position& pos = now().pos;
  const auto move = find_move(pos, text);
  if (!move) {
    std::cout << "no legal move '" << text << "' here (moves lists them)\n";
    return;
  }
  std::cout << "played " << san_line(pos, {*move}, now().fullmove) << "\n";
  LinePosition next{make_move(pos, *move), now().fullmove + (pos.side == BLACK), ""};
  if (move->kind() == MoveKind::Promotion && is_safe_promotion(pos, *move))
    next.ended = std::string(colour_name(pos.side)) + " promoted safely on " + square_name(move->to()) + " and wins";
  line_.push_back(next);
  inspect_now();
  show();
}

void Session::undo() {
  if (line_.size() == 1) {
    std::cout << "nothing to undo: this is where the session started\n";
    return;
  }
  line_.pop_back();
  std::cout << "took back; " << colour_name(now().pos.side) << " to move\n";
  inspect_now();
  show();
}

void Session::parse(const std::string& which) {
  const auto& alternates = current_.chunks.alternates;
  if (which == "default") {
    escort_.reset();
  } else if (which == "alt") {
    if (!now().ended.empty() || alternates.empty()) {
      std::cout << "no alternate parse here: no side's pawns form a K3CPPvK chunk with its king\n";
      return;
    }
    // default -> first alternate -> second -> default
    const int next = shown_parse() + 1;
    if (next < int(alternates.size()))
      escort_ = alternates[std::size_t(next)].escort;
    else
      escort_.reset();
  } else if (!which.empty()) {
    std::cout << "parse takes alt or default, not '" << which << "'\n";
    return;
  }
  show();
}

void Session::solve_here(const std::string& level_text) {
  if (!now().ended.empty()) {
    std::cout << "the game is over: " << now().ended << "\n";
    return;
  }
  int level = MAX_LEVEL;
  if (!level_text.empty()) {
    std::size_t used = 0;
    try {
      level = std::stoi(level_text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != level_text.size() || level < 0 || level > MAX_LEVEL) {
      std::cout << "solve takes a level from 0 to " << MAX_LEVEL << ", not '" << level_text << "'\n";
      return;
    }
  }
  Player& player = inspector_.player();
  player.set_level(level);
  std::cout << "solve at level " << level << " (" << player.settings().limits.node_limit << " nodes at most)\n";
  const Answer answer = player.search(now().pos);
  player.set_level(MAX_LEVEL);
  std::cout << solve_text(now().pos, answer, now().fullmove);
}

void Session::fen(const std::string& text) {
  if (text.empty()) {
    std::cout << to_fen(now().pos, 0, now().fullmove) << "\n";
    return;
  }
  try {
    const Fen parsed = parse_fen(text);
    line_.assign(1, {parsed.pos, parsed.fullmove, ""});
  } catch (const InputError& e) {
    std::cout << "bad FEN: " << e.what() << "\n";
    return;
  }
  inspect_now();
  show();
}

bool Session::execute(const std::string& text) {
  std::istringstream words(text);
  std::string command, argument, rest;
  words >> command >> argument >> rest;
  if (command.empty()) return true;
  // Everything after the command word: a FEN has spaces.
  const std::size_t after = text.find_first_not_of(" \t", text.find(command) + command.size());
  const std::string operand = after == std::string::npos ? "" : text.substr(after);
  if (command == "quit" || command == "exit" || command == "q") return false;
  if (command == "help" || command == "?")
    std::cout << HELP;
  else if (command == "show")
    show();
  else if (command == "moves")
    std::cout << (now().ended.empty() ? moves_text(current_) : "the game is over\n");
  else if (command == "undo")
    undo();
  else if (command == "move" && !argument.empty() && rest.empty())
    play(argument);
  else if (command == "parse" && rest.empty())
    parse(argument);
  else if (command == "solve" && rest.empty())
    solve_here(argument);
  else if (command == "fen")
    fen(operand);
  else if (argument.empty() && find_move(now().pos, command))
    play(command);
  else
    std::cout << "unknown command or illegal move '" << text << "' (help lists the commands, moves the legal moves)\n";
  return true;
}

}  // namespace

int inspect_command(const Args& args) {
  po::options_description options("inspect options");
  std::vector<std::string> fen_words;
  PlaySettings play;
  play.level = MAX_LEVEL;
  play.limits.kind = SearchKind::ProofNumber;
  play.limits.node_limit = 1'000'000;
  options.add_options()("fen", po::value<std::vector<std::string>>(&fen_words),
                        "the position (FEN; default: the Szén position)")("json",
                                                                          "print the inspection once as JSON and exit")(
      "node-limit", po::value<long long>()->default_value(static_cast<long long>(play.limits.node_limit)),
      "solve: stop after this many nodes")(
      "memory", po::value<long long>()->default_value(INSPECT_EXACT_MB),
      "MB an exact solve of a position outside the oracle's domain may take (0: never)")(
      "cache", po::value<std::string>(), "directory of exact tables shared with solve and uci (default: DATA/exact)")(
      "rules", po::value<std::string>()->default_value("chunker"),
      "chunker, or chess: the value section under chess's rules, played on to mate (the chess-exact solve; a "
      "position of any pieces), printed once");
  add_schemas_option(options);
  add_libraries_option(options);
  add_data_option(options);
  add_hash_option(options, DEFAULT_HASH_MB, "solve: hash table size in MB");
  po::positional_options_description positional;
  positional.add("fen", -1);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker inspect [FEN] [options]\n       chunker inspect FEN --json", options,
                  positional, vm))
    return 0;
  play.mode = schema_mode(vm);
  play.limits.node_limit = static_cast<std::uint64_t>(checked<long long>(vm, "node-limit", 1, 1LL << 50));
  play.limits.hash_megabytes = hash_megabytes(vm);
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  play.libraries = vm["libraries"].as<std::string>();
  play.oracle_dir = vm["data"].as<std::string>();
  play.exact_cache = exact_cache_option(vm);
  const bool json = vm.count("json") > 0;
  if (json && fen_words.empty()) throw InputError("--json needs a FEN");
  std::string fen_text;
  for (const std::string& w : fen_words) fen_text += (fen_text.empty() ? "" : " ") + w;
  const std::string rules = vm["rules"].as<std::string>();
  if (rules != "chunker" && rules != "chess") throw InputError("unknown rules '" + rules + "' (chunker or chess)");
  if (rules == "chess") {
    const pieces::ChessFen chess = pieces::parse_chess_fen(fen_text.empty() ? SZEN : fen_text);
    ChessPlayer player(play.exact_memory, usable_cores(), nullptr,
                       play.exact_cache.empty() ? "" : play.exact_cache + "/chess");
    std::optional<ExactRefusal> refusal;
    const auto a = player.answer(chess.pos, refusal);
    if (!a) {
      std::cout << (json ? chess_refusal_json(chess.pos, *refusal) + "\n"
                         : "rules      " + std::string(CHESS_RULES_WORDS) + "\nexact      " +
                               chess_refusal_words(*refusal) + "\n");
      return 1;
    }
    std::cout << (json ? chess_solve_json(chess.pos, *a, chess.fullmove) + "\n"
                       : chess_solve_text(chess.pos, *a, chess.fullmove));
    return 0;
  }
  const Fen start = parse_fen(fen_text.empty() ? SZEN : fen_text);

  Inspector inspector(play);
  if (json) {
    std::cout << inspection_json(inspector.inspect(start.pos), start.fullmove, true) << "\n";
    return 0;
  }
  std::optional<Session> session;
  session.emplace(inspector, start);
  LineReader reader("chunker> ");
  if (reader.terminal()) std::cout << "chunker inspect: type help for the commands, quit to leave\n";
  session->execute("show");
  while (auto line = reader.read())
    if (!session->execute(*line)) break;
  return 0;
}

}  // namespace chunker::cli
