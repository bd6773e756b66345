// Fuzz target: perft checkpoint journals (PerftCheckpoint::open) as any bytes.
// Checks: open gives a journal or an Error, never a crash or a read past the text; every job an
// accepted journal holds as done stands in the text on a line "<job> <count> <checksum>" whose
// checksum is the one of the journal's digest (computed here from the text, not by the reader),
// so that no edited count is ever trusted; begin() of the journal's own split writes it again
// and a second open reads the same jobs back.
// A first line "boardrules-perft-checkpoint 3 *" stands for this library's version (replaced
// before the journal is written), so that the seeds reach the job lines whatever the version.
// Also checked: what open() keeps is bounded by the text (split() at most kPerftMaxSplit, no more
// jobs held than lines), and a count of jobs no run makes allocates nothing (libFuzzer's malloc
// limit); begin() is given the file's job count as a run of up to 2^20 jobs would.
// Seeds (corpus/perft_checkpoint): a journal of three jobs of the run below (digest
// 1234567890123, each line's checksum by record_checksum's formula), the same with one count
// edited, the same cut inside its last line, its three header lines alone; and header lines
// claiming 2^32 and 2^29 jobs, and a split of 2^64 - 1.
#include <unistd.h>
#include <algorithm>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "boardrules/perft/checkpoint.hpp"
#include "boardrules/version.hpp"

namespace {

// The job count and digest the journal's third line names ("split S jobs J digest D", read
// here with sscanf, blanks optional as in the reader), or false.
bool digest_of(const std::string& text, std::uint64_t& digest, std::uint64_t& jobs) {
  const std::size_t first = text.find('\n');
  const std::size_t second = first == std::string::npos ? first : text.find('\n', first + 1);
  if (second == std::string::npos) return false;
  std::uint64_t split = 0;
  return std::sscanf(text.c_str() + second + 1, "split %" SCNu64 " jobs %" SCNu64 " digest %" SCNu64, &split,
                     &jobs, &digest) == 3;
}

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_perft_checkpoint: %s\n", what);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/boardrules-fuzz-checkpoint-" + std::to_string(getpid());
  std::string text(reinterpret_cast<const char*>(data), size);
  const std::string any_version = "boardrules-perft-checkpoint 3 *\n";
  if (text.rfind(any_version, 0) == 0) text.replace(any_version.size() - 2, 1, BOARDRULES_VERSION_STRING);
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  } else {
    return 0;
  }
  const char* const run = "backgammon standard start depth 3 leaves count";
  auto journal = boardrules::PerftCheckpoint::open(path, run);
  if (!journal) {
    check(!journal.error().message.empty(), "an error without a message");
    return 0;
  }
  std::uint64_t digest = 0, jobs = 0;
  if (journal->split() == 0) return 0;  // a new journal: nothing was read
  check(digest_of(text, digest, jobs), "a journal accepted without its split line");
  check(journal->split() <= boardrules::kPerftMaxSplit, "a split above kPerftMaxSplit accepted");
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  check(journal->resumed() + 3 <= lines, "more jobs held than the journal has lines");
  std::size_t held = 0;
  for (std::uint64_t j = 0; j < jobs && j < 100000; ++j) {
    std::uint64_t count = 0;
    if (!journal->done(static_cast<std::size_t>(j), count)) continue;
    ++held;
    char line[96];
    std::snprintf(line, sizeof line, "\n%" PRIu64 " %" PRIu64 " %016" PRIx64 "\n", j, count,
                  boardrules::PerftCheckpoint::record_checksum(digest, j, count));
    check(text.find(line) != std::string::npos, "a job held whose line with its checksum is not in the text");
  }
  check(held == journal->resumed(), "resumed() is not the number of jobs held");
  // Written again by begin (the split the file gives), the journal reads back the same jobs.
  if (jobs <= (std::uint64_t{1} << 20) &&
      journal->begin(journal->split(), static_cast<std::size_t>(jobs), digest).has_value()) {
    journal = boardrules::PerftCheckpoint::open(path, run);  // closes the first
    check(journal.has_value(), "a journal written by begin() is refused");
    check(journal->resumed() == held, "a journal written by begin() holds other jobs");
  }
  return 0;
}
