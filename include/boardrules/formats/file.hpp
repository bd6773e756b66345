#pragma once
/// \file
/// Files named by a user: read whole, or checked before a long computation writes them. Every
/// failure is an Error with ErrorCode::io whose `where` is the path and whose message says what
/// is wrong (no such file, a directory, not a regular file, permission denied, a folder that does
/// not exist), never an exception or an abort. A directory is checked for explicitly: opening one
/// for reading succeeds on Linux and reads fail only later (or report a huge size).

#include "boardrules/core/config.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "boardrules/core/error.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

namespace file_detail {

[[nodiscard]] inline Error io_error(const std::string& path, std::string message) {
  return make_error(ErrorCode::io, std::move(message), path);
}

[[nodiscard]] inline std::string errno_text(int e) { return std::strerror(e); }

struct Closer {
  void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};

}  // namespace file_detail

/// Whether `path` names a file that can be opened for reading: an Error (ErrorCode::io, where =
/// the path) when it does not exist, is a directory or another kind of non-regular file (a
/// fifo, a device), or cannot be opened (permission denied).
[[nodiscard]] inline Status check_input_file(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) return make_error(ErrorCode::io, "an empty file name");
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (st.type() == fs::file_type::not_found) return file_detail::io_error(path, "no such file");
  if (ec) return file_detail::io_error(path, "cannot read: " + ec.message());
  if (st.type() == fs::file_type::directory) return file_detail::io_error(path, "is a directory, not a file");
  if (st.type() != fs::file_type::regular) return file_detail::io_error(path, "not a regular file");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return file_detail::io_error(path, "cannot read: " + file_detail::errno_text(errno));
  std::fclose(f);
  return {};
}

/// The whole of the file `path`, as bytes, when it holds at most `max_bytes`: the caller sizes
/// the limit to what the file's format can hold, so that no file takes more memory than that.
/// Errors: check_input_file's; ErrorCode::resource (where = the path) for a file larger than
/// `max_bytes`, refused before it is read (and again if it grows while read); a read that fails.
[[nodiscard]] inline Result<std::vector<std::uint8_t>> read_file(const std::string& path, std::size_t max_bytes) {
  if (Status s = check_input_file(path); !s) return s.error();
  const auto too_large = [&](const std::string& size) {
    return make_error(ErrorCode::resource,
                      "the file is " + size + " bytes, more than the " + std::to_string(max_bytes) + " read here",
                      path);
  };
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes) return too_large(std::to_string(size));
  const std::unique_ptr<std::FILE, file_detail::Closer> f(std::fopen(path.c_str(), "rb"));
  if (!f) return file_detail::io_error(path, "cannot read: " + file_detail::errno_text(errno));
  std::vector<std::uint8_t> bytes;
  if (!ec) bytes.reserve(static_cast<std::size_t>(size));
  std::uint8_t buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f.get())) > 0;) {
    if (n > max_bytes - bytes.size()) return too_large("more than " + std::to_string(max_bytes));
    bytes.insert(bytes.end(), buf, buf + n);
  }
  if (std::ferror(f.get()) != 0) return file_detail::io_error(path, "read failed: " + file_detail::errno_text(errno));
  return bytes;
}

/// The whole of the file `path`, as text, when it holds at most `max_bytes` (read_file's errors).
[[nodiscard]] inline Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes) {
  auto bytes = read_file(path, max_bytes);
  if (!bytes) return bytes.error();
  return std::string(bytes->begin(), bytes->end());
}

/// Whether `path` can be written (created, or replaced when it exists), checked before the work
/// whose result goes there: an Error (ErrorCode::io, where = the path) when it is a directory or
/// another non-regular file, when the folder it would be in does not exist or is not a folder, or
/// when it cannot be opened for writing (permission denied, a read-only file system). The file is
/// opened for appending and closed, so an existing file is left as it is; one that did not exist
/// is removed again.
[[nodiscard]] inline Status check_output_file(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) return make_error(ErrorCode::io, "an empty file name");
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  const bool exists = st.type() != fs::file_type::not_found && st.type() != fs::file_type::none;
  if (st.type() == fs::file_type::directory) return file_detail::io_error(path, "is a directory, not a file");
  if (exists && st.type() != fs::file_type::regular) return file_detail::io_error(path, "not a regular file");
  if (!exists) {
    fs::path folder = fs::path(path).parent_path();
    if (folder.empty()) folder = ".";
    const fs::file_status fst = fs::status(folder, ec);
    if (fst.type() == fs::file_type::not_found)
      return file_detail::io_error(path, "no such directory: " + folder.string());
    if (fst.type() != fs::file_type::directory)
      return file_detail::io_error(path, "not a directory: " + folder.string());
  }
  std::FILE* f = std::fopen(path.c_str(), "ab");
  if (f == nullptr) return file_detail::io_error(path, "cannot write: " + file_detail::errno_text(errno));
  std::fclose(f);
  if (!exists) std::remove(path.c_str());
  return {};
}

/// Writes `bytes` to the file `path` (created or replaced): check_output_file's errors, and a
/// write that fails (a full disk).
[[nodiscard]] inline Status write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  if (Status s = check_output_file(path); !s) return s;
  const std::unique_ptr<std::FILE, file_detail::Closer> f(std::fopen(path.c_str(), "wb"));
  if (!f) return file_detail::io_error(path, "cannot write: " + file_detail::errno_text(errno));
  if ((!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f.get()) != bytes.size()) ||
      std::fflush(f.get()) != 0)
    return file_detail::io_error(path, "write failed: " + file_detail::errno_text(errno));
  return {};
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
