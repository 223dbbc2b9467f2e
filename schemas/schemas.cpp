#include "schemas.h"

#include "level1_am.h"

namespace chunker {

std::string mode_name(SchemaMode mode) { return mode == SchemaMode::Paper ? "paper" : "sound"; }

std::vector<std::unique_ptr<Classifier>> make_schemas(int level, SchemaMode mode, const ChunkLibraries& libraries) {
  std::vector<std::unique_ptr<Classifier>> schemas;
  if (level >= 1) schemas.push_back(std::make_unique<AmBothChunks>(libraries, mode));
  return schemas;
}

}  // namespace chunker
