#include "exact/chess/bare_king_solver.h"

#include <algorithm>
#include <stdexcept>

#include "engine/king_slice.h"
#include "exact/oracle.h"
#include "exact/retrograde.h"

namespace chunker {

using namespace pieces;

namespace {

constexpr std::uint8_t NONE = 0xFF;
constexpr int TRIANGLE_NB = 10;
constexpr int DIAGONAL_REFLECTION = 4;  // the a1-h8 diagonal's (chess_position.h)

// The a1-d1-d4 triangle's squares by index, and each square's index (-1 outside).
struct Triangle {
  std::array<Square, TRIANGLE_NB> square{};
  std::array<int, SQUARE_NB> index{};
  // For each square, a symmetry that takes it into the triangle.
  std::array<int, SQUARE_NB> into{};
};
const Triangle TRIANGLE = [] {
  Triangle t;
  int n = 0;
  for (int s = 0; s < SQUARE_NB; ++s) {
    const bool inside = file_of(Square(s)) <= 3 && rank_of(Square(s)) <= file_of(Square(s));
    t.index[s] = inside ? n : -1;
    if (inside) t.square[std::size_t(n++)] = Square(s);
  }
  for (int s = 0; s < SQUARE_NB; ++s)
    for (int g = SYMMETRY_NB - 1; g >= 0; --g)
      if (t.index[transform(Square(s), g)] >= 0) t.into[s] = g;
  return t;
}();

bool on_diagonal(Square s) { return file_of(s) == rank_of(s); }

}  // namespace

bool bare_king_slice(const SliceKey& key) {
  if (!key.pawnless()) return false;
  int pieces[COLOR_NB] = {0, 0};
  for (Color c : {WHITE, BLACK})
    for (auto n : key.count[c]) pieces[c] += n;
  return (pieces[WHITE] == 0) != (pieces[BLACK] == 0);
}

std::uint32_t BareKingSolver::base(const Men& men) const {
  std::uint32_t b = std::uint32_t(men.king);
  for (int i = 0; i < pieces_; ++i) b = b << 6 | men.piece[std::size_t(i)];
  return b;
}

BareKingSolver::Men BareKingSolver::men_of(std::uint32_t base) const {
  Men men{};
  for (int i = pieces_ - 1; i >= 0; --i, base >>= 6) men.piece[std::size_t(i)] = Square(base & 63);
  men.king = int(base);
  return men;
}

void BareKingSolver::sort_kinds(Men& men) const {
  for (int i = 1; i < pieces_; ++i)
    for (int j = i;
         j > 0 && same_as_previous_[std::size_t(j)] && men.piece[std::size_t(j)] < men.piece[std::size_t(j - 1)]; --j)
      std::swap(men.piece[std::size_t(j)], men.piece[std::size_t(j - 1)]);
}

void BareKingSolver::transformed(Men& men, Square king, Bitboard& bits, int g) const {
  men.king = TRIANGLE.index[transform(king, g)];
  for (int i = 0; i < pieces_; ++i) men.piece[std::size_t(i)] = transform(men.piece[std::size_t(i)], g);
  sort_kinds(men);
  bits = transform(bits, g);
}

void BareKingSolver::solve(const SliceCodec& codec, const ExitValue& exit_value, std::uint8_t* bytes) {
  pieces_ = codec.pieces();
  strong_ = codec.colour(0);
  for (int i = 0; i < pieces_; ++i) {
    kind_[std::size_t(i)] = codec.kind(i);
    same_as_previous_[std::size_t(i)] = i > 0 && codec.kind(i) == codec.kind(i - 1);
  }
  bases_ = std::uint32_t(TRIANGLE_NB) << (6 * pieces_);
  occupied_.assign(bases_, 0);
  attacked_.assign(bases_, 0);
  for (auto* rows : {&legal_, &open_, &exit_ok_, &won_, &won_now_, &lost_now_, &lost_last_})
    rows->assign(2 * bases_, 0);
  distance_.assign(std::size_t(2) * bases_ * SQUARE_NB, NONE);
  looked_.assign(2 * bases_, 0);
  exit_events_.assign(retro::MAX_TABLE_DISTANCE + 1, {});
  for (auto* list : {&won_rows_, &lost_rows_, &lost_last_rows_, &look_, &next_look_}) list->clear();
  init_rows(exit_value);
  flow();
  write_bytes(codec, bytes);
}

void BareKingSolver::init_rows(const ExitValue& exit_value) {
  for (std::uint32_t b = 0; b < bases_; ++b) {
    const Men men = men_of(b);
    const Square king = TRIANGLE.square[std::size_t(men.king)];
    ChessPosition pos;
    pos.side = strong_;
    pos.king[strong_] = king;
    Bitboard occupied = square_bb(king), pieces = 0;
    bool distinct = true;
    for (int i = 0; i < pieces_; ++i) {
      const Square s = men.piece[std::size_t(i)];
      distinct &=
          !(occupied & square_bb(s)) && (!same_as_previous_[std::size_t(i)] || s > men.piece[std::size_t(i - 1)]);
      occupied |= square_bb(s);
      pieces |= square_bb(s);
      pos.pieces[strong_][kind_[std::size_t(i)]] |= square_bb(s);
    }
    if (!distinct) continue;
    Bitboard attacked = KING_ATTACKS[king];
    for (int i = 0; i < pieces_; ++i)
      attacked |= piece_attacks(kind_[std::size_t(i)], men.piece[std::size_t(i)], occupied);
    occupied_[b] = occupied;
    attacked_[b] = attacked;
    const Bitboard apart = ~occupied & ~KING_ATTACKS[king];
    const std::uint32_t bare = b + bases_;
    legal_[b] = apart & ~attacked;
    legal_[bare] = apart;
    if (dead(pos)) continue;  // legal draws, never settled
    open_[b] = legal_[b];
    // The bare king steps where nothing attacks (the kings' squares seen
    // through it), or takes a piece nothing defends: a move out.
    const Bitboard step = ~attacked & ~occupied, takeable = pieces & ~attacked;
    const Bitboard moving = apart & retro::king_neighbours(step | takeable);
    const Bitboard mated = apart & ~moving & attacked;
    open_[bare] = moving;
    if (mated) {
      lost_now_[bare] = mated;
      lost_rows_.push_back(bare);
      for (Bitboard m = mated; m;) distance_[std::size_t(bare) * SQUARE_NB + pop_lsb(m)] = 0;
    }
    const Bitboard taking = moving & retro::king_neighbours(takeable);
    exit_ok_[bare] = moving & ~taking;
    for (Bitboard t = taking; t;) {
      const Square at = pop_lsb(t);
      Value best = -VALUE_INFINITE;
      for (Bitboard p = KING_ATTACKS[at] & takeable; p;) {
        const Square taken = pop_lsb(p);
        ChessPosition child = pos;
        for (auto& kind : child.pieces[strong_]) kind &= ~square_bb(taken);
        child.king[~strong_] = taken;
        best = std::max(best, from_child(exit_value(child)));
      }
      if (is_win(best)) throw std::logic_error("a bare king's capture that wins");
      if (is_loss(best)) exit_events_[std::size_t(distance_of(best))].emplace_back(bare, square_bb(at));
    }
  }
}

void BareKingSolver::win_one(std::uint32_t row, Bitboard bits, int d) {
  bits &= open_[row];
  if (!bits) return;
  open_[row] &= ~bits;
  if (!won_now_[row]) won_rows_.push_back(row);
  won_now_[row] |= bits;
  for (; bits;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(bits)] = std::uint8_t(d);
}

void BareKingSolver::win(std::uint32_t base, const Men& men, Bitboard bits, int d) {
  win_one(base, bits, d);
  const Square king = TRIANGLE.square[std::size_t(men.king)];
  if (!on_diagonal(king)) return;
  Men twin = men;
  transformed(twin, king, bits, DIAGONAL_REFLECTION);
  win_one(this->base(twin), bits, d);
}

void BareKingSolver::wins_before(std::uint32_t base, Bitboard lost, int d) {
  const Men men = men_of(base);
  const Bitboard occupied = occupied_[base];
  for (int i = 0; i < pieces_; ++i) {
    const Square at = men.piece[std::size_t(i)];
    for (Bitboard from = piece_attacks(kind_[std::size_t(i)], at, occupied) & ~occupied; from;) {
      const Square f = pop_lsb(from);
      Men before = men;
      before.piece[std::size_t(i)] = f;
      sort_kinds(before);
      // The bare king can stand neither where the piece was nor in its way.
      win(this->base(before), before, lost & ~(BETWEEN[f][at] | square_bb(f)), d);
    }
  }
  const Square king = TRIANGLE.square[std::size_t(men.king)];
  for (Bitboard from = KING_ATTACKS[king] & ~occupied; from;) {
    const Square f = pop_lsb(from);
    Men before = men;
    Bitboard bits = lost & ~square_bb(f);
    transformed(before, f, bits, TRIANGLE.into[f]);
    win(this->base(before), before, bits, d);
  }
}

void BareKingSolver::flow() {
  int last_event = 0;
  for (int d = 0; d <= retro::MAX_TABLE_DISTANCE; ++d)
    if (!exit_events_[std::size_t(d)].empty()) last_event = d;
  for (int d = 0;; ++d) {
    if (d > retro::MAX_TABLE_DISTANCE) throw std::logic_error("a distance beyond every table's encoding");
    // Moves out that allow a loss from here on.
    for (const auto& [row, bits] : exit_events_[std::size_t(d)]) {
      exit_ok_[row] |= bits;
      if (!looked_[row]) {
        looked_[row] = 1;
        look_.push_back(row);
      }
    }
    // Wins: a move of the stronger side to a position lost at d - 1.
    for (const std::uint32_t row : lost_last_rows_) wins_before(row - bases_, lost_last_[row], d);
    // Losses: every step of the bare king reaches a position won before d.
    for (const std::uint32_t row : look_) {
      looked_[row] = 0;
      const Bitboard candidates = open_[row] & exit_ok_[row];
      if (!candidates) continue;
      const std::uint32_t b = row - bases_;
      const Bitboard not_won = ~attacked_[b] & ~occupied_[b] & ~won_[b];
      const Bitboard lost = candidates & ~retro::king_neighbours(not_won);
      if (!lost) continue;
      open_[row] &= ~lost;
      if (!lost_now_[row]) lost_rows_.push_back(row);
      lost_now_[row] |= lost;
      for (Bitboard l = lost; l;) distance_[std::size_t(row) * SQUARE_NB + pop_lsb(l)] = std::uint8_t(d);
    }
    look_.clear();
    for (const std::uint32_t row : lost_last_rows_) lost_last_[row] = 0;
    lost_last_rows_.swap(lost_rows_);
    lost_rows_.clear();
    for (const std::uint32_t row : lost_last_rows_) {
      lost_last_[row] = lost_now_[row];
      lost_now_[row] = 0;
    }
    // A bare king's row is looked at again once the row it steps into won.
    for (const std::uint32_t row : won_rows_) {
      won_[row] |= won_now_[row];
      won_now_[row] = 0;
      const std::uint32_t bare = row + bases_;
      if (!looked_[bare]) {
        looked_[bare] = 1;
        look_.push_back(bare);
      }
    }
    won_rows_.clear();
    if (d >= last_event && lost_last_rows_.empty() && look_.empty()) break;
  }
}

void BareKingSolver::write_bytes(const SliceCodec& codec, std::uint8_t* bytes) const {
  const int strong_king = strong_ == WHITE ? 0 : 1;
  for (std::uint32_t local = 0; local < codec.size(); ++local) {
    SliceCodec::Men numbered;
    if (!codec.men_at(local, numbered)) {
      bytes[local] = king_slice::ILLEGAL_BYTE;
      continue;
    }
    const Square king = numbered.square[std::size_t(strong_king)];
    Men men{};
    for (int i = 0; i < pieces_; ++i) men.piece[std::size_t(i)] = numbered.square[std::size_t(2 + i)];
    Bitboard bare = square_bb(numbered.square[std::size_t(1 - strong_king)]);
    transformed(men, king, bare, TRIANGLE.into[king]);
    const bool strong_to_move = Color(numbered.side) == strong_;
    const std::uint32_t row = base(men) + (strong_to_move ? 0 : bases_);
    if (!(legal_[row] & bare)) {
      bytes[local] = king_slice::ILLEGAL_BYTE;
      continue;
    }
    const std::uint8_t d = distance_[std::size_t(row) * SQUARE_NB + lsb(bare)];
    bytes[local] = OracleTable::encode(d == NONE ? 0 : strong_to_move ? win_in(d) : loss_in(d));
  }
}

}  // namespace chunker
