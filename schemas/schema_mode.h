// What every level's schema needs to know of the others: the mode it
// reasons in and how many levels there are. Levels include this, not the
// factory (schemas.h), which includes them.
//
// `Paper`: the rules as published (Campbell and Berliner 1983), chunk
// interaction ignored as in the paper's test runs. `Sound`: a schema answers
// only where interaction cannot change its verdict; `chunker oracle verify`
// checks that over every position of the domain.
#pragma once

#include <string>

namespace chunker {

enum class SchemaMode { Paper, Sound };
std::string mode_name(SchemaMode mode);  // "paper", "sound"

constexpr int MAX_LEVEL = 5;

}  // namespace chunker
