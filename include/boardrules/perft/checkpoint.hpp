#pragma once
/// \file
/// A journal of a long perft run, so that a run stopped part-way (a crash, a reboot, a batch
/// system's time limit) resumes where it stopped: PerftCheckpoint. perft_run (perft_runner.hpp)
/// skips the jobs the file already holds and appends each job it finishes.
///
/// The file is text, one record a line:
///
///     boardrules-perft-checkpoint 3 <library version>
///     run <the caller's description of the run: game, variant, position, depth, leaves>
///     split <jobs asked for> jobs <jobs made> digest <digest of the job list>
///     <job index> <count> <checksum>   (one line per finished job, in the order they finished)
///
/// The checksum of a job's line (16 hex digits, record_checksum) is a hash of the job list's
/// digest, the job index and the count: a count or an index that was edited, or a line damaged
/// otherwise, is refused (ErrorCode::corrupted, with the file and the line) instead of giving a
/// wrong perft. The header lines need none: a resumed run compares them with its own.
///
/// A resumed run must describe itself with the same `run` text and make the same jobs (the same
/// number, and the same job list: positions, depths and order, by their digest, so that a build
/// whose generator lists children in another order cannot mix its counts with the journal's);
/// its thread count may differ (the split is taken from the file).
///
/// Bounds: a journal is read line by line (no line longer than any it writes); what it keeps is
/// its job lines (24 bytes each, for lines of at least 21 bytes), so opening a file of n bytes
/// takes O(n log n) time (the jobs are sorted) and O(n) bytes. The counts of its header allocate
/// nothing: the split is at most kPerftMaxSplit (what a run of 4096 threads asks for), and the
/// job count is only compared with the run's own in begin(), before the run's arrays are made.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/formats/file.hpp"
#include "boardrules/version.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// The largest split a journal may name, and a run with a journal asks for: 64 jobs per thread
/// (perft_runner.hpp) for 4096 threads, the most the example programs take.
inline constexpr std::size_t kPerftMaxSplit = std::size_t{64} * 4096;

/// The finished jobs of a perft run, read from and appended to a file (see the file comment).
/// Thread-safe: record() may be called from every counting thread.
class PerftCheckpoint {
 public:
  /// Opens the checkpoint `path` for the run described by `run` (one line of text). A file that
  /// does not exist yet, or holds less than its three header lines, starts a new journal (nothing
  /// is written before begin()). An existing journal is read line by line: refused (with the
  /// line) when it is not a checkpoint of this library version, was written for another run, or
  /// has a malformed line, a line longer than any journal holds, a split above kPerftMaxSplit or
  /// a job outside its range (ErrorCode::syntax, unsupported, usage, corrupted or out_of_range),
  /// or a job line whose checksum does not match (ErrorCode::corrupted); a last line cut short
  /// by a crash is dropped. A path that is a directory, or a file that cannot be read or
  /// written, is refused at once (ErrorCode::io), before any counting.
  [[nodiscard]] static Result<PerftCheckpoint> open(std::string path, std::string run) {
    PerftCheckpoint c(std::move(path), std::move(run));
    if (c.run_.find('\n') != std::string::npos)
      return make_error(ErrorCode::usage, "the run description has a line break", "checkpoint");
    if (Status s = check_output_file(c.path_); !s) return c.fail(ErrorCode::io, s.error().message, 0);
    const File f(std::fopen(c.path_.c_str(), "rb"));
    if (!f) {
      if (errno == ENOENT) return c;
      return c.fail(ErrorCode::io, "cannot read: " + std::string(std::strerror(errno)), 0);
    }
    // The longest line read: the run line of a journal of this run (the other lines are under
    // 100 bytes), with room for another run's longer description, refused by its text.
    const std::size_t longest = c.run_.size() + 4096;
    std::string line;
    std::size_t number = 0;
    char buf[1 << 16];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f.get())) > 0;) {
      for (std::size_t at = 0; at < n;) {
        const void* nl = std::memchr(buf + at, '\n', n - at);
        const std::size_t end = nl == nullptr ? n : static_cast<std::size_t>(static_cast<const char*>(nl) - buf);
        if (line.size() + (end - at) > longest)
          return c.fail(ErrorCode::corrupted, "a line longer than any a journal holds", number + 1);
        line.append(buf + at, end - at);
        if (nl == nullptr) break;
        if (Status s = c.parse_line(line, ++number); !s.has_value()) return s.error();
        line.clear();
        at = end + 1;
      }
    }
    if (std::ferror(f.get()) != 0) return c.fail(ErrorCode::io, "cannot read", 0);
    if (Status s = c.finish(number); !s.has_value()) return s.error();
    return c;
  }

  /// The checksum of the line of job `job` with count `count` in a journal of the job list
  /// `digest` (see the file comment).
  [[nodiscard]] static constexpr std::uint64_t record_checksum(std::uint64_t digest, std::uint64_t job,
                                                               std::uint64_t count) noexcept {
    const auto mix = [](std::uint64_t h) {
      h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
      h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
      return h ^ (h >> 31);
    };
    return mix(mix(mix(digest ^ 0x70657266742D636Bull) ^ job) ^ count);
  }

  PerftCheckpoint(PerftCheckpoint&&) noexcept = default;
  PerftCheckpoint& operator=(PerftCheckpoint&&) noexcept = default;
  ~PerftCheckpoint() = default;

  /// The jobs the split asked for when the journal was started (0 for a new journal): a resumed
  /// run splits the same way. At most kPerftMaxSplit.
  [[nodiscard]] std::size_t split() const noexcept { return split_; }
  /// Number of jobs the journal held when opened.
  [[nodiscard]] std::size_t resumed() const noexcept { return read_.size(); }
  /// The run description given to open().
  [[nodiscard]] const std::string& run() const noexcept { return run_; }

  /// Starts (or resumes) the journal for `jobs` jobs made from a split asking for `split` jobs,
  /// whose list has the digest `digest` (perft_jobs_digest): a new journal writes its header; a
  /// resumed one must have the same split, job count and digest, and is written again whole (so
  /// that a line cut short is gone before appending).
  /// The job count is checked before anything is allocated: the journal's arrays are made for
  /// the run's own jobs. A new journal's split above kPerftMaxSplit is refused (usage).
  [[nodiscard]] Status begin(std::size_t split, std::size_t jobs, std::uint64_t digest) {
    if (split_ == 0 && (split == 0 || split > kPerftMaxSplit))
      return fail(ErrorCode::usage,
                  "a split of " + std::to_string(split) + " jobs (1.." + std::to_string(kPerftMaxSplit) + ")", 0);
    if (split_ != 0 && (split != split_ || jobs != jobs_))
      return fail(ErrorCode::usage, "written for " + std::to_string(jobs_) + " jobs (split " + std::to_string(split_) +
                      "), this run makes " + std::to_string(jobs) + " (split " + std::to_string(split) + ")",
                  3);
    if (split_ != 0 && digest != digest_)
      return fail(ErrorCode::usage, "written for another job list (digest " + std::to_string(digest_) + ", this run's " +
                      std::to_string(digest) + "): the jobs are other positions or in another order",
                  3);
    if (split_ == 0) {
      split_ = split;
      jobs_ = jobs;
      digest_ = digest;
    }
    if (have_.size() != jobs_) {  // the run's arrays, once, with the jobs read
      counts_.assign(jobs_, 0);
      have_.assign(jobs_, 0);
      for (const Record& r : read_) {
        counts_[static_cast<std::size_t>(r.job)] = r.count;
        have_[static_cast<std::size_t>(r.job)] = 1;
      }
    }
    const std::string tmp = path_ + ".tmp";
    File out(std::fopen(tmp.c_str(), "wb"));
    if (!out) return fail(ErrorCode::io, "cannot write " + tmp + ": " + std::strerror(errno), 0);
    bool ok = std::fprintf(out.get(), "%s\nrun %s\nsplit %zu jobs %zu digest %" PRIu64 "\n", header().c_str(),
                           run_.c_str(), split_, jobs_, digest_) > 0;
    for (std::size_t i = 0; i < jobs_ && ok; ++i)
      if (have_[i] != 0) ok = write_record(out.get(), i, counts_[i]);
    ok = std::fflush(out.get()) == 0 && ok;
    out.reset();
    if (!ok || std::rename(tmp.c_str(), path_.c_str()) != 0) return fail(ErrorCode::io, "cannot write the journal", 0);
    file_.reset(std::fopen(path_.c_str(), "ab"));
    if (!file_) return fail(ErrorCode::io, "cannot append: " + std::string(std::strerror(errno)), 0);
    return {};
  }

  /// True, with `count` set, when job `job` is in the journal (read from its file, or, after
  /// begin(), recorded since).
  [[nodiscard]] bool done(std::size_t job, std::uint64_t& count) const noexcept {
    if (!have_.empty()) {
      if (job >= have_.size() || have_[job] == 0) return false;
      count = counts_[job];
      return true;
    }
    const auto it = std::lower_bound(read_.begin(), read_.end(), job,
                                     [](const Record& r, std::uint64_t j) noexcept { return r.job < j; });
    if (it == read_.end() || it->job != job) return false;
    count = it->count;
    return true;
  }

  /// Appends job `job`'s count and flushes it to the file (after begin()). A write that fails is
  /// remembered (status()), not thrown: the count itself is not lost, only its record.
  void record(std::size_t job, std::uint64_t count) noexcept {
    const std::lock_guard lock(*mutex_);
    if (job >= have_.size()) return;
    counts_[job] = count;
    have_[job] = 1;
    if (!file_ || !write_record(file_.get(), job, count) || std::fflush(file_.get()) != 0)
      write_failed_ = true;
  }

  /// Whether every record() reached the file.
  [[nodiscard]] Status status() const {
    if (write_failed_) return make_error(ErrorCode::io, "a finished job could not be written to " + path_, "checkpoint");
    return {};
  }

 private:
  struct Closer {
    void operator()(std::FILE* f) const noexcept { std::fclose(f); }
  };
  using File = std::unique_ptr<std::FILE, Closer>;

  PerftCheckpoint(std::string path, std::string run)
      : path_(std::move(path)), run_(std::move(run)), mutex_(std::make_unique<std::mutex>()) {}

  [[nodiscard]] static std::string header() { return "boardrules-perft-checkpoint 3 " BOARDRULES_VERSION_STRING; }

  [[nodiscard]] Error fail(ErrorCode code, const std::string& message, std::size_t line) const {
    std::string where = "checkpoint " + path_;
    if (line != 0) where += " line " + std::to_string(line);
    return make_error(code, message, std::move(where));
  }

  // Writes the line of a finished job, its checksum last.
  bool write_record(std::FILE* f, std::size_t job, std::uint64_t count) const noexcept {
    return std::fprintf(f, "%zu %" PRIu64 " %016" PRIx64 "\n", job, count, record_checksum(digest_, job, count)) > 0;
  }

  // One job line read: its job, count and line number.
  struct Record {
    std::uint64_t job = 0;
    std::uint64_t count = 0;
    std::size_t line = 0;
  };

  // Reads line `number` of a journal (without its line break).
  [[nodiscard]] Status parse_line(std::string_view l, std::size_t number) {
    if (number == 1) {
      if (l != header())
        return fail(ErrorCode::unsupported,
                    "not a perft checkpoint of this library version (expected '" + header() + "')", 1);
      return {};
    }
    if (number == 2) {  // checked with the third: a header cut short starts a new journal
      run_line_ = l;
      return {};
    }
    if (number == 3) {
      const std::string_view r = run_line_;
      if (r != "run " + run_)
        return fail(
            ErrorCode::usage,
            "written for another run: '" + std::string(r.substr(r.size() < 4 ? 0 : 4)) + "', not '" + run_ + "'", 2);
      std::uint64_t split = 0;
      std::uint64_t jobs = 0;
      std::uint64_t digest = 0;
      if (!word(l, "split") || !number_of(l, split) || !word(l, "jobs") || !number_of(l, jobs) || !word(l, "digest") ||
          !number_of(l, digest) || !l.empty() || split == 0 || jobs == 0 || jobs > (std::uint64_t{1} << 32))
        return fail(ErrorCode::syntax, "expected 'split <jobs asked> jobs <jobs made> digest <digest>'", 3);
      if (split > kPerftMaxSplit)
        return fail(ErrorCode::out_of_range,
                    "a split of " + std::to_string(split) + " jobs, more than any run asks for (at most " +
                        std::to_string(kPerftMaxSplit) + ")",
                    3);
      split_ = static_cast<std::size_t>(split);
      digest_ = digest;
      jobs_ = static_cast<std::size_t>(jobs);
      return {};
    }
    std::uint64_t job = 0;
    std::uint64_t count = 0;
    std::uint64_t sum = 0;
    if (!number_of(l, job) || !number_of(l, count) || !hex16(l, sum) || !l.empty())
      return fail(ErrorCode::corrupted, "expected '<job> <count> <checksum>' (a damaged line)", number);
    if (sum != record_checksum(digest_, job, count))
      return fail(ErrorCode::corrupted, "the checksum does not match: the job or its count was edited or damaged",
                  number);
    if (job >= jobs_)
      return fail(ErrorCode::corrupted, "job " + std::to_string(job) + " is not below " + std::to_string(jobs_),
                  number);
    read_.push_back(Record{job, count, number});
    return {};
  }

  // After the last whole line (`lines` of them): a header cut short starts a new journal; the
  // jobs read are sorted, a job given twice kept once (refused with two counts).
  [[nodiscard]] Status finish(std::size_t lines) {
    if (lines < 3) {  // cut short before its header was complete: start again
      split_ = jobs_ = 0;
      digest_ = 0;
      read_.clear();
      return {};
    }
    run_line_ = std::string();
    std::stable_sort(read_.begin(), read_.end(), [](const Record& a, const Record& b) { return a.job < b.job; });
    std::size_t kept = 0;
    for (std::size_t i = 0; i < read_.size(); ++i) {
      if (kept != 0 && read_[kept - 1].job == read_[i].job) {
        if (read_[kept - 1].count != read_[i].count)
          return fail(ErrorCode::corrupted,
                      "job " + std::to_string(read_[i].job) + " recorded twice with different counts",
                      std::max(read_[kept - 1].line, read_[i].line));
        continue;
      }
      read_[kept++] = read_[i];
    }
    read_.resize(kept);
    return {};
  }

  // Consumes `w` and the spaces after it.
  static bool word(std::string_view& s, std::string_view w) noexcept {
    if (s.substr(0, w.size()) != w) return false;
    s.remove_prefix(w.size());
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    return true;
  }
  // Consumes 16 lowercase hex digits and the spaces after them.
  static bool hex16(std::string_view& s, std::uint64_t& out) noexcept {
    if (s.size() < 16) return false;
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 16; ++i) {
      const char c = s[i];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return false;
      v = v << 4 | static_cast<std::uint64_t>(d);
    }
    out = v;
    s.remove_prefix(16);
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    return true;
  }
  // Consumes a decimal number (no sign, fits 64 bits) and the spaces after it.
  static bool number_of(std::string_view& s, std::uint64_t& out) noexcept {
    std::size_t i = 0;
    std::uint64_t v = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      const auto d = static_cast<std::uint64_t>(s[i] - '0');
      if (v > (UINT64_MAX - d) / 10) return false;
      v = v * 10 + d;
    }
    if (i == 0) return false;
    out = v;
    s.remove_prefix(i);
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    return true;
  }

  std::string path_;
  std::string run_;
  std::size_t split_ = 0;
  std::size_t jobs_ = 0;
  std::uint64_t digest_ = 0;
  std::string run_line_;               // the second line, while the file is read
  std::vector<Record> read_;           // the jobs of the file, by job, each once
  std::vector<std::uint64_t> counts_;  // after begin(): per job of the run
  std::vector<std::uint8_t> have_;
  std::unique_ptr<std::mutex> mutex_;
  File file_;
  bool write_failed_ = false;
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
