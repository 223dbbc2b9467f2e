#include "kv3cpp_library.h"

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/vector.hpp>
#include <sstream>

#include "table_file.h"

namespace boost::serialization {
template <class Archive>
void serialize(Archive& ar, chunker::Kv3cppLibrary& library, unsigned) {
  ar & library.assumption & library.values;
}
}  // namespace boost::serialization

namespace chunker {

namespace {

constexpr std::uint32_t KV3CPP_FORMAT_VERSION = 1;

TableHeader kv3cpp_header(Assumption a) {
  return {kv3cpp_library_name(a), "entries=" + std::to_string(KV3CPP_ENTRIES), KV3CPP_FORMAT_VERSION};
}

}  // namespace

std::string assumption_name(Assumption a) {
  switch (a) {
    case Assumption::AM: return "am";
    case Assumption::PCP: return "pcp";
    case Assumption::KCP: return "kcp";
  }
  return "";
}

std::string kv3cpp_library_name(Assumption a) { return "kv3cpp-" + assumption_name(a); }

std::string library_path(const std::string& data_dir, const std::string& name) { return data_dir + "/" + name + ".lib"; }

std::string library_rebuild_command(const std::string& name) { return "chunker libgen --only " + name; }

void save_kv3cpp(const Kv3cppLibrary& library, const std::string& data_dir) {
  std::ostringstream out;
  {
    boost::archive::binary_oarchive archive(out, boost::archive::no_header);
    archive << library;
  }
  const std::string bytes = out.str();
  const std::string name = kv3cpp_library_name(library.assumption);
  write_table(library_path(data_dir, name), kv3cpp_header(library.assumption),
              {reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
}

Kv3cppLibrary load_kv3cpp(const std::string& data_dir, Assumption a) {
  const std::string name = kv3cpp_library_name(a);
  const std::string path = library_path(data_dir, name);
  const TableBytes payload = read_table(path, kv3cpp_header(a), library_rebuild_command(name));
  Kv3cppLibrary library;
  try {
    std::istringstream in(std::string(payload.begin(), payload.end()));
    boost::archive::binary_iarchive archive(in, boost::archive::no_header);
    archive >> library;
  } catch (const std::exception&) {
    throw TableError(path + ": damaged library; rebuild it with: " + library_rebuild_command(name));
  }
  if (library.assumption != a || library.values.size() != KV3CPP_ENTRIES)
    throw TableError(path + ": holds another library; rebuild it with: " + library_rebuild_command(name));
  return library;
}

const Kv3cppLibrary& ChunkLibraries::kv3cpp(Assumption a) const {
  auto& slot = kv3cpp_[std::size_t(a)];
  if (!slot) slot = load_kv3cpp(data_dir_, a);
  return *slot;
}

}  // namespace chunker
