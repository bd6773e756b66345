// libFuzzer target over the example programs' script interpreters, called in process with their
// code unchanged (the example sources are compiled into this target):
//   FUZZ_BG_REPLAY  `backgammon replay <args>` (examples/backgammon/cmd_replay.cpp)
//   FUZZ_WARRI      `warri <args>`: game, moves (examples/warri.cpp)
// The first line of the input is the argument list (split at '|'), the rest is stdin. The
// programs must return an exit status (0, 1 or 2) and never crash; output is discarded.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"

#if defined(FUZZ_BG_REPLAY)
#include "../../examples/backgammon/cmd_replay.cpp"
#elif defined(FUZZ_WARRI)
#define main warri_main
#include "../../examples/warri.cpp"
#undef main
#else
#error "define FUZZ_BG_REPLAY or FUZZ_WARRI"
#endif

namespace {
// Discards what is written to it.
class NullBuf : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (std::freopen("/dev/null", "w", stdout) == nullptr) std::abort();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const auto nl = all.find('\n');
  const std::string_view head = all.substr(0, nl);
  std::istringstream input(std::string(nl == std::string_view::npos ? std::string_view{} : all.substr(nl + 1)));
  std::vector<std::string> words;
  for (std::size_t i = 0; i < head.size();) {
    const auto sp = head.find('|', i);
    const auto w = head.substr(i, sp == std::string_view::npos ? std::string_view::npos : sp - i);
    if (!w.empty()) words.emplace_back(w);
    if (sp == std::string_view::npos) break;
    i = sp + 1;
  }
  if (words.size() > 16) return 0;
  NullBuf null;
  std::streambuf* const in_buf = std::cin.rdbuf(input.rdbuf());
  std::streambuf* const out_buf = std::cout.rdbuf(&null);
  std::streambuf* const err_buf = std::cerr.rdbuf(&null);
  std::vector<char*> argv;
#if defined(FUZZ_BG_REPLAY)
  for (auto& w : words) argv.push_back(w.data());
  const int rc = bgcli::replay_command.run(std::span<char* const>(argv.data(), argv.size()));
#else
  std::string self = "warri";
  argv.push_back(self.data());
  for (auto& w : words) argv.push_back(w.data());
  // perft and play run long or without end on a script; the interpreters are game and moves
  const bool script = words.empty() || words[0] == "game" || words[0] == "moves";
  argv.push_back(nullptr);
  const int rc = script ? warri_main(static_cast<int>(argv.size() - 1), argv.data()) : 0;
#endif
  std::cin.rdbuf(in_buf);
  std::cout.rdbuf(out_buf);
  std::cerr.rdbuf(err_buf);
  std::cin.clear();
  fuzz::check(rc >= 0 && rc <= 2, "exit status 0, 1 or 2");
  return 0;
}
