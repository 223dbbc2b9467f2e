// Perfect play in the domain (docs/design.md §6): the oracle's values of a
// position and of its moves as played on the board, and the move to play.
// `chunker uci` plays it and `chunker inspect` shows the same values.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "exact/oracle.h"

namespace chunker {

// What the oracle says of a position in its domain.
struct OracleAnswer {
  Layout layout = Layout::AbcFgh;
  bool built = false;                         // false: the table could not be loaded or read (problem says why)
  std::optional<TableError> problem;          // the reason, naming the command that builds the table
  Value value = 0;                            // for the side to move
  std::vector<std::pair<Move, Value>> moves;  // each legal move, as played in the position, and its value
};

// The two layouts' tables, each loaded the first time a position needs it
// (and once only, a failure included) from `data_dir`, read as `read` says
// (TableRead::Kept for a process that goes on probing).
class OracleTables {
 public:
  explicit OracleTables(std::string data_dir, TableRead read = TableRead::Mapped)
      : data_dir_(std::move(data_dir)), read_(read) {}
  // nullopt outside the domain (no layout holds the position, or right
  // after an unsafe promotion, every reply's position).
  std::optional<OracleAnswer> probe(const Position& pos);
  // The value alone, for a search's leaves: nullopt outside the domain and
  // where the table cannot answer.
  std::optional<Value> value(const Position& pos);
  // Loads every layout's table now (a GUI's `isready`, before the clock
  // runs); the one-line problem of each that could not be loaded.
  std::vector<std::string> load_all();
  // A layout's table (loaded the first time), or null with the one-line
  // problem: the exact solver copies its in-domain slices from here.
  const OracleTable* layout_table(Layout layout, std::string& problem);

 private:
  struct Loaded {
    std::optional<OracleTable> table;
    std::optional<TableError> problem;
  };
  const Loaded& table(Layout layout);
  // A position right after an unsafe promotion is in no table: its replies
  // (the capture, a safe promotion) are, and give its value; nullopt where
  // one of them is outside the domain.
  std::optional<OracleAnswer> replies_answer(const Position& pos);

  std::string data_dir_;
  TableRead read_;
  std::mutex mutex_;  // loading: a game's background solve asks too
  std::map<Layout, Loaded> tables_;
};

// The oracle's move among `allowed` (the moves a caller may send: every
// legal move, or those a chess GUI accepts too), or none when `allowed` is
// empty: the fastest win; in a lost position the longest defence; in a drawn
// one a move that keeps the draw, and among those the one that leaves the
// opponent the fewest replies that keep it (the most chances to go wrong).
// `replies_keeping_draw(move)` counts those replies; it is asked only of
// drawing moves when there are several.
Move oracle_move(const std::vector<std::pair<Move, Value>>& moves, const std::vector<Move>& allowed,
                 const std::function<int(Move)>& replies_keeping_draw);

}  // namespace chunker
