// Files named by a user (formats/file.hpp) and the memory check (db/memory.hpp): a missing file, a
// directory, a folder that does not exist are each an Error with ErrorCode::io naming the path; a
// file larger than its reader's limit is refused unread (ErrorCode::resource);
// the Warri endgame file reader and writer say the same; a build larger than the machine's memory
// is refused with ErrorCode::resource before it allocates.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "boardrules/formats/file.hpp"
#include "boardrules/db/memory.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/table_file.hpp"

namespace fs = std::filesystem;
using boardrules::ErrorCode;

namespace {

// A folder of its own in the temporary directory, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("boardrules-file-" + std::to_string(rd()) + "-" + std::to_string(rd()));
    fs::create_directory(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  [[nodiscard]] std::string file(const char* name) const { return (path / name).string(); }
};

void write_bytes(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

bool has(const boardrules::Error& e, const std::string& text) { return e.to_string().find(text) != std::string::npos; }

}  // namespace

TEST_CASE("check_input_file and read_file: a missing file, a directory, a regular file") {
  TempDir d;
  const std::string missing = d.file("missing.txt");
  const std::string text = d.file("a.txt");
  write_bytes(text, "abc\n");

  const auto m = boardrules::read_file(missing, 100);
  REQUIRE_FALSE(m.has_value());
  CHECK(m.error().code == ErrorCode::io);
  CHECK(m.error().where == missing);
  CHECK(has(m.error(), "no such file"));

  const auto dir = boardrules::read_file(d.path.string(), 100);
  REQUIRE_FALSE(dir.has_value());
  CHECK(dir.error().code == ErrorCode::io);
  CHECK(has(dir.error(), d.path.string() + ": is a directory"));
  CHECK_FALSE(boardrules::check_input_file(d.path.string()).has_value());

  const auto ok = boardrules::read_text_file(text, 100);
  REQUIRE(ok.has_value());
  CHECK(*ok == "abc\n");
  CHECK(boardrules::check_input_file(text).has_value());
  CHECK(boardrules::read_file("", 100).error().code == ErrorCode::io);
}

TEST_CASE("read_file: a file larger than the caller's limit is refused, at the limit read") {
  TempDir d;
  const std::string f = d.file("ten.txt");
  write_bytes(f, "0123456789");
  const auto at = boardrules::read_text_file(f, 10);
  REQUIRE(at.has_value());
  CHECK(*at == "0123456789");
  const auto over = boardrules::read_file(f, 9);
  REQUIRE_FALSE(over.has_value());
  CHECK(over.error().code == ErrorCode::resource);
  CHECK(over.error().where == f);
  CHECK(has(over.error(), "the file is 10 bytes, more than the 9 read here"));
  CHECK(boardrules::read_text_file(f, 0).error().code == ErrorCode::resource);
  write_bytes(f, "");
  CHECK(boardrules::read_file(f, 0)->empty());
}

TEST_CASE("check_output_file and write_file: a directory, a folder that does not exist, a new file") {
  TempDir d;
  const auto dir = boardrules::check_output_file(d.path.string());
  REQUIRE_FALSE(dir.has_value());
  CHECK(dir.error().code == ErrorCode::io);
  CHECK(has(dir.error(), "is a directory"));

  const std::string nodir = (d.path / "no" / "such" / "out.bin").string();
  const auto n = boardrules::check_output_file(nodir);
  REQUIRE_FALSE(n.has_value());
  CHECK(n.error().code == ErrorCode::io);
  CHECK(n.error().where == nodir);
  CHECK(has(n.error(), "no such directory"));
  CHECK_FALSE(boardrules::write_file(nodir, {1, 2, 3}).has_value());

  // The check leaves no file behind, and an existing file as it was.
  const std::string fresh = d.file("fresh.bin");
  CHECK(boardrules::check_output_file(fresh).has_value());
  CHECK_FALSE(fs::exists(fresh));
  write_bytes(fresh, "keep");
  CHECK(boardrules::check_output_file(fresh).has_value());
  CHECK(*boardrules::read_text_file(fresh, 100) == "keep");

  REQUIRE(boardrules::write_file(fresh, {'x', 'y'}).has_value());
  CHECK(*boardrules::read_text_file(fresh, 100) == "xy");
  CHECK_FALSE(boardrules::write_file(d.path.string(), {1}).has_value());
}

TEST_CASE("the Warri endgame file: a directory or a missing file is io, a cut file corrupted") {
  namespace eg = boardrules::warri::endgame;
  TempDir d;
  const auto r = eg::read_database(d.path.string());
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == ErrorCode::io);
  CHECK(has(r.error(), "is a directory"));
  CHECK_FALSE(has(r.error(), "truncated"));
  CHECK(eg::read_database(d.file("missing.db")).error().code == ErrorCode::io);

  auto table = eg::build<boardrules::warri::Speightstown>(2);
  REQUIRE(table.has_value());
  const auto w = eg::write_database(d.path.string(), *table);
  REQUIRE_FALSE(w.has_value());
  CHECK(w.error().code == ErrorCode::io);
  CHECK(eg::write_database((d.path / "no" / "x.db").string(), *table).error().code == ErrorCode::io);

  const std::string db = d.file("w.db");
  REQUIRE(eg::write_database(db, *table).has_value());
  REQUIRE(eg::read_database(db).has_value());
  fs::resize_file(db, fs::file_size(db) - 1);
  const auto cut = eg::read_database(db);
  REQUIRE_FALSE(cut.has_value());
  CHECK(cut.error().code == ErrorCode::corrupted);
  CHECK(has(cut.error(), db + ": endgame file: truncated"));
}

TEST_CASE("check_memory: more than the machine has is refused with what it needs and what there is") {
  CHECK(boardrules::check_memory(1, "one byte").has_value());
  const auto have = boardrules::available_memory();
  if (!have) return;  // the machine does not say: nothing is refused
  const auto e = boardrules::check_memory(*have + (std::uint64_t{1} << 40), "a test");
  REQUIRE_FALSE(e.has_value());
  CHECK(e.error().code == ErrorCode::resource);
  CHECK(e.error().where == "a test");
  CHECK(has(e.error(), "needs "));
  CHECK(has(e.error(), "of memory, the machine has "));
  CHECK(boardrules::format_bytes(std::uint64_t{57} << 30) == "57.0 GiB");
  CHECK(boardrules::format_bytes(std::uint64_t{3} << 20) == "3.0 MiB");

  // A Warri build of 28 seeds (55.7 GiB) on a machine with less: refused before it allocates.
  namespace eg = boardrules::warri::endgame;
  if (*have < eg::build_bytes(28)) {
    const auto t = eg::build<boardrules::warri::Speightstown>(28);
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().code == ErrorCode::resource);
    CHECK(has(t.error(), "a build of 28 seeds: needs 55.7 GiB of memory"));
  }
}
