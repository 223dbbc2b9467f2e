// FEN/EPD reading and writing, the validity rules of docs/design.md §1, and the
// symmetries the search and tables rely on.
#include <doctest/doctest.h>

#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/zobrist.h"

using namespace chunker;

namespace {
const char* SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1";

std::string error_of(const char* fen) {
  try {
    parse_fen(fen);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("FEN round-trips and keeps its counters") {
  for (const char* fen : {SZEN, "8/8/8/8/8/4k3/4P3/4K3 b - - 12 40", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"}) {
    Fen parsed = parse_fen(fen);
    CHECK(to_fen(parsed.pos, parsed.halfmove, parsed.fullmove) == fen);
  }
  Fen four = parse_fen("4k3/8/8/8/8/8/4P3/4K3 w - -");
  CHECK(four.halfmove == 0);
  CHECK(four.fullmove == 1);
}

TEST_CASE("an en-passant square no pawn can use is dropped") {
  // After 1. e4 with no black pawn beside it, FEN writers still give e3.
  Position pos = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").pos;
  CHECK(pos.ep == NO_SQUARE);
  CHECK(pos == parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").pos);
}

TEST_CASE("positions that cannot arise are refused, naming the problem") {
  CHECK(error_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1").find("first or last rank") != std::string::npos);
  CHECK(error_of("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").find("first or last rank") != std::string::npos);
  CHECK(error_of("8/8/8/8/8/8/3kK3/8 w - - 0 1") == "the kings stand next to each other");
  CHECK(error_of("8/8/8/8/8/3k4/4P3/4K3 w - - 0 1") == "the side not to move is in check");
  CHECK(error_of("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1") == "more than 8 black pawns");
  CHECK(error_of("8/8/8/8/8/8/8/4K3 w - - 0 1") == "no black king");
  CHECK(error_of("4k3/8/8/8/8/8/8/K3K3 w - - 0 1") == "more than one white king");
  CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1").find("could not have come from a double step") !=
        std::string::npos);
  CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1").find("could not have come from a double step") !=
        std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").find("only kings and pawns") != std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").find("no rooks") != std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/4K3 w - - 0 1").find("8 ranks") != std::string::npos);
  CHECK(error_of("4k3/9/8/8/8/8/8/4K3 w - - 0 1").find("unknown character '9'") != std::string::npos);
  CHECK(error_of("4k3/45/8/8/8/8/8/4K3 w - - 0 1").find("more than 8 squares") != std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/8/4K3 x - - 0 1").find("side to move") != std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w").find("at least 4 fields") != std::string::npos);
  CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w - - x 1").find("halfmove") != std::string::npos);
  CHECK(error_of("").find("at least 4 fields") != std::string::npos);
}

TEST_CASE("a double step that gives check may be taken en passant") {
  // Black has just played d7-d5+ against the king on e4; exd6 e.p. removes the checker.
  Position pos = parse_fen("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1").pos;
  CHECK(pos.in_check());
  auto m = find_move(pos, "exd6");
  REQUIRE(m.has_value());
  CHECK(m->kind() == MoveKind::EnPassant);
  CHECK(!make_move(pos, *m).in_check());
}

TEST_CASE("mirror and colour-reversed twins") {
  Position szen = parse_fen(SZEN).pos;
  CHECK(mirrored(mirrored(szen)) == szen);
  CHECK(colour_reversed(colour_reversed(szen)) == szen);
  CHECK(to_fen(mirrored(szen)) == "3k4/ppp5/8/8/8/8/5PPP/4K3 w - - 0 1");
  CHECK(to_fen(colour_reversed(szen)) == "3k4/ppp5/8/8/8/8/5PPP/4K3 b - - 0 1");
  Canonical a = canonical(szen), b = canonical(mirrored(szen));
  CHECK(a.pos == b.pos);
  CHECK(a.key == b.key);
  CHECK(a.is_mirror != b.is_mirror);
}

TEST_CASE("promotion safety follows docs/design.md §1") {
  // e8 next to the king on f7 and undefended: unsafe.
  Position alone = parse_fen("8/4Pk2/8/8/8/8/8/K7 w - - 0 1").pos;
  CHECK(!is_safe_promotion(alone, *find_move(alone, "e8")));
  // Defended by the pawn on d7: safe.
  Position pawn = parse_fen("8/3PPk2/8/8/8/8/8/K7 w - - 0 1").pos;
  CHECK(is_safe_promotion(pawn, *find_move(pawn, "e8")));
  // Defended by the king on d7: safe.
  Position king = parse_fen("8/3KPk2/8/8/8/8/8/8 w - - 0 1").pos;
  CHECK(is_safe_promotion(king, *find_move(king, "e8")));
  // Out of the king's reach: safe.
  Position far = parse_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1").pos;
  CHECK(is_safe_promotion(far, *find_move(far, "a8")));
}

TEST_CASE("after an unsafe promotion only the capture and safe promotions are replies") {
  Position pos = parse_fen("8/4Pk2/8/8/8/8/p7/7K w - - 0 1").pos;
  Position after = make_move(pos, *find_move(pos, "e8"));
  CHECK(after.promoted == make_square(4, 7));
  MoveList replies = legal_moves(after);
  // Kxe8, and a1 would be safe (the white king on h1 is far away).
  REQUIRE(replies.size == 2);
  CHECK(san(after, replies.moves[0]) == "Kxe8");
  CHECK(san(after, replies.moves[1]) == "a1=Q");
}

TEST_CASE("SAN and UCI") {
  Position pos = parse_fen("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1").pos;
  CHECK(san(pos, *find_move(pos, "e5d6")) == "exd6");
  CHECK(uci(*find_move(pos, "exd6")) == "e5d6");
  CHECK(!find_move(pos, "e6").has_value());  // in check: only the capture or king moves
  // cxb2 mates: a2 and b2 are next to the king on b3, b1 is covered by c2.
  Position mate = parse_fen("8/8/8/8/8/1kp5/1Pp5/K7 b - - 0 1").pos;
  CHECK(san(mate, *find_move(mate, "cxb2")) == "cxb2#");
  CHECK(legal_moves(make_move(mate, *find_move(mate, "c3b2"))).empty());
}

TEST_CASE("EPD operations") {
  Epd epd = parse_epd("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - id \"Szen, White to move\"; c0 \"Fine 68\"; value win;");
  CHECK(epd.pos == parse_fen(SZEN).pos);
  CHECK(epd.op("id") == "Szen, White to move");
  CHECK(epd.op("c0") == "Fine 68");
  CHECK(epd.op("value") == "win");
  CHECK(epd.op("dist") == "");
  CHECK(parse_epd(to_epd(epd)).ops == epd.ops);
  // Found by the fuzzer: an operand holding ';' must be written quoted.
  Epd semicolon = parse_epd("8/8/4k3/8/8/4K3/4P3/8 w - - 3 \";\";");
  CHECK(semicolon.op("3") == ";");
  CHECK(parse_epd(to_epd(semicolon)).ops == semicolon.ops);
  CHECK_THROWS_AS(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - id \"open"), InputError);
  CHECK_THROWS_AS(parse_epd("4k3/8/8/8/8/8/8/4K3 w - - id x"), InputError);
}
