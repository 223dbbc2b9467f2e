// The server's answers kept for the next request for the same thing: the
// most recently used `capacity` bodies, by their key (the path and the
// position's FEN). Thread-safe.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace chunker::serve {

class AnswerCache {
 public:
  explicit AnswerCache(std::size_t capacity) : capacity_(capacity) {}
  std::shared_ptr<const std::string> find(const std::string& key);
  void put(const std::string& key, std::shared_ptr<const std::string> body);

 private:
  using Entry = std::pair<std::string, std::shared_ptr<const std::string>>;
  std::size_t capacity_;
  std::mutex mutex_;
  std::list<Entry> recent_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

}  // namespace chunker::serve
