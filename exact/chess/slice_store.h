// Finished slices of the chess-exact solver kept on disk, one file a slice
// (table_file.h's format, kind "chess-slice"): a slice's values do not
// depend on the root that reached it, so a later solve reads it instead of
// solving it again, and a solve interrupted resumes from the slices it
// finished. Without pawns these are the endings every promotion leads to.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "exact/chess/chess_slices.h"

namespace chunker {

class SliceStore {
 public:
  // `dir` empty: no store (nothing read or written).
  explicit SliceStore(std::string dir = "") : dir_(std::move(dir)) {}
  bool enabled() const { return !dir_.empty(); }
  std::string path(const SliceKey& key) const;
  // Whether the slice has a file of this format and size (its payload is
  // checked when it is read).
  bool has(const SliceKey& key) const;
  // Fills `bytes` from the slice's file; false where there is no good one
  // (a damaged or stale file is solved again and rewritten).
  bool load(const SliceKey& key, std::span<std::uint8_t> bytes) const;
  // Writes the slice's file (to a temporary name, renamed); the file
  // system's error in one line, or "" where it was written.
  std::string save(const SliceKey& key, std::span<const std::uint8_t> bytes) const;

 private:
  std::string dir_;
};

}  // namespace chunker
