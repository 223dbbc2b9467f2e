// The reasoning schemas of docs/design.md §5, each a Classifier, and the levels
// built from them: Level N consults the schemas of levels 1..N.
//
// Two modes (schema_mode.h): the rules as published, and sound.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "chunks/chunk_libraries.h"
#include "engine/classifier.h"
#include "schemas/schema_mode.h"

namespace chunker {

// The schemas of levels 1..level, in the order the search consults them;
// `libraries` must outlive them.
std::vector<std::unique_ptr<Classifier>> make_schemas(int level, SchemaMode mode, const ChunkLibraries& libraries);

// What a search at `level` consults: nothing at Level 0 (the search alone);
// above it the KPK library (exact values) and then the schemas of 1..level.
// Throws TableError when a library is missing or damaged.
std::vector<std::unique_ptr<Classifier>> make_level(int level, SchemaMode mode, const ChunkLibraries& libraries);

// What the levels' verdicts depend on: the fingerprint of the libraries in
// `libraries_dir` (libraries_fingerprint, from their checksums) and the
// version of the verdicts (knowledge_version.h). A saved knowledge-depth
// table records it, so regenerating a library or changing a verdict makes the
// table stale, and an edit that changes no verdict does not.
std::string knowledge_fingerprint(const std::string& libraries_dir);
// Where the knowledge of a level and mode is saved: Level 0 has no schemas,
// so one table serves both modes ("rules").
std::string knowledge_name(int level, SchemaMode mode);

}  // namespace chunker
