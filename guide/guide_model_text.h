// The learned guide's model as compiled in (guide_model_text.cpp.in): its
// text where guide/guide.model was whole at build time (its SHA-256 that of
// guide/guide.model.sha256), else empty, and what was wrong with it.
#pragma once

namespace chunker {

extern const char* const GUIDE_MODEL_TEXT;
extern const char* const GUIDE_MODEL_PROBLEM;  // empty where the text is whole

}  // namespace chunker
