// The engine process of the duel host (examples/common/engine_process.hpp), as a component: its
// pipes are close-on-exec from their creation (an engine started by another thread at the same
// moment inherits none, so a crash is seen as a crash), no write to an engine that has gone raises
// SIGPIPE, an engine killed is never written to, lines and the end of output are read as a host
// needs them. POSIX programs only (/bin/sh, /bin/ls, cat).
#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "common/engine_process.hpp"

namespace engine_process_test {
using engines::EngineProcess;
using Read = EngineProcess::Read;

bool cloexec(int fd) { return (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0; }

// All the lines until the output ends (each within `ms`).
std::vector<std::string> all_lines(EngineProcess& p, int ms = 10000) {
  std::vector<std::string> out;
  std::string line;
  while (p.read_line(line, ms) == Read::Line) out.push_back(line);
  return out;
}

TEST_CASE("engine process: both ends of each pipe are close-on-exec when created, never on 0..2") {
  std::array<int, 2> p{-1, -1};
  REQUIRE(!engines::make_pipe(p).has_value());
  CHECK(cloexec(p[0]));
  CHECK(cloexec(p[1]));
  close(p[0]);
  close(p[1]);
  // With stdin closed, pipe2 would return 0: the ends are moved above the standard descriptors.
  const int saved = dup(0);
  REQUIRE(saved >= 0);
  close(0);
  const auto problem = engines::make_pipe(p);
  dup2(saved, 0);
  close(saved);
  REQUIRE(!problem.has_value());
  CHECK(p[0] > 2);
  CHECK(p[1] > 2);
  CHECK(cloexec(p[0]));
  close(p[0]);
  close(p[1]);
}

// The descriptors this process would pass to any child: those without close-on-exec, above 2.
std::size_t inheritable() {
  std::size_t n = 0;
  for (int fd = 3; fd < 1024; ++fd) {
    const int flags = fcntl(fd, F_GETFD);
    if (flags >= 0 && (flags & FD_CLOEXEC) == 0) ++n;
  }
  return n;
}

TEST_CASE("engine process: engines started at once by several threads inherit no other engine's pipes") {
  // Each child lists its own open descriptors: 0, 1, 2, the one ls reads /proc/self/fd with, and
  // those this test program itself inherited without close-on-exec (from whoever started it).
  const std::size_t expected = 4 + inheritable();
  std::atomic<int> leaks{0}, runs{0};
  const auto starter = [&] {
    for (int i = 0; i < 40; ++i) {
      EngineProcess p;
      if (p.start({"/bin/ls", "/proc/self/fd"})) continue;
      ++runs;
      const std::vector<std::string> fds = all_lines(p);
      if (fds.size() != expected) ++leaks;
    }
  };
  std::thread a(starter), b(starter), c(starter);
  a.join();
  b.join();
  c.join();
  CHECK(runs.load() == 120);
  CHECK(leaks.load() == 0);
}

TEST_CASE("engine process: a crash is seen as the end of output while another engine runs") {
  EngineProcess crashing, other;
  REQUIRE(!crashing.start({"/bin/sh", "-c", "read x; echo bye; exit 3"}).has_value());
  REQUIRE(!other.start({"cat"}).has_value());  // holds its pipes open for the whole test
  REQUIRE(crashing.write_line("go").has_value());
  std::string line;
  REQUIRE(crashing.read_line(line, 10000) == Read::Line);
  CHECK(line == "bye");
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(crashing.read_line(line, 10000) == Read::Closed);
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
  CHECK(crashing.end_reason() == "exit status 3");
  REQUIRE(other.write_line("still here").has_value());
  REQUIRE(other.read_line(line, 10000) == Read::Line);
  CHECK(line == "still here");
}

TEST_CASE("engine process: a write to an engine that has gone fails without SIGPIPE") {
  // The default action of SIGPIPE ends the process: this test would die if a write raised it.
  struct sigaction old {};
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(SIGPIPE, &dfl, &old);
  {
    // The engine closes its input but keeps running: the write meets a pipe with no reader.
    EngineProcess deaf;
    REQUIRE(!deaf.start({"/bin/sh", "-c", "exec 0<&-; echo closed; sleep 5"}).has_value());
    std::string line;
    REQUIRE(deaf.read_line(line, 10000) == Read::Line);
    std::string big(1 << 17, 'x');  // more than a pipe holds, so the write cannot just sit in the buffer
    const auto st = deaf.write_line(big);
    REQUIRE(!st.has_value());
    CHECK(st.error().message == "the engine has closed its input");
    CHECK(deaf.running());
    deaf.kill();
    CHECK(deaf.end_reason() == "killed by signal 9");
    // An engine that has exited: not written to at all.
    EngineProcess gone;
    REQUIRE(!gone.start({"/bin/sh", "-c", "exit 0"}).has_value());
    CHECK(gone.read_line(line, 10000) == Read::Closed);
    CHECK(gone.end_reason() == "exit status 0");
    const auto st2 = gone.write_line("isready");
    REQUIRE(!st2.has_value());
    CHECK(st2.error().message == "the engine has ended (exit status 0)");
    // Killed by the host: nothing more is written to it (not even `quit` when it is destroyed).
    EngineProcess killed;
    REQUIRE(!killed.start({"cat"}).has_value());
    killed.kill();
    CHECK(!killed.running());
    CHECK(!killed.write_line("quit").has_value());
  }
  sigaction(SIGPIPE, &old, nullptr);
}

TEST_CASE("engine process: lines, a last line without its newline, a timeout, a program that cannot start") {
  EngineProcess p;
  REQUIRE(!p.start({"/bin/sh", "-c", "printf 'one\\r\\ntwo\\nlast'; sleep 1"}).has_value());
  std::string line;
  REQUIRE(p.read_line(line, 10000) == Read::Line);
  CHECK(line == "one");
  REQUIRE(p.read_line(line, 10000) == Read::Line);
  CHECK(line == "two");
  CHECK(p.read_line(line, 10) == Read::Timeout);  // "last" waits for its newline or the end
  REQUIRE(p.read_line(line, 10000) == Read::Line);
  CHECK(line == "last");
  CHECK(p.read_line(line, 10000) == Read::Closed);
  EngineProcess none;
  const auto problem = none.start({"/nonexistent/engine"});
  REQUIRE(problem.has_value());
  CHECK(*problem == "cannot start '/nonexistent/engine': No such file or directory");
  CHECK(none.start({}) == std::optional<std::string>("empty engine command"));
}

}  // namespace engine_process_test
