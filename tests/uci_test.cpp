// `chunker uci` as a GUI or a match runner drives it: the handshake, a
// refused position, a proven win as a mate score, `stop` during
// `go infinite`, and a game against itself in which every move must be legal.
#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

#include "chess/chess_engine.h"
#include "chess/child_process.h"
#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "tests/temp_dir.h"

using namespace chunker;

namespace {

bool starts(const std::string& line, const std::string& prefix) { return line.rfind(prefix, 0) == 0; }

// The move of a `bestmove MOVE [ponder REPLY]` line.
std::string move_of(const std::string& line) {
  REQUIRE(starts(line, "bestmove "));
  return line.substr(9, line.find(' ', 9) - 9);
}

// The move after "bestmove ", checked legal in `pos` by the engine's own
// generator (perft-tested against Stockfish) read here independently of the
// program's UCI code.
Move legal_bestmove(const Position& pos, const std::string& line) {
  REQUIRE(starts(line, "bestmove "));
  const std::string text = line.substr(9, line.find(' ', 9) - 9);
  const auto move = find_move(pos, text);
  CHECK_MESSAGE(move.has_value(), std::string("illegal bestmove " + text + " in " + to_fen(pos)));
  return move.value_or(Move());
}

// `chunker uci` on the test's data, its exact tables cached in `cache`.
ChildProcess engine_with_cache(const std::string& cache) {
  return ChildProcess({CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA, "--hash",
                       "8", "--cache", cache});
}

// The exact value of `pos` for the side to move, by `chunker solve --json`
// with the exact solver alone (a table of the cache, or solved now).
Value exact_value(const Position& pos, const std::string& cache) {
  ChildProcess solve({CHUNKER_BINARY, "solve", to_fen(pos), "--source", "exact", "--data", CHUNKER_TEST_DATA, "--cache",
                      cache, "--json"});
  const std::string json = solve.read_until("{", 60).back();
  solve.wait_exit();
  const auto field = [&](const std::string& name) {
    const std::size_t at = json.find("\"" + name + "\":");
    REQUIRE(at != std::string::npos);
    return json.substr(at + name.size() + 3, json.find_first_of(",}", at) - at - name.size() - 3);
  };
  const std::string value = field("value");
  if (value == "\"draw\"") return 0;
  const int distance = std::stoi(field("distance"));
  return value == "\"win\"" ? win_in(distance) : loss_in(distance);
}

// The move `engine` plays in `fen` after `go`, given `seconds` to answer.
std::string move_played(ChildProcess& engine, const std::string& fen, const std::string& go, int seconds) {
  engine.write_line("position fen " + fen);
  engine.write_line(go);
  return move_of(engine.read_until("bestmove", seconds).back());
}

// Plays Fine and Benko's protected passer (testpositions/literature.epd)
// after `go` (given `seconds` to answer) and checks that the move keeps
// White's win: every king move does, 1.a4? and 1.c6? lose (the exact
// solver, `chunker solve`).
void check_benko_win(ChildProcess& engine, const std::string& go, int seconds) {
  const std::string played = move_played(engine, "8/8/p3k3/1pP4p/1P6/P3K3/8/8 w - - 0 1", go, seconds);
  const std::vector<std::string> wins{"e3d2", "e3e2", "e3f2", "e3d3", "e3f3", "e3d4", "e3e4", "e3f4"};
  CHECK_MESSAGE(std::find(wins.begin(), wins.end(), played) != wins.end(), played);
}

}  // namespace

TEST_CASE("uci: handshake, other pieces, a mate score, stop during go infinite") {
  ChildProcess engine(
      {CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA, "--hash", "8"});
  engine.write_line("uci");
  const auto hello = engine.read_until("uciok");
  CHECK(hello.front() == "id name Chunker " CHUNKER_VERSION);
  CHECK(std::count_if(hello.begin(), hello.end(),
                      [](const std::string& l) { return starts(l, "option name Level"); }) == 1);
  CHECK(std::count_if(hello.begin(), hello.end(),
                      [](const std::string& l) { return starts(l, "option name Threads type spin"); }) == 1);
  CHECK(std::count_if(hello.begin(), hello.end(),
                      [](const std::string& l) { return starts(l, "option name ChessEngine type string"); }) == 1);
  engine.write_line("isready");
  CHECK(engine.read_until("readyok").size() == 1);

  // Other pieces: not Chunker's game, but a GUI still gets a legal chess
  // move (the reply to 1.e4 is Black's: a pawn from the seventh rank or a
  // knight from the eighth).
  engine.write_line("position startpos moves e2e4");
  engine.write_line("go depth 3");
  auto lines = engine.read_until("bestmove");
  CHECK(lines.front() == "info string piece 'R' on a1: Chunker plays kings and pawns only");
  const std::string reply = lines.back().substr(9);
  CHECK((reply[1] == '7' || reply == "b8a6" || reply == "b8c6" || reply == "g8f6" || reply == "g8h6"));
  engine.write_line("position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  engine.write_line("go depth 3");
  CHECK(move_of(engine.read_until("bestmove").back()) != "0000");

  // A rook pawn the king on a1 cannot stop: a2-a4-a5-a6-a7-a8, White
  // promotes on its 5th move (counted by hand: the double step saves one),
  // a win in 9 plies: mate 5; after a4, Black loses in 8 plies: mate -4.
  auto has = [](const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  engine.write_line("position fen 8/8/8/8/8/8/P7/k6K w - - 0 1");
  engine.write_line("go depth 12");
  lines = engine.read_until("bestmove");
  CHECK(move_of(lines.back()) == "a2a4");
  CHECK(has(lines, " score mate 5 "));
  engine.write_line("position fen 8/8/8/8/8/8/P7/k6K w - - 0 1 moves a2a4");
  engine.write_line("go depth 12");
  lines = engine.read_until("bestmove");
  CHECK(has(lines, " score mate -4 "));

  // go infinite: no bestmove until stop, even where the search has ended
  // (this win is proven at once); isready is answered meanwhile.
  engine.write_line("position fen 8/8/8/8/8/8/P7/k6K w - - 0 1");
  engine.write_line("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  engine.write_line("isready");
  lines = engine.read_until("readyok");
  CHECK(std::none_of(lines.begin(), lines.end(), [](const std::string& l) { return starts(l, "bestmove"); }));
  engine.write_line("stop");
  CHECK(move_of(engine.read_until("bestmove").back()) == "a2a4");

  // And where the search is still running: the Szén position is far beyond
  // a fraction of a second's search (a win in 51 plies, the oracle).
  const Position szen = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos;
  engine.write_line("position fen 4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1");
  engine.write_line("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto stopped_at = std::chrono::steady_clock::now();
  engine.write_line("stop");
  lines = engine.read_until("bestmove");
  CHECK(std::chrono::steady_clock::now() - stopped_at < std::chrono::seconds(2));
  legal_bestmove(szen, lines.back());

  engine.write_line("quit");
  CHECK(!engine.read_line(5).has_value());
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: outside the oracle's domain the exact solve plays: every literature move keeps the book's value") {
  // testpositions/literature.epd: each `value` from the source its c0 names.
  // The engine solves each position exactly in the background and answers
  // from the table (or from the search, where it proves a move first); the
  // value after its move (the exact solver's, which tests/oracle_test.cpp
  // checks against the oracle) must be the book's.
  // The move comes once the solve ends: the move's time only bounds the wait.
  const TempDir cache;
  ChildProcess engine = engine_with_cache(cache.path);
  for (const Epd& epd : read_epd_file(CHUNKER_SOURCE_DIR "/testpositions/literature.epd")) {
    CAPTURE(epd.op("id"));
    engine.write_line("ucinewgame");
    engine.write_line("position fen " + to_fen(epd.pos));
    engine.write_line("go movetime 60000");
    const auto lines = engine.read_until("bestmove", 90);
    const Move move = legal_bestmove(epd.pos, lines.back());
    if (move.is_none()) continue;
    const Value after = move.kind() == MoveKind::Promotion && is_safe_promotion(epd.pos, move)
                            ? loss_in(0)
                            : exact_value(make_move(epd.pos, move), cache.path);
    const std::string kept = is_loss(after) ? "win" : is_win(after) ? "loss" : "draw";
    CHECK_MESSAGE(kept == epd.op("value"), (std::string("after ") + uci(move) + " the side to move has " + kept));
  }
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: a solve left running from the last game does not cut the next position's search short") {
  // Fine no. 70's exact solve outlives its 0.3 s move. The next game's
  // position, Fine and Benko's (testpositions/literature.epd; the exact
  // solver: every king move wins, a4 and c6 lose), gets a solve of its own
  // once that one ends, and its move wins.
  const TempDir cache;
  ChildProcess engine = engine_with_cache(cache.path);
  engine.write_line("position fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1");
  engine.write_line("go movetime 300");
  engine.read_until("bestmove", 30);
  engine.write_line("ucinewgame");
  check_benko_win(engine, "go movetime 60000", 90);
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: without an exact solve the search's judgement keeps the win of Fine and Benko, and of Fine no. 70") {
  // With no exact solve (--memory 0, as ExactMemory 0) and no table of the
  // position, the search answers alone, by nodes so that the move is the
  // same on any machine.
  ChildProcess engine({CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA, "--hash",
                       "8", "--memory", "0", "--cache", ""});
  // Fine and Benko's protected passer: every king move wins, 1.a4? and
  // 1.c6? lose (check_benko_win; Stockfish 15.1 plays 1.Kf4). The
  // evaluation of the position right after each move ranked 1.a4 first
  // (Black's capture unseen); a few plies of search over it do not.
  check_benko_win(engine, "go nodes 300000", 60);
  // Fine no. 70: only 1.Kb1 wins (Fine, Basic Chess Endings; the exact
  // solver); with a million nodes the judgement prefers it to Ka2 and Kb2,
  // which draw.
  engine.write_line("ucinewgame");
  const std::string fine_70 = move_played(engine, "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", "go nodes 1000000", 60);
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
  CHECK(fine_70 == "a1b1");
}

TEST_CASE("uci: Fine no. 70 in a GUI: 1.Kb1, the only win, with the mate score of its exact distance") {
  // Fine, Basic Chess Endings no. 70: only 1.Kb1 wins; a win in 51 plies
  // (tests/cli_test.cpp, the exact solver) is mate in 26 moves.
  const TempDir cache;
  ChildProcess engine = engine_with_cache(cache.path);
  // The move comes once the exact solve ends (a second in Release, several
  // under the sanitizers): the move's time only bounds the wait.
  engine.write_line("position fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1");
  engine.write_line("go movetime 60000");
  const auto lines = engine.read_until("bestmove", 90);
  CHECK(move_of(lines.back()) == "a1b1");
  CHECK(std::any_of(lines.begin(), lines.end(),
                    [](const std::string& l) { return l.find(" score mate 26 ") != std::string::npos; }));
  // The table stays for the game: Black's reply is answered at once.
  engine.write_line("position fen 8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1 moves a1b1 a7b7");
  engine.write_line("go movetime 5000");
  const auto next = engine.read_until("bestmove", 30);
  CHECK(std::any_of(next.begin(), next.end(), [](const std::string& l) {
    return l.find("info string the exact table of ") != std::string::npos;
  }));
  CHECK(std::any_of(next.begin(), next.end(),
                    [](const std::string& l) { return l.find(" score mate 25 ") != std::string::npos; }));
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: after Chunker's game a chess engine plays on, Stockfish by default, else the built-in search") {
  // Black promoted safely on h1, so Chunker's game is over (docs/design.md
  // §1); the chess goes on after 1.c8=Q+. Stockfish is installed by
  // scripts/setup.sh; with ChessEngine empty the built-in search answers.
  for (const char* chess_engine : {"", "<empty>"}) {
    ChildProcess engine({CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA});
    if (*chess_engine) engine.write_line(std::string("setoption name ChessEngine value ") + chess_engine);
    engine.write_line("isready");
    CHECK(engine.read_until("readyok").size() == 1);
    engine.write_line("position fen 8/2P5/kP1K2p1/P4p2/8/8/8/7q w - - 0 1 moves c7c8q");
    engine.write_line("go movetime 300");
    const std::vector<std::string> lines = engine.read_until("bestmove", 30);
    const bool builtin = *chess_engine;
    CHECK(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
      return l.rfind(builtin ? "info string the chess after Chunker's game: the built-in search"
                             : "info string the chess after Chunker's game: Stockfish",
                     0) == 0;
    }));
    const std::string move = move_of(lines.back());
    // Black's legal moves after 1.c8=Q+ (by hand: the check is on the
    // diagonal c8-a6): the king steps, or the queen blocks on b7.
    CHECK((move == "a6a5" || move == "a6b5" || move == "h1b7"));
    engine.write_line("quit");
    CHECK(engine.wait_exit() == 0);
  }
}

TEST_CASE("uci: go ponder holds the move until ponderhit or stop, and its clock starts at ponderhit") {
  // The UCI specification: under `go ponder` no bestmove before `ponderhit`
  // or `stop`; after `ponderhit` the go's limits apply as to a normal search.
  ChildProcess engine(
      {CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA, "--hash", "8"});
  auto no_bestmove_yet = [&] {
    engine.write_line("isready");
    const auto lines = engine.read_until("readyok");
    return std::none_of(lines.begin(), lines.end(), [](const std::string& l) { return starts(l, "bestmove"); });
  };
  // The rook pawn the king on a1 cannot stop (above): the oracle's a2a4 at
  // once, held while the ponder lasts, and sent with the reply it expects.
  const Position pawn = parse_fen("8/8/8/8/8/8/P7/k6K w - - 0 1").pos;
  engine.write_line("position fen 8/8/8/8/8/8/P7/k6K w - - 0 1");
  engine.write_line("go ponder movetime 200");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  CHECK(no_bestmove_yet());
  engine.write_line("ponderhit");
  const std::string line = engine.read_until("bestmove", 5).back();
  CHECK(move_of(line) == "a2a4");
  const std::size_t ponder = line.find(" ponder ");
  REQUIRE(ponder != std::string::npos);
  const Position after = make_move(pawn, *find_move(pawn, "a2a4"));
  CHECK(find_move(after, line.substr(ponder + 8)).has_value());

  // A search no table answers: its movetime runs from ponderhit, not from the go.
  engine.write_line("setoption name UseOracle value false");
  const Position szen = parse_fen("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1").pos;
  engine.write_line("position fen 4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1");
  engine.write_line("go ponder movetime 300");
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  CHECK(no_bestmove_yet());
  const auto hit = std::chrono::steady_clock::now();
  engine.write_line("ponderhit");
  legal_bestmove(szen, engine.read_until("bestmove", 10).back());
  const auto took = std::chrono::steady_clock::now() - hit;
  CHECK(took >= std::chrono::milliseconds(200));
  CHECK(took < std::chrono::seconds(3));

  // `stop` ends a ponder too: the GUI's guess was wrong, and it waits for a bestmove.
  engine.write_line("go ponder movetime 300");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  engine.write_line("stop");
  legal_bestmove(szen, engine.read_until("bestmove", 5).back());
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: scores in centipawns, of Stockfish's sign and scale, where no table answers") {
  // White's extra pawn: Stockfish (`go depth 24`, the independent judge)
  // scores it some 7 pawns for White whichever side moves; Chunker's
  // evaluation, with no table (UseOracle false), must agree in sign, and
  // with White to move lie within a factor of 3 of it: a GUI reads both on
  // one scale. (Chunker's score is its judgement's, a few plies of search
  // over an evaluation that counts a pawn as 100 cp and the chunks' verdicts
  // on top; Stockfish adds its winning chances.)
  const std::string stockfish = default_chess_engine();
  REQUIRE_MESSAGE(!stockfish.empty(), "stockfish is not installed (scripts/setup.sh installs it)");
  auto last_cp = [](const std::vector<std::string>& lines) {
    int cp = 0;
    for (const std::string& l : lines)
      if (const std::size_t at = l.find(" score cp "); at != std::string::npos) cp = std::stoi(l.substr(at + 10));
    return cp;
  };
  for (const char* fen : {"8/5k2/8/3p4/8/2PP4/5K2/8 w - - 0 1", "8/5k2/8/3p4/8/2PP4/5K2/8 b - - 0 1"}) {
    ChildProcess judge({stockfish});
    judge.write_line("position fen " + std::string(fen));
    judge.write_line("go depth 24");
    const int theirs = last_cp(judge.read_until("bestmove", 60));
    judge.write_line("quit");
    ChildProcess engine({CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--hash", "8"});
    engine.write_line("setoption name UseOracle value false");
    engine.write_line("position fen " + std::string(fen));
    engine.write_line("go nodes 300000");
    const int ours = last_cp(engine.read_until("bestmove", 60));
    engine.write_line("quit");
    INFO(fen, ": Chunker ", ours, " cp, Stockfish ", theirs, " cp");
    CHECK(theirs != 0);
    CHECK((ours > 0) == (theirs > 0));
    if (std::string(fen).find(" w ") == std::string::npos) continue;
    CHECK(std::abs(ours) * 3 >= std::abs(theirs));
    CHECK(std::abs(ours) <= 3 * std::abs(theirs));
  }
}

TEST_CASE("uci: a game against itself with the clock and movetime, legal moves only") {
  ChildProcess engine({CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--hash", "8"});
  engine.write_line("uci");
  engine.read_until("uciok");
  engine.write_line("ucinewgame");
  const std::string start = "8/5ppp/3k4/8/8/3K4/PPP5/8 w - - 0 1";
  Position pos = parse_fen(start).pos;
  std::string moves;
  for (int ply = 0; ply < 24 && !legal_moves(pos).empty(); ++ply) {
    engine.write_line("position fen " + start + (moves.empty() ? std::string() : " moves" + moves));
    // Alternately a fixed time and a clock, as match runners send them.
    engine.write_line(ply % 2 ? "go movetime 40" : "go wtime 2000 btime 2000 winc 10 binc 10");
    const Move move = legal_bestmove(pos, engine.read_until("bestmove", 10).back());
    if (move.is_none()) break;
    const bool game_over = move.kind() == MoveKind::Promotion && is_safe_promotion(pos, move);
    moves += ' ';
    moves += uci(move);
    pos = make_move(pos, move);
    if (game_over) break;
  }
  CHECK(!moves.empty());
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}

TEST_CASE("uci: the game as a GUI sends it: a promoted queen, the end of Chunker's game, bad commands") {
  ChildProcess engine(
      {CHUNKER_BINARY, "uci", "--libraries", CHUNKER_TEST_DATA, "--data", CHUNKER_TEST_DATA, "--hash", "8"});
  auto has = [](const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(part) != std::string::npos; });
  };
  // An unsafe promotion on a8 next to the king on b7: taking the queen is
  // the only move both Chunker's rules and chess allow (by hand), whether the
  // GUI sends the move or the FEN with the queen on the board.
  engine.write_line("position fen 8/Pk6/8/8/8/8/8/7K w - - 0 1 moves a7a8q");
  engine.write_line("go movetime 200");
  CHECK(move_of(engine.read_until("bestmove").back()) == "b7a8");
  engine.write_line("position fen Q7/1k6/8/8/8/8/8/7K b - - 0 1");
  engine.write_line("go movetime 200");
  CHECK(move_of(engine.read_until("bestmove").back()) == "b7a8");

  // A safe promotion ends Chunker's game; the GUI plays on. The queen on a8
  // checks the king on f3 along the long diagonal, so of the king's squares
  // e4 and g2 are illegal in chess (g2 is next to the king on h1 as well),
  // though Chunker's own generator, for which a promoted piece never checks,
  // would allow e4 (by hand).
  engine.write_line("position fen 8/P7/8/8/8/5k2/8/7K w - - 0 1 moves a7a8q");
  engine.write_line("go movetime 200");
  auto lines = engine.read_until("bestmove");
  CHECK(has(lines, "info string the game is over: White promoted safely with a7a8q"));
  CHECK(has(lines, "score cp -50000"));
  const std::vector<std::string> evasions = {"f3e2", "f3f2", "f3g3", "f3g4", "f3f4", "f3e3"};
  CHECK(std::find(evasions.begin(), evasions.end(), move_of(lines.back())) != evasions.end());

  // A repetition draws under Chunker's rules; a legal move still follows.
  engine.write_line("position fen 4k3/8/8/8/8/8/P7/4K3 w - - 0 1 moves e1d1 e8d8 d1e1 d8e8");
  engine.write_line("go movetime 200");
  lines = engine.read_until("bestmove");
  CHECK(has(lines, "info string the game is over: a position repeated, a draw"));
  // The GUI plays on in chess, and the oracle still holds the board: its move.
  CHECK(has(lines, "info string the GUI plays on: the tables' move"));
  CHECK(move_of(lines.back()) != "0000");

  // A malformed go limit is reported and left out; the GUI still gets its move.
  engine.write_line("go depth x");
  lines = engine.read_until("bestmove");
  CHECK(has(lines, "info string go depth needs a number of at least 1: ignored"));
  CHECK(move_of(lines.back()) != "0000");

  // Malformed commands: one info string each, and the engine goes on.
  for (const char* bad :
       {"position fen 9/8/8/8/8/8/8/8 w - - 0 1", "setoption name Hash value lots",
        "setoption name UseOracle value maybe", "setoption name Threads value 0",
        "position fen 4k3/8/8/8/8/8/P7/4K3 w - - 0 1 moves e1e3", "position sideways", "setoption Hash"}) {
    engine.write_line(bad);
    engine.write_line("isready");
    lines = engine.read_until("readyok");
    CHECK_MESSAGE(lines.size() == 2, bad);
    CHECK_MESSAGE(starts(lines.front(), "info string "), bad);
  }
  engine.write_line("quit");
  CHECK(engine.wait_exit() == 0);
}
