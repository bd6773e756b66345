#pragma once
// The host end of UBGI (docs/ubgi.md): a UBGI engine binary run as a child process, its stdin and
// stdout on pipes, lines read with a time limit. POSIX only (posix_spawn, poll, waitpid, kill),
// as the `backgammon duel` program that uses it. An engine that does not answer in time is
// killed; one whose output ends (it crashed or quit) is reaped and its exit status reported.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

extern char** environ;

namespace ubgi {

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

/// A UBGI engine process (see the file comment). Move-only; the destructor sends `quit`, waits a
/// moment, then kills the process.
class EngineProcess {
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
    }
    return *this;
  }
  ~EngineProcess() { stop(); }

  /// Starts `words` (the program, then its arguments; the program found through PATH when it has
  /// no '/'), its stderr going to /dev/null. The reason on failure.
  std::optional<std::string> start(const std::vector<std::string>& words) {
    stop();
    if (words.empty()) return "empty engine command";
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return std::string("pipe: ") + std::strerror(errno);
    if (pipe(from_child) != 0) {
      const int e = errno;
      close(to_child[0]), close(to_child[1]);
      return std::string("pipe: ") + std::strerror(e);
    }
    // The parent's ends are not inherited by other children (engines of other threads).
    fcntl(to_child[1], F_SETFD, FD_CLOEXEC);
    fcntl(from_child[0], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from_child[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, to_child[0]);
    posix_spawn_file_actions_addclose(&fa, from_child[1]);
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
    return std::nullopt;
  }

  [[nodiscard]] bool running() const noexcept { return pid_ > 0; }

  /// Writes `line` and a newline; the reason on failure (the engine has gone).
  std::optional<std::string> send(std::string_view line) {
    if (in_ < 0) return "the engine is not running";
    std::string s(line);
    s += '\n';
    std::size_t done = 0;
    while (done < s.size()) {
      const ssize_t n = write(in_, s.data() + done, s.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return "the engine closed its input (" + exit_text() + ")";
      done += static_cast<std::size_t>(n);
    }
    return std::nullopt;
  }

  /// What read_line() got.
  enum class Got { Line, Timeout, Eof };

  /// The next line of the engine's output (without "\n" or "\r\n"), waiting at most `timeout_ms`
  /// milliseconds for it. Eof: the engine's output ended (it crashed or quit); Timeout: nothing
  /// in time. Lines longer than 64 KiB are cut there.
  Got read_line(std::string& line, int timeout_ms) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      const std::size_t nl = buffer_.find('\n');
      if (nl != std::string::npos || buffer_.size() >= kMaxLine) {
        const std::size_t end = nl == std::string::npos ? kMaxLine : nl;
        line = buffer_.substr(0, end);
        buffer_.erase(0, nl == std::string::npos ? end : end + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return Got::Line;
      }
      if (out_ < 0) return Got::Eof;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return Got::Timeout;
      pollfd p{out_, POLLIN, 0};
      const int r = poll(&p, 1, static_cast<int>(left));
      if (r < 0 && errno == EINTR) continue;
      if (r == 0) return Got::Timeout;
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        close(out_);
        out_ = -1;
        if (!buffer_.empty()) continue;  // a last line without its newline
        return Got::Eof;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  /// How the engine ended, once its output has ended: "exit status N", "killed by signal N" or
  /// "still running". Reaps the process (waiting up to half a second for it).
  std::string exit_text() {
    if (pid_ <= 0) return "not running";
    int status = 0;
    for (int i = 0; i < 50; ++i) {
      const pid_t r = waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        pid_ = -1;
        if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
        if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
        return "ended";
      }
      if (r < 0) {
        pid_ = -1;
        return "ended";
      }
      usleep(10000);
    }
    return "still running";
  }

  /// Ends the engine: `quit`, a moment to go, then SIGKILL; reaps it.
  void stop() noexcept {
    if (in_ >= 0) {
      const char q[] = "quit\n";
      [[maybe_unused]] const ssize_t n = write(in_, q, sizeof q - 1);
      close(in_);
      in_ = -1;
    }
    if (out_ >= 0) {
      close(out_);
      out_ = -1;
    }
    if (pid_ > 0) {
      int status = 0;
      for (int i = 0; i < 20 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(5000);
      if (waitpid(pid_, &status, WNOHANG) == 0) {
        ::kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
      }
      pid_ = -1;
    }
    buffer_.clear();
  }

  /// Kills the engine at once (it hangs) and reaps it.
  void kill() noexcept {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    stop();
  }

 private:
  static constexpr std::size_t kMaxLine = 1 << 16;
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  std::string buffer_;
};

}  // namespace ubgi
