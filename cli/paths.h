// Where the program finds its files, from any working directory. The data
// directory (the generated libraries and tables): --data or --libraries,
// else $CHUNKER_DATA, else the data/ directory of the source tree the binary
// was built from. The files shipped with the program (the default suite, the
// libraries' manifest): under <prefix>/share/chunker/ of an installed binary
// (<prefix>/bin/chunker), else in that source tree.
#pragma once

#include <string>

namespace chunker::cli {

// The default of --data and --libraries.
std::string default_data_dir();

// A shipped file by its path in the source tree, e.g. "testpositions/default.epd".
std::string shipped_file(const std::string& relative);

}  // namespace chunker::cli
