#include "chess_position.h"

#include <sstream>

#include "position.h"  // InputError
#include "zobrist.h"   // splitmix

namespace chunker::chess {

namespace {

constexpr int KNIGHT_STEPS[8] = {33, 31, 18, 14, -33, -31, -18, -14};
constexpr int KING_STEPS[8] = {1, 16, 15, 17, -1, -16, -15, -17};
constexpr int ROOK_RAYS[4] = {1, -1, 16, -16};
constexpr int BISHOP_RAYS[4] = {15, 17, -15, -17};
constexpr Kind PROMOTIONS[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

struct Keys {
  Key piece[PIECE_CODES][SQUARE_NB];
  Key ep_file[8];
  Key black_to_move;
};

constexpr Keys make_keys() {
  Keys k{};
  Key state = 0x43484553;  // "CHES"
  for (auto& squares : k.piece)
    for (Key& key : squares) key = splitmix(state);
  for (Key& key : k.ep_file) key = splitmix(state);
  k.black_to_move = splitmix(state);
  return k;
}

constexpr Keys KEYS = make_keys();

Piece piece_of(char c) {
  const std::string_view letters = ".PNBRQK";
  const char upper = c >= 'a' ? char(c - 'a' + 'A') : c;
  return make_piece(c >= 'a' ? BLACK : WHITE, Kind(letters.find(upper)));
}

int pawn_forward(Color c) { return c == WHITE ? 16 : -16; }

}  // namespace

std::string uci(ChessMove m) {
  std::string text = square_name(to_64(m.from)) + square_name(to_64(m.to));
  if (m.promotion != NONE) text += ".pnbrqk"[m.promotion];
  return text;
}

ChessPosition ChessPosition::from_board(const ChessBoard& board, int halfmoves) {
  ChessPosition pos;
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (board.at(s) != '.') pos.put(to_88(s), piece_of(board.at(s)));
  pos.side_ = board.side();
  pos.ep_ = board.en_passant() == NO_SQUARE ? -1 : to_88(board.en_passant());
  pos.halfmoves_ = halfmoves;
  pos.finish_setup();
  return pos;
}

ChessPosition ChessPosition::from_fen(std::string_view fen) {
  std::istringstream fields{std::string(fen)};
  std::string skipped;
  int halfmoves = 0;
  fields >> skipped >> skipped >> skipped >> skipped;
  if (!(fields >> halfmoves)) halfmoves = 0;
  return from_board(ChessBoard::from_fen(fen), halfmoves);
}

std::optional<Position> ChessPosition::kings_and_pawns() const {
  for (Color c : {WHITE, BLACK})
    for (Kind k : {KNIGHT, BISHOP, ROOK, QUEEN})
      if (count_[make_piece(c, k)]) return std::nullopt;
  Position pos;
  pos.side = side_;
  for (Color c : {WHITE, BLACK}) pos.king[c] = to_64(king_[c]);
  for (Square s = 0; s < SQUARE_NB; ++s)
    if (kind_of(board_[to_88(s)]) == PAWN) pos.pawns[colour_of(board_[to_88(s)])] |= square_bb(s);
  // Kept only where a capture exists (Position's convention).
  if (ep_ >= 0 && pawn_attacks(~side_, pos.pawns[side_]) & square_bb(to_64(ep_))) pos.ep = to_64(ep_);
  return pos;
}

void ChessPosition::finish_setup() {
  for (Square88 s = 0; s < 128; ++s)
    if (!off_board(s) && kind_of(board_[s]) == KING) king_[colour_of(board_[s])] = s;
  if (side_ == BLACK) key_ ^= KEYS.black_to_move;
  key_ ^= ep_key();
}

void ChessPosition::put(Square88 s, Piece p) {
  board_[s] = p;
  ++count_[p];
  key_ ^= KEYS.piece[p][to_64(s)];
}

void ChessPosition::remove(Square88 s) {
  const Piece p = board_[s];
  board_[s] = 0;
  --count_[p];
  key_ ^= KEYS.piece[p][to_64(s)];
}

// The en-passant square is part of the key only where a pawn can take there,
// so that positions the rules treat as the same repeat.
Key ChessPosition::ep_key() const {
  if (ep_ < 0) return 0;
  const Piece pawn = make_piece(side_, PAWN);
  const Square88 behind = ep_ - pawn_forward(side_);
  for (int side_step : {-1, 1})
    if (!off_board(behind + side_step) && board_[behind + side_step] == pawn) return KEYS.ep_file[ep_ & 7];
  return 0;
}

bool ChessPosition::attacked(Square88 s, Color by) const {
  const Square88 pawn_from = s - pawn_forward(by);
  for (int side_step : {-1, 1})
    if (!off_board(pawn_from + side_step) && board_[pawn_from + side_step] == make_piece(by, PAWN)) return true;
  for (int step : KNIGHT_STEPS)
    if (!off_board(s + step) && board_[s + step] == make_piece(by, KNIGHT)) return true;
  for (int step : KING_STEPS)
    if (!off_board(s + step) && board_[s + step] == make_piece(by, KING)) return true;
  auto slides = [&](const int(&rays)[4], Kind slider) {
    for (int ray : rays)
      for (Square88 t = s + ray; !off_board(t); t += ray) {
        if (const Piece p = board_[t]) {
          if (colour_of(p) == by && (kind_of(p) == slider || kind_of(p) == QUEEN)) return true;
          break;
        }
      }
    return false;
  };
  return slides(ROOK_RAYS, ROOK) || slides(BISHOP_RAYS, BISHOP);
}

void ChessPosition::generate(MoveList& list, bool noisy_only) const {
  const Color us = side_;
  auto pawn_move = [&](Square88 from, Square88 to, std::uint8_t flags) {
    if (to >> 4 == 0 || to >> 4 == 7) {
      for (Kind k : PROMOTIONS)
        if (!noisy_only || k == QUEEN) list.add({std::uint8_t(from), std::uint8_t(to), k, flags});
    } else {
      list.add({std::uint8_t(from), std::uint8_t(to), NONE, flags});
    }
  };
  auto target = [&](Square88 from, Square88 to) {
    const Piece p = board_[to];
    if (p ? colour_of(p) != us : !noisy_only) list.add({std::uint8_t(from), std::uint8_t(to), NONE, 0});
    return p == 0;  // a slider goes on
  };
  for (Square88 s = 0; s < 128; ++s) {
    if (off_board(s)) {
      s += 7;
      continue;
    }
    const Piece p = board_[s];
    if (!p || colour_of(p) != us) continue;
    switch (kind_of(p)) {
      case PAWN: {
        const int fwd = pawn_forward(us);
        const Square88 one = s + fwd;
        const bool promotes = one >> 4 == 0 || one >> 4 == 7;
        if (!board_[one] && (promotes || !noisy_only)) {
          pawn_move(s, one, 0);
          const bool on_start_rank = s >> 4 == (us == WHITE ? 1 : 6);
          if (on_start_rank && !board_[one + fwd] && !noisy_only) pawn_move(s, one + fwd, ChessMove::DOUBLE_STEP);
        }
        for (int side_step : {-1, 1}) {
          const Square88 to = one + side_step;
          if (off_board(to)) continue;
          if (board_[to] && colour_of(board_[to]) != us)
            pawn_move(s, to, 0);
          else if (to == ep_)
            pawn_move(s, to, ChessMove::EN_PASSANT);
        }
        break;
      }
      case KNIGHT:
      case KING:
        for (int i = 0; i < 8; ++i)
          if (const int step = kind_of(p) == KNIGHT ? KNIGHT_STEPS[i] : KING_STEPS[i]; !off_board(s + step))
            target(s, s + step);
        break;
      default:
        for (int i = 0; i < 8; ++i) {
          const bool straight = i < 4;
          if ((straight && kind_of(p) == BISHOP) || (!straight && kind_of(p) == ROOK)) continue;
          const int ray = straight ? ROOK_RAYS[i] : BISHOP_RAYS[i - 4];
          for (Square88 t = s + ray; !off_board(t) && target(s, t); t += ray) {
          }
        }
    }
  }
}

bool ChessPosition::make(ChessMove m) {
  const Color us = side_;
  undo_.push_back({0, ep_, halfmoves_, key_});
  keys_.push_back(key_);
  key_ ^= ep_key();
  const Piece moved = board_[m.from];
  ++halfmoves_;
  if (m.flags & ChessMove::EN_PASSANT) {
    undo_.back().captured = board_[m.to - pawn_forward(us)];
    remove(m.to - pawn_forward(us));
  } else if (board_[m.to]) {
    undo_.back().captured = board_[m.to];
    remove(m.to);
    halfmoves_ = 0;
  }
  remove(m.from);
  put(m.to, m.promotion != NONE ? make_piece(us, m.promotion) : moved);
  if (kind_of(moved) == PAWN) halfmoves_ = 0;
  if (kind_of(moved) == KING) king_[us] = m.to;
  ep_ = m.flags & ChessMove::DOUBLE_STEP ? (m.from + m.to) / 2 : -1;
  side_ = ~us;
  key_ ^= KEYS.black_to_move ^ ep_key();
  if (attacked(king_[us], ~us)) {
    unmake(m);
    return false;
  }
  return true;
}

void ChessPosition::unmake(ChessMove m) {
  const Undo undo = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  side_ = ~side_;
  const Color us = side_;
  const Piece moved = board_[m.to];
  remove(m.to);
  put(m.from, m.promotion != NONE ? make_piece(us, PAWN) : moved);
  if (kind_of(moved) == KING) king_[us] = m.from;
  if (undo.captured) put(m.flags & ChessMove::EN_PASSANT ? m.to - pawn_forward(us) : m.to, undo.captured);
  ep_ = undo.ep;
  halfmoves_ = undo.halfmoves;
  key_ = undo.key;
}

void ChessPosition::make_null() {
  undo_.push_back({0, ep_, halfmoves_, key_});
  keys_.push_back(key_);
  key_ ^= ep_key() ^ KEYS.black_to_move;
  ep_ = -1;
  halfmoves_ = 0;
  side_ = ~side_;
}

void ChessPosition::unmake_null() {
  const Undo undo = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  side_ = ~side_;
  ep_ = undo.ep;
  halfmoves_ = undo.halfmoves;
  key_ = undo.key;
}

std::vector<ChessMove> ChessPosition::legal_moves() {
  MoveList list;
  generate(list, false);
  std::vector<ChessMove> out;
  for (int i = 0; i < list.size; ++i)
    if (make(list.moves[i])) {
      unmake(list.moves[i]);
      out.push_back(list.moves[i]);
    }
  return out;
}

std::optional<ChessMove> ChessPosition::find(std::string_view text) {
  for (ChessMove m : legal_moves())
    if (uci(m) == text) return m;
  return std::nullopt;
}

ChessPosition ChessPosition::from_game(const std::vector<ChessBoard>& boards) {
  // A capture changes the number of pieces, a pawn move the pawns' squares.
  auto irreversible = [](const ChessBoard& before, const ChessBoard& after) {
    int pieces_before = 0, pieces_after = 0;
    bool pawns_moved = false;
    for (Square s = 0; s < SQUARE_NB; ++s) {
      pieces_before += before.at(s) != '.';
      pieces_after += after.at(s) != '.';
      pawns_moved = pawns_moved || ((before.at(s) == 'P' || before.at(s) == 'p') && before.at(s) != after.at(s));
    }
    return pieces_before != pieces_after || pawns_moved;
  };
  std::vector<Key> keys;
  int halfmoves = 0;
  for (std::size_t i = 0; i + 1 < boards.size(); ++i) {
    keys.push_back(from_board(boards[i]).key());
    halfmoves = irreversible(boards[i], boards[i + 1]) ? 0 : halfmoves + 1;
  }
  ChessPosition pos = from_board(boards.back(), halfmoves);
  pos.keys_ = std::move(keys);
  return pos;
}

bool ChessPosition::drawn_by_rule() const {
  if (halfmoves_ >= 100 || insufficient_material()) return true;
  // Only positions since the last irreversible move can repeat, and only
  // those with the same side to move.
  const int n = int(keys_.size());
  for (int back = 2; back <= halfmoves_ && back <= n; back += 2)
    if (keys_[n - back] == key_) return true;
  return false;
}

bool ChessPosition::insufficient_material() const {
  int minors = 0;
  for (Color c : {WHITE, BLACK}) {
    if (count_[make_piece(c, PAWN)] || count_[make_piece(c, ROOK)] || count_[make_piece(c, QUEEN)]) return false;
    minors += count_[make_piece(c, KNIGHT)] + count_[make_piece(c, BISHOP)];
  }
  return minors <= 1;
}

std::uint64_t perft(ChessPosition& pos, int depth) {
  if (depth == 0) return 1;
  MoveList list;
  pos.generate(list, false);
  std::uint64_t n = 0;
  for (int i = 0; i < list.size; ++i)
    if (pos.make(list.moves[i])) {
      n += perft(pos, depth - 1);
      pos.unmake(list.moves[i]);
    }
  return n;
}

}  // namespace chunker::chess
