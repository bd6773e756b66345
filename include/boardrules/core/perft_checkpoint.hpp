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

#include "boardrules/core/config.hpp"

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
#include "boardrules/core/file.hpp"
#include "boardrules/version.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// The finished jobs of a perft run, read from and appended to a file (see the file comment).
/// Thread-safe: record() may be called from every counting thread.
class PerftCheckpoint {
 public:
  /// Opens the checkpoint `path` for the run described by `run` (one line of text). A file that
  /// does not exist yet, or holds less than its three header lines, starts a new journal (nothing
  /// is written before begin()). An existing journal is read whole: refused (with the line) when
  /// it is not a checkpoint of this library version, was written for another run, or has a
  /// malformed line or a job outside its range (ErrorCode::syntax, unsupported or usage), or a
  /// job line whose checksum does not match (ErrorCode::corrupted); a last line cut short by a
  /// crash is dropped. A path that is a directory, or a file that cannot be read or written, is
  /// refused at once (ErrorCode::io), before any counting.
  [[nodiscard]] static Result<PerftCheckpoint> open(std::string path, std::string run) {
    PerftCheckpoint c(std::move(path), std::move(run));
    if (c.run_.find('\n') != std::string::npos)
      return make_error(ErrorCode::usage, "the run description has a line break", "checkpoint");
    if (Status s = check_output_file(c.path_); !s) return c.fail(ErrorCode::io, s.error().message, 0);
    std::FILE* f = std::fopen(c.path_.c_str(), "rb");
    if (f == nullptr) {
      if (errno == ENOENT) return c;
      return c.fail(ErrorCode::io, "cannot read: " + std::string(std::strerror(errno)), 0);
    }
    std::string text;
    char buf[1 << 16];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    const bool read_error = std::ferror(f) != 0;
    std::fclose(f);
    if (read_error) return c.fail(ErrorCode::io, "cannot read", 0);
    if (Status s = c.parse(text); !s.has_value()) return s.error();
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
  /// run splits the same way.
  [[nodiscard]] std::size_t split() const noexcept { return split_; }
  /// Number of jobs the journal held when opened.
  [[nodiscard]] std::size_t resumed() const noexcept { return resumed_; }
  /// The run description given to open().
  [[nodiscard]] const std::string& run() const noexcept { return run_; }

  /// Starts (or resumes) the journal for `jobs` jobs made from a split asking for `split` jobs,
  /// whose list has the digest `digest` (perft_jobs_digest): a new journal writes its header; a
  /// resumed one must have the same split, job count and digest, and is written again whole (so
  /// that a line cut short is gone before appending).
  [[nodiscard]] Status begin(std::size_t split, std::size_t jobs, std::uint64_t digest) {
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
      counts_.assign(jobs, 0);
      have_.assign(jobs, 0);
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

  /// True, with `count` set, when job `job` is in the journal.
  [[nodiscard]] bool done(std::size_t job, std::uint64_t& count) const noexcept {
    if (job >= have_.size() || have_[job] == 0) return false;
    count = counts_[job];
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

  // Reads a whole journal; the last line counts only when it ends with a line break.
  [[nodiscard]] Status parse(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      if (end == std::string_view::npos) break;
      lines.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    if (lines.empty()) return {};
    if (lines[0] != header())
      return fail(ErrorCode::unsupported, "not a perft checkpoint of this library version (expected '" + header() + "')",
                  1);
    if (lines.size() < 3) return {};  // cut short before its header was complete: start again
    if (lines[1] != "run " + run_)
      return fail(ErrorCode::usage, "written for another run: '" + std::string(lines[1].substr(lines[1].size() < 4 ? 0 : 4)) +
                      "', not '" + run_ + "'",
                  2);
    std::uint64_t split = 0;
    std::uint64_t jobs = 0;
    std::uint64_t digest = 0;
    std::string_view rest = lines[2];
    if (!word(rest, "split") || !number(rest, split) || !word(rest, "jobs") || !number(rest, jobs) ||
        !word(rest, "digest") || !number(rest, digest) || !rest.empty() || split == 0 || jobs == 0 ||
        jobs > (std::uint64_t{1} << 32))
      return fail(ErrorCode::syntax, "expected 'split <jobs asked> jobs <jobs made> digest <digest>'", 3);
    split_ = static_cast<std::size_t>(split);
    digest_ = digest;
    jobs_ = static_cast<std::size_t>(jobs);
    counts_.assign(jobs_, 0);
    have_.assign(jobs_, 0);
    for (std::size_t i = 3; i < lines.size(); ++i) {
      std::string_view l = lines[i];
      std::uint64_t job = 0;
      std::uint64_t count = 0;
      std::uint64_t sum = 0;
      if (!number(l, job) || !number(l, count) || !hex16(l, sum) || !l.empty())
        return fail(ErrorCode::corrupted, "expected '<job> <count> <checksum>' (a damaged line)", i + 1);
      if (sum != record_checksum(digest_, job, count))
        return fail(ErrorCode::corrupted, "the checksum does not match: the job or its count was edited or damaged",
                    i + 1);
      if (job >= jobs_)
        return fail(ErrorCode::corrupted, "job " + std::to_string(job) + " is not below " + std::to_string(jobs_),
                    i + 1);
      const auto j = static_cast<std::size_t>(job);
      if (have_[j] != 0 && counts_[j] != count)
        return fail(ErrorCode::corrupted, "job " + std::to_string(job) + " recorded twice with different counts", i + 1);
      if (have_[j] == 0) ++resumed_;
      counts_[j] = count;
      have_[j] = 1;
    }
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
  static bool number(std::string_view& s, std::uint64_t& out) noexcept {
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
  std::size_t resumed_ = 0;
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint8_t> have_;
  std::unique_ptr<std::mutex> mutex_;
  File file_;
  bool write_failed_ = false;
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
