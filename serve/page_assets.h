// The board page's files (serve/page/), built into the binary by
// serve/embed_assets.cmake: each by its path on the server ("/page.js").
#pragma once

#include <map>
#include <string_view>

namespace chunker::serve {

const std::map<std::string_view, std::string_view>& page_assets();

}  // namespace chunker::serve
