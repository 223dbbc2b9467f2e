// The version of the levels' verdicts: what a saved knowledge-depth table
// depends on besides the chunk libraries' checksums (knowledge_fingerprint,
// schemas.h). Raise it in the commit that changes any classifier's verdict on
// any position, in either mode: tests/knowledge_version_test.cpp checks the
// digest of the verdicts against the one tests/data/knowledge_verdicts.txt
// records for this version, and fails until the version is raised and the new
// digest recorded. Code edits that leave every verdict alone leave the saved
// tables current.
#pragma once

namespace chunker {

inline constexpr int KNOWLEDGE_VERSION = 2;

}  // namespace chunker
