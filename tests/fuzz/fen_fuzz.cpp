// libFuzzer target: arbitrary bytes through the FEN and EPD readers. Bad input
// must end in InputError and nothing else (any other exception escapes and
// libFuzzer reports it); accepted input must survive the invariants below,
// which trap (abort) when broken:
//   - to_fen / to_epd of what was read reads back to an equal position (and
//     equal counters / operations), and writes back to the same text;
//   - the position is valid, and so are its mirror and colour-reversed twins,
//     which have the same perft(2);
//   - every legal move is distinct, moves a piece of the side to move, and
//     leads (make_move) to a valid position that, unless a promotion is
//     pending, writes to a FEN that reads back to it;
//   - perft(pos, 1) is the number of legal moves, and perft(pos, 2) runs.
// Build and run: scripts/fuzz.sh [seconds].

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"

namespace {

using namespace chunker;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fen_fuzz: invariant broken: %s\n  %s\n", what, detail.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

#define FUZZ_CHECK(cond, detail)        \
  do {                                  \
    if (!(cond)) fail(#cond, (detail)); \
  } while (0)

// Reads text that the engine itself wrote; it must be accepted.
Fen reread_fen(const std::string& text) {
  try {
    return parse_fen(text);
  } catch (const InputError& e) {
    fail("parse_fen rejects what to_fen wrote", text + "  ->  " + e.what());
  }
}

Epd reread_epd(const std::string& text) {
  try {
    return parse_epd(text);
  } catch (const InputError& e) {
    fail("parse_epd rejects what to_epd wrote", text + "  ->  " + e.what());
  }
}

void must_be_valid(const Position& pos, const char* what) {
  try {
    validate(pos);
  } catch (const InputError& e) {
    fail(what, board_fields(pos) + "  ->  " + e.what());
  }
}

// A position with no pending promotion writes to FEN and reads back equal.
void fen_round_trip(const Position& pos, const std::string& context) {
  std::string text = to_fen(pos);
  Fen back = reread_fen(text);
  FUZZ_CHECK(back.pos == pos, context + ": " + text);
  FUZZ_CHECK(to_fen(back.pos) == text, context + ": " + text);
}

void exercise(const Position& pos) {
  const std::string fen = board_fields(pos);
  must_be_valid(pos, "an accepted position fails validate");

  // The symmetric twins: valid, involutions, same tree size.
  const Position mirror = mirrored(pos), reversed = colour_reversed(pos);
  FUZZ_CHECK(mirrored(mirror) == pos, fen);
  FUZZ_CHECK(colour_reversed(reversed) == pos, fen);
  must_be_valid(mirror, "the mirrored twin fails validate");
  must_be_valid(reversed, "the colour-reversed twin fails validate");
  fen_round_trip(mirror, "mirrored twin of " + fen);
  fen_round_trip(reversed, "colour-reversed twin of " + fen);

  const MoveList moves = legal_moves(pos);
  FUZZ_CHECK(moves.size >= 0 && moves.size <= MoveList::CAPACITY, fen);
  const Color us = pos.side;
  const Bitboard ours = pos.pawns[us] | square_bb(pos.king[us]);
  for (int i = 0; i < moves.size; ++i) {
    const Move m = moves.moves[i];
    FUZZ_CHECK(!m.is_none(), fen);
    FUZZ_CHECK((ours & square_bb(m.from())) != 0, fen);
    FUZZ_CHECK(m.from() != m.to(), fen);
    for (int j = 0; j < i; ++j) FUZZ_CHECK(!(moves.moves[j] == m), fen);

    const Position next = make_move(pos, m);
    FUZZ_CHECK(next.side == ~us, fen);
    must_be_valid(next, "a legal move leads to an invalid position");
    if (next.promoted == NO_SQUARE) {
      fen_round_trip(next, fen + " after move " + std::to_string(m.raw()));
    } else {
      FUZZ_CHECK(m.kind() == MoveKind::Promotion, fen);
      (void)is_safe_promotion(pos, m);
      (void)legal_moves(next);
    }
    (void)gives_check(pos, m);
  }

  FUZZ_CHECK(perft(pos, 1) == std::uint64_t(moves.size), fen);
  const std::uint64_t nodes = perft(pos, 2);
  FUZZ_CHECK(perft(mirror, 2) == nodes, fen);
  FUZZ_CHECK(perft(reversed, 2) == nodes, fen);
}

void check_fen(const Fen& fen) {
  std::string text = to_fen(fen.pos, fen.halfmove, fen.fullmove);
  Fen back = reread_fen(text);
  FUZZ_CHECK(back.pos == fen.pos, text);
  FUZZ_CHECK(back.halfmove == fen.halfmove, text);
  FUZZ_CHECK(back.fullmove == fen.fullmove, text);
  FUZZ_CHECK(to_fen(back.pos, back.halfmove, back.fullmove) == text, text);
  exercise(fen.pos);
}

void check_epd(const Epd& epd) {
  std::string text = to_epd(epd);
  Epd back = reread_epd(text);
  FUZZ_CHECK(back.pos == epd.pos, text);
  FUZZ_CHECK(back.ops == epd.ops, text);
  FUZZ_CHECK(to_epd(back) == text, text);
  for (const auto& [name, value] : epd.ops) FUZZ_CHECK(epd.op(name) == back.op(name), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::string_view text = input;

  bool fen_ok = false;
  Fen fen;
  try {
    fen = parse_fen(text);
    fen_ok = true;
  } catch (const InputError&) {
    // Expected for most inputs.
  }
  if (fen_ok) check_fen(fen);

  bool epd_ok = false;
  Epd epd;
  try {
    epd = parse_epd(text);
    epd_ok = true;
  } catch (const InputError&) {
  }
  if (epd_ok) {
    check_epd(epd);
    // Both readers share the board fields: they must agree on the position.
    if (fen_ok)
      FUZZ_CHECK(epd.pos == fen.pos, input);
    else
      exercise(epd.pos);
  }
  return 0;
}
