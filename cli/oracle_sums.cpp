#include "oracle_sums.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

#include "chunk_view.h"
#include "kv3cpp_ladder.h"
#include "level5_tempo.h"
#include "notation.h"
#include "oracle.h"
#include "output.h"
#include "schemas.h"

namespace chunker::cli {

namespace {

// The one-pass-apart class: the tempo sum finds no budget serving both games
// for either side, and for one side the nearest pair is one pass apart.
bool one_pass_apart(const TempoSum& tempo, const Position& pos) {
  if (tempo.verdict(pos).why != TempoVerdict::Why::NoBudget) return false;
  for (Color w : {WHITE, BLACK})
    if (const auto near = tempo.nearest_budgets(pos, w); near && near->apart == 1) return true;
  return false;
}

// The values of a position's two chunks: the mover's pawns' (against the
// opponent's king) and the opponent's pawns'.
struct ValuePair {
  LadderValue mine, theirs;
  auto operator<=>(const ValuePair&) const = default;
  // The values against the integers alone.
  ValuePair integers() const {
    ValuePair p;
    p.mine.pawns_first = mine.pawns_first, p.mine.king_first = mine.king_first;
    p.theirs.pawns_first = theirs.pawns_first, p.theirs.king_first = theirs.king_first;
    return p;
  }
};

// Kings this far apart or more (in king moves) need two moves or more each
// before they stand next to each other: the chunks are less likely to meet.
constexpr int FAR_KINGS = 4;

// The rule of stops (Berlekamp, Conway and Guy, Winning Ways, ch. 6: for
// short games the stops of a sum are bounded by the stops of its parts). The
// board is the mover's chunk minus the opponent's. The mover, moving first,
// wins where the sum's left stop is above 0: its pawns need less reserve
// moving first than the opponent's do, or fewer with the king first. It
// loses where the sum's left stop is below 0. nullopt: the rule says nothing.
std::optional<Outcome> rule_of_stops(const ValuePair& v) {
  const LadderValue &a = v.mine, &b = v.theirs;
  constexpr int NOT_LEGAL = LadderValue::NOT_LEGAL;
  const bool wins = (a.pawns_first != NOT_LEGAL && b.pawns_first != NOT_LEGAL && b.pawns_first > a.pawns_first) ||
                    (a.king_first != NOT_LEGAL && b.king_first != NOT_LEGAL && b.king_first > a.king_first);
  const bool loses = a.pawns_first != NOT_LEGAL && b.king_first != NOT_LEGAL && b.king_first + 1 < a.pawns_first;
  if (wins == loses) return std::nullopt;
  return wins ? Outcome::Win : Outcome::Loss;
}

int outcome_slot(Outcome o) { return o == Outcome::Loss ? 0 : o == Outcome::Draw ? 1 : 2; }

// What the values missed where the rule of stops is wrong, the first that
// applies: a draw (the values never say draw: stalemate, or endless play); a
// race (a chunk whose pawns win moving first whatever the king's reserve:
// who promotes first decides, and the values hold no time); the kings two
// squares apart or less (the chunks interact); anything else.
enum class Miss { Draw, Race, KingsMeet, Other };
constexpr int MISS_NB = 4;
const char* miss_name(Miss m) {
  static const char* names[] = {"a draw", "a race", "the kings within two squares", "other"};
  return names[int(m)];
}
Miss miss_of(const Position& pos, const ValuePair& v, Outcome truth) {
  if (truth == Outcome::Draw) return Miss::Draw;
  if (v.mine.pawns_first == -Kv3cppLadder::REACH || v.theirs.pawns_first == -Kv3cppLadder::REACH) return Miss::Race;
  if (king_reach(pos.king[WHITE], 2) & square_bb(pos.king[BLACK])) return Miss::KingsMeet;
  return Miss::Other;
}

struct ClassTally {
  std::uint64_t legal = 0, members = 0, decided = 0, right = 0;
  using Outcomes = std::array<std::uint64_t, 3>;           // loss, draw, win for the mover
  std::map<ValuePair, Outcomes> by_values, far_kings;      // all of the class, the kings FAR_KINGS apart
  std::array<std::uint64_t, MISS_NB> wrong{};              // the rule's counterexamples by what was missed
  std::array<std::vector<std::string>, MISS_NB> examples;  // a few of each
  void add(const ClassTally& o) {
    legal += o.legal, members += o.members, decided += o.decided, right += o.right;
    for (const auto& [k, n] : o.by_values)
      for (int i = 0; i < 3; ++i) by_values[k][i] += n[i];
    for (const auto& [k, n] : o.far_kings)
      for (int i = 0; i < 3; ++i) far_kings[k][i] += n[i];
    for (int m = 0; m < MISS_NB; ++m) {
      wrong[m] += o.wrong[m];
      for (const auto& f : o.examples[m])
        if (examples[m].size() < MAX_WRONG_SHOWN) examples[m].push_back(f);
    }
  }
  static constexpr std::size_t MAX_WRONG_SHOWN = 3;
};

ClassTally tally_layout(const OracleTable& table, const TempoSum& tempo, const Kv3cppLadder& ladder, std::uint32_t step,
                        Layout layout) {
  const std::uint32_t total = (CONFIG_NB + step - 1) / step;
  std::atomic<std::uint32_t> next = 0, done = 0;
  std::mutex merge;
  ClassTally all;
  const bool terminal = isatty(STDERR_FILENO);
  auto work = [&](bool report) {
    ClassTally mine;
    for (std::uint32_t k; (k = next++) < total;) {
      const std::uint64_t base = king_slice::index(k * step, 0);
      for (std::uint64_t i = base; i < base + king_slice::SIZE; ++i) {
        if (table.byte(i) == king_slice::ILLEGAL_BYTE) continue;
        ++mine.legal;
        const Position pos = table.index().position(i);
        if (!pos.pawns[WHITE] || !pos.pawns[BLACK] || rule_value(pos, legal_moves(pos))) continue;
        const auto chunks = pawn_chunks(pos);
        if (!chunks || !one_pass_apart(tempo, pos)) continue;
        ++mine.members;
        const Color me = pos.side;
        const ValuePair v{ladder_value(ladder, (*chunks)[me].entry(me)),
                          ladder_value(ladder, (*chunks)[~me].entry(me))};
        const Outcome truth = outcome_of(OracleTable::decode(table.byte(i)));
        ++mine.by_values[v][outcome_slot(truth)];
        if (!(king_reach(pos.king[WHITE], FAR_KINGS - 1) & square_bb(pos.king[BLACK])))
          ++mine.far_kings[v][outcome_slot(truth)];
        if (const auto said = rule_of_stops(v)) {
          ++mine.decided;
          if (*said == truth)
            ++mine.right;
          else {
            const int m = int(miss_of(pos, v, truth));
            ++mine.wrong[m];
            if (mine.examples[m].size() < ClassTally::MAX_WRONG_SHOWN)
              mine.examples[m].push_back(to_fen(pos) + " (" + ladder_value_name(v.mine) + " " +
                                         ladder_value_name(v.theirs) +
                                         ", the oracle: " + value_word(OracleTable::decode(table.byte(i))) + ")");
          }
        }
      }
      ++done;
      if (report && terminal)
        std::fprintf(stderr, "\roracle sums %s: %5.1f%%", layout_name(layout).c_str(), 100.0 * done / total);
    }
    std::lock_guard lock(merge);
    all.add(mine);
  };
  std::thread helper(work, false);
  work(true);
  helper.join();
  if (terminal) std::fprintf(stderr, "\r%40s\r", "");
  return all;
}

void print_values(const Kv3cppLadder& ladder) {
  std::map<LadderValue, std::uint64_t> count, integers;
  std::uint64_t placements = 0;
  for (std::uint32_t e = 0; e < KV3CPP_ENTRIES; ++e) {
    if (e & 64 || (!ladder.legal(e) && !ladder.legal(e | 64))) continue;
    ++placements;
    const LadderValue v = ladder_value(ladder, e);
    ++count[v];
    ++integers[LadderValue{v.pawns_first, v.king_first}];
  }
  auto commonest = [&](const std::map<LadderValue, std::uint64_t>& values, bool infinitesimals, std::size_t shown) {
    std::vector<std::pair<std::uint64_t, LadderValue>> order;
    for (const auto& [v, n] : values) order.push_back({n, v});
    std::sort(order.rbegin(), order.rend());
    for (std::size_t i = 0; i < std::min(shown, order.size()); ++i)
      std::printf("  %-30s %8llu %6.2f%%\n", ladder_value_name(order[i].second, infinitesimals).c_str(),
                  static_cast<unsigned long long>(order[i].first), 100.0 * double(order[i].first) / double(placements));
  };
  std::printf(
      "Kv3CPP values (stops: pawns first, king first; -%d..%d): %llu placements, %zu distinct against the "
      "integers, %zu with n.up and n.up + star\n",
      Kv3cppLadder::REACH, Kv3cppLadder::REACH, static_cast<unsigned long long>(placements), integers.size(),
      count.size());
  commonest(integers, false, integers.size());
  std::printf("  the commonest with the infinitesimals:\n");
  constexpr std::size_t SHOWN = 12;
  commonest(count, true, SHOWN);
}

void print_tally(const ClassTally& t, Layout layout, double seconds, std::uint32_t step) {
  auto share = [](std::uint64_t n, std::uint64_t of) {
    return 100.0 * double(n) / double(std::max<std::uint64_t>(of, 1));
  };
  std::printf("\noracle sums %s: %llu legal positions%s, %.0f s\n", layout_name(layout).c_str(),
              static_cast<unsigned long long>(t.legal),
              step > 1 ? (" (every " + std::to_string(step) + "th pawn configuration)").c_str() : "", seconds);
  std::printf("  one pass apart (no budget, the nearest pair one pass apart): %llu positions, %.3f%%\n",
              static_cast<unsigned long long>(t.members), share(t.members, t.legal));
  // How much of the class any rule on these values could decide: the
  // positions whose pair of values has one outcome.
  auto decidable = [&](const std::map<ValuePair, ClassTally::Outcomes>& pairs, bool integers, const char* which) {
    std::map<ValuePair, ClassTally::Outcomes> merged;
    for (const auto& [v, n] : pairs)
      for (int i = 0; i < 3; ++i) merged[integers ? v.integers() : v][i] += n[i];
    std::uint64_t members = 0, pure = 0, majority = 0;
    for (const auto& [v, n] : merged) {
      const std::uint64_t all = n[0] + n[1] + n[2];
      members += all;
      pure += (n[0] == all || n[1] == all || n[2] == all) ? all : 0;
      majority += std::max({n[0], n[1], n[2]});
    }
    std::printf(
        "  %s: %llu positions, %zu pairs of values; in pairs with one outcome %.2f%%; the commonest outcome "
        "of each pair %.2f%%\n",
        which, static_cast<unsigned long long>(members), merged.size(), share(pure, members), share(majority, members));
    return merged;
  };
  const auto by_integers = decidable(t.by_values, true, "against the integers");
  decidable(t.by_values, false, "with the infinitesimals");
  const std::string far = "the same, the kings " + std::to_string(FAR_KINGS) + " squares apart or more";
  decidable(t.far_kings, false, far.c_str());
  std::printf("  rule of stops: decides %llu (%.2f%%), right %llu, wrong %llu\n",
              static_cast<unsigned long long>(t.decided), share(t.decided, t.members),
              static_cast<unsigned long long>(t.right), static_cast<unsigned long long>(t.decided - t.right));
  std::vector<std::pair<std::uint64_t, ValuePair>> order;
  for (const auto& [v, n] : by_integers) order.push_back({n[0] + n[1] + n[2], v});
  std::sort(order.rbegin(), order.rend());
  constexpr std::size_t SHOWN = 12;
  std::printf("  %-14s %-14s %10s %10s %10s  %s\n", "mover's pawns", "opponent's", "mover wins", "draws", "loses",
              "rule of stops");
  for (std::size_t i = 0; i < std::min(SHOWN, order.size()); ++i) {
    const ValuePair& v = order[i].second;
    const auto& n = by_integers.at(v);
    const auto said = rule_of_stops(v);
    std::printf("  %-14s %-14s %10llu %10llu %10llu  %s\n", ladder_value_name(v.mine).c_str(),
                ladder_value_name(v.theirs).c_str(), static_cast<unsigned long long>(n[2]),
                static_cast<unsigned long long>(n[1]), static_cast<unsigned long long>(n[0]),
                said ? (*said == Outcome::Win ? "win" : "loss") : "-");
  }
  for (int m = 0; m < MISS_NB; ++m) {
    if (!t.wrong[m]) continue;
    std::printf("  wrong, %s: %llu\n", miss_name(Miss(m)), static_cast<unsigned long long>(t.wrong[m]));
    for (const auto& f : t.examples[m]) std::printf("    %s\n", f.c_str());
  }
}

}  // namespace

int sums_report(const std::string& data_dir, const std::string& libraries_dir, const std::vector<Layout>& layouts,
                std::uint32_t config_step) {
  // The libraries first: a missing one is refused before anything is printed.
  const ChunkLibraries libraries(libraries_dir);
  const TempoSum tempo(libraries, make_schemas(MAX_LEVEL, SchemaMode::Paper, libraries));
  const Kv3cppLadder ladder = build_kv3cpp_ladder();
  print_values(ladder);
  for (Layout layout : layouts) {
    const OracleTable table = load_oracle(data_dir, layout, TableRead::Whole);
    const auto start = std::chrono::steady_clock::now();
    const ClassTally t = tally_layout(table, tempo, ladder, config_step, layout);
    print_tally(t, layout, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                config_step);
  }
  return 0;
}

int sums_line(const std::string& data_dir, const std::string& fen) {
  PlaySettings play;
  play.oracle_dir = data_dir;
  play.sources = Sources::Oracle;
  Player player(play);
  Position pos = parse_fen(fen).pos;
  // The root is checked before anything is printed: bad input is one line.
  auto probe = [&](const Position& p) {
    auto answer = player.oracle_answer(p);
    if (!answer) throw InputError("position is outside the oracle's domain: " + to_fen(p));
    if (!answer->built) throw InputError(answer->problem);
    return *answer;
  };
  probe(pos);
  const Kv3cppLadder ladder = build_kv3cpp_ladder();
  std::printf("%-4s %-42s %-9s %-30s %-30s\n", "ply", "position", "oracle", "White's pawns", "Black's pawns");
  for (int ply = 0;; ++ply) {
    const OracleAnswer answer = probe(pos);
    std::string values[COLOR_NB] = {"-", "-"};
    if (const auto chunks = pawn_chunks(pos))
      for (Color c : {WHITE, BLACK})
        values[c] = ladder_value_name(ladder_value(ladder, (*chunks)[c].entry(pos.side)), true);
    // A mutual zugzwang: lost with either side to move.
    Position other = pos;
    other.side = ~pos.side;
    const auto flipped = is_legal(other) ? player.oracle_answer(other) : std::nullopt;
    const bool zugzwang = is_loss(answer.value) && flipped && is_loss(flipped->value);
    const std::string oracle =
        is_decisive(answer.value) ? value_word(answer.value) + " " + std::to_string(distance_of(answer.value)) : "draw";
    std::printf("%-4d %-42s %-9s %-30s %-30s%s\n", ply, to_fen(pos).c_str(), oracle.c_str(), values[WHITE].c_str(),
                values[BLACK].c_str(), zugzwang ? " mutual zugzwang" : "");
    const MoveList moves = legal_moves(pos);
    if (rule_value(pos, moves) || !is_decisive(answer.value)) return 0;
    const Move m = player.exact_move(pos, *player.known(pos), std::vector<Move>(moves.begin(), moves.end()));
    pos = make_move(pos, m);
    // After an unsafe promotion the king must take (no chunk holds the
    // promoted piece), which the oracle's line does.
    if (pos.promoted != NO_SQUARE) {
      const MoveList replies = legal_moves(pos);
      const auto takes = std::find_if(replies.begin(), replies.end(), [&](Move r) { return r.to() == pos.promoted; });
      if (takes == replies.end()) return 0;
      pos = make_move(pos, *takes);
    }
  }
}

}  // namespace chunker::cli
