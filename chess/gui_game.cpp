#include "chess/gui_game.h"

#include <algorithm>
#include <sstream>

#include "engine/notation.h"

namespace chunker {

namespace {

const char* const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

void end_game(GuiGame& game, std::string why, std::optional<Color> winner) {
  game.position.reset();
  game.over = std::move(why);
  game.winner = winner;
}

// A game end the rules see in the position itself: mate, stalemate, bare kings.
void check_end(GuiGame& game) {
  const Position& pos = *game.position;
  if (pos.bare_kings()) return end_game(game, "the game is over: bare kings, a draw", std::nullopt);
  if (!legal_moves(pos).empty()) return;
  if (pos.in_check())
    return end_game(game, std::string("the game is over: ") + colour_name(pos.side) + " is checkmated", ~pos.side);
  end_game(game, std::string("the game is over: ") + colour_name(pos.side) + " is stalemated, a draw", std::nullopt);
}

}  // namespace

std::optional<Position> chunker_position(const ChessBoard& board, std::string& why, std::optional<Color>& winner) {
  Position pos;
  pos.side = board.side();
  for (Square s = 0; s < SQUARE_NB; ++s) {
    const char p = board.at(s);
    const Color c = p >= 'a' ? BLACK : WHITE;
    if (p == 'P' || p == 'p')
      pos.pawns[c] |= square_bb(s);
    else if (p == 'K' || p == 'k')
      pos.king[c] = s;
    else if ((p == 'Q' || p == 'q') && c != pos.side && relative_rank(c, s) == 7 && pos.promoted == NO_SQUARE)
      pos.promoted = s;  // maybe the piece a promotion just made
    else if (p != '.') {
      why = std::string("piece '") + p + "' on " + square_name(s) + ": Chunker plays kings and pawns only";
      return std::nullopt;
    }
  }
  pos.ep = board.en_passant();
  if (pos.ep != NO_SQUARE) {
    // Kept only where a capture exists (Position's convention).
    pos.ep = pawn_attacks(~pos.side, pos.pawns[pos.side]) & square_bb(pos.ep) ? pos.ep : NO_SQUARE;
  }
  if (const Problem problem = find_problem(pos); problem.kind != Problem::None) {
    why = describe(problem, pos);
    return std::nullopt;
  }
  if (pos.promoted != NO_SQUARE) {
    const Color promoter = ~pos.side;
    const Bitboard guarded = KING_ATTACKS[pos.king[promoter]] | pawn_attacks(promoter, pos.pawns[promoter]);
    if (!(KING_ATTACKS[pos.king[pos.side]] & square_bb(pos.promoted)) || (guarded & square_bb(pos.promoted))) {
      why = std::string("the game is over: ") + colour_name(promoter) + " promoted safely on " +
            square_name(pos.promoted);
      winner = promoter;
      return std::nullopt;
    }
  }
  return pos;
}

GuiGame read_game(const std::string& words) {
  std::istringstream in(words);
  std::string word, fen;
  bool has_moves = false;
  in >> word;
  if (word == "startpos") {
    fen = START_FEN;
    if (in >> word && !(has_moves = word == "moves"))
      throw InputError("position: expected 'moves', got '" + word + "'");
  } else if (word == "fen") {
    while (in >> word && !(has_moves = word == "moves")) fen += (fen.empty() ? "" : " ") + word;
  } else {
    throw InputError("position needs startpos or fen");
  }
  GuiGame game{words, ChessBoard::from_fen(fen), std::nullopt, "", std::nullopt, false, {}, {}};
  game.position = chunker_position(game.board, game.over, game.winner);
  if (game.position) check_end(game);
  std::vector<Position>& line = game.line;
  game.boards.push_back(game.board);
  if (game.position) line.push_back(*game.position);
  while (has_moves && in >> word) {
    if (!game.board.play(word)) throw InputError("illegal move " + word + " in the position given");
    game.boards.push_back(game.board);
    if (!game.position) continue;
    const Position pos = *game.position;
    const std::string plain = word.size() == 5 ? word.substr(0, 4) : word;  // every promotion is a nominal queen
    const auto move = find_move(pos, plain);
    if (!move) {
      // Legal in chess, not under §1: the promoted piece was left standing.
      end_game(game,
               std::string("the game is over: ") + colour_name(pos.side) + " left the promoted piece on " +
                   square_name(pos.promoted) + " standing",
               ~pos.side);
      continue;
    }
    if (move->kind() == MoveKind::Promotion && is_safe_promotion(pos, *move)) {
      end_game(game, std::string("the game is over: ") + colour_name(pos.side) + " promoted safely with " + word,
               pos.side);
      continue;
    }
    game.position = make_move(pos, *move);
    if (std::find(line.begin(), line.end(), *game.position) != line.end()) {
      end_game(game, "the game is over: a position repeated, a draw", std::nullopt);
      game.repeated = true;
      continue;
    }
    line.push_back(*game.position);
    check_end(game);
  }
  return game;
}

std::vector<Move> gui_legal_moves(const Position& pos, const ChessBoard& board) {
  const std::vector<std::string> chess = board.legal_moves();
  std::vector<Move> out;
  for (Move m : legal_moves(pos))
    if (std::find(chess.begin(), chess.end(), uci(m)) != chess.end()) out.push_back(m);
  return out;
}

}  // namespace chunker
