#include "library_file.h"

namespace chunker {

std::string library_path(const std::string& data_dir, const std::string& name) { return data_dir + "/" + name + ".lib"; }

std::string library_rebuild_command(const std::string& name) { return "chunker libgen --only " + name; }

}  // namespace chunker
