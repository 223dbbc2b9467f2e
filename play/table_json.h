// The words and the JSON of Table 4-1's rows (table_rows.h), written in one
// place for `chunker table` (its text, CSV and --json) and the Python
// module's `table`. The JSON's schema is docs/json/table.schema.json.
#pragma once

#include <optional>
#include <string>

#include "play/answer_json.h"
#include "play/table_rows.h"

namespace chunker {

// "ab" or "pn".
const char* search_name(SearchKind kind);
// A level's column: "nodes (ply)", "nodes (exh.)", or "----" where
// unproven; where the search's proof is known, then nodes over its
// positions: how close the search came to the smallest proof it knows of.
std::string table_cell_text(const TableCell& c);
// The depth column: "win 18", "draw"; "-" where the row has none.
std::string knowledge_depth_text(const std::optional<Value>& depth);
// The last column: the result and its source, then "ok", or where and how
// it disagrees ("MISMATCH with the suite", "WRONG at level 1 (expected
// draw)"); "unproven" where nothing proved a value.
std::string table_result_text(const TableResult& r);
// {"id", "search", "knowledge_depth", "levels": [{"level", "proven",
// "nodes", "ply", "proof_positions", "result"}], "result", "ok"}.
Json table_row_json(const TableRow& row, SearchKind kind, int first);

}  // namespace chunker
