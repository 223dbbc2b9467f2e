#include "exact/chess/chess_class.h"

#include <malloc.h>

#include <cstdio>
#include <limits>
#include <unordered_set>

namespace chunker {

namespace {

// C(n, k), saturating far above MAX_CLASS_SLICES.
std::uint64_t choose(int n, int k) {
  std::uint64_t out = 1;
  for (int i = 1; i <= k; ++i)
    out = std::min<std::uint64_t>(out * std::uint64_t(n - k + i) / std::uint64_t(i), 1ull << 40);
  return out;
}

// Calls f with each set of `count` squares of `from`.
template <typename F>
void for_each_subset(Bitboard from, int count, Bitboard chosen, const F& f) {
  if (count == 0) return f(chosen);
  for (Bitboard b = from; b;) {
    const Square s = pop_lsb(b);
    for_each_subset(b, count - 1, chosen | square_bb(s), f);  // the rest above s: each set once
  }
}

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::vector<SliceKey> class_slices(const std::string& name) {
  const auto bad = [&name](const std::string& why) { return BadMaterial("material '" + name + "': " + why); };
  const std::size_t v = name.find('v');
  if (v == std::string::npos || name.find('v', v + 1) != std::string::npos)
    throw bad("not a material class (as KPPvKP: each side's king, its pieces, then its pawns)");
  SliceKey key;
  std::array<int, COLOR_NB> pawns{};
  for (Color c : {WHITE, BLACK}) {
    const std::string side = c == WHITE ? name.substr(0, v) : name.substr(v + 1);
    if (side.empty() || side[0] != 'K') throw bad("each side begins with its king, K");
    for (char letter : side.substr(1)) {
      const std::size_t kind = std::string("QRBN").find(letter);
      if (letter == 'P')
        ++pawns[c];
      else if (kind != std::string::npos)
        ++key.count[c][kind];
      else
        throw bad(std::string("'") + letter + "' is no piece (Q, R, B, N or P)");
    }
  }
  if (key.piece_count() > MAX_SLICE_PIECES)
    throw bad(std::to_string(key.piece_count()) + " pieces; the solver holds at most " +
              std::to_string(MAX_SLICE_PIECES) + " besides the kings and pawns");
  const Bitboard pawn_squares = ~(RANK_1 | RANK_8);
  if (std::max(pawns[WHITE], pawns[BLACK]) > 8) throw bad("more than 8 pawns a side");
  if (choose(48, pawns[WHITE]) * choose(48 - pawns[WHITE], pawns[BLACK]) > MAX_CLASS_SLICES)
    throw bad("more than " + std::to_string(MAX_CLASS_SLICES) +
              " placements of its pawns: more than a store holds (solve a position of it instead)");
  std::vector<SliceKey> keys;
  for_each_subset(pawn_squares, pawns[WHITE], 0, [&](Bitboard white) {
    for_each_subset(pawn_squares & ~white, pawns[BLACK], 0, [&](Bitboard black) {
      SliceKey k = key;
      k.pawns.pawns[WHITE] = white;
      k.pawns.pawns[BLACK] = black;
      keys.push_back(k);
    });
  });
  std::uint64_t positions = 0;
  return *reachable_slices(keys, std::numeric_limits<std::uint64_t>::max(), positions,
                           [](const SliceKey&) { return true; });  // the class alone, sorted
}

ClassBuild build_class(const std::vector<SliceKey>& targets, std::uint64_t memory_bytes, const ChessSources& sources) {
  const SliceStore& store = sources.store;
  // Stored, or read through its colour-reversed twin's file.
  const auto stored = [&store](const SliceKey& k) { return store.has(k) || store.has(colour_reversed(k)); };
  ClassBuild out;
  std::uint64_t positions = 0;
  // A stored slice needs none of those its moves lead to (plan_chess).
  const std::vector<SliceKey> closure =
      *reachable_slices(targets, std::numeric_limits<std::uint64_t>::max(), positions, stored);
  out.slices = closure.size();
  std::vector<SliceKey> todo;
  std::uint64_t total = 0;
  for (const SliceKey& k : closure) {
    if (stored(k)) {
      ++out.found;
      continue;
    }
    if (k.piece_count() > MAX_SLICE_PIECES)
      throw BadMaterial("its moves lead to " + material_name(k) + ", more pieces than the solver holds (" +
                        std::to_string(MAX_SLICE_PIECES) + ")");
    todo.push_back(k);
    total += slice_positions(k);
  }
  // Before any solving: each slice fits alone, with the slices it reads.
  for (const SliceKey& k : todo) {
    ChessMemory alone(sources.workers);
    alone.hold(k, true);
    for (const SliceKey& n : next_keys(k)) alone.hold(n, false);
    if (alone.bytes() > memory_bytes)
      throw std::length_error(material_name(k) + " needs " + megabytes(alone.bytes()) +
                              " with the slices it reads; --memory is " + megabytes(memory_bytes));
  }
  // Each batch the next slices in solving order while they fit: those they
  // lead to are solved by then, in the batch or stored before it.
  std::uint64_t done = 0;
  for (std::size_t next = 0; next < todo.size();) {
    ChessMemory memory(sources.workers);
    std::unordered_set<SliceKey, SliceKeyHash> held, read;
    std::vector<SliceKey> batch;
    std::uint64_t batch_positions = 0;
    for (; next < todo.size(); ++next) {
      const SliceKey& k = todo[next];
      if (stored(k)) {  // its twin, solved by an earlier batch
        done += slice_positions(k);
        continue;
      }
      ChessMemory with = memory;
      with.hold(k, true);
      std::vector<SliceKey> reads;
      for (const SliceKey& n : next_keys(k))
        if (!held.count(n) && !read.count(n)) with.hold(n, false), reads.push_back(n);
      if (with.bytes() > memory_bytes && !batch.empty()) break;  // alone it fits, as checked above
      memory = with;
      batch.push_back(k);
      held.insert(k);
      read.insert(reads.begin(), reads.end());
      batch_positions += slice_positions(k);
    }
    if (batch.empty()) break;
    ChessSources batch_sources = sources;
    std::string not_stored;
    batch_sources.not_stored = &not_stored;
    batch_sources.from_store = nullptr;
    batch_sources.progress = [&](std::uint64_t batch_done, std::uint64_t) {
      sources.progress(done + batch_done, total);
    };
    auto table = build_chess(material_name(batch.front()) + " and on, batch " + std::to_string(out.batches + 1), batch,
                             batch_sources);
    if (!not_stored.empty()) throw std::runtime_error("the slice store: " + not_stored);
    for (const SliceKey& k : batch)
      if (table->stored(k)) ++out.solved, out.solved_positions += slice_positions(k);
    ++out.batches;
    done += batch_positions;
    // The batch's memory back to the system before the next one: the
    // allocator would keep much of it, and the batches' sum would pass the
    // budget.
    table.reset();
    malloc_trim(0);
    sources.progress(done, total);
  }
  return out;
}

}  // namespace chunker
