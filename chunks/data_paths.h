// Where a program of Chunker's (the `chunker` binary, the Python module)
// finds its files, from any working directory. The data directory (the
// generated libraries and tables): where the caller says, else
// $CHUNKER_DATA, else the data/ directory of the source tree it was built
// from. The files shipped with the program (the default suite, the
// libraries' manifest): under <prefix>/share/chunker/ of its installation,
// else in that source tree.
#pragma once

#include <filesystem>
#include <string>

namespace chunker {

// The data directory where the caller names none (--data, open(data=None)).
std::string default_data_dir();

// A shipped file by its path in the source tree, e.g.
// "testpositions/default.epd". `code` is the file the caller's code was
// loaded from (the binary, the module's shared object) and `installed_in`
// the folder under the installation prefix it is installed in ("bin"), so
// that the prefix is found from where the code stands.
std::string shipped_file(const std::string& relative, const std::filesystem::path& code,
                         const std::filesystem::path& installed_in);

}  // namespace chunker
