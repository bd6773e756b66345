// PerftCheckpoint: a run with a journal counts what perft() counts; a journal cut short (a crash
// mid-line included) resumes to the same count on any thread count without counting its jobs
// again; a journal that does not belong to the run, or whose records were edited (their
// checksums), is refused with the line at fault.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/perft/backgammon.hpp"
#include "boardrules/perft/checkpoint.hpp"
#include "boardrules/version.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "boardrules/perft/warri.hpp"

using boardrules::Leaves;
using boardrules::PerftCheckpoint;
using boardrules::PerftOptions;

namespace {

// A file name of its own in the temporary directory (the plain and native test twins run at once).
struct TempFile {
  std::filesystem::path path;
  TempFile() {
    std::random_device rd;
    path = std::filesystem::temp_directory_path() /
           ("boardrules-checkpoint-" + std::to_string(rd()) + "-" + std::to_string(rd()) + ".txt");
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::filesystem::remove(path.string() + ".tmp", ec);
  }
  [[nodiscard]] std::vector<std::string> lines() const {
    std::ifstream in(path);
    std::vector<std::string> r;
    for (std::string l; std::getline(in, l);) r.push_back(l);
    return r;
  }
  void write(const std::vector<std::string>& lines, const std::string& tail = {}) const {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (const std::string& l : lines) out << l << '\n';
    out << tail;
  }
};

constexpr const char* kRun = "warri speightstown perft 9 from the start, count";

// The digest of a journal's job list, from its split line.
std::uint64_t digest_of(const std::vector<std::string>& lines) {
  return std::stoull(lines.at(2).substr(lines.at(2).find(" digest ") + 8));
}

// The line of a finished job with its checksum, as the journal writes it.
std::string record(const std::vector<std::string>& lines, std::uint64_t job, std::uint64_t count) {
  char sum[17];
  std::snprintf(sum, sizeof sum, "%016llx",
                static_cast<unsigned long long>(PerftCheckpoint::record_checksum(digest_of(lines), job, count)));
  return std::to_string(job) + " " + std::to_string(count) + " " + sum;
}
constexpr int kDepth = 9;

std::uint64_t run_warri(const std::string& path, unsigned threads, const char* run = kRun) {
  auto journal = PerftCheckpoint::open(path, run);
  REQUIRE_MESSAGE(journal.has_value(), journal.error().to_string());
  PerftOptions options{threads, 0};
  options.checkpoint = &*journal;
  const std::uint64_t n =
      boardrules::warri::perft_parallel(boardrules::warri::Position::start(), kDepth, Leaves::Count, options);
  CHECK(journal->status().has_value());
  return n;
}

std::string open_error(const std::string& path, const char* run = kRun) {
  auto journal = PerftCheckpoint::open(path, run);
  REQUIRE_FALSE(journal.has_value());
  return journal.error().to_string();
}

boardrules::ErrorCode open_code(const std::string& path, const char* run = kRun) {
  auto journal = PerftCheckpoint::open(path, run);
  REQUIRE_FALSE(journal.has_value());
  return journal.error().code;
}

// The message of the std::invalid_argument that Warri's perft(kDepth) from the start on 2 threads
// throws with `journal`, before counting; nothing when it counts instead.
std::optional<std::string> refusal(PerftCheckpoint& journal) {
  PerftOptions options{2, 0};
  options.checkpoint = &journal;
  try {
    (void)boardrules::warri::perft_parallel(boardrules::warri::Position::start(), kDepth, Leaves::Count, options);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("a run with a new journal counts what perft() counts and records every job") {
  const std::uint64_t want = boardrules::warri::perft(boardrules::warri::Position::start(), kDepth);
  TempFile f;
  CHECK(run_warri(f.path.string(), 2) == want);
  const std::vector<std::string> lines = f.lines();
  REQUIRE(lines.size() > 3);
  CHECK(lines[0].rfind("boardrules-perft-checkpoint 3 ", 0) == 0);
  CHECK(lines[1] == std::string("run ") + kRun);
  const std::string split_line = "split 128 jobs " + std::to_string(lines.size() - 3) + " digest ";
  REQUIRE(lines[2].rfind(split_line, 0) == 0);
  const std::string digest = lines[2].substr(split_line.size());
  CHECK(!digest.empty());
  CHECK(digest.find_first_not_of("0123456789") == std::string::npos);
  // Every job once; the counts add up to the total.
  std::uint64_t sum = 0;
  std::vector<int> seen(lines.size() - 3, 0);
  for (std::size_t i = 3; i < lines.size(); ++i) {
    std::istringstream in(lines[i]);
    std::size_t job = 0;
    std::uint64_t count = 0;
    std::string check;
    REQUIRE(static_cast<bool>(in >> job >> count >> check));
    CHECK(check.size() == 16);
    REQUIRE(job < seen.size());
    ++seen[job];
    sum += count;
  }
  CHECK(sum == want);
  for (const int s : seen) CHECK(s == 1);

  // Opened again, it holds every job, and a run counts nothing more to the same total.
  auto again = PerftCheckpoint::open(f.path.string(), kRun);
  REQUIRE(again.has_value());
  CHECK(again->resumed() == lines.size() - 3);
  CHECK(again->split() == 128);
  CHECK(run_warri(f.path.string(), 1) == want);
  // The same jobs on one thread: the same split line, digest included.
  CHECK(f.lines()[2] == lines[2]);
}

TEST_CASE("a journal cut short resumes to the same count on another thread count") {
  const std::uint64_t want = boardrules::warri::perft(boardrules::warri::Position::start(), kDepth);
  TempFile f;
  REQUIRE(run_warri(f.path.string(), 2) == want);
  std::vector<std::string> lines = f.lines();
  const std::size_t jobs = lines.size() - 3;
  lines.resize(3 + jobs / 3);
  f.write(lines, "17 4");  // a line cut short by a crash: no line break, dropped
  auto journal = PerftCheckpoint::open(f.path.string(), kRun);
  REQUIRE(journal.has_value());
  CHECK(journal->resumed() == jobs / 3);
  CHECK(run_warri(f.path.string(), 1) == want);
  auto full = PerftCheckpoint::open(f.path.string(), kRun);
  REQUIRE(full.has_value());
  CHECK(full->resumed() == jobs);
}

TEST_CASE("the jobs of a journal are taken from it, not counted again") {
  const std::uint64_t want = boardrules::warri::perft(boardrules::warri::Position::start(), kDepth);
  TempFile f;
  REQUIRE(run_warri(f.path.string(), 2) == want);
  std::vector<std::string> lines = f.lines();
  std::istringstream in(lines[3]);
  std::size_t job = 0;
  std::uint64_t count = 0;
  REQUIRE(static_cast<bool>(in >> job >> count));
  // A record with a count 5 higher and its checksum made for it: taken as it is.
  lines[3] = record(lines, job, count + 5);
  f.write(lines);
  CHECK(run_warri(f.path.string(), 2) == want + 5);
}

TEST_CASE("an edited or damaged record is refused: corrupted, with the file and the line") {
  TempFile f;
  const std::string path = f.path.string();
  REQUIRE(run_warri(path, 2) > 0);
  const std::vector<std::string> good = f.lines();
  std::istringstream in(good[4]);
  std::uint64_t job = 0;
  std::uint64_t count = 0;
  std::string sum;
  REQUIRE(static_cast<bool>(in >> job >> count >> sum));
  const auto refused = [&](const std::string& line, const char* what) {
    std::vector<std::string> l = good;
    l[4] = line;
    f.write(l);
    auto journal = PerftCheckpoint::open(path, kRun);
    REQUIRE_FALSE(journal.has_value());
    CHECK(journal.error().code == boardrules::ErrorCode::corrupted);
    const std::string e = journal.error().to_string();
    CHECK(e.find("checkpoint " + path + " line 5") != std::string::npos);
    CHECK(e.find(what) != std::string::npos);
  };
  refused(std::to_string(job) + " " + std::to_string(count + 1) + " " + sum, "checksum does not match");
  refused(std::to_string(job + 1) + " " + std::to_string(count) + " " + sum, "checksum does not match");
  refused(std::to_string(job) + " " + std::to_string(count), "<job> <count> <checksum>");  // no checksum
  refused(std::to_string(job) + " " + std::to_string(count) + " " + sum.substr(0, 15) + "g", "<checksum>");
}

TEST_CASE("a checkpoint path that is a directory is refused at once (io)") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  auto journal = PerftCheckpoint::open(dir.string(), kRun);
  REQUIRE_FALSE(journal.has_value());
  CHECK(journal.error().code == boardrules::ErrorCode::io);
  CHECK(journal.error().to_string().find("is a directory") != std::string::npos);
}

TEST_CASE("backgammon perft(3) with a journal, resumed from a third of its jobs") {
  namespace bg = boardrules::backgammon;
  TempFile f;
  const char* run = "backgammon standard perft 3 from the start, count";
  auto run_bg = [&](unsigned threads) {
    auto journal = PerftCheckpoint::open(f.path.string(), run);
    REQUIRE(journal.has_value());
    PerftOptions options{threads, 16};
    options.checkpoint = &*journal;
    return bg::perft_parallel_divide(bg::Position::start(), 3, Leaves::Count, options);
  };
  const auto first = run_bg(2);
  std::uint64_t total = 0;
  for (const std::uint64_t x : first) total += x;
  CHECK(total == 116154993);  // perft(3) from the start (docs/rules/backgammon.md, Perft)
  std::vector<std::string> lines = f.lines();
  lines.resize(3 + (lines.size() - 3) / 3);
  f.write(lines);
  CHECK(run_bg(1) == first);
}

TEST_CASE("a journal that is not this run's is refused with the line at fault") {
  TempFile f;
  const std::string path = f.path.string();
  REQUIRE(run_warri(path, 2) > 0);
  const std::vector<std::string> good = f.lines();

  SUBCASE("another run") {
    const std::string e = open_error(path, "warri abapa perft 9 from the start, count");
    CHECK(e.find("line 2") != std::string::npos);
    CHECK(e.find("another run") != std::string::npos);
    CHECK(open_code(path, "warri abapa perft 9 from the start, count") == boardrules::ErrorCode::usage);
  }
  SUBCASE("not a checkpoint, or of another version") {
    std::vector<std::string> l = good;
    l[0] = "boardrules-perft-checkpoint 2 0.0.0";
    f.write(l);
    CHECK(open_error(path).find("line 1") != std::string::npos);
    CHECK(open_code(path) == boardrules::ErrorCode::unsupported);
    l[0] = "boardrules-perft-checkpoint 1 " BOARDRULES_VERSION_STRING;  // the format without digests
    f.write(l);
    CHECK(open_error(path).find("line 1") != std::string::npos);
    l[0] = "boardrules-perft-checkpoint 2 " BOARDRULES_VERSION_STRING;  // the format without checksums
    f.write(l);
    CHECK(open_error(path).find("line 1") != std::string::npos);
    f.write({"hello"});
    CHECK(open_error(path).find("not a perft checkpoint") != std::string::npos);
  }
  SUBCASE("a malformed split line") {
    std::vector<std::string> l = good;
    l[2] = "split 128 jobs";
    f.write(l);
    CHECK(open_error(path).find("line 3") != std::string::npos);
    l[2] = good[2].substr(0, good[2].find(" digest"));  // no digest
    f.write(l);
    CHECK(open_error(path).find("line 3") != std::string::npos);
  }
  SUBCASE("a malformed job line") {
    std::vector<std::string> l = good;
    l[5] = "3 x";
    f.write(l);
    const std::string e = open_error(path);
    CHECK(e.find("line 6") != std::string::npos);
    CHECK(e.find("<job> <count> <checksum>") != std::string::npos);
    CHECK(open_code(path) == boardrules::ErrorCode::corrupted);
  }
  SUBCASE("a job out of range") {
    std::vector<std::string> l = good;
    l.push_back(record(good, good.size(), 1));
    f.write(l);
    CHECK(open_error(path).find("is not below") != std::string::npos);
    CHECK(open_code(path) == boardrules::ErrorCode::corrupted);
  }
  SUBCASE("a job twice with different counts") {
    std::vector<std::string> l = good;
    std::istringstream in(good[3]);
    std::size_t job = 0;
    std::uint64_t count = 0;
    REQUIRE(static_cast<bool>(in >> job >> count));
    l.push_back(record(good, job, count + 1));
    f.write(l);
    CHECK(open_error(path).find("recorded twice") != std::string::npos);
  }
  SUBCASE("a split that makes other jobs: refused before counting") {
    std::vector<std::string> l(good.begin(), good.begin() + 3);
    l[2] = "split 100000 jobs 7 digest 1";
    f.write(l);
    auto journal = PerftCheckpoint::open(path, kRun);
    REQUIRE(journal.has_value());
    CHECK(refusal(*journal).has_value());
  }
  SUBCASE("the same number of jobs but another job list (digest): refused before counting") {
    std::vector<std::string> l(good.begin(), good.begin() + 3);  // (the records' checksums hold the digest)
    const std::size_t at = l[2].find(" digest ") + 8;
    const std::uint64_t digest = std::stoull(l[2].substr(at));
    l[2] = l[2].substr(0, at) + std::to_string(digest ^ 1u);
    f.write(l);
    auto journal = PerftCheckpoint::open(path, kRun);
    REQUIRE(journal.has_value());
    CHECK(refusal(*journal).value_or("accepted").find("another job list") != std::string::npos);
  }
  SUBCASE("a header cut short starts a new journal") {
    f.write({good[0]}, "run warri");
    auto journal = PerftCheckpoint::open(path, kRun);
    REQUIRE(journal.has_value());
    CHECK(journal->resumed() == 0);
    CHECK(journal->split() == 0);
  }
}

TEST_CASE("a journal's counts are bounded by the file and the run, checked before allocating") {
  TempFile f;
  const std::string path = f.path.string();
  const std::string head = "boardrules-perft-checkpoint 3 " BOARDRULES_VERSION_STRING;
  const std::string run = std::string("run ") + kRun;

  SUBCASE("a job count no run makes: opened holding nothing, refused by the run before counting") {
    // 2^32 jobs: two arrays of that many entries would be 36 GB.
    f.write({head, run, "split 128 jobs 4294967296 digest 1"});
    auto journal = PerftCheckpoint::open(path, kRun);
    REQUIRE_MESSAGE(journal.has_value(), journal.error().to_string());
    CHECK(journal->resumed() == 0);
    CHECK(refusal(*journal).value_or("accepted").find("written for 4294967296 jobs") != std::string::npos);
  }
  SUBCASE("a split no run asks for is refused when the journal is opened") {
    // The most a run asks for: 64 jobs per thread, 4096 threads (the programs' --threads).
    CHECK(boardrules::kPerftMaxSplit == 64u * 4096u);
    for (const char* split : {"262145", "18446744073709551615"}) {
      CAPTURE(split);
      f.write({head, run, std::string("split ") + split + " jobs 7 digest 1"});
      const std::string e = open_error(path);
      CHECK(e.find("line 3") != std::string::npos);
      CHECK(e.find("at most 262144") != std::string::npos);
      CHECK(open_code(path) == boardrules::ErrorCode::out_of_range);
    }
    f.write({head, run, "split 262144 jobs 7 digest 1"});
    CHECK(PerftCheckpoint::open(path, kRun).has_value());
  }
  SUBCASE("a line longer than any the journal writes is refused, not read whole") {
    f.write({head, run, "split 128 jobs 7 digest 1", std::string(1 << 20, ' ')});
    const std::string e = open_error(path);
    CHECK(e.find("line 4") != std::string::npos);
    CHECK(e.find("longer than") != std::string::npos);
    CHECK(open_code(path) == boardrules::ErrorCode::corrupted);
  }
}

TEST_CASE("perft_jobs_digest: equal job lists agree; another order, depth or position does not") {
  namespace wa = boardrules::warri;
  using G = wa::PerftGame<wa::Speightstown>;
  const auto jobs = boardrules::perft_detail::perft_split<G>(wa::Position::start(), 6, 100);
  REQUIRE(jobs.size() > 2);
  const auto again = boardrules::perft_detail::perft_split<G>(wa::Position::start(), 6, 100);
  CHECK(boardrules::perft_detail::perft_jobs_digest<G>(jobs) == boardrules::perft_detail::perft_jobs_digest<G>(again));
  auto swapped = jobs;
  std::swap(swapped[0], swapped[1]);
  CHECK(boardrules::perft_detail::perft_jobs_digest<G>(swapped) !=
        boardrules::perft_detail::perft_jobs_digest<G>(jobs));
  auto deeper = jobs;
  ++deeper.back().depth;
  CHECK(boardrules::perft_detail::perft_jobs_digest<G>(deeper) != boardrules::perft_detail::perft_jobs_digest<G>(jobs));
  const auto other = boardrules::perft_detail::perft_split<G>(wa::Position::start(), 7, 100);
  CHECK(boardrules::perft_detail::perft_jobs_digest<G>(other) != boardrules::perft_detail::perft_jobs_digest<G>(jobs));
}
