// The exact solver: any king-and-pawn position solved by retrograde analysis
// of every position reachable from it (docs/design.md §6, the paper's §5.2).
// Nothing leaves kings and pawns under Chunker's rules and pawn moves are
// irreversible, so the pawn structures reachable from the root
// (pawn_structures.h) are solved one at a time, each a slice of two kings
// and a side to move (8,192 positions) for retrograde.h's loop, the most
// advanced first; a slice in the oracle's domain is copied from the oracle
// where it is loaded. One byte per position, encoded as the oracle's.
//
// En passant: a position with an en-passant right exists only right after
// a double step, and every move leaves it, so it is not stored. Its value
// is the best of its moves' (looked up, through further such positions
// where a double step answers a double step), as the position right after
// an unsafe promotion is (retro::value_after_promotion).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "chunks/table_file.h"
#include "exact/oracle.h"
#include "exact/pawn_structures.h"

namespace chunker {

// Rules that change Chunker's for one side (the careful rules of
// chess/careful_rules.h): where that side's game ends, and which of its
// replies right after the opponent's unsafe promotion count. A table built
// by them holds their values: nothing in it is copied from the oracle, and
// it is never saved.
class SideRules {
 public:
  explicit SideRules(Color side) : side_(side) {}
  virtual ~SideRules() = default;
  Color side() const { return side_; }
  // The value where the game ends at `pos`, given the rules' own verdict
  // (rule_value); nullopt where it goes on.
  virtual std::optional<Value> end(const Position& pos, std::optional<Value> by_rules) const = 0;
  // Drops from `replies` (pos's legal moves) those these rules do not count.
  virtual void keep_replies(const Position& pos, MoveList& replies) const = 0;

 private:
  Color side_;
};

// What a build may read and report besides the structures.
struct ExactSources {
  // The oracle's layouts where loaded (else null): in-domain slices come from them.
  std::array<const OracleTable*, LAYOUT_NB> oracle = {nullptr, nullptr};
  unsigned workers = 1;
  // Called now and then from the calling thread: slices done of the total.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress = [](std::uint64_t, std::uint64_t) {};
  // Filled in: how many slices were copied from the oracle.
  std::uint64_t* from_oracle = nullptr;
  // Solve by these rules instead of Chunker's (then nothing is copied from
  // the oracle, which holds Chunker's values).
  std::shared_ptr<const SideRules> rules;
  // Set by another thread to end the build: no slice is solved after it,
  // and build_exact throws ExactCancelled.
  const std::atomic<bool>* cancel = nullptr;
};

struct ExactCancelled : std::runtime_error {
  ExactCancelled() : std::runtime_error("exact solve cancelled") {}
};

class ExactTable {
 public:
  ExactTable() = default;
  ExactTable(std::string root_fen, std::vector<PawnStructure> structures, TableBytes bytes,
             std::shared_ptr<const SideRules> rules = nullptr);

  // The root it was built for (FEN), and how many positions it holds.
  const std::string& root_fen() const { return root_fen_; }
  const std::vector<PawnStructure>& structures() const { return structures_; }
  std::uint64_t positions() const { return std::uint64_t(structures_.size()) * king_slice::SIZE; }
  const TableBytes& bytes() const { return bytes_; }
  // The rules it was built by, where they are not Chunker's.
  const SideRules* rules() const { return rules_.get(); }

  // Whether every position reachable from `pos` is held: its structure is
  // (and with an en-passant right, the structures its captures make), and
  // the structures held were closed under moves when built.
  bool holds(const Position& pos) const;
  // The exact value of a legal position it holds (holds() true), for the
  // side to move, with its distance.
  Value value(const Position& pos) const;

 private:
  friend ExactTable build_exact(const Position&, std::vector<PawnStructure>, const ExactSources&);
  std::optional<std::uint32_t> slice_of(const PawnStructure& s) const;

  std::string root_fen_;
  std::vector<PawnStructure> structures_;  // in order of rising potential
  TableBytes bytes_;                       // king_slice::SIZE per structure, in that order
  std::shared_ptr<const SideRules> rules_;
  std::unordered_map<PawnStructure, std::uint32_t, PawnStructureHash> slice_;
};

// Whether every position reachable from `pos` stands in a structure `held`
// says is there: its own, and with an en-passant right or a promotion
// waiting to be answered, those of its moves too (they are valued through
// their replies).
bool holds_reachable(const Position& pos, const std::function<bool(const PawnStructure&)>& held);

// Solves every structure of `structures` (reachable_structures(root, ...)).
ExactTable build_exact(const Position& root, std::vector<PawnStructure> structures, const ExactSources& sources);

// `chunker solve`'s use of it: the reachable set counted against a memory
// budget, then solved, in-domain slices copied from the oracle's layouts.
struct ExactPlan {
  std::uint64_t structures = 0;                       // reachable; a lower bound when !counted
  bool counted = true;                                // false: counting stopped far past the budget
  std::uint64_t bytes = 0;                            // memory the table would take
  std::optional<std::vector<PawnStructure>> fitting;  // the structures, when within the budget
  std::uint64_t positions() const { return structures * king_slice::SIZE; }
};
ExactPlan plan_exact(const Position& root, std::uint64_t memory_bytes);

// An oracle layout an exact solve asked for its in-domain slices.
struct OracleUse {
  Layout layout;
  std::string problem;  // why its table could not be used; empty where it was
};
struct ExactSolve {
  ExactTable table;
  std::uint64_t from_oracle = 0;   // slices copied from the oracle
  std::vector<OracleUse> oracles;  // the layouts asked, in order
};
// The oracle's table of a layout, from its owner (play/oracle_play.h), or
// null with the one-line reason it cannot be had.
using OracleSource = std::function<const OracleTable*(Layout layout, std::string& problem)>;
// Asks `oracle` for each layout that holds any of the structures; a missing
// or damaged one is noted and its slices solved instead.
ExactSolve solve_exact(const Position& root, std::vector<PawnStructure> structures, const OracleSource& oracle,
                       unsigned workers, const std::function<void(std::uint64_t done, std::uint64_t total)>& progress,
                       const std::atomic<bool>* cancel = nullptr);

// Where the oracle holds a structure's slice (locate() of its pawns), if it does.
std::optional<OracleSlot> oracle_slot(const PawnStructure& s);

// The value of each legal move of a held position, in move-generation order.
std::vector<std::pair<Move, Value>> move_values(const ExactTable& table, const Position& pos);
// Best play from a held position to the end of the game while it is
// decisive: the winner's quickest, the loser's longest; empty for a draw.
std::vector<Move> best_line(const ExactTable& table, const Position& pos);
// The same from any exact source: `moves_of` gives every legal move's value
// (as move_values does), or nullopt where the source ends (the line stops).
using MoveValues = std::vector<std::pair<Move, Value>>;
std::vector<Move> best_line(const Position& root, Value value,
                            const std::function<std::optional<MoveValues>(const Position&)>& moves_of);

// --save: a table file (table_file.h) of kind "exact" holding the root, the
// structures and their slices (by Chunker's rules only: a table of other
// rules is never saved). load_exact throws TableError on a missing,
// damaged or foreign file.
void save_exact(const ExactTable& table, const std::string& path, Durability durability = Durability::Synced);
ExactTable load_exact(const std::string& path);

}  // namespace chunker
