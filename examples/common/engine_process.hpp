#pragma once
/// \file
/// An engine program run as a child process, as a UBGI line channel (boardrules'
/// ubgi::Channel): its stdin and stdout on pipes, lines read with a time limit, its stderr to
/// /dev/null. POSIX only (posix_spawn, poll, waitpid). The guarantees a host needs:
///  - the pipe ends are created close-on-exec (pipe2 with O_CLOEXEC), so an engine started by
///    another thread at the same moment never inherits them: when this engine ends, its output
///    ends, and a crash is seen as a crash, not as a hang;
///  - no write reaches an engine known to be gone, and a write to one that has just gone fails
///    with an error, without a SIGPIPE (the signal is blocked in the writing thread and a pending
///    one it raised is taken back), whatever the program does with SIGPIPE;
///  - an engine that ends is reaped and its exit status or signal reported.
/// Included as "common/engine_process.hpp" with examples/ on the include path.

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/ai/ubgi_host.hpp"

extern char** environ;

namespace engines {

namespace ubgi = boardrules::backgammon::ubgi;

/// The words of an engine command line, split at blanks (no quoting).
inline std::vector<std::string> command_words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

/// A pipe whose two ends are close-on-exec from the moment they exist, and above the standard
/// descriptors (so that dup2 onto 0 or 1 in a child is never a no-op that keeps the flag).
/// The reason on failure.
inline std::optional<std::string> make_pipe(std::array<int, 2>& ends) {
  int p[2];
  if (pipe2(p, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  for (int k = 0; k < 2; ++k) {
    if (p[k] > 2) continue;
    const int moved = fcntl(p[k], F_DUPFD_CLOEXEC, 3);
    const int e = errno;
    close(p[k]);
    p[k] = moved;
    if (moved < 0) {
      if (p[1 - k] >= 0) close(p[1 - k]);
      return std::string("fcntl: ") + std::strerror(e);
    }
  }
  ends = {p[0], p[1]};
  return std::nullopt;
}

/// Writes all of `data` to `fd` without ever raising SIGPIPE in the process: SIGPIPE is blocked
/// in this thread for the write, and one the write raised is taken back before it is unblocked.
/// False when the reader has gone (EPIPE) or the write fails.
inline bool write_all_no_sigpipe(int fd, std::string_view data) {
  sigset_t pipe_only, old, pending;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  sigemptyset(&pending);
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
  bool ok = true;
  bool broken = false;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken = n < 0 && errno == EPIPE;
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  if (broken && !was_pending) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_only, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

/// A UBGI engine process (see the file comment). Move-only; the destructor ends the engine.
class EngineProcess final : public ubgi::Channel {
 public:
  EngineProcess() = default;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  EngineProcess(EngineProcess&& o) noexcept { *this = std::move(o); }
  EngineProcess& operator=(EngineProcess&& o) noexcept {
    if (this != &o) {
      stop();
      pid_ = std::exchange(o.pid_, -1);
      in_ = std::exchange(o.in_, -1);
      out_ = std::exchange(o.out_, -1);
      buffer_ = std::move(o.buffer_);
      ended_ = std::move(o.ended_);
    }
    return *this;
  }
  ~EngineProcess() override { stop(); }

  /// Starts `words` (the program, then its arguments; found through PATH when it has no '/').
  /// The reason on failure.
  std::optional<std::string> start(const std::vector<std::string>& words) {
    stop();
    if (words.empty()) return "empty engine command";
    std::array<int, 2> to_child{-1, -1}, from_child{-1, -1};
    if (auto problem = make_pipe(to_child)) return problem;
    if (auto problem = make_pipe(from_child)) {
      close(to_child[0]), close(to_child[1]);
      return problem;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, to_child[0], 0);  // dup2 clears close-on-exec on 0 and 1
    posix_spawn_file_actions_adddup2(&fa, from_child[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv;
    for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = words[0].find('/') == std::string::npos
                       ? posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ)
                       : posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(to_child[0]);
    close(from_child[1]);
    if (rc != 0) {
      close(to_child[1]);
      close(from_child[0]);
      return "cannot start '" + words[0] + "': " + std::strerror(rc);
    }
    pid_ = pid;
    in_ = to_child[1];
    out_ = from_child[0];
    buffer_.clear();
    ended_.clear();
    return std::nullopt;
  }

  /// The process id, or -1.
  [[nodiscard]] pid_t pid() const noexcept { return pid_; }
  /// Started, and not known to have ended.
  [[nodiscard]] bool running() const noexcept { return pid_ > 0; }
  /// The descriptors of this end of the pipes (to the engine's stdin, from its stdout), -1 when closed.
  [[nodiscard]] std::pair<int, int> descriptors() const noexcept { return {in_, out_}; }

  /// Writes `line` and a newline (never to an engine known to have ended; see the file comment).
  boardrules::Status write_line(std::string_view line) override {
    if (in_ < 0 || !alive()) return gone();
    std::string s(line);
    s += '\n';
    if (!write_all_no_sigpipe(in_, s)) {
      close(in_);
      in_ = -1;
      return gone();
    }
    return {};
  }

  /// The next line of the engine's output (without "\n" or "\r\n"), waiting at most `timeout_ms`
  /// milliseconds. Lines longer than 64 KiB are cut there.
  Read read_line(std::string& line, int timeout_ms) override {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      const std::size_t nl = buffer_.find('\n');
      if (nl != std::string::npos || buffer_.size() >= kMaxLine) {
        const std::size_t end = nl == std::string::npos ? kMaxLine : nl;
        line = buffer_.substr(0, end);
        buffer_.erase(0, nl == std::string::npos ? end : end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return Read::Line;
      }
      if (out_ < 0) return Read::Closed;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      pollfd p{out_, POLLIN, 0};
      const int r = poll(&p, 1, left > 0 ? static_cast<int>(left) : 0);
      if (r < 0 && errno == EINTR) continue;
      if (r == 0) return Read::Timeout;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        close(out_);
        out_ = -1;
        if (!buffer_.empty()) buffer_ += '\n';  // a last line without its newline
        continue;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  /// How the engine ended: "exit status N", "killed by signal N", or "still running" (waits up
  /// to half a second for it to end, and reaps it).
  std::string end_reason() override {
    for (int i = 0; i < 50 && pid_ > 0; ++i) {
      if (reap(false)) break;
      usleep(10000);
    }
    return ended_.empty() ? std::string("still running") : ended_;
  }

  /// Ends the engine: `quit` (only to an engine still running), a moment to go, then SIGKILL.
  void stop() noexcept {
    if (in_ >= 0 && alive()) {
      [[maybe_unused]] const bool sent = write_all_no_sigpipe(in_, "quit\n");
    }
    close_pipes();
    if (pid_ > 0) {
      for (int i = 0; i < 20 && !reap(false); ++i) usleep(5000);
      kill();
    }
    buffer_.clear();
  }

  /// Kills the engine at once (it hangs, or its state is unknown) and reaps it. Nothing more is
  /// written to it.
  void kill() noexcept {
    close_pipes();
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      reap(true);
    }
  }

 private:
  static constexpr std::size_t kMaxLine = 1 << 16;

  // Why nothing can be written: the engine has ended (how), or it has closed its input.
  boardrules::Error gone() {
    const std::string why = pid_ <= 0 || reap(false) ? "the engine has ended (" + (ended_.empty() ? std::string("not started") : ended_) + ")"
                                                     : std::string("the engine has closed its input");
    return boardrules::make_error(boardrules::ErrorCode::io, why, "engine");
  }

  // Still running (not reaped)? Reaps it if it has ended.
  bool alive() noexcept { return pid_ > 0 && !reap(false); }

  // Reaps the engine if it has ended (waiting for it when `wait`); true once reaped.
  bool reap(bool wait) noexcept {
    if (pid_ <= 0) return true;
    int status = 0;
    pid_t r;
    do {
      r = waitpid(pid_, &status, wait ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == 0) return false;
    if (r == pid_ && WIFEXITED(status)) ended_ = "exit status " + std::to_string(WEXITSTATUS(status));
    else if (r == pid_ && WIFSIGNALED(status)) ended_ = "killed by signal " + std::to_string(WTERMSIG(status));
    else ended_ = "ended";
    pid_ = -1;
    return true;
  }

  void close_pipes() noexcept {
    if (in_ >= 0) close(in_);
    if (out_ >= 0) close(out_);
    in_ = out_ = -1;
  }

  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  std::string buffer_;
  std::string ended_;
};

}  // namespace engines
