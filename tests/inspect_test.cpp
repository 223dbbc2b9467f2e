// `chunker inspect` driven through a pipe: the Szén position, a few moves,
// undo, the alternate parse, solve, another position, bad input, quit. Every
// property printed is checked against the library files and the oracle's
// table as this test reads them itself (entries located by hand, below), or
// against the literature; none is a value copied from the program's output.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "chess/child_process.h"
#include "chunks/k3cppvk.h"
#include "chunks/kv3cpp_library.h"
#include "engine/notation.h"
#include "exact/oracle.h"

using namespace chunker;

namespace {

// The Szén position (Szén 1836; Fine, Basic Chess Endings no. 68): whoever
// moves first wins.
const char* SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";

// The session's output, cut at each echoed command ("chunker> CMD").
std::vector<std::string> sections(const std::string& out) {
  std::vector<std::string> parts(1);
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("chunker> ", 0) == 0) parts.emplace_back();
    parts.back() += line + "\n";
  }
  return parts;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A chunk entry as the text shows it, from the pawns' side; worded here.
std::string words(bool legal, Value pawns_value, const std::string& defender) {
  if (!legal) return "cannot arise";
  if (is_win(pawns_value)) return "pawns win in " + std::to_string(distance_of(pawns_value));
  if (is_loss(pawns_value)) return defender + " wins in " + std::to_string(distance_of(pawns_value));
  return "draw";
}
std::string value_words(Value v) {
  if (is_win(v)) return "win in " + std::to_string(distance_of(v));
  if (is_loss(v)) return "loss in " + std::to_string(distance_of(v));
  return "draw";
}

// A property row: the label, then the cells for White and Black to move.
std::string row(const std::string& label, const std::string& white, const std::string& black) {
  std::string line = "  " + label;
  line.resize(std::max<std::size_t>(line.size() + 1, 27), ' ');
  line += white;
  if (!black.empty()) line.resize(std::max<std::size_t>(line.size() + 1, 50), ' '), line += black;
  return line + "\n";
}

const OracleTable& abc_fgh() {
  static const OracleTable table = load_oracle(CHUNKER_TEST_DATA, Layout::AbcFgh);
  return table;
}

// The oracle's verdict on a position of a-c vs f-h as the program words it.
std::string oracle_line(const Position& pos) {
  const Value v = abc_fgh().value(pos);
  const std::string winner =
      !is_decisive(v) ? "draw" : std::string(is_win(v) == (pos.side == WHITE) ? "White" : "Black") + " wins";
  return "oracle (abc-fgh): " + value_words(v) + " for " + (pos.side == WHITE ? "White" : "Black") +
         ", the side to move (" + winner + ")\n";
}

// Every legal move of the position appears with the oracle's value of it.
void check_move_values(const std::string& text, const Position& pos) {
  const auto moves = move_values(abc_fgh(), pos);  // pos lies in a-c vs f-h as it stands
  CHECK(moves.size() == std::size_t(legal_moves(pos).size));
  for (const auto& [move, value] : moves) {
    std::string cell = san(pos, move);
    cell.resize(std::max<std::size_t>(cell.size() + 1, 8), ' ');
    cell += value_words(value);  // CHECK_MESSAGE's lambda may not capture a structured binding
    CHECK_MESSAGE(has(text, cell), cell);
  }
}

}  // namespace

TEST_CASE("inspect through a pipe: properties from the libraries and the oracle, moves, undo, parses, solve") {
  const std::string data = CHUNKER_TEST_DATA;
  ChildProcess session(
      {CHUNKER_BINARY, "inspect", SZEN, "--data", data, "--libraries", data, "--node-limit", "200000"});
  for (const char* command : {"Ke2", "move e8d7", "c4", "undo", "parse alt", "solve 3",
                              "fen 7k/8/8/8/P7/8/6p1/6K1 w - -", "xyzzy", "a6", "quit", "moves"})
    session.write_line(command);
  session.close_input();
  const std::string out = session.read_all();
  CHECK(session.wait_exit() == 0);
  const auto part = sections(out);
  REQUIRE(part.size() == 11);  // the first show, then one per command up to quit, which ends the session

  // The board, as the FEN places the pieces.
  const std::string& start = part[0];
  CHECK(has(start, "  8 · · · · ♚ · · ·  8      · · · · A · · ·\n"));
  CHECK(has(start, "  2 ♙ ♙ ♙ · · · · ·  2      A A A · · · · ·\n"));
  CHECK(has(start, "  1 · · · ♔ · · · ·  1      · · · B · · · ·\n"));

  // Chunk A, White's pawns a2 b2 c2 against Black's king e8, is entry
  // (group a-c = 0, every pawn on its second rank: config 0) << 7 | side << 6
  // | e8 (60) of the Kv3CPP libraries: 60 with White to move, 124 with Black.
  // Chunk B, Black's pawns f7 g7 h7 against White's king d1, seen
  // colour-reversed (pawns f2 g2 h2, king d8) and mirrored (pawns a2 b2 c2,
  // king e8), is the same placement with the sides to move exchanged.
  const char* assumption_rows[] = {"AM (alternating)", "PCP (pawns may pass)", "KCP (king may pass)",
                                   "AMS (stuck king: draw)", "KCPS (stuck king: draw)"};
  const std::string chunk_b = start.substr(start.find("chunk B"));
  for (int a = 0; a < ASSUMPTION_NB; ++a) {
    const Kv3cppLibrary library = load_kv3cpp(data, Assumption(a));
    const std::string white = words(library.legal(60), library.pawns_value(60), "king");
    const std::string black = words(library.legal(124), library.pawns_value(124), "king");
    CHECK_MESSAGE(has(start.substr(0, start.find("chunk B")), row(assumption_rows[a], white, black)),
                  assumption_rows[a]);
    CHECK_MESSAGE(has(chunk_b, row(assumption_rows[a], black, white)), assumption_rows[a]);
  }
  const Kv3cppTempi tempi = load_kv3cpp_tempi(data);
  auto tempi_cell = [&](std::uint32_t entry) {
    return tempi.tempi[entry] < 0 ? std::string("-") : std::to_string(tempi.tempi[entry]);
  };
  CHECK(has(start, row("spare tempi (KCP)", tempi_cell(60), tempi_cell(124))));
  CHECK(has(start, row("Z configuration", load_z_configurations(data).contains(60) ? "yes" : "no", "")));

  // The tempo sum finds no budget for Szén's position, and names the nearest
  // pair. Checked against the kv3cpp-passes library file: with White to move
  // the games are played as (pawns entry 60, king entry 60) or (124, 124)
  // (chunk B is chunk A's placement with the sides to move exchanged); no
  // budget serves both in either, and in one of them White's pawns win with
  // budget (0, 0) and its king with (0, 1), one pass apart.
  const Kv3cppPasses passes = load_kv3cpp_passes(data);
  bool quoted_pair = false;
  for (std::uint32_t entry : {60u, 124u}) {
    CHECK((passes.pawns_win[entry] & passes.king_win[entry]) == 0);
    quoted_pair |= ((passes.pawns_win[entry] >> Kv3cppPasses::budget(0, 0)) & 1) &&
                   ((passes.king_win[entry] >> Kv3cppPasses::budget(0, 1)) & 1);
  }
  CHECK(quoted_pair);
  CHECK(has(start,
            "nearest: White's pawns win with 0 passes against Black's king's 0 passes, White's king takes "
            "Black's pawns with 1 pass against their 0 passes, one pass apart"));

  // The oracle: the Szén position is a White win with White to move (the
  // literature), in the table's distance; and every move's value.
  const Position szen = parse_fen(SZEN).pos;
  CHECK(is_win(abc_fgh().value(szen)));
  CHECK(has(start, oracle_line(szen)));
  check_move_values(start, szen);

  // Moves in SAN and coordinates, each shown with the oracle's values.
  Position pos = make_move(szen, *find_move(szen, "d1e2"));
  CHECK(has(part[1], "played 1. Ke2\n"));
  CHECK(has(part[1], "Black to move      " + to_fen(pos) + "\n"));
  CHECK(has(part[1], oracle_line(pos)));
  check_move_values(part[1], pos);
  pos = make_move(pos, *find_move(pos, "e8d7"));
  const Position after_kd7 = pos;
  CHECK(has(part[2], "played 1... Kd7\n"));
  CHECK(has(part[2], oracle_line(pos)));
  pos = make_move(pos, *find_move(pos, "c2c4"));
  CHECK(has(part[3], "played 2. c4\n"));
  CHECK(has(part[3], oracle_line(pos)));
  check_move_values(part[3], pos);
  // undo: back to the position after 1. Ke2 Kd7.
  CHECK(has(part[4], "took back; White to move\n"));
  CHECK(has(part[4], "White to move      " + to_fen(after_kd7, 0, 2) + "\n"));
  CHECK(has(part[4], oracle_line(after_kd7)));

  // parse alt: White's king e2 joins a2 b2 c2 against Black's king d7, the
  // K3CPPvK entry (group 0, config 0) << 13 | side << 12 | e2 (12) << 6 |
  // d7 (51): 819 with White to move, 819 + 4096 with Black. Black's pawns
  // run unopposed: f7-f5 (the double step), f4, f3, f2, f1: 5 moves.
  const std::string& alt = part[5];
  CHECK(has(alt, "parse: alternate 1 of 2, White's king joins its pawns"));
  CHECK(has(alt, "  7 · · · ♚ · ♟ ♟ ♟  7      · · · K · U U U\n"));
  const K3cppvkLibrary k3cppvk = load_k3cppvk(data);
  auto k3_words = [&](std::uint32_t i) { return words(k3cppvk.legal(i), k3cppvk.pawns_value(i), "lone king"); };
  auto k3_tempi = [&](std::uint32_t i) {
    return k3cppvk.tempi[i] < 0 ? std::string("-") : std::to_string(k3cppvk.tempi[i]);
  };
  CHECK(has(alt, row("K3CPPvK", k3_words(819), k3_words(819 + 4096))));
  CHECK(has(alt, row("lone king's spare tempi", k3_tempi(819), k3_tempi(819 + 4096))));
  CHECK(has(alt, "3CPP unopposed: Black's pawns f7 g7 h7, the quickest promotes in 5 moves"));

  // solve: either unproven within its node limit or the oracle's value.
  const std::string& solved = part[6];
  const Value truth = abc_fgh().value(after_kd7);
  const std::string truth_word = is_win(truth) ? "win" : is_loss(truth) ? "loss" : "draw";
  CHECK(has(solved, "solve at level 3 (200000 nodes at most)\n"));
  CHECK((has(solved, "value      unproven") || has(solved, "value      " + truth_word + " for the side to move")));

  // A position Level 1 decides: its verdict agrees with the oracle's value.
  const std::string& other = part[7];
  const Position level1 = parse_fen("7k/8/8/8/P7/8/6p1/6K1 w - -").pos;
  CHECK(is_win(abc_fgh().value(level1)));
  CHECK(has(other, oracle_line(level1)));
  CHECK(has(other, "White wins  White wins both chunks under alternating moves"));
  CHECK(has(other, "decided by level 1 (AM, both chunks): White wins\n"));

  // Bad input: one line each, and the session goes on to quit.
  CHECK(part[8] ==
        "chunker> xyzzy\nunknown command or illegal move 'xyzzy' (help lists the commands, moves the legal moves)\n");
  CHECK(part[9] ==
        "chunker> a6\nunknown command or illegal move 'a6' (help lists the commands, moves the legal moves)\n");
  CHECK(part[10] == "chunker> quit\n");  // and nothing after: "moves" was never read
}
