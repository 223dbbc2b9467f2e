// An Inspection (inspection.h) as one JSON object: `chunker inspect FEN
// --json` prints it and the server's /explain answers it. Its schema is
// tests/inspect.schema.json; keep the two in step.
#pragma once

#include <string>

#include "inspection.h"

namespace chunker {

std::string inspection_json(const Inspection& in, int fullmove);

}  // namespace chunker
