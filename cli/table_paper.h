// CHUNKER's own figures for the Szén position, its no. 547 (Campbell and
// Berliner 1983, Table 4-1 and the list below it), for `chunker table` to
// print beside Chunker's: the nodes (ply limit) at each level, and at
// Level 5 the share of terminal nodes each source decided.
#pragma once

#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/search.h"

namespace chunker::cli {

// Whether the position is Szén's board, with either side to move.
bool is_szen(const Position& pos);

// The paper's cells for levels first..last: "nodes (ply)" or "----".
std::vector<std::string> paper_547_cells(int first, int last);

// One line per source of a search's terminal nodes (the rules, the hash
// table, each classifier), its share of them, and beside each the paper's
// share for its level where the paper gives one.
std::vector<std::string> terminal_shares(const SearchResult& result);

}  // namespace chunker::cli
