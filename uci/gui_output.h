// Lines to the GUI: they come from the reading thread and the thinking
// thread, each whole and flushed.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

namespace chunker {

class GuiOutput {
 public:
  explicit GuiOutput(std::ostream& out) : out_(out) {}
  void send(const std::string& line) {
    const std::lock_guard lock(mutex_);
    out_ << line << std::endl;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace chunker
