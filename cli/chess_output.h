// How chess-exact answers (play/chess_answer.h) are written: text lines and
// JSON, each naming the rules they are under.
#pragma once

#include <string>

#include "exact/chess/chess_class.h"
#include "play/answer_json.h"
#include "play/chess_answer.h"

namespace chunker::cli {

// The rules a chess-exact value is under, in words.
constexpr const char* CHESS_RULES_WORDS =
    "chess, played on to mate: checkmate wins, stalemate and dead positions draw, a repetition draws, "
    "no 50-move rule";

std::string chess_solve_text(const ChessPosition& root, const ChessAnswer& a, int fullmove);
std::string chess_solve_json(const ChessPosition& root, const ChessAnswer& a, int fullmove);
// What a class build did (solve --class), in the slice store `store`.
std::string chess_class_text(const std::string& material, const ClassBuild& b, const std::string& store,
                             double seconds);
std::string chess_class_json(const std::string& material, const ClassBuild& b, double seconds);
// Why no chess table answered: the reachable set against --memory.
std::string chess_refusal_words(const ExactRefusal& r);
std::string chess_refusal_json(const ChessPosition& root, const ExactRefusal& r);

}  // namespace chunker::cli
