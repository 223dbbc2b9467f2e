// What a search keeps by position: the hash table, which grows up to the
// size asked for, and the verdict memo, which hands back what the
// classifiers say.
#include <doctest/doctest.h>

#include <optional>
#include <vector>

#include "engine/hash_table.h"
#include "engine/verdict_memo.h"

using namespace chunker;

namespace {

// Distinct positions, no two of them mirror images (the white king on files
// a-d): 32 x 64 x 48 of them, kings and a white pawn anywhere.
std::vector<Position> distinct_positions() {
  std::vector<Position> out;
  for (int wk = 0; wk < SQUARE_NB; ++wk) {
    if (file_of(Square(wk)) > 3) continue;
    for (int bk = 0; bk < SQUARE_NB; ++bk)
      for (int p = 8; p < 56; ++p) {
        Position pos;
        pos.king[WHITE] = Square(wk);
        pos.king[BLACK] = Square(bk);
        pos.pawns[WHITE] = square_bb(Square(p));
        out.push_back(pos);
      }
  }
  return out;
}

// How many of `positions` the table hands back with the value stored for them.
std::size_t kept(std::size_t megabytes, const std::vector<Position>& positions) {
  HashTable table(megabytes);
  for (std::size_t i = 0; i < positions.size(); ++i)
    table.store(canonical(positions[i]), Value(i % 1000), 1, Bound::Exact, Move());
  std::size_t found = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const HashEntry* e = table.probe(canonical(positions[i]));
    found += e && e->value == Value(i % 1000);
  }
  return found;
}

// Decides a position by its white king's file (a-b: a win, c: a draw,
// d-h: nothing), and counts what it is asked.
class FileClassifier : public Classifier {
 public:
  std::optional<Value> classify(const Position& pos) const override {
    ++calls;
    const int file = file_of(pos.king[WHITE]);
    if (file < 3) ++calls_where_deciding;
    if (file < 2) return win_in(UNKNOWN_DISTANCE);
    if (file == 2) return 0;
    return std::nullopt;
  }
  std::string name() const override { return "by file"; }
  mutable std::size_t calls = 0, calls_where_deciding = 0;
};

}  // namespace

TEST_CASE("the hash table grows to keep what it is given, up to the size asked for") {
  const std::vector<Position> positions = distinct_positions();
  REQUIRE(positions.size() == 98'304);
  // 64 MB hold two million entries: a table that did not grow past its
  // first 65,536 would keep at most those.
  CHECK(kept(64, positions) >= positions.size() * 98 / 100);
  // 2 MB hold 65,536 entries, and the table never grows past them.
  const std::size_t capped = kept(2, positions);
  CHECK(capped <= 65'536);
  CHECK(capped > 0);
}

TEST_CASE("the verdict memo hands back the first classifier's verdict, asking it once") {
  const std::vector<Position> positions = distinct_positions();
  FileClassifier second;  // asked only where the first says nothing
  FileClassifier by_file;
  const std::vector<const Classifier*> classifiers = {&by_file, &second};
  VerdictMemo memo(classifiers);
  // Fewer positions than the memo's slots, each asked twice: the second time
  // from the memo wherever its slot was not taken since.
  for (int round = 0; round < 2; ++round)
    for (std::size_t i = 0; i < 5'000; ++i) {
      const Position& pos = positions[i * 19];
      const Classified c = memo.classify(pos, zobrist(pos));
      const std::optional<Value> direct = FileClassifier().classify(pos);
      CHECK(c.decided() == direct.has_value());
      if (direct) CHECK(c.value == *direct);
      if (direct) CHECK(c.classifier == 0);
    }
  CHECK(by_file.calls < 2 * 5'000);
  CHECK(by_file.calls >= 5'000);
  CHECK(second.calls > 0);
  CHECK(second.calls_where_deciding == 0);
}
