#include "play/chess_answer.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "exact/chess/chess_class.h"

namespace chunker {

namespace {

std::vector<ChessMoveValue> valued_moves(const ChessTable& table, const ChessPosition& pos) {
  std::vector<ChessMoveValue> out;
  for (const auto& [m, v] : move_values(table, pos)) out.push_back({m, v});
  return out;
}

int drawing_replies(const ChessTable& table, const ChessPosition& pos, ChessMove m) {
  const auto replies = move_values(table, pieces::make_move(pos, m));
  return int(std::count_if(replies.begin(), replies.end(), [](const auto& r) { return !is_decisive(r.second); }));
}

std::vector<ChessMove> drawing_line(const ChessTable& table, ChessPosition pos) {
  std::vector<ChessMove> line;
  std::set<std::string> seen{pieces::board_fields(pos)};
  while (int(line.size()) < DRAW_LINE_PLIES) {
    const auto values = valued_moves(table, pos);
    const ChessMove m = chess_move(values, [&](ChessMove r) { return drawing_replies(table, pos, r); });
    if (m.is_none()) break;
    line.push_back(m);
    pos = pieces::make_move(pos, m);
    if (!seen.insert(pieces::board_fields(pos)).second) break;
  }
  return line;
}

}  // namespace

ChessPosition chess_position(const ChessBoard& board) {
  ChessPosition pos;
  for (Square s = 0; s < SQUARE_NB; ++s) {
    const char c = board.at(s);
    if (c == '.') continue;
    const Color colour = c >= 'a' ? BLACK : WHITE;
    const char lower = char(c | 0x20);
    if (lower == 'k') pos.king[colour] = s;
    if (lower == 'p') pos.pawns[colour] |= square_bb(s);
    for (int p = 0; p < pieces::PIECE_NB; ++p)
      if (lower == char(pieces::piece_letter(pieces::Piece(p)) | 0x20)) pos.pieces[colour][p] |= square_bb(s);
  }
  pos.side = board.side();
  // Kept only where a pawn of the side to move can take (as a parsed FEN keeps it).
  const Square ep = board.en_passant();
  if (ep != NO_SQUARE && (pawn_attacks(~pos.side, square_bb(ep)) & pos.pawns[pos.side])) pos.ep = ep;
  return pos;
}

ChessMove ChessAnswer::best() const {
  if (!line.empty()) return line.front();
  return chess_move(moves, [](ChessMove) { return 0; });
}

ChessMove chess_move(const std::vector<ChessMoveValue>& values, const std::function<int(ChessMove)>& drawing_replies) {
  ChessMove best;
  Value best_value = -VALUE_INFINITE;
  int best_replies = 0;
  for (const ChessMoveValue& mv : values) {
    if (mv.value < best_value) continue;
    const int replies = mv.value == 0 ? drawing_replies(mv.move) : 0;
    if (mv.value == best_value && (mv.value != 0 || replies >= best_replies)) continue;
    best = mv.move;
    best_value = mv.value;
    best_replies = replies;
  }
  return best;
}

ChessAnswer chess_answer(const ChessTable& table, const ChessPosition& pos) {
  ChessAnswer a;
  a.value = table.value(pos);
  a.table_root = table.root_fen();
  a.moves = valued_moves(table, pos);
  a.line = is_decisive(a.value) ? best_line(table, pos) : drawing_line(table, pos);
  a.figures.structures = table.keys().size();
  a.figures.positions = table.positions();
  return a;
}

ChessPlayer::ChessPlayer(std::uint64_t memory, unsigned workers,
                         std::function<void(std::uint64_t, std::uint64_t)> progress, std::string store)
    : memory_(memory), workers_(std::max(1u, workers)), store_(std::move(store)), progress_(std::move(progress)) {
  if (!progress_) progress_ = [](std::uint64_t, std::uint64_t) {};
}

ChessPlan ChessPlayer::plan(const ChessPosition& pos) const {
  return plan_chess(pos, memory_, workers_, SliceStore(store_));
}

std::shared_ptr<const ChessTable> ChessPlayer::holding(const ChessPosition& pos) {
  std::lock_guard lock(mutex_);
  for (const auto& t : tables_)
    if (t->holds(pos)) return t;
  return nullptr;
}

std::optional<ChessAnswer> ChessPlayer::known(const ChessPosition& pos) {
  const auto table = holding(pos);
  if (!table) return std::nullopt;
  return chess_answer(*table, pos);
}

std::optional<ChessAnswer> ChessPlayer::answer(const ChessPosition& pos, std::optional<ExactRefusal>& refusal,
                                               const std::atomic<bool>* cancel) {
  if (auto held = known(pos)) return held;
  refusal.reset();
  if (memory_ == 0) {
    refusal = ExactRefusal{};
    return std::nullopt;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto over_memory = [&](const ChessPlan& p) {
    refusal = ExactRefusal{ExactRefusal::Reason::OverMemory, p.positions, p.slices, p.counted, p.bytes, memory_, 0};
  };
  ChessSources sources;
  sources.workers = workers_;
  sources.progress = progress_;
  sources.cancel = cancel;
  sources.store = SliceStore(store_);
  ChessPlan p = plan(pos);
  std::uint64_t batches = 0;
  if (!p.fitting && in_batches_ && sources.store.enabled()) {
    try {
      batches = build_class({key_of(pos)}, memory_, sources).batches;
      p = plan(pos);
    } catch (const BadMaterial&) {        // a slice of more pieces than the solver holds
    } catch (const std::length_error&) {  // or one past the budget alone: refused below
    }
  }
  if (!p.fitting) {
    over_memory(p);
    return std::nullopt;
  }
  // Slices a held table solved already are copied (the endings promotions
  // lead to are the same for every root).
  std::vector<std::shared_ptr<const ChessTable>> held;
  {
    std::lock_guard lock(mutex_);
    held = tables_;
  }
  sources.solved = [&held](const SliceKey& key) -> const std::uint8_t* {
    for (const auto& t : held)
      if (const std::uint8_t* bytes = t->stored(key)) return bytes;
    return nullptr;
  };
  std::uint64_t from_store = 0;
  std::string not_stored;
  sources.from_store = &from_store;
  sources.not_stored = &not_stored;
  std::shared_ptr<const ChessTable> table;
  try {
    table = build_chess(pieces::to_fen(pos), std::move(*p.fitting), sources);
  } catch (const SliceNotHeld&) {
    // A stored slice the plan read, in place of those beyond it, was
    // damaged and one beyond it is gone: the whole reachable set, then,
    // the store read where it serves.
    p = plan_chess(pos, memory_, workers_);
    if (!p.fitting) {
      over_memory(p);
      return std::nullopt;
    }
    table = build_chess(pieces::to_fen(pos), std::move(*p.fitting), sources);
  }
  {
    std::lock_guard lock(mutex_);
    tables_.push_back(table);
  }
  ChessAnswer a = chess_answer(*table, pos);
  a.solved_now = true;
  a.from_store = from_store;
  a.batches = batches;
  a.not_stored = not_stored;
  a.figures.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  a.figures.peak_megabytes = peak_megabytes();
  return a;
}

}  // namespace chunker
