// A program run with its stdin and stdout on pipes, talked to a line at a
// time: the chess engine `chunker uci` hands the chess after its game to
// (chess_engine.h), and the tests that talk to `chunker inspect` and
// `chunker uci` as a person or a GUI would. Lines are read with a time
// limit, so a program that hangs is noticed instead of waited for.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace chunker {

class ChildProcess {
 public:
  // argv[0] is looked up on the PATH where it names no directory.
  explicit ChildProcess(const std::vector<std::string>& argv) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], STDIN_FILENO);
      dup2(from_child[1], STDOUT_FILENO);
      for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) close(fd);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execvp(args[0], args.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    signal(SIGPIPE, SIG_IGN);  // a child that died must fail a check, not kill the test
  }
  ~ChildProcess() {
    close_input();
    if (out_ >= 0) close(out_);
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // False where the program no longer reads (it ended).
  bool write_line(const std::string& line) {
    const std::string text = line + "\n";
    return in_ >= 0 && write(in_, text.data(), text.size()) == ssize_t(text.size());
  }
  void close_input() {
    if (in_ >= 0) close(in_);
    in_ = -1;
  }

  // The next line of output, or nullopt when none came within `seconds`
  // (or the output ended).
  std::optional<std::string> read_line(double seconds = 20) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, int(left.count())) <= 0) return std::nullopt;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) {
        ended_ = true;
        return std::nullopt;
      }
      buffer_.append(chunk, std::size_t(n));
    }
  }
  // Lines up to and including the first that starts with `prefix`.
  std::vector<std::string> read_until(const std::string& prefix, double seconds = 20) {
    std::vector<std::string> lines;
    while (auto line = read_line(seconds)) {
      lines.push_back(*line);
      if (line->rfind(prefix, 0) == 0) return lines;
    }
    lines.push_back("<no line starting with '" + prefix + "' in time>");
    return lines;
  }
  // Everything until the output ends; then the exit status.
  std::string read_all(double seconds = 60) {
    std::string all;
    while (auto line = read_line(seconds)) all += *line + "\n";
    return all;
  }
  bool started() const { return pid_ > 0 && in_ >= 0; }
  // Whether its output has ended (it closed it, or it exited).
  bool ended() const { return ended_; }
  int wait_exit() {
    int status = 0;
    waitpid(pid_, &status, 0);
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool exited_ = false, ended_ = false;
  std::string buffer_;
};

}  // namespace chunker
