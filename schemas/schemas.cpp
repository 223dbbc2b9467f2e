#include "schemas/schemas.h"

#include "chunks/kpk.h"
#include "chunks/library_file.h"
#include "schemas/knowledge_version.h"
#include "schemas/level1_am.h"
#include "schemas/level2_pcp.h"
#include "schemas/level3_kcp.h"
#include "schemas/level4_tempi.h"
#include "schemas/level5_escort.h"
#include "schemas/level5_tempo.h"
#include "schemas/level5_z.h"

namespace chunker {

std::string mode_name(SchemaMode mode) { return mode == SchemaMode::Paper ? "paper" : "sound"; }

std::vector<std::unique_ptr<Classifier>> make_schemas(int level, SchemaMode mode, const ChunkLibraries& libraries) {
  std::vector<std::unique_ptr<Classifier>> schemas;
  if (level >= 1) schemas.push_back(std::make_unique<AmBothChunks>(libraries, mode));
  if (level >= 2) schemas.push_back(std::make_unique<KeepThreePawns>(libraries, mode));
  if (level >= 3) schemas.push_back(std::make_unique<BreakthroughBeatsZugzwang>(libraries, mode));
  if (level >= 4) schemas.push_back(std::make_unique<SpareTempiRace>(libraries, mode));
  if (level >= 5) schemas.push_back(std::make_unique<ZConfigurationTheorem>(libraries, mode));
  if (level >= 5) schemas.push_back(std::make_unique<EscortRace>(libraries, mode));
  // Beyond the paper: no published rule to state in paper mode.
  if (level >= 5 && mode == SchemaMode::Sound)
    schemas.push_back(std::make_unique<TempoSum>(libraries, make_schemas(MAX_LEVEL, SchemaMode::Paper, libraries)));
  return schemas;
}

std::vector<std::unique_ptr<Classifier>> make_level(int level, SchemaMode mode, const ChunkLibraries& libraries) {
  std::vector<std::unique_ptr<Classifier>> consulted;
  if (level == 0) return consulted;
  consulted.push_back(std::make_unique<KpkRecognizer>(libraries.kpk()));
  consulted.push_back(std::make_unique<K3cppvkRecognizer>(libraries.k3cppvk_exact()));
  for (auto& schema : make_schemas(level, mode, libraries)) consulted.push_back(std::move(schema));
  return consulted;
}

std::string knowledge_name(int level, SchemaMode mode) { return level == 0 ? "rules" : mode_name(mode); }

std::string knowledge_fingerprint(const std::string& libraries_dir) {
  return libraries_fingerprint(libraries_dir) + "-v" + std::to_string(KNOWLEDGE_VERSION);
}

}  // namespace chunker
