// `chunker oracle probe`: the oracle's value of a position and of each of its
// moves; one position from the command line, or many from an EPD file or
// standard input, one line (or JSON object) per position.
#pragma once

#include <string>

namespace chunker::cli {

int probe(const std::string& data_dir, const std::string& fen, bool json);
// `epd_path` empty: FENs (or EPD records) on standard input.
int probe_batch(const std::string& data_dir, const std::string& epd_path, bool json);

}  // namespace chunker::cli
