#include "libgen/oracle_stats.h"

#include <thread>

#include "engine/cores.h"

namespace chunker {

namespace {

void summarize_configs(const OracleTable& table, std::uint32_t first, std::uint32_t step, OracleSummary& sum) {
  const OracleIndex& index = table.index();
  for (std::uint32_t config = first; config < CONFIG_NB; config += step) {
    const std::uint64_t base = king_slice::index(config, 0);
    for (std::uint32_t local = 0; local < king_slice::SIZE; ++local) {
      std::uint8_t b = table.byte(base + local);
      if (b == king_slice::ILLEGAL_BYTE) continue;
      Color side = king_slice::side(local);
      OracleStats& s = sum.side[side];
      ++s.legal;
      Value v = OracleTable::decode(b);
      if (is_loss(v)) {
        ++s.losses;
        // Count each placement once, from White's side.
        std::uint8_t other = table.byte(base + (local ^ king_slice::SIDE_BIT));
        if (side == WHITE && other != king_slice::ILLEGAL_BYTE && is_loss(OracleTable::decode(other)))
          ++sum.mutual_zugzwangs;
      } else if (!is_win(v)) {
        ++s.draws;
      } else {
        ++s.wins;
        if (distance_of(v) > s.longest_win) {
          s.longest_win = distance_of(v);
          s.longest_win_index = base + local;
        }
        int winning = 0;
        for (auto [move, value] : move_values(table, index.position(base + local))) winning += is_win(value);
        s.one_winning_move += winning == 1;
      }
    }
  }
}

}  // namespace

OracleSummary summarize(const OracleTable& table) {
  const unsigned threads = usable_cores();
  std::vector<OracleSummary> parts(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t)
    workers.emplace_back([&, t] { summarize_configs(table, t, threads, parts[t]); });
  for (auto& w : workers) w.join();
  OracleSummary total;
  for (const OracleSummary& p : parts) {
    total.mutual_zugzwangs += p.mutual_zugzwangs;
    for (Color c : {WHITE, BLACK}) {
      OracleStats& t = total.side[c];
      const OracleStats& s = p.side[c];
      t.legal += s.legal, t.wins += s.wins, t.draws += s.draws, t.losses += s.losses;
      t.one_winning_move += s.one_winning_move;
      if (s.longest_win > t.longest_win ||
          (s.longest_win == t.longest_win && s.longest_win_index < t.longest_win_index))
        t.longest_win = s.longest_win, t.longest_win_index = s.longest_win_index;
    }
  }
  return total;
}

}  // namespace chunker
