// The `chunker` program as a user meets it: every class of bad input gets
// one line on stderr naming the problem and exit status 2; results go to
// stdout.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/temp_dir.h"

namespace {

struct Run {
  int status;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Run chunker(const std::vector<std::string>& args) {
  std::string command = CHUNKER_BINARY;
  for (const std::string& a : args) {
    std::string quoted = "'";
    for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    command += " " + quoted + "'";
  }
  char out_path[] = "/tmp/chunker_cli_outXXXXXX", err_path[] = "/tmp/chunker_cli_errXXXXXX";
  close(mkstemp(out_path));
  close(mkstemp(err_path));
  int raw = std::system((command + " >" + out_path + " 2>" + err_path + " </dev/null").c_str());
  Run run{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(out_path), slurp(err_path)};
  std::remove(out_path);
  std::remove(err_path);
  return run;
}

// A bad-input run: exit status 2, nothing on stdout, one stderr line containing `words`.
void check_refused(const std::vector<std::string>& args, const std::string& words) {
  CAPTURE(args.size() > 1 ? args[1] : args[0]);
  Run run = chunker(args);
  CHECK(run.status == 2);
  CHECK(run.out.empty());
  CHECK(run.err.find(words) != std::string::npos);
  CHECK(std::count(run.err.begin(), run.err.end(), '\n') == 1);
}

}  // namespace

TEST_CASE("--version, and the data directory from CHUNKER_DATA when --data is not given") {
  const Run version = chunker({"--version"});
  CHECK(version.status == 0);
  CHECK(version.out == "chunker " CHUNKER_VERSION "\n");
  // A data directory without the oracle's tables: the refusal names the file it looked for there.
  setenv("CHUNKER_DATA", "/nonexistent/chunker-data", 1);
  const Run probe = chunker({"oracle", "probe", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -"});
  unsetenv("CHUNKER_DATA");
  CHECK(probe.status == 2);
  CHECK(probe.err.find("/nonexistent/chunker-data/oracle-abc-fgh.tbl") != std::string::npos);
}

TEST_CASE("every class of bad input is one line and exit status 2") {
  // docs/design.md §1: positions that cannot arise.
  check_refused({"perft", "4k3/8/8/8/8/8/8/P3K3 w - -", "2"}, "first or last rank");
  check_refused({"perft", "8/8/8/8/8/8/3kK3/8 w - -", "2"}, "kings stand next to each other");
  check_refused({"perft", "8/8/8/8/8/3k4/4P3/4K3 w - -", "2"}, "side not to move is in check");
  check_refused({"perft", "4k3/pppppppp/p7/8/8/8/8/4K3 w - -", "2"}, "more than 8 black pawns");
  check_refused({"perft", "8/8/8/8/8/8/8/4K3 w - -", "2"}, "no black king");
  check_refused({"perft", "4k3/8/8/8/8/8/8/K3K3 w - -", "2"}, "more than one white king");
  check_refused({"perft", "4k3/8/8/3pP3/8/8/8/4K3 w - e6", "2"}, "could not have come from a double step");
  // Malformed FEN and pieces outside the domain.
  check_refused({"solve", "4k3/8/8/8/8/8/4K3 w - -"}, "8 ranks");
  check_refused({"solve", "4k3/8/8/8/8/8/8/4K3 white - -"}, "side to move");
  check_refused({"solve", "4k3/8/8/8/8/8/8/3QK3 w - -"}, "only kings and pawns");
  check_refused({"solve", "4k3/8/8/8/8/8/8/4K3 w KQ -"}, "no rooks");
  check_refused({"solve", "hello"}, "at least 4 fields");
  // Bad depth, bad options, bad commands.
  check_refused({"perft", "4k3/8/8/8/8/8/4P3/4K3 w - -", "x"}, "invalid");
  check_refused({"perft", "4k3/8/8/8/8/8/4P3/4K3 w - -", "0"}, "depth must be between 1 and 30");
  check_refused({"perft", "4k3/8/8/8/8/8/4P3/4K3 w - -", "-3"}, "unrecognised option '-3'");
  check_refused({"perft", "4k3/8/8/8/8/8/4P3/4K3 w - -"}, "depth");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--node-limit", "0"}, "--node-limit must be between");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--max-ply", "many"}, "invalid");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--frobnicate"}, "unrecognised option");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--level", "6"}, "--level must be between 0 and 5");
  check_refused({"solve"}, "give either a FEN or --epd FILE");
  check_refused({"solve", "--epd", "/nonexistent/suite.epd"}, "cannot open EPD file");
  // A material class to build under chess's rules (chess_class.h).
  check_refused({"solve", "--class", "KPvK"}, "--class applies to --rules chess");
  check_refused({"solve", "--class", "KPvK", "--rules", "chess", "--cache", ""}, "give --cache a directory");
  check_refused({"solve", "--class", "KXvK", "--rules", "chess"}, "'X' is no piece");
  check_refused({"solve", "--class", "QvK", "--rules", "chess"}, "each side begins with its king");
  check_refused({"solve", "--class", "KQQQQvK", "--rules", "chess"}, "4 pieces; the solver holds at most 3");
  check_refused({"solve", "--class", "KPPPPvKPPP", "--rules", "chess"}, "placements of its pawns");
  check_refused({"solve", "--class", "KQPPvK", "--rules", "chess", "--memory", "1", "--cache", "/nonexistent/cache"},
                "it reads; --memory is 1 MB");  // before any slice is solved: the cache is never made
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--class", "KPvK", "--rules", "chess"},
                "give one of a FEN, --epd FILE or --class MATERIAL");
  check_refused({"frobnicate"}, "unknown command");
  check_refused({"inspect", "4k3/8/8/8/8/8/8/3QK3 w - -"}, "only kings and pawns");
  check_refused({"inspect", "--json"}, "--json needs a FEN");
  check_refused({"inspect", "--schemas", "folk"}, "--schemas must be sound or paper, got 'folk'");
  check_refused({"uci", "--level", "9"}, "--level must be between 0 and");
  // oracle depth: levels, modes, positions outside the domain, missing tables.
  check_refused({"oracle", "depth", "--level", "7"}, "--level must be N or A-B with 0 <= A <= B <= 5");
  check_refused({"oracle", "depth", "--level", "3-1"}, "--level must be N or A-B");
  check_refused({"oracle", "depth", "--schemas", "folk"}, "--schemas must be sound, paper or both, got 'folk'");
  check_refused({"oracle", "depth", "4k3/8/8/3p4/3P4/8/8/4K3 w - -"}, "outside the oracle's domain");
  check_refused({"oracle", "depth", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--schemas", "both"},
                "one mode's knowledge line");
  check_refused({"oracle", "depth", "--layout", "abc-fgh", "--data", "/nonexistent"},
                "chunker oracle build --layout abc-fgh");
  check_refused({"oracle", "verify", "--level", "0-2"}, "verify: --level must be one level from 1 to 5");
}

TEST_CASE("a bad EPD line is refused with its file and line number") {
  char path[] = "/tmp/chunker_cli_epdXXXXXX";
  close(mkstemp(path));
  std::ofstream(path) << "# a comment\n4k3/8/8/8/8/8/4P3/4K3 w - - id \"ok\";\n4k3/8/8/8/8/8/8/4K3 w - - id \"open;\n";
  check_refused({"solve", "--epd", path}, std::string(path) + ":3: EPD operation 'id' has an unclosed quote");
  std::remove(path);
}

TEST_CASE("perft prints Stockfish's form") {
  // Stockfish 15.1 `go perft 3` on this position: 1030 (the Szén position).
  Run run = chunker({"perft", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1", "3"});
  CHECK(run.status == 0);
  CHECK(run.out == "Nodes searched: 1030\n");
  Run divide = chunker({"perft", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1", "1", "--divide"});
  CHECK(divide.out.find("c2c4: 1\n") != std::string::npos);
  CHECK(divide.out.find("Nodes searched: 10\n") != std::string::npos);
}

TEST_CASE("solve prints a proven value, its distance and line; --json for scripts") {
  // A rook pawn far outside the square of the king on a1's... the black king on
  // a1 cannot stop a2-a4-a5-a6-a7-a8: White promotes on its 5th move, ply 9
  // (counted by hand: the double step saves one move).
  // --cache "": the exact solver's tables are not written to the data directory's cache.
  Run run = chunker({"solve", "8/8/8/8/8/8/P7/k6K w - -", "--json", "--cache", ""});
  CHECK(run.status == 0);
  CHECK(run.out.find("\"value\":\"win\"") != std::string::npos);
  CHECK(run.out.find("\"proven\":true") != std::string::npos);
  CHECK(run.out.find("\"distance\":9") != std::string::npos);
  CHECK(run.out.find("\"best\":\"a4\"") != std::string::npos);
  Run text = chunker({"solve", "8/8/8/8/8/8/P7/k6K w - -", "--cache", ""});
  CHECK(text.out.find("distance   9 plies") != std::string::npos);
  CHECK(text.out.find("5. a8=Q") != std::string::npos);
}

TEST_CASE("solve never calls an unfinished search proven") {
  // The Szén position is a win (Szén 1836) far beyond 6 plies and 1000 nodes.
  // --source search: neither the oracle nor an exact solution answers.
  // Level 0 needs no chunk library (the source tree's data/ may hold none).
  Run run = chunker({"solve", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--max-ply", "6", "--node-limit", "1000", "--source",
                     "search", "--level", "0", "--search", "ab", "--json"});
  CHECK(run.status == 0);
  CHECK(run.out.find("\"proven\":false") != std::string::npos);
  CHECK(run.out.find("\"proof\":null") != std::string::npos);
  CHECK(run.out.find("\"source\":\"evaluation\"") != std::string::npos);
  CHECK(run.out.find("\"exact\":{\"answered\":false,\"refused\":null}") != std::string::npos);
  check_refused({"solve", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--source", "magic"},
                "--source must be auto, oracle, exact or search, got 'magic'");
  check_refused({"solve", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--threads", "0"},
                "--threads must be between 1 and 256, got 0");
  check_refused({"solve", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--engine", "peasant", "--threads", "2"},
                "--threads applies to --engine chunker");
}

TEST_CASE("solve: the exact solver proves before any search, refuses what does not fit, saves, loads and caches") {
  // Fine, Basic Chess Endings no. 70 (Lasker-Reichhelm, 1901): White wins only
  // by 1.Kb1: win in 51 plies (the oracle-free solver's own figure; chess's
  // value and best move are the book's).
  const std::string fine70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - -";
  const TempDir temp;
  const std::string saved = temp.path + "/fine70.tbl", cache = temp.path + "/cache";
  Run run = chunker({"solve", fine70, "--save", saved, "--cache", ""});
  CHECK(run.status == 0);
  CHECK(run.out.find("value      win for the side to move (White wins), proven by the exact solve\n") !=
        std::string::npos);
  CHECK(run.out.find("nodes") == std::string::npos);  // no search ran
  CHECK(run.out.find("distance   51 plies\n") != std::string::npos);
  CHECK(run.out.find("best move  Kb1\n") != std::string::npos);
  CHECK(run.out.find("moves      Kb1 win in 51, Ka2 draw, Kb2 draw\n") != std::string::npos);
  CHECK(run.out.find("16384000 positions of 2000 pawn structures") != std::string::npos);
  // Over the budget: one line with the estimate and the option, and with
  // --save an error and no file.
  Run over = chunker({"solve", fine70, "--source", "exact", "--memory", "1", "--cache", ""});
  CHECK(over.status == 0);
  CHECK(over.out.find("exact      not tried: 1.64e+07 positions reachable (2000 pawn structures x 8192), 16 MB; "
                      "--memory is 1 MB\n") != std::string::npos);
  const std::string refused = temp.path + "/refused.tbl";
  check_refused({"solve", fine70, "--memory", "1", "--save", refused, "--cache", ""},
                "--save: exact solution not tried: 1.64e+07");
  CHECK(!std::filesystem::exists(refused));
  // The saved table answers a position of the same game at once.
  CHECK(std::filesystem::exists(saved));
  Run later = chunker({"solve", "8/1k6/3p4/p2P1p2/P2P1P2/8/8/1K6 w - -", "--load", saved, "--memory", "0", "--json"});
  CHECK(later.status == 0);
  CHECK(later.out.find("\"proof\":\"exact\"") != std::string::npos);
  CHECK(later.out.find("\"root\":\"8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1\",\"file\":\"" + saved + "\"") !=
        std::string::npos);
  check_refused({"solve", fine70, "--load", temp.path + "/missing.tbl"}, "missing.tbl");
  // The cache: a solve keeps its table there, and a later run on a position
  // of the same game reads it (without --memory: no solve could run).
  Run first = chunker({"solve", fine70, "--cache", cache});
  CHECK(first.out.find("source     solved now; ") != std::string::npos);
  CHECK(first.out.find("cached in " + cache + "/exact-") != std::string::npos);
  Run cached = chunker({"solve", "8/1k6/3p4/p2P1p2/P2P1P2/8/8/1K6 w - -", "--cache", cache, "--memory", "0"});
  CHECK(cached.out.find("proven by the exact table\n") != std::string::npos);
  CHECK(cached.out.find("read from " + cache + "/exact-") != std::string::npos);
}

TEST_CASE("solve --epd testpositions/literature.epd: every value the suite expects") {
  // Each expected value comes from the source its line names (c0).
  Run run = chunker(
      {"solve", "--epd", CHUNKER_SOURCE_DIR "/testpositions/literature.epd", "--node-limit", "1000", "--cache", ""});
  CHECK(run.status == 0);
  CHECK(std::count(run.out.begin(), run.out.end(), '\n') == 10);
  CHECK(run.out.find("MISMATCH") == std::string::npos);
}

TEST_CASE("solve --epd (text and --json) and table exit 1 on a suite line whose value or distance is wrong") {
  const TempDir temp;
  // The right value, from the oracle (testpositions/default.epd): level1-root
  // is a loss in 8. Each line below gets one wrong.
  const std::string wrong_dist = temp.path + "/dist.epd", wrong_value = temp.path + "/value.epd";
  std::ofstream(wrong_dist) << "8/8/PP2k3/2P5/8/6p1/5p2/5K2 b - - id \"level1-root\"; value loss; dist 9;\n";
  std::ofstream(wrong_value) << "8/8/PP2k3/2P5/8/6p1/5p2/5K2 b - - id \"level1-root\"; value draw;\n";
  for (const std::string& suite : {wrong_dist, wrong_value}) {
    CAPTURE(suite);
    // No oracle in --data: the exact solver answers.
    const Run text = chunker({"solve", "--epd", suite, "--data", temp.path});
    CHECK(text.status == 1);
    CHECK(text.out.find("MISMATCH") != std::string::npos);
    CHECK(chunker({"solve", "--epd", suite, "--data", temp.path, "--json"}).status == 1);
    const Run table =
        chunker({"table", suite, "--levels", "0-0", "--data", temp.path, "--node-limit", "1000", "--search", "ab"});
    CHECK(table.status == 1);
    CHECK(table.out.find("MISMATCH with the suite") != std::string::npos);
  }
}

TEST_CASE("solve --engine peasant: a proven result, a heuristic score, and bad values refused") {
  // e8? is taken; Kf7 defends e8 first and wins in 3 (scripts/reference_solve.py).
  Run run = chunker({"solve", "8/3kP3/5K2/8/8/7p/8/8 w - -", "--engine", "peasant", "--depth", "6", "--json"});
  CHECK(run.status == 0);
  CHECK(run.out.find("\"engine\":\"peasant\"") != std::string::npos);
  CHECK(run.out.find("\"value\":\"win\",\"proven\":true") != std::string::npos);
  CHECK(run.out.find("\"distance\":3") != std::string::npos);
  CHECK(run.out.find("\"best\":\"Kf7\"") != std::string::npos);
  CHECK(run.out.find("\"depth\":6") != std::string::npos);
  // The Szen position (a win in 51 plies, Szen 1836) is beyond depth 4: a score, said to be heuristic.
  Run text = chunker({"solve", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - -", "--engine", "peasant", "--depth", "4"});
  CHECK(text.status == 0);
  CHECK(text.out.find("heuristic (Peasant's evaluator), no forced result within 4 plies") != std::string::npos);
  CHECK(text.out.find("depth      4 plies\n") != std::string::npos);
  // A suite: a proven result is checked, a heuristic score is neither ok nor a mismatch.
  char path[] = "/tmp/chunker_cli_epdXXXXXX";
  close(mkstemp(path));
  std::ofstream(path) << "8/3kP3/5K2/8/8/7p/8/8 w - - id \"Kf7\"; value win; dist 3;\n"
                         "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - id \"Szen\"; value win; dist 51;\n";
  Run suite = chunker({"solve", "--epd", path, "--engine", "peasant", "--depth", "4"});
  std::remove(path);
  CHECK(suite.status == 0);
  CHECK(suite.out.find("win in 3") != std::string::npos);
  CHECK(suite.out.find("  ok\n") != std::string::npos);
  CHECK(suite.out.find("heuristic (expected win in 51)\n") != std::string::npos);
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--engine", "peasant", "--depth", "0"},
                "--depth must be between 1 and 60, got 0");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--engine", "peasant", "--depth", "999"},
                "--depth must be between 1 and 60, got 999");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--engine", "stockfish"},
                "unknown engine 'stockfish' (chunker or peasant)");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--depth", "5"}, "--depth applies to --engine peasant only");
  check_refused({"solve", "4k3/8/8/8/8/8/4P3/4K3 w - -", "--engine", "peasant", "--max-ply", "5"},
                "--max-ply applies to --engine chunker");
}

TEST_CASE("variant: bad input is one line and exit status 2") {
  check_refused({"variant", "chess", "perft", "3"}, "unknown game 'chess' (peasants or pawngame)");
  check_refused({"variant", "pawngame", "--size", "9", "solve"}, "--size must be between 3 and 8, got 9");
  check_refused({"variant", "pawngame", "--size", "2", "perft", "3"}, "--size must be between 3 and 8, got 2");
  check_refused({"variant", "peasants", "--size", "6", "perft", "3"}, "Peasants' Chess is played on 8x8 only");
  check_refused({"variant", "peasants", "perft", "0"}, "depth must be between 1 and 30, got 0");
  check_refused({"variant", "peasants", "perft", "deep"}, "'deep'");
  check_refused({"variant", "peasants", "perft"}, "perft needs a DEPTH");
  check_refused({"variant", "peasants", "solve", "5"}, "solve takes no DEPTH");
  check_refused({"variant", "pawngame", "walk"}, "unknown action 'walk' (perft or solve)");
  check_refused({"variant", "peasants", "--en-passant", "maybe", "perft", "3"}, "--en-passant must be on or off");
  check_refused({"variant", "peasants", "--perft-end", "eighth", "perft", "3"}, "--perft-end must be seventh or last");
  check_refused({"variant", "peasants", "--colour", "red", "perft", "3"}, "--colour");
}

TEST_CASE("variant: perft and solve print their results") {
  // Seed 002: Peasants' Chess has 6,146,460 leaf nodes at depth 7.
  Run perft = chunker({"variant", "peasants", "perft", "7"});
  CHECK(perft.status == 0);
  CHECK(perft.out == "Nodes searched: 6146460\n");
  // pawnsonly's README: the 5×5 pawn game (no en passant) is a win for White.
  Run solve = chunker({"variant", "pawngame", "--size", "5", "solve", "--hash", "1"});
  CHECK(solve.status == 0);
  CHECK(solve.out.find("game     5x5 pawn game, en passant off\n") != std::string::npos);
  CHECK(solve.out.find("value    win for White, the side to move\n") != std::string::npos);
}

TEST_CASE("libgen: builds libraries byte for byte as data/MANIFEST records, and --verify finds a damaged one") {
  const TempDir temp;
  const std::string& out = temp.path;
  // The manifest was written by an earlier run of the same code: matching it
  // shows that generation gives the same bytes every time. The two slowest
  // libraries, kv3cpp-passes and k3cppvk, are left to the chunk_libraries
  // test (tests/CMakeLists.txt), which builds every library and fails where
  // one differs from the manifest.
  const std::vector<std::string> libraries = {
      "kv3cpp-am",   "kv3cpp-pcp",    "kv3cpp-kcp",   "kv3cpp-ams", "kv3cpp-regions", "kv3cpp-kcps", "kv3cpp-quiet",
      "kv3cpp-race", "kv3cpp-budget", "kv3cpp-tempi", "kv3cpp-z",   "k3cppvk-ams",    "kpk"};
  auto libgen = [&](std::vector<std::string> args) {
    args.insert(args.end(), libraries.begin(), libraries.end());
    return chunker(args);
  };
  Run build = libgen({"libgen", "--out", out, "--only"});
  CHECK(build.status == 0);
  for (const std::string& library : libraries) CHECK(build.out.find(library + " ") != std::string::npos);
  CHECK(std::count(build.out.begin(), build.out.end(), '\n') == 2 + int(libraries.size()));  // header, total
  CHECK(build.out.find("DIFFERS") == std::string::npos);
  CHECK(build.out.find("not listed") == std::string::npos);
  Run verify = libgen({"libgen", "--verify", "--out", out, "--only"});
  CHECK(verify.status == 0);
  CHECK(verify.out.find("kv3cpp-am      ok\n") != std::string::npos);
  {
    std::fstream file(out + "/kv3cpp-z.lib", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(40);
    file.put('\x7f');
  }
  std::remove((out + "/kv3cpp-pcp.lib").c_str());
  Run damaged = chunker({"libgen", "--verify", "--out", out});
  CHECK(damaged.status == 1);
  CHECK(damaged.out.find("kv3cpp-z       DIFFERS\n") != std::string::npos);
  CHECK(damaged.out.find("kv3cpp-pcp     missing\n") != std::string::npos);
  CHECK(damaged.out.find("rebuild with: chunker libgen --out " + out) != std::string::npos);
  check_refused({"libgen", "--only", "kv3cpp-xyz"}, "unknown library 'kv3cpp-xyz'");
  check_refused({"libgen", "--verify", "--update-manifest"}, "--verify and --update-manifest exclude each other");
}

TEST_CASE("solve --level 1: the schemas answer, the share of terminals is printed, a damaged library is refused") {
  const TempDir temp;
  const std::string& libraries = temp.path;
  REQUIRE(
      chunker({"libgen", "--out", libraries, "--only", "kv3cpp-ams", "kv3cpp-regions", "k3cppvk-ams", "kpk"}).status ==
      0);
  // White's pawns outrun the king (rule of the square) and White's king
  // takes the lone black pawn: Level 1 decides it, without a distance.
  Run run =
      chunker({"solve", "7k/8/8/8/P7/8/6p1/6K1 w - -", "--level", "1", "--libraries", libraries, "--source", "search"});
  CHECK(run.status == 0);
  CHECK(run.out.find("value      win for the side to move (White wins), proven by the search\n") != std::string::npos);
  CHECK(run.out.find("terminals  rules ") != std::string::npos);
  CHECK(run.out.find("level 1 (AM, both chunks) ") != std::string::npos);
  {
    std::fstream file(libraries + "/kv3cpp-ams.lib", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(60);
    file.put('\x55');
  }
  check_refused(
      {"solve", "7k/8/8/8/P7/8/6p1/6K1 w - -", "--level", "1", "--libraries", libraries, "--source", "search"},
      "chunker libgen --only kv3cpp-ams");
  check_refused({"oracle", "verify", "--libraries", libraries}, "chunker libgen --only kv3cpp-ams");
  check_refused({"solve", "7k/8/8/8/P7/8/6p1/6K1 w - -", "--level", "1", "--schemas", "folk"},
                "--schemas must be sound or paper, got 'folk'");
}

TEST_CASE("table: nodes (ply) per level, ---- past the node limit, the result against the suite") {
  const TempDir temp;
  const std::string& libraries = temp.path;
  REQUIRE(chunker({"libgen", "--out", libraries, "--only", "kv3cpp-am", "kv3cpp-pcp", "kv3cpp-kcp", "kv3cpp-ams",
                   "kv3cpp-regions", "kv3cpp-kcps", "kv3cpp-quiet", "k3cppvk-ams", "kpk"})
              .status == 0);
  const std::string suite = libraries + "/suite.epd", level3 = libraries + "/level3.epd";
  // Values and distances from the oracle (testpositions/default.epd).
  std::ofstream(suite) << "8/8/PP2k3/2P5/8/6p1/5p2/5K2 b - - id \"level1-root\"; value loss; dist 8;\n";
  std::ofstream(level3) << "3K4/5p2/8/6pp/1P6/8/P1P5/3k4 b - - id \"level3-root\"; value win; dist 7;\n";
  // The suites' selection: Level 1 decides the first at the root, Level 3
  // the second, so those columns read "1 (1)"; the search alone needs more
  // nodes, and proves the oracle's value and distance. No oracle in --data:
  // the result column is the exact solver's, and every level agrees with it;
  // for the second, whose exact solve takes seconds and a gigabyte, there is
  // no exact solver (--memory 0) and the result is the search's.
  Run run = chunker({"table", suite, "--levels", "0-3", "--libraries", libraries, "--data", temp.path, "--node-limit",
                     "100000", "--search", "ab"});
  CHECK(run.status == 0);
  CHECK(run.out.find("level1-root   ") != std::string::npos);
  // Each cell: nodes (ply) and the nodes over the proof's positions (a leaf: one).
  CHECK(
      run.out.find("            1 (1) 1.0            1 (1) 1.0            1 (1) 1.0  loss in 8 (exact solve)  ok\n") !=
      std::string::npos);
  Run searched = chunker({"table", level3, "--levels", "0-3", "--libraries", libraries, "--data", temp.path,
                          "--node-limit", "100000", "--search", "ab", "--memory", "0", "--cache", ""});
  CHECK(searched.status == 0);
  CHECK(searched.out.find("level3-root   ") != std::string::npos);
  CHECK(searched.out.find("            1 (1) 1.0  win in 7  ok\n") != std::string::npos);
  for (const Run* r : {&run, &searched}) CHECK(r->out.find("----") == std::string::npos);
  // No knowledge-depth table in --data: its column reads "-".
  // --memory 0 and no cache: no exact answer either.
  Run limited = chunker({"table", suite, "--levels", "0-0", "--node-limit", "500", "--data", temp.path, "--search",
                         "ab", "--memory", "0", "--cache", ""});
  CHECK(limited.out.find("level1-root          ab             -                 ----  unproven") != std::string::npos);
  CHECK(limited.err.find("the depth column shows - for abc-fgh: no current knowledge-depth table; build it with: "
                         "chunker oracle depth --layout abc-fgh --level 0 --save\n") != std::string::npos);
  Run csv = chunker(
      {"table", suite, "--levels", "1-1", "--libraries", libraries, "--data", temp.path, "--csv", "--search", "ab"});
  // The first run's exact tables, kept in DATA/exact, answer at once.
  CHECK(csv.out.find("id,search,depth L1,level 1,result\nlevel1-root,ab,-,1 (1) 1.0,loss in 8 (exact table)  ok\n") !=
        std::string::npos);
  // The proof-number search (the default): a loss decided at the root costs
  // a node for each proof (does the side to move win? does it lose?) and its
  // proof has depth 0; both searches in one table, a row each.
  Run both = chunker({"table", suite, "--levels", "1-1", "--libraries", libraries, "--data", temp.path, "--csv",
                      "--search", "both", "--memory", "0", "--cache", ""});
  CHECK(both.out.find(
            "level1-root,ab,-,1 (1) 1.0,loss (no dist.)  ok\nlevel1-root,pn,-,2 (0) 2.0,loss (no dist.)  ok\n") !=
        std::string::npos);
  check_refused({"table", suite, "--search", "mcts"}, "--search must be ab, pn or both, got 'mcts'");
  check_refused({"table", suite, "--levels", "2-1"}, "--levels must be N or A-B");
  // The published Level 1 decides this draw as a loss at the root (the
  // oracle: a draw; testpositions/paper-traps.epd): the paper column is
  // marked WRONG against the suite's value and the exit status is 1; the
  // sound schemas prove nothing wrong. No exact solve (its table takes a
  // gigabyte): the suite's value is the reference.
  const std::string traps = libraries + "/traps.epd";
  std::ofstream(traps) << "8/5ppp/8/k7/P7/2K5/1PP5/8 w - - id \"paper-level1\"; value draw;\n";
  auto table_of_traps = [&](const std::string& schemas) {
    return chunker({"table", traps, "--levels", "1-1", "--libraries", libraries, "--node-limit", "1000", "--schemas",
                    schemas, "--memory", "0", "--cache", ""});
  };
  Run paper = table_of_traps("paper");
  CHECK(paper.status == 1);
  CHECK(paper.out.find("  loss (no dist.)  WRONG at level 1 (expected draw)\n") != std::string::npos);
  Run sound = table_of_traps("sound");
  CHECK(sound.status == 0);
  CHECK(sound.out.find("WRONG") == std::string::npos);
  check_refused({"table", suite, "--engines", "belle"}, "--engines must be chunker or chunker,peasant");
}

TEST_CASE("solve --proof writes a proof that proof check accepts, and a damaged one it rejects") {
  const TempDir temp;
  const std::string proof = temp.path + "/kpk.proof";
  // A pawn that outruns the king (rule of the square): a win by the rules
  // alone, so Level 0 needs no library.
  Run run = chunker(
      {"solve", "8/8/8/8/8/k7/6P1/K7 w - -", "--search", "pn", "--level", "0", "--source", "search", "--proof", proof});
  CHECK(run.status == 0);
  CHECK(run.out.find("value      win for the side to move (White wins), proven by the search\n") != std::string::npos);
  CHECK(run.out.find("source     proof-number search\n") != std::string::npos);
  CHECK(run.out.find("ply        10 (the proof tree's depth") != std::string::npos);
  // The proof's line: the winner's moves against the deepest defence, as deep
  // as the proof tree, in the JSON its pv; it starts with g4, the only
  // winning move (scripts/reference_solve.py --best: g3 and Kb1 draw).
  CHECK(run.out.find("best move  g4\nline       1. g4 ") != std::string::npos);
  CHECK(run.out.find(" (the proof's, to a position the rules or a schema decide)\n") != std::string::npos);
  Run json =
      chunker({"solve", "8/8/8/8/8/k7/6P1/K7 w - -", "--search", "pn", "--level", "0", "--source", "search", "--json"});
  const std::size_t pv = json.out.find("\"pv\":[\"g4\",");
  REQUIRE(pv != std::string::npos);
  const std::string moves = json.out.substr(pv, json.out.find(']', pv) - pv);
  CHECK(std::count(moves.begin(), moves.end(), ',') + 1 == 10);
  Run ok = chunker({"proof", "check", proof, "--level", "0", "--no-oracle"});
  CHECK(ok.status == 0);
  CHECK(ok.out.find("proof ok: White wins 8/8/8/8/8/k7/6P1/K7 w - - 0 1; ") != std::string::npos);
  // The winner's first move made one the pawn cannot make.
  std::string text = slurp(proof);
  const std::size_t first = text.find("0 move g2g4");
  REQUIRE(first != std::string::npos);
  text.replace(first, 11, "0 move g2g5");
  std::ofstream(proof) << text;
  Run bad = chunker({"proof", "check", proof, "--level", "0", "--no-oracle"});
  CHECK(bad.status == 1);
  CHECK(bad.out.find("proof rejected: proof fails at 8/8/8/8/8/k7/6P1/K7 w - - 0 1: g2g5 is not a legal move") !=
        std::string::npos);
  std::ofstream(proof) << "chunker-proof 1\nroot 8/8/8/8/8/k7/6P1/K7 w - -\nwinner white\n0 move g2g4\n";
  check_refused({"proof", "check", proof, "--level", "0"}, "proof line 4: expected 'ID move UCI CHILD'");
  // Alpha-beta writes the proof its hash table holds, which proof check accepts as well.
  Run ab = chunker(
      {"solve", "8/8/8/8/8/k7/6P1/K7 w - -", "--search", "ab", "--level", "0", "--source", "search", "--proof", proof});
  CHECK(ab.status == 0);
  CHECK(ab.out.find("source     alpha-beta search\n") != std::string::npos);
  CHECK(ab.out.find("its proof's positions: ") != std::string::npos);
  Run ab_ok = chunker({"proof", "check", proof, "--level", "0", "--no-oracle"});
  CHECK(ab_ok.status == 0);
  CHECK(ab_ok.out.find("proof ok: White wins 8/8/8/8/8/k7/6P1/K7 w - - 0 1; ") != std::string::npos);
}
