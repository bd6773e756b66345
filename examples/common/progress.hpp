#pragma once
// The progress line of the example programs' long builds (backgammon's bear-off databases and the
// generation of Hypergammon's, Warri's endgame databases): the library calls back with the work
// done and the work of the whole build (an estimate where it is not known in advance), and this
// draws it on stderr when stderr is a terminal: done/all, percent, rate, time left, redrawn in
// place at most 10 times a second, and a last line, ended by a newline, once done reaches all.

#include <chrono>
#include <cstddef>
#include <cstdio>

namespace examples {

class ProgressLine {
 public:
  /// `on`: draw (stderr is a terminal); `unit`: what the counts count ("positions").
  ProgressLine(bool on, const char* unit) : on_(on), unit_(unit), start_(Clock::now()), last_(start_) {}

  void operator()(std::size_t done, std::size_t all) {
    if (!on_) return;
    const auto now = Clock::now();
    if (done < all && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double s = std::chrono::duration<double>(now - start_).count();
    const double rate = s > 0 ? static_cast<double>(done) / s : 0.0;
    const double left = rate > 0 && all > done ? static_cast<double>(all - done) / rate : 0.0;
    std::fprintf(stderr, "\r%zu/%zu %s (%5.1f%%), %.0f/s, ETA %.1f s   ", done, all, unit_,
                 all ? 100.0 * static_cast<double>(done) / static_cast<double>(all) : 100.0, rate, left);
    if (done >= all) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool on_;
  const char* unit_;
  Clock::time_point start_, last_;
};

}  // namespace examples
