#include "play/oracle_play.h"

#include <algorithm>

#include "engine/rules.h"

namespace chunker {

const OracleTables::Loaded& OracleTables::table(Layout layout) {
  const std::lock_guard lock(mutex_);
  auto it = tables_.find(layout);
  if (it != tables_.end()) return it->second;
  Loaded loaded;
  try {
    loaded.table.emplace(load_oracle(data_dir_, layout, read_));
  } catch (const TableError& e) {
    loaded.problem = e;
  }
  return tables_.emplace(layout, std::move(loaded)).first->second;
}

std::vector<std::string> OracleTables::load_all() {
  std::vector<std::string> problems;
  for (Layout layout : {Layout::AbcFgh, Layout::AbcEfg})
    if (const Loaded& loaded = table(layout); !loaded.table) problems.push_back(loaded.problem->what());
  return problems;
}

const OracleTable* OracleTables::layout_table(Layout layout, std::string& problem) {
  const Loaded& loaded = table(layout);
  if (loaded.problem) problem = loaded.problem->what();
  return loaded.table ? &*loaded.table : nullptr;
}

std::optional<OracleAnswer> OracleTables::replies_answer(const Position& pos) {
  const MoveList replies = legal_moves(pos);
  OracleAnswer answer;
  answer.built = true;
  answer.value = -VALUE_INFINITE;
  for (Move m : replies) {
    Value v = win_in(1);  // a safe promotion ends the game
    if (!(m.kind() == MoveKind::Promotion && is_safe_promotion(pos, m))) {
      const auto child = probe(make_move(pos, m));
      if (!child) return std::nullopt;
      if (!child->built) return child;  // the table's problem, for the caller to name
      answer.layout = child->layout;
      v = from_child(child->value);
    }
    answer.moves.emplace_back(m, v);
    answer.value = std::max(answer.value, v);
  }
  if (auto over = rule_value(pos, replies)) answer.value = *over;
  return answer;
}

std::optional<OracleAnswer> OracleTables::probe(const Position& pos) {
  if (pos.promoted != NO_SQUARE) return replies_answer(pos);
  const auto slot = locate(pos);
  if (!slot) return std::nullopt;
  OracleAnswer answer;
  answer.layout = slot->layout;
  const Loaded& loaded = table(slot->layout);
  answer.built = loaded.table.has_value();
  answer.problem = loaded.problem;
  if (answer.built) {
    try {
      const Position view = slot->view(pos);
      answer.value = loaded.table->value(view);
      for (auto [move, value] : move_values(*loaded.table, view)) answer.moves.emplace_back(slot->unview(move), value);
    } catch (const TableError& e) {  // a damaged block: the file answers no position there
      answer.built = false;
      answer.problem = e;
      answer.moves.clear();
    }
  }
  return answer;
}

std::optional<Value> OracleTables::value(const Position& pos) {
  if (pos.promoted != NO_SQUARE) {
    const auto answer = replies_answer(pos);
    return answer && answer->built ? std::optional<Value>(answer->value) : std::nullopt;
  }
  const auto slot = locate(pos);
  if (!slot) return std::nullopt;
  const Loaded& loaded = table(slot->layout);
  if (!loaded.table) return std::nullopt;
  try {
    return loaded.table->value(slot->view(pos));
  } catch (const TableError&) {
    return std::nullopt;
  }
}

namespace {

// Orders values for the mover: any win above any draw above any loss; the
// shorter win and the longer loss first.
bool better(Value a, Value b) { return a > b; }

}  // namespace

Move oracle_move(const std::vector<std::pair<Move, Value>>& moves, const std::vector<Move>& allowed,
                 const std::function<int(Move)>& replies_keeping_draw) {
  std::vector<std::pair<Move, Value>> candidates;
  for (const auto& mv : moves)
    if (std::find(allowed.begin(), allowed.end(), mv.first) != allowed.end()) candidates.push_back(mv);
  if (candidates.empty()) return Move();
  // Values order exactly as wanted: win_in(d) falls with d, loss_in(d) rises.
  Value best = candidates.front().second;
  for (const auto& [m, v] : candidates)
    if (better(v, best)) best = v;
  std::vector<Move> tied;
  for (const auto& [m, v] : candidates)
    if (v == best) tied.push_back(m);
  if (is_decisive(best) || tied.size() == 1) return tied.front();
  Move chosen = tied.front();
  int fewest = replies_keeping_draw(chosen);
  for (std::size_t i = 1; i < tied.size() && fewest > 0; ++i)
    if (const int n = replies_keeping_draw(tied[i]); n < fewest) fewest = n, chosen = tied[i];
  return chosen;
}

}  // namespace chunker
