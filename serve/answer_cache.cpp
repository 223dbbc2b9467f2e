#include "serve/answer_cache.h"

namespace chunker::serve {

std::shared_ptr<const std::string> AnswerCache::find(const std::string& key) {
  const std::lock_guard lock(mutex_);
  const auto it = index_.find(key);
  if (it == index_.end()) return nullptr;
  recent_.splice(recent_.begin(), recent_, it->second);
  return it->second->second;
}

void AnswerCache::put(const std::string& key, std::shared_ptr<const std::string> body) {
  if (!capacity_) return;
  const std::lock_guard lock(mutex_);
  if (const auto it = index_.find(key); it != index_.end()) {
    it->second->second = std::move(body);
    recent_.splice(recent_.begin(), recent_, it->second);
    return;
  }
  recent_.emplace_front(key, std::move(body));
  index_[key] = recent_.begin();
  if (recent_.size() > capacity_) {
    index_.erase(recent_.back().first);
    recent_.pop_back();
  }
}

}  // namespace chunker::serve
