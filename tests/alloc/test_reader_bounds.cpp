// The readers' memory is bounded by their input and by what they keep (docs/fuzzing.md, "Bounds
// of the readers"): small well-formed inputs that claim, repeat or nest much are refused having
// asked operator new for a few kilobytes, not for what they claim. The test replaces the global
// operator new and counts the bytes asked (not under AddressSanitizer, which replaces it itself).
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/met_xml.hpp"
#include "boardrules/backgammon/formats/xg.hpp"
#include "boardrules/core/perft_checkpoint.hpp"
#include "boardrules/version.hpp"

#include "counting_new.hpp"

namespace {

// The bytes asked of operator new while f runs.
template <class F>
std::uint64_t bytes_asked_by(F&& f) {
  const std::uint64_t before = alloc_test::bytes_asked();
  f();
  return alloc_test::bytes_asked() - before;
}

}  // namespace

TEST_CASE("a perft journal claiming 2^27 jobs is opened with what its lines hold") {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("boardrules-bounds-" + std::to_string(std::random_device{}()) + ".txt");
  {
    std::ofstream out(path, std::ios::binary);
    out << "boardrules-perft-checkpoint 3 " BOARDRULES_VERSION_STRING "\nrun r\nsplit 128 jobs 134217728 digest 1\n";
  }
  bool opened = false;
  const std::uint64_t asked = bytes_asked_by([&] { opened = boardrules::PerftCheckpoint::open(path.string(), "r").has_value(); });
  std::filesystem::remove(path);
  CHECK(opened);
  CHECK(asked < 64 * 1024);  // not 2^27 counts and flags (1.1 GB)
}

TEST_CASE("a match equity table file of a million empty elements is refused at the first") {
  std::string text = "<met><info>";
  for (int i = 0; i < 1000000; ++i) text += "<x/>";
  text += "</info></met>";
  bool refused = false;
  const std::uint64_t asked = bytes_asked_by([&] { refused = !boardrules::backgammon::parse_met(text).has_value(); });
  CHECK(refused);
  CHECK(asked < 64 * 1024);  // not a tree of a million elements
}

TEST_CASE("an .xg archive of 64 entries over one stream inflates none of them") {
  // tests/data/backgammon/xg/many_game_files.xg: 64 entries named temp.xg over one zlib stream
  // of 1 MiB of zeros (make_xg.py).
  std::ifstream in(BOARDRULES_TEST_DATA_DIR "/backgammon/xg/many_game_files.xg", std::ios::binary);
  REQUIRE(in.good());
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  bool refused = false;
  const std::uint64_t asked = bytes_asked_by(
      [&] { refused = !boardrules::backgammon::parse_xg(std::span<const std::uint8_t>(bytes)).has_value(); });
  CHECK(refused);
  CHECK(asked < 256 * 1024);  // the index (34 KB), not 64 inflated copies of 1 MiB
}
