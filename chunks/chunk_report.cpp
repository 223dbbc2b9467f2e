#include "chunks/chunk_report.h"

#include <algorithm>
#include <array>
#include <utility>

#include "chunks/k3cppvk.h"
#include "engine/pawns.h"  // moves_to_promote: the paper's 3CPP unopposed count, "a simple matter to calculate"

namespace chunker {

namespace {

// The side-to-move bit of an entry, in the chunk's normal form: the board
// colour `side`, swapped where the chunk was seen colour-reversed.
std::uint32_t with_side(std::uint32_t index, int side_bit, const Kv3cppInstance& instance, Color side) {
  const std::uint32_t normal_side = std::uint32_t(side) ^ std::uint32_t(instance.colour_reversed);
  return (index & ~(1u << side_bit)) | (normal_side << side_bit);
}

constexpr int KV3CPP_SIDE_BIT = 6, K3CPPVK_SIDE_BIT = 12;

template <class T>
void prefetch(const LibraryArray<T>& array, std::uint32_t i) {
  __builtin_prefetch(array.data() + i);
}

// The five Kv3CPP libraries, asked of the registry once a report.
using Kv3cppLibraries = std::array<const Kv3cppLibrary*, ASSUMPTION_NB>;

// A cache's slot for a chunk's entry, and its key there; none without a cache.
template <class Report>
using Slot = ChunkReportCache::Slot<Report>;
template <class Report>
std::pair<Slot<Report>*, std::uint32_t> slot_of(Slot<Report>* slots, const Kv3cppInstance& instance) {
  const std::uint32_t key = 1 + (instance.index << 1 | std::uint32_t(instance.colour_reversed));
  if (!slots) return {nullptr, key};
  return {&slots[(instance.index * 0x9E3779B1u >> 20) % ChunkReportCache::SLOTS], key};
}

Kv3cppChunkReport kv3cpp_report(const Position& pos, Color pawns, const Kv3cppInstance& instance,
                                const ChunkLibraries& libraries, const Kv3cppLibraries& kv3cpp,
                                Slot<Kv3cppChunkReport>* slots) {
  Kv3cppChunkReport report;
  report.pawns = pawns;
  report.pawn_squares = pos.pawns[pawns];
  report.king = pos.king[~pawns];
  report.instance = instance;
  // What the libraries say depends on the entry and its colour reversal only.
  const auto [slot, key] = slot_of(slots, instance);
  if (slot && slot->key == key) {
    std::copy(&slot->report.result[0][0], &slot->report.result[0][0] + ASSUMPTION_NB * COLOR_NB, &report.result[0][0]);
    std::copy(slot->report.spare_tempi, slot->report.spare_tempi + COLOR_NB, report.spare_tempi);
    report.z_configuration = slot->report.z_configuration;
    return report;
  }
  for (int a = 0; a < ASSUMPTION_NB; ++a) {
    const Kv3cppLibrary& library = *kv3cpp[std::size_t(a)];
    for (Color side : {WHITE, BLACK}) {
      const std::uint32_t entry = with_side(instance.index, KV3CPP_SIDE_BIT, instance, side);
      if (library.legal(entry)) report.result[a][side] = {true, library.pawns_value(entry)};
    }
  }
  for (Color side : {WHITE, BLACK})
    report.spare_tempi[side] =
        libraries.kv3cpp_tempi().tempi[with_side(instance.index, KV3CPP_SIDE_BIT, instance, side)];
  report.z_configuration = libraries.z_configurations().contains(instance.index);
  if (slot) *slot = {key, report};
  return report;
}

InteractionReport interaction_report(const Position& pos) {
  InteractionReport report;
  for (Bitboard w = pos.pawns[WHITE]; w;) {
    const int file = file_of(pop_lsb(w));
    for (Bitboard b = pos.pawns[BLACK]; b;)
      if (std::abs(file_of(pop_lsb(b)) - file) <= 1) report.groups_apart = false;
  }
  report.promotion_pending = pos.promoted != NO_SQUARE;
  for (Color c : {WHITE, BLACK}) report.hemmed_in[c] = king_hemmed_in(pos, c);
  report.meeting_moves = chunks_meeting_moves(pos);
  return report;
}

AlternateParseReport alternate_report(const Position& pos, Color escort, const Kv3cppInstance& instance,
                                      const ChunkLibraries& libraries, Slot<AlternateParseReport>* slots) {
  AlternateParseReport report;
  report.escort = escort;
  report.pawn_squares = pos.pawns[escort];
  report.king = pos.king[escort];
  report.lone_king = pos.king[~escort];
  report.instance = instance;
  const auto [slot, key] = slot_of(slots, instance);
  if (slot && slot->key == key) {
    std::copy(slot->report.result, slot->report.result + COLOR_NB, report.result);
    std::copy(slot->report.spare_tempi, slot->report.spare_tempi + COLOR_NB, report.spare_tempi);
  } else {
    const K3cppvkLibrary& library = libraries.k3cppvk();
    for (Color side : {WHITE, BLACK}) {
      const std::uint32_t entry = with_side(instance.index, K3CPPVK_SIDE_BIT, instance, side);
      if (!library.legal(entry)) continue;
      report.result[side] = {true, library.pawns_value(entry)};
      report.spare_tempi[side] = library.tempi[entry];
    }
    if (slot) *slot = {key, report};
  }
  report.unopposed = pos.pawns[~escort];
  for (Bitboard b = report.unopposed; b;) {
    const int moves = moves_to_promote(~escort, pop_lsb(b));
    if (report.unopposed_moves < 0 || moves < report.unopposed_moves) report.unopposed_moves = moves;
  }
  return report;
}

}  // namespace

ChunkReport chunk_report(const Position& pos, const ChunkLibraries& libraries, ChunkReportCache* cache) {
  ChunkReport report;
  // The chunks first, and their entries asked of the processor at once, so
  // that the entries' cache misses (the K3CPPvK library is large) overlap
  // each other and the interaction's work.
  std::optional<Kv3cppInstance> chunk[COLOR_NB], alternate[COLOR_NB];
  if (pos.promoted == NO_SQUARE) {
    const DefaultParse parse = default_parse(pos);
    for (Color pawns : {WHITE, BLACK})
      if (pos.pawns[pawns]) {
        chunk[pawns] = parse.chunk[~pawns];
        alternate[pawns] = k3cppvk_instance(pos, pawns);
      }
  }
  Kv3cppLibraries kv3cpp{};
  if (chunk[WHITE] || chunk[BLACK])
    for (int a = 0; a < ASSUMPTION_NB; ++a) kv3cpp[std::size_t(a)] = &libraries.kv3cpp(Assumption(a));
  ChunkReportCache::Slots* slots = cache ? &cache->slots() : nullptr;
  // Entries the cache holds are not read.
  auto cached = [](auto* slots, const Kv3cppInstance& instance) {
    const auto [slot, key] = slot_of(slots, instance);
    return slot && slot->key == key;
  };
  for (Color pawns : {WHITE, BLACK}) {
    if (chunk[pawns] && !cached(slots ? slots->chunks.data() : nullptr, *chunk[pawns]))
      for (Color side : {WHITE, BLACK}) {
        const std::uint32_t entry = with_side(chunk[pawns]->index, KV3CPP_SIDE_BIT, *chunk[pawns], side);
        for (const Kv3cppLibrary* library : kv3cpp) prefetch(library->values, entry);
        prefetch(libraries.kv3cpp_tempi().tempi, entry);
      }
    if (alternate[pawns] && !cached(slots ? slots->alternates.data() : nullptr, *alternate[pawns]))
      for (Color side : {WHITE, BLACK}) {
        const std::uint32_t entry = with_side(alternate[pawns]->index, K3CPPVK_SIDE_BIT, *alternate[pawns], side);
        prefetch(libraries.k3cppvk().values, entry);
        prefetch(libraries.k3cppvk().tempi, entry);
      }
  }
  report.interaction = interaction_report(pos);
  if (report.interaction.promotion_pending) return report;
  for (Color pawns : {WHITE, BLACK}) {
    if (chunk[pawns])
      report.chunk[pawns] =
          kv3cpp_report(pos, pawns, *chunk[pawns], libraries, kv3cpp, slots ? slots->chunks.data() : nullptr);
    if (alternate[pawns])
      report.alternates.push_back(
          alternate_report(pos, pawns, *alternate[pawns], libraries, slots ? slots->alternates.data() : nullptr));
  }
  return report;
}

}  // namespace chunker
