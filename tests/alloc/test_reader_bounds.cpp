// The readers' memory is bounded by their input and by what they keep (docs/fuzzing.md, "Bounds
// of the readers"): inputs that claim, repeat or nest much are read holding a few kilobytes at
// most, not what they claim or a tree of what they repeat. The test replaces the global operator
// new and follows the bytes held (not under AddressSanitizer, which replaces it itself).
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/met_xml.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "boardrules/backgammon/formats/xg.hpp"
#include "boardrules/perft/checkpoint.hpp"
#include "boardrules/version.hpp"

#include "counting_new.hpp"

namespace {

// The most bytes held at once through operator new while f runs, above what was held before.
template <class F>
std::int64_t peak_of(F&& f) {
  const std::int64_t before = alloc_test::live_bytes();
  alloc_test::reset_peak();
  f();
  return alloc_test::peak_bytes(before);
}

}  // namespace

TEST_CASE("a perft journal claiming 2^27 jobs is opened with what its lines hold") {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("boardrules-bounds-" + std::to_string(std::random_device{}()) + ".txt");
  {
    std::ofstream out(path, std::ios::binary);
    out << "boardrules-perft-checkpoint 3 " BOARDRULES_VERSION_STRING "\nrun r\nsplit 128 jobs 134217728 digest 1\n";
  }
  bool opened = false;
  const std::int64_t peak =
      peak_of([&] { opened = boardrules::PerftCheckpoint::open(path.string(), "r").has_value(); });
  std::filesystem::remove(path);
  CHECK(opened);
  CHECK(peak < 64 * 1024);  // not 2^27 counts and flags (1.1 GB)
}

TEST_CASE("a match equity table file of a million empty elements is refused at the first") {
  std::string text = "<met><info>";
  for (int i = 0; i < 1000000; ++i) text += "<x/>";
  text += "</info></met>";
  bool refused = false;
  const std::int64_t peak = peak_of([&] { refused = !boardrules::backgammon::parse_met(text).has_value(); });
  CHECK(refused);
  CHECK(peak < 64 * 1024);  // not a tree of a million elements
}

TEST_CASE("an .xg archive of 64 entries over one stream inflates none of them") {
  // tests/data/backgammon/xg/many_game_files.xg: 64 entries named temp.xg over one zlib stream
  // of 1 MiB of zeros (make_xg.py).
  std::ifstream in(BOARDRULES_TEST_DATA_DIR "/backgammon/xg/many_game_files.xg", std::ios::binary);
  REQUIRE(in.good());
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  bool refused = false;
  const std::int64_t peak =
      peak_of([&] { refused = !boardrules::backgammon::parse_xg(std::span<const std::uint8_t>(bytes)).has_value(); });
  CHECK(refused);
  CHECK(peak < 256 * 1024);  // the index (34 KB), not 64 inflated copies of 1 MiB
}

TEST_CASE("an .sgf game of a million empty nodes is read a node at a time") {
  std::string text = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]";
  text += std::string(1000000, ';');
  text += ")";
  bool read = false;
  const std::int64_t peak = peak_of([&] { read = boardrules::backgammon::parse_sgf(text).has_value(); });
  CHECK(read);
  CHECK(peak < 64 * 1024);  // not a list of a million nodes
}

TEST_CASE("an .sgf root of many properties, and a .mat header of many tags, are refused early") {
  std::string sgf = "(;FF[4]GM[6]";
  for (int i = 0; i < 200000; ++i) {  // 200,000 properties of distinct names, XAAAA to XLKIS
    sgf += 'X';
    for (int k = 0, n = i; k < 4; ++k, n /= 26) sgf += static_cast<char>('A' + n % 26);
    sgf += "[v]";
  }
  sgf += ")";
  bool refused = false;
  std::int64_t peak = peak_of([&] { refused = !boardrules::backgammon::parse_sgf(sgf).has_value(); });
  CHECK(refused);
  CHECK(peak < 256 * 1024);  // 256 properties at most, not 200,000
  std::string mat;
  for (int i = 0; i < 200000; ++i) mat += "; [Site \"x\"]\n";
  mat += " 1 point match\n";
  peak = peak_of([&] { refused = !boardrules::backgammon::parse_mat(mat).has_value(); });
  CHECK(refused);
  CHECK(peak < 256 * 1024);  // 256 tags at most, not 200,000
}
