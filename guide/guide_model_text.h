// The learned guide's model as compiled in (guide_model_text.cpp.in): its
// text, empty where guide/guide.model was missing at build time, and the
// line of guide/guide.model.sha256.
#pragma once

namespace chunker {

extern const char* const GUIDE_MODEL_TEXT;
extern const char* const GUIDE_MODEL_SHA256;

}  // namespace chunker
