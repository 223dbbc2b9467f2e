// What the Python module `chunker` answers, in plain C++ values
// (python/module.cpp turns them into Python's): one Player (play/answer.h)
// opened on the data directory, and for each call a Player of that call's
// settings over the same files and tables, so that calls from several
// threads run at once. Bad input throws InputError (ValueError in Python),
// a position no source settles within the call's memory MissingTable.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "play/answer.h"
#include "play/table_rows.h"

namespace chunker::python {

// No source answers within the memory the call allows (MissingTableError).
struct MissingTable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A value on python-chess's Syzygy scale and in signed plies.
struct Probe {
  int wdl = 0;       // 2 win, 0 draw, -2 loss, for the side to move
  int distance = 0;  // plies: + a win, - a loss, 0 a draw
};

struct MoveResult {
  std::string uci, san;
  std::optional<int> wdl, distance;  // for the side that plays it; none where unproven
};

struct SolveResult {
  std::string fen;
  std::string value;                 // "win", "draw", "loss" or "unproven"
  std::optional<int> wdl, distance;  // as Probe's; distance none where unknown
  std::string source;                // "oracle", "exact table", "exact solve", "search", "evaluation"
  std::optional<std::string> best_move;
  std::vector<std::string> line;            // UCI moves
  std::uint64_t nodes = 0;                  // the search's, where it ran
  std::optional<std::uint64_t> proof_size;  // the proof-number search's proof, its positions
  std::vector<MoveResult> moves;
};

// What a call may settle a position with.
struct Ask {
  int level = 5;
  SearchKind search = SearchKind::ProofNumber;
  Sources sources = Sources::All;
  std::uint64_t memory_bytes = 0;
};

class Tablebase {
 public:
  // `data` none: where the CLI looks (chunks/data_paths.h); `libraries`
  // none: `data`; `cache` none: DATA/exact, empty: no cache; `threads` 0:
  // every core the process may run on.
  Tablebase(const std::optional<std::string>& data, const std::optional<std::string>& libraries,
            const std::optional<std::string>& cache, unsigned threads);

  // The tables' value, or an exact solve's within the memory: never a search's.
  Probe probe(const std::string& fen, std::uint64_t memory_bytes);
  SolveResult solve(const std::string& fen, const Ask& ask);
  // `chunker inspect --json`'s document; outside the oracle's domain an
  // exact solve within the memory.
  std::string inspect_json(const std::string& fen, std::uint64_t memory_bytes);
  // The paper's Table 4-1 for the suite `epd` (none: the default suite
  // shipped with the module), levels first..last, each search kind in turn.
  std::vector<std::pair<SearchKind, TableRow>> table(const std::optional<std::string>& epd, int first, int last,
                                                     const std::vector<SearchKind>& kinds, std::uint64_t node_limit);
  // Drops the tables; a call after it throws std::logic_error (running ones end first).
  void close();

  // The Player of the call's settings, over the shared tables.
  Player player(const Ask& ask);

 private:
  std::shared_ptr<Player> base();
  std::mutex mutex_;
  std::shared_ptr<Player> base_;
};

// Position from a FEN, or InputError with the CLI's message.
Position position_of(const std::string& fen);

}  // namespace chunker::python
