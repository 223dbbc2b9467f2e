// An Inspection (inspection.h) as one JSON object: `chunker inspect FEN
// --json` prints it and the server's /explain answers it (without file
// paths: `paths` false). Its schema is docs/json/inspect.schema.json; keep
// the two in step.
#pragma once

#include <string>

#include "play/inspection.h"

namespace chunker {

std::string inspection_json(const Inspection& in, int fullmove, bool paths);

}  // namespace chunker
