#include "uci/game_player.h"

#include <algorithm>
#include <iterator>

#include "chess/careful_rules.h"
#include "chess/new_queen.h"
#include "engine/notation.h"
#include "play/evaluation.h"
#include "play/stop_flag.h"

namespace chunker {

GamePlayer::~GamePlayer() {
  cancel_ = true;  // a GUI's quit is not kept waiting for a solve
  if (careful_) careful_->cancel = true;
  if (job_) job_->thread.join();
  if (careful_) careful_->thread.join();
}

void GamePlayer::new_game() {
  put_off_ = 0;
  game_length_ = 0;
  // The careful table is the last game's: its solve, which may take the
  // cores for many seconds, stops. An exact solve goes on: its table is
  // cached, and the next game may well start from the same position.
  if (careful_) {
    careful_->stale = true;
    careful_->cancel = true;
  }
}

namespace {

// How many winning promotions a game may put off for the chess after them:
// each is a move that still wins by Chunker's rules, so the win stays, and
// the bound keeps the game from putting it off for ever.
constexpr int MAX_PUT_OFF = 6;

// Whether `m`, a winning move by Chunker's rules, loses in a GUI's chess on
// the board alone: a safe promotion that the opponent answers with a mate or
// by winning the new queen (promotion_answered, careful_rules.h), or a move
// the opponent answers with an unsafe promotion that checks our king, where
// no reply that chess allows keeps our win (chess_allows, new_queen.h): the
// rules' answer, a safe promotion of ours, is illegal in a GUI then. A reply
// whose value no table holds counts as keeping the win.
bool refuted_in_chess(Player& player, const Position& pos, Move m) {
  if (m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m)) return promotion_answered(pos, m);
  const Position after = make_move(pos, m);
  for (Move promotion : legal_moves(after)) {
    if (promotion.kind() != MoveKind::Promotion || is_safe_promotion(after, promotion)) continue;
    const Position checked = make_move(after, promotion);
    bool narrowed = false, kept = false;
    for (Move reply : legal_moves(checked)) {
      if (!chess_allows(checked, reply)) {
        narrowed = true;
        continue;
      }
      const auto v = reply.kind() == MoveKind::Promotion ? std::optional<Value>(loss_in(0))  // safe: we win
                                                         : player.known_value(make_move(checked, reply));
      kept = kept || !v || is_loss(*v);
    }
    if (narrowed && !kept) return true;
  }
  return false;
}

}  // namespace

// The chess check of a promotion: the time the chess engine takes, and the
// opponent's score from which the chess position counts as lost.
constexpr long long PROMOTION_CHECK_MS = 300;
constexpr int LOST_CENTIPAWNS = 300;

bool GamePlayer::loses_in_chess(const GuiGame& game, Move m, const std::stop_token& stop) {
  ChessBoard after = game.board;
  if (!after.play(uci(m))) return false;
  const bool has_moves = game.words.find(" moves") != std::string::npos || game.words.rfind("moves", 0) == 0;
  const ChessReply reply =
      chess_->play(game.words + (has_moves ? " " : " moves ") + uci(m), after, PROMOTION_CHECK_MS, 0, stop);
  return reply.mate_moves > 0 || (reply.mate_moves == 0 && reply.centipawns >= LOST_CENTIPAWNS);
}

// The most the chess engine's choice among moves of one value takes: half a
// second a move sees far enough in a pawn race, and a choice that ends on
// its own, before the move's time, does not wait on the engine's answer to
// a stop.
constexpr long long CHESS_CHOICE_MS = 500;

std::optional<Move> GamePlayer::chess_choice(const GuiGame& game, const std::vector<Move>& moves,
                                             const std::stop_token& stop) {
  if (moves.size() < 2 || stop.stop_requested()) return std::nullopt;
  std::vector<std::string> among;
  for (Move m : moves) among.push_back(uci(m));
  const auto pick = chess_->choose(game.words, game.board, among, CHESS_CHOICE_MS, stop);
  if (!pick) return std::nullopt;
  return moves[std::find(among.begin(), among.end(), *pick) - among.begin()];
}

namespace {

// The moves of `answer` among `allowed` whose value `keep` accepts.
std::vector<Move> moves_valued(const Answer& answer, const std::vector<Move>& allowed,
                               const std::function<bool(Value)>& keep) {
  std::vector<Move> out;
  for (const MoveValue& m : answer.moves)
    if (keep(m.value) && std::find(allowed.begin(), allowed.end(), m.move) != allowed.end()) out.push_back(m.move);
  return out;
}

// The quickest of `moves` that `keep` accepts, by `value_of`; none where none is.
Move quickest(
    const std::vector<Move>& moves, const std::function<Value(Move)>& value_of,
    const std::function<bool(Move)>& keep = [](Move) { return true; }) {
  Move best;
  for (Move m : moves)
    if (keep(m) && (best.is_none() || value_of(m) > value_of(best))) best = m;
  return best;
}

// `chosen` in place of `instead`, and the note that says so where they differ.
Move replaced(Move chosen, Move instead, GameNote::Kind kind, std::vector<GameNote>& notes) {
  if (chosen != instead) notes.push_back({kind, chosen, instead, 0, 0, {}, {}});
  return chosen;
}

}  // namespace

std::optional<GameMove> GamePlayer::exact_move(const Position& pos, const std::vector<Position>& earlier,
                                               const std::vector<Move>& allowed, double seconds,
                                               const std::stop_token& stop, const GuiGame* game) {
  const auto answer = player_.known(pos, earlier, Player::CacheFiles::HeldOnly);
  if (!answer) return std::nullopt;
  const Move table_move = player_.exact_move(pos, *answer, allowed);
  if (table_move.is_none()) return std::nullopt;
  const auto value_of = [&](Move m) {
    const auto it =
        std::find_if(answer->moves.begin(), answer->moves.end(), [&](const MoveValue& v) { return v.move == m; });
    return it == answer->moves.end() ? answer->value : it->value;
  };
  if (earlier.size() < game_length_) new_game();
  game_length_ = earlier.size();
  GameMove g;
  g.move = table_move;
  // The moves that win by Chunker's rules in this game: the careful table
  // knows nothing of the game's repetitions.
  if (game && chess_ && is_win(answer->value)) {
    const auto wins = moves_valued(*answer, allowed, [](Value v) { return is_win(v); });
    g.move = winning_move(pos, wins, table_move, value_of, seconds, stop, *game, g.notes);
  } else if (game && chess_ && answer->value == 0) {
    // Every drawing move keeps Chunker's result; the chess engine sees which
    // of them leaves the chess after it best (a draw the opponent can trade
    // for a promotion race that mates is no draw on the GUI's board).
    const auto draws = moves_valued(*answer, allowed, [](Value v) { return v == 0; });
    if (const auto judged = chess_choice(*game, draws, stop))
      g.move = replaced(*judged, table_move, GameNote::Kind::EnginePrefers, g.notes);
  }
  if (careful_ && careful_->done() && !careful_->told) {
    // Once a game: the careful table is there, or why not.
    if (careful_->table)
      g.notes.push_back({GameNote::Kind::CarefulSolved, {}, {}, careful_->positions, careful_->seconds, {}, {}});
    else
      g.notes.push_back({GameNote::Kind::CarefulNotSolved, {}, {}, 0, 0, careful_->why, careful_->refusal});
    careful_->told = true;
  }
  g.value = value_of(g.move);
  g.proven = g.exact = true;
  g.source = answer->source;
  g.origin = answer->origin;
  g.ponder = expected_reply(pos, g.move);
  return g;
}

Move GamePlayer::winning_move(const Position& pos, const std::vector<Move>& wins, Move chosen,
                              const std::function<Value(Move)>& value_of, double seconds, const std::stop_token& stop,
                              const GuiGame& game, std::vector<GameNote>& notes) {
  const auto refuted = [&](Move m) { return refuted_in_chess(player_, pos, m); };
  // The careful filter.
  CarefulMoves careful = careful_moves(pos, wins, seconds);
  std::optional<Move> judged;
  if (!careful.won) {
    // The board's refutations, then the chess engine's tie-break among the
    // quickest wins left: along them the distance falls every move, so no
    // reply of the opponent's comes back to an earlier position (a
    // repetition, a draw by Chunker's rules) and the game ends as soon.
    // Where the board refutes every win, the engine's least bad of all.
    const std::vector<Move>& kept = careful.moves.empty() ? wins : careful.moves;
    std::vector<Move> open, among;
    std::copy_if(kept.begin(), kept.end(), std::back_inserter(open), [&](Move m) { return !refuted(m); });
    const Value best = value_of(quickest(open, value_of));
    std::copy_if(open.begin(), open.end(), std::back_inserter(among), [&](Move m) { return value_of(m) == best; });
    judged = chess_choice(game, open.empty() ? kept : among, stop);
    // Where the engine did not judge, the move is at once; while the
    // careful solve runs, the rest of the move's time is the solve's (the
    // opponent's engine is idle then).
    if (!judged && careful.moves.empty() && careful_ && !careful_->done() && stop.stop_possible())
      wait_for_either(careful_->finished.get_token(), stop);
    if (!judged && careful.moves.empty() && careful_ && careful_->done()) careful = careful_moves(pos, wins, seconds);
  }
  if (careful.won) return replaced(careful.moves.front(), chosen, GameNote::Kind::CarefulWin, notes);
  // A draw by the careful rules: every win lets the opponent promote in
  // answer, and only these keep that answer from mating or winning our
  // queen. The quickest of them, checked in chess as any other.
  const std::vector<Move>& left = careful.moves.empty() ? wins : careful.moves;
  if (!careful.moves.empty()) chosen = replaced(quickest(left, value_of), chosen, GameNote::Kind::CarefulDraw, notes);
  if (judged) return replaced(*judged, chosen, GameNote::Kind::EnginePrefers, notes);
  if (refuted(chosen)) {
    // The quickest win that the opponent's checking promotion does not refute.
    const Move other = quickest(left, value_of, [&](Move m) { return !refuted(m); });
    return other.is_none() ? chosen : replaced(other, chosen, GameNote::Kind::CheckingPromotion, notes);
  }
  const auto wins_now = [&](Move m) { return m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m); };
  if (wins_now(chosen) && put_off_ < MAX_PUT_OFF && !stop.stop_requested() && loses_in_chess(game, chosen, stop)) {
    // The quickest other win that does not end the game the same way (not
    // looked for once the wait above used the move's time; each check
    // takes up to 0.3 s, and ends with the move's time).
    const Move other = quickest(left, value_of, [&](Move m) {
      return m != chosen && !(wins_now(m) && loses_in_chess(game, m, stop)) && !refuted(m);
    });
    if (!other.is_none()) {
      ++put_off_;
      return replaced(other, chosen, GameNote::Kind::PromotionLosesChess, notes);
    }
  }
  return chosen;
}

Move GamePlayer::expected_reply(const Position& pos, Move m) {
  const Position after = make_move(pos, m);
  const auto answer = player_.known(after, {}, Player::CacheFiles::HeldOnly);
  if (!answer) return Move();
  std::vector<Move> all;
  for (Move reply : legal_moves(after)) all.push_back(reply);
  return player_.exact_move(after, *answer, all);
}

GamePlayer::CarefulMoves GamePlayer::careful_moves(const Position& pos, const std::vector<Move>& allowed,
                                                   double seconds) {
  if (!player_.settings().exact_memory) return {};
  if (careful_ && !careful_->done()) return {};  // one solve at a time, never waited for
  if (careful_) {
    const ExactTable* table = careful_->table.get();
    // A new game, or a table of the other side's or of other positions
    // (where one could not be built, not tried again this game).
    if (careful_->stale || (table && (!table->rules() || table->rules()->side() != pos.side || !table->holds(pos)))) {
      careful_->thread.join();
      careful_.reset();
    }
  }
  if (!careful_) {
    careful_ = std::make_unique<CarefulJob>();
    careful_->thread = std::thread([job = careful_.get(), this, pos, seconds] {
      // Nothing may escape a thread: a failure leaves the table null.
      try {
        Player::Solve solved = player_.solve_careful(pos, pos.side, seconds, &job->cancel);
        job->table = std::move(solved.table);
        job->positions = double(solved.figures.positions);
        job->seconds = solved.figures.seconds;
        job->refusal = solved.refusal;
      } catch (const std::exception& e) {
        job->why = e.what();
      }
      job->finished.request_stop();
    });
    return {};
  }
  const ExactTable* table = careful_->table.get();
  if (!table) return {};
  const Value value = table->value(pos);
  if (!is_win(value) && value != 0) return {};
  std::vector<std::pair<Move, Value>> kept;
  for (const auto& [m, v] : move_values(*table, pos))
    if ((is_win(value) ? is_win(v) : v == 0) && std::find(allowed.begin(), allowed.end(), m) != allowed.end())
      kept.emplace_back(m, v);
  std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  CarefulMoves out{{}, is_win(value) && !kept.empty()};
  for (const auto& [m, v] : kept) out.moves.push_back(m);
  return out;
}

std::optional<Move> GamePlayer::table_move(const ChessBoard& board) {
  std::string why;
  std::optional<Color> winner;
  const auto pos = chunker_position(board, why, winner);
  if (!pos) return std::nullopt;
  const auto answer = player_.known(*pos, {}, Player::CacheFiles::HeldOnly);
  if (!answer) return std::nullopt;
  const Move m = player_.exact_move(*pos, *answer, gui_legal_moves(*pos, board));
  if (m.is_none()) return std::nullopt;
  return m;
}

bool GamePlayer::start_solve(const Position& pos, double seconds) {
  if (!player_.settings().exact_memory || player_.settings().sources != Sources::All) return false;
  if (job_ && !job_->done()) return job_->root == pos;  // one solve at a time
  // A refused structure is not tried again while only the kings move.
  if (job_ && job_->structure == structure_of(pos)) return false;
  if (job_) job_->thread.join();
  job_ = std::make_unique<Job>();
  job_->root = pos;
  job_->structure = structure_of(pos);
  job_->thread = std::thread([job = job_.get(), this, pos, seconds] {
    // Nothing may escape a thread: a failure is the solve's note. A table
    // in the cache is read here, off the move's clock.
    try {
      if (!player_.exact_tables().find(pos)) {
        const Player::Solve solved = player_.solve_exact(pos, seconds, &cancel_);
        job->refusal = solved.refusal;
        job->refused = !solved.table;
      }
    } catch (const std::exception& e) {
      job->failure = e.what();
      job->refused = true;
    }
    job->finished.request_stop();
  });
  return true;
}

GameMove GamePlayer::choose(const Position& pos, const std::vector<Position>& earlier, const std::vector<Move>& allowed,
                            const ChoiceLimits& limits, double exact_seconds, std::stop_token stop,
                            const std::function<void(const MoveChoice&)>& progress, const GuiGame* game) {
  if (auto exact = exact_move(pos, earlier, allowed, exact_seconds, stop, game)) return *exact;
  bool ours = start_solve(pos, exact_seconds);
  GameMove g;
  std::vector<const Classifier*> classifiers;
  if (libraries_usable_) {
    try {
      classifiers = player_.classifiers();
    } catch (const TableError& e) {
      g.notes.push_back({GameNote::Kind::LibrariesMissing, {}, {}, 0, 0, e.what(), {}});
      libraries_usable_ = false;
    }
  }
  MoveChoice choice;
  for (;;) {
    choice = search(pos, earlier, allowed, classifiers, limits, stop, progress);
    if (!job_ || !job_->done() || stop.stop_requested()) break;
    if (auto exact = exact_move(pos, earlier, allowed, exact_seconds, stop, game)) return *exact;
    // The solve that ended was another position's (an earlier move's, or a
    // game's before this one): this position's starts, and the search goes
    // on beside it.
    if (ours || !(ours = start_solve(pos, exact_seconds))) break;
  }
  if (job_ && job_->done() && job_->refused && job_->structure == structure_of(pos))
    g.notes.push_back({GameNote::Kind::ExactSolveRefused, {}, {}, 0, 0, job_->failure, job_->refusal});
  const RankedMove& top = choice.ranked.front();
  g.move = top.move;
  g.value = top.value;
  g.proven = top.proven;
  return g;
}

MoveChoice GamePlayer::search(const Position& pos, const std::vector<Position>& earlier,
                              const std::vector<Move>& allowed, const std::vector<const Classifier*>& classifiers,
                              const ChoiceLimits& limits, const std::stop_token& stop,
                              const std::function<void(const MoveChoice&)>& progress) {
  // The search answers until `stop`, its own limits, or the end of the
  // exact solve: either stop halts it.
  std::atomic<bool> halt{false};
  const std::stop_callback forward_stop(stop, [&] { halt = true; });
  std::optional<std::stop_callback<std::function<void()>>> forward_solved;
  // A solve already over (refused, or its table does not hold the position)
  // has nothing to halt the search for.
  if (job_ && !job_->done()) forward_solved.emplace(job_->finished.get_token(), [&] { halt = true; });
  ChoiceLimits searching = limits;
  searching.stop = &halt;
  const ChunkLibraries* libraries = libraries_usable_ ? &player_.libraries() : nullptr;
  const ProofGuide learned = libraries ? guide(*libraries, player_.settings().level) : ProofGuide{};
  const MoveChoice choice =
      choose_move(pos, allowed, earlier, classifiers, libraries, learned.estimate, searching, progress);
  if (choice.rounds == 0 && progress) progress(choice);
  return choice;
}

}  // namespace chunker
