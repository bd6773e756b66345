// Sliced Warri endgame tables (WA-8) and the distributed solver that writes them: the partition
// of a layer, the compact values, the files and the manifest, and the tables of 1 to 5 ranks
// (threads standing for the ranks, thread_comm.hpp) against the single-process build of
// build.hpp and the slow reference of endgame_reference.hpp.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "../sanitize_scale.hpp"
#include "boardrules/warri/db/any_table.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/compact.hpp"
#include "boardrules/warri/db/distributed_build.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/sliced_table.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "endgame_reference.hpp"
#include "thread_comm.hpp"

namespace sliced_test {

namespace wa = boardrules::warri;
namespace eg = boardrules::warri::endgame;
namespace fs = std::filesystem;

// A directory of its own under the system's temporary one, removed at the end.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name) {
    std::random_device rd;
    path = fs::temp_directory_path() / ("boardrules-sliced-" + name + "-" + std::to_string(rd()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// The table in `dir` built on `ranks` ranks (threads); each rank's error, if any, as text.
template <class R>
std::vector<std::string> build_on_ranks(const std::string& dir, int seeds, std::uint32_t ranks,
                                        eg::SlicedBuildOptions options,
                                        std::vector<eg::SlicedLayerStats>* layers = nullptr) {
  const auto out = thread_comm_test::on_ranks(ranks, [&](thread_comm_test::ThreadComm& comm) {
    eg::SlicedBuildOptions o = options;
    if (comm.rank() == 0 && layers != nullptr) o.on_layer = [&](const eg::SlicedLayerStats& s) { layers->push_back(s); };
    const auto r = eg::build_sliced<R>(dir, seeds, comm, o);
    return r ? std::string() : r.error().to_string();
  });
  std::vector<std::string> errors;
  for (const auto& e : out) errors.push_back(*e);
  return errors;
}

// Every board of the sliced table in `dir` has the value the single-process table gives it.
void check_equal(const std::string& dir, const eg::Table& want) {
  const auto t = eg::SlicedTable::open(dir);
  REQUIRE_MESSAGE(t.has_value(), t.error().to_string());
  REQUIRE(t->max_seeds == want.max_seeds);
  CHECK(t->decisions == want.decisions);
  std::uint64_t differ = 0;
  for (int n = 0; n <= want.max_seeds; ++n)
    for (std::uint64_t r = 0; r < eg::layer_size(n); ++r) {
      const eg::Value v = want.values[static_cast<std::size_t>(eg::layer_offset(n) + r)];
      if (!(t->value_at(n, r) == v) && ++differ <= 3)
        FAIL_CHECK("layer " << n << " board " << r << ": " << int{t->value_at(n, r).mover} << ","
                            << int{t->value_at(n, r).other} << ", the build " << int{v.mover} << "," << int{v.other});
    }
  CHECK(differ == 0);
}

std::vector<std::uint8_t> file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void put_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Decisions the named variants do not take (as test_endgame.cpp's, names of their own here).
struct SlicedSlamIllegalLeavesSeeds : wa::Speightstown {
  static constexpr std::string_view name = "illegal-slam-leaves-seeds";
  static constexpr auto grand_slam = wa::GrandSlam::Illegal;
  static constexpr auto feeding = wa::Feeding::LeavesSeedsInRow;
};
struct SlicedTrailerEveryEnd : wa::BridgetownEveryEnd {
  static constexpr std::string_view name = "odd-to-trailer-every-end";
  static constexpr auto odd_seed = wa::OddSeed::ToTrailer;
};

}  // namespace sliced_test

TEST_CASE("partition: ranges and blocks worked by hand") {
  namespace eg = boardrules::warri::endgame;
  // 10 boards in 3 ranges: [0, 3), [3, 6), [6, 10).
  const eg::Partition r{eg::PartitionKind::Ranges, 10, 3};
  CHECK(r.count(0) == 3);
  CHECK(r.count(1) == 3);
  CHECK(r.count(2) == 4);
  CHECK(r.owner(5) == 1);
  CHECK(r.local(5) == 2);
  CHECK(r.global(2, 3) == 9);
  // 1 board in 3 ranges: the first two parts are empty.
  const eg::Partition one{eg::PartitionKind::Ranges, 1, 3};
  CHECK(one.owner(0) == 2);
  CHECK(one.count(0) == 0);
  CHECK(one.count(2) == 1);
  // 10,000 boards in blocks of 4,096 dealt to 2 parts: blocks 0 and 2 (1,808 boards) to part 0,
  // block 1 to part 1.
  const eg::Partition b{eg::PartitionKind::Blocks, 10000, 2};
  CHECK(b.count(0) == 4096 + 1808);
  CHECK(b.count(1) == 4096);
  CHECK(b.owner(4095) == 0);
  CHECK(b.owner(4096) == 1);
  CHECK(b.owner(8200) == 0);
  CHECK(b.local(8200) == 4096 + 8);
  CHECK(b.global(1, 5) == 4096 + 5);
}

TEST_CASE("partition: every board in one part, at one place, for both kinds and several part counts") {
  namespace eg = boardrules::warri::endgame;
  for (const eg::PartitionKind kind : {eg::PartitionKind::Ranges, eg::PartitionKind::Blocks})
    for (const std::uint32_t parts : {1u, 2u, 3u, 4u, 5u, 8u})
      for (const std::uint64_t size : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{4096}, std::uint64_t{4097},
                                       std::uint64_t{12289}, std::uint64_t{40000}}) {
        const eg::Partition p{kind, size, parts};
        std::vector<std::set<std::uint64_t>> seen(parts);
        for (std::uint64_t r = 0; r < size; ++r) {
          const eg::Partition::Place at = p.locate(r);
          REQUIRE(at.owner == p.owner(r));
          REQUIRE(at.local == p.local(r));
          REQUIRE(at.local < p.count(at.owner));
          REQUIRE(p.global(at.owner, at.local) == r);
          seen[at.owner].insert(at.local);
        }
        std::uint64_t total = 0;
        for (std::uint32_t k = 0; k < parts; ++k) {
          CHECK(seen[k].size() == p.count(k));  // local indices 0 .. count - 1, each once
          total += p.count(k);
        }
        CHECK(total == size);
      }
}

TEST_CASE("WA-8.2 next_board steps to the board of the next rank, up to the layer's last") {
  namespace eg = boardrules::warri::endgame;
  for (int n = 0; n <= 6; ++n) {
    eg::Board b = eg::unrank(n, 0);
    for (std::uint64_t r = 1; r < eg::layer_size(n); ++r) {
      REQUIRE(eg::next_board(b));
      REQUIRE(b == eg::unrank(n, r));
    }
    const eg::Board last = b;
    CHECK_FALSE(eg::next_board(b));
    CHECK(b == last);
    CHECK(b[0] == n);  // the last board: every seed in the mover's first house
  }
}

TEST_CASE("compact values: a palette of the layer's pairs, one byte a board; two bytes past 256 pairs") {
  namespace eg = boardrules::warri::endgame;
  eg::ValueSet set{};
  eg::add_value(set, eg::Value{3, 1});
  eg::add_value(set, eg::Value{0, 5});
  eg::add_value(set, eg::Value{3, 0});
  eg::add_value(set, eg::Value{0, 5});  // once only
  const eg::LayerCodec c(set);
  REQUIRE(c.value_bytes() == 1);
  REQUIRE(c.palette().size() == 3);
  CHECK(c.palette()[0] == eg::Value{0, 5});  // by mover, then other
  CHECK(c.palette()[1] == eg::Value{3, 0});
  CHECK(c.palette()[2] == eg::Value{3, 1});
  std::uint8_t byte[2] = {9, 9};  // room for two: the compiler sees encode's other path
  c.encode(eg::Value{3, 0}, byte);
  CHECK(byte[0] == 1);
  CHECK(byte[1] == 9);  // one byte written
  CHECK(c.decode(byte, 0) == eg::Value{3, 0});
  eg::ValueSet many{};
  for (int m = 0; m < 17; ++m)
    for (int o = 0; o < 16; ++o) eg::add_value(many, eg::Value{static_cast<std::uint8_t>(m), static_cast<std::uint8_t>(o)});
  const eg::LayerCodec wide(many);  // 272 pairs
  CHECK(wide.value_bytes() == 2);
  CHECK(wide.palette().empty());
  std::uint8_t two[2] = {};
  wide.encode(eg::Value{16, 15}, two);
  CHECK(two[0] == 16);
  CHECK(two[1] == 15);
  CHECK(wide.decode(two, 0) == eg::Value{16, 15});
}

TEST_CASE("WA-8.6 distributed build on 1 to 5 and 8 ranks equals the single-process build, every variant") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  const int seeds = kSanitized ? 5 : 6;
  struct Run {
    std::uint32_t ranks;
    eg::PartitionKind kind;
    std::uint64_t batch;
    std::uint64_t cache;
    unsigned threads;
  };
  // One rank in one process; ranges and blocks; a batch smaller than a layer (many rounds);
  // moves kept for some boards and not others; two threads a rank; more ranks than some
  // layers have boards; 8 ranks, each with a few thousand boards of the largest layer.
  const Run runs[] = {{1, eg::PartitionKind::Ranges, 1 << 16, 0, 1},    {2, eg::PartitionKind::Ranges, 1000, 0, 1},
                      {3, eg::PartitionKind::Blocks, 777, 25 * 3000, 2}, {4, eg::PartitionKind::Ranges, 5000, 1 << 30, 1},
                      {5, eg::PartitionKind::Blocks, 1 << 16, 0, 1},     {8, eg::PartitionKind::Ranges, 600, 0, 1}};
  const auto check_variant = [&]<class R>() {
    const eg::Table want = *eg::build<R>(seeds);
    for (const Run& run : runs) {
      CAPTURE(R::name);
      CAPTURE(run.ranks);
      sliced_test::TempDir dir("variants");
      eg::SlicedBuildOptions o;
      o.partition = run.kind;
      o.batch = run.batch;
      o.move_cache_bytes = run.cache;
      o.threads = run.threads;
      std::vector<eg::SlicedLayerStats> layers;
      const auto errors = sliced_test::build_on_ranks<R>(dir.path.string(), seeds, run.ranks, o, &layers);
      for (const std::string& e : errors) CHECK(e.empty());
      sliced_test::check_equal(dir.path.string(), want);
      REQUIRE(layers.size() == static_cast<std::size_t>(seeds) + 1);
      for (int n = 0; n <= seeds; ++n) {  // the counts of the single-process table, the same layer
        const eg::LayerStats s = eg::layer_verdicts(want, n).value();
        const eg::LayerStats& got = layers[static_cast<std::size_t>(n)].layer;
        CHECK(got.boards == s.boards);
        CHECK(got.wins == s.wins);
        CHECK(got.draws == s.draws);
        CHECK(got.losses == s.losses);
      }
      // One rank sends nothing; more send look-ups (the largest layer has remote children).
      CHECK((layers.back().bytes_sent == 0) == (run.ranks == 1));
      CHECK(layers.back().remote_lookups <= layers.back().lookups);
    }
  };
  check_variant.operator()<wa::Speightstown>();
  check_variant.operator()<wa::Bridgetown>();
  check_variant.operator()<wa::Abapa>();
  check_variant.operator()<sliced_test::SlicedSlamIllegalLeavesSeeds>();
  check_variant.operator()<sliced_test::SlicedTrailerEveryEnd>();
}

TEST_CASE("WA-8.5 WA-8.6 a table of 3 ranks equals the slow reference on every board and split") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  const int seeds = 5;
  const auto check_variant = [&]<class R>() {
    sliced_test::TempDir dir("reference");
    eg::SlicedBuildOptions o;
    o.batch = 500;
    for (const std::string& e : sliced_test::build_on_ranks<R>(dir.path.string(), seeds, 3, o)) CHECK(e.empty());
    const auto t = eg::SlicedTable::open(dir.path.string());
    REQUIRE(t.has_value());
    const warri_endgame_ref::Solver<R> ref(seeds, 2);
    std::uint64_t compared = 0, wrong = 0;
    ref.for_each([&](const wa::BasicPosition<R>& p, int south) {
      const std::optional<eg::Value> v = t->probe(p);
      REQUIRE(v.has_value());
      const wa::Player me = p.to_move();
      const eg::Verdict got = eg::verdict(*v, p.store(me), p.store(wa::other(me)));
      const int mover = me == wa::Player::South ? south : -south;
      const eg::Verdict want = mover > 0 ? eg::Verdict::Win : mover < 0 ? eg::Verdict::Loss : eg::Verdict::Draw;
      ++compared;
      if (got != want && ++wrong <= 3) FAIL_CHECK(wa::format_position(p) << ": " << eg::verdict_name(got));
    });
    CHECK(wrong == 0);
    CHECK(compared == 69496);  // every board of 0..5 seeds, 2 sides to move, n + 1 splits (test_endgame.cpp)
  };
  check_variant.operator()<wa::Speightstown>();
  check_variant.operator()<wa::Bridgetown>();
  check_variant.operator()<wa::Abapa>();
}

TEST_CASE("distributed build resumed after its last finished layer, on another number of ranks") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  const eg::Table want = *eg::build<wa::Speightstown>(7);
  sliced_test::TempDir dir("resume");
  const std::string d = dir.path.string();
  eg::SlicedBuildOptions o;
  o.batch = 3000;
  // Layers 0..4 on 2 ranks, then to 7 on 3 ranks dealt in blocks: the first layers are read from
  // the slices of 2 ranges.
  for (const std::string& e : sliced_test::build_on_ranks<wa::Speightstown>(d, 4, 2, o)) CHECK(e.empty());
  CHECK(eg::read_manifest(d)->layers.size() == 5);
  o.partition = eg::PartitionKind::Blocks;
  std::vector<eg::SlicedLayerStats> layers;
  for (const std::string& e : sliced_test::build_on_ranks<wa::Speightstown>(d, 7, 3, o, &layers)) CHECK(e.empty());
  CHECK(layers.size() == 3);  // layers 5, 6, 7 only
  CHECK(layers.front().layer.seeds == 5);
  sliced_test::check_equal(d, want);
  // A run stopped while it wrote layer 7: its manifest lists layers 0..6, layer 7's slices are on
  // disk already. Run again on one rank, it solves layer 7 anew.
  eg::Manifest m = *eg::read_manifest(d);
  m.layers.pop_back();
  REQUIRE(eg::write_manifest(d, m).has_value());
  layers.clear();
  for (const std::string& e : sliced_test::build_on_ranks<wa::Speightstown>(d, 7, 1, eg::SlicedBuildOptions{}, &layers))
    CHECK(e.empty());
  REQUIRE(layers.size() == 1);
  CHECK(layers[0].layer.seeds == 7);
  sliced_test::check_equal(d, want);
  // Nothing left to do: no layer solved.
  layers.clear();
  for (const std::string& e : sliced_test::build_on_ranks<wa::Speightstown>(d, 6, 2, o, &layers)) CHECK(e.empty());
  CHECK(layers.empty());
}

TEST_CASE("distributed build refuses bad seeds and a directory of other decisions") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  sliced_test::TempDir dir("refuse");
  eg::LocalComm comm;
  const auto bad = eg::build_sliced<wa::Speightstown>(dir.path.string(), 49, comm);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().code == boardrules::ErrorCode::out_of_range);
  REQUIRE(eg::build_sliced<wa::Speightstown>(dir.path.string(), 2, comm).has_value());
  const auto other = eg::build_sliced<wa::Abapa>(dir.path.string(), 3, comm);
  REQUIRE_FALSE(other.has_value());
  CHECK(other.error().code == boardrules::ErrorCode::usage);
  CHECK(other.error().message.find("holds a table of other decisions") == 0);
  const auto file = eg::build_sliced<wa::Speightstown>(dir / "manifest.txt", 2, comm);  // a file, not a directory
  REQUIRE_FALSE(file.has_value());
  CHECK(file.error().code == boardrules::ErrorCode::io);
}

TEST_CASE("sliced table files: joined, the file of a single-process build byte for byte; damage refused") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  namespace fs = std::filesystem;
  sliced_test::TempDir dir("files");
  const std::string d = dir.path.string();
  eg::SlicedBuildOptions o;
  o.batch = 2000;
  for (const std::string& e : sliced_test::build_on_ranks<wa::Bridgetown>(d, 6, 2, o)) CHECK(e.empty());
  const eg::Table want = *eg::build<wa::Bridgetown>(6);
  {
    const auto t = eg::SlicedTable::open(d);
    REQUIRE(t.has_value());
    REQUIRE(eg::join_sliced(*t, dir / "joined.db").has_value());
    CHECK(sliced_test::file_bytes(dir / "joined.db") == eg::format_database(want));
    for (int n = 0; n <= 6; ++n) {
      CHECK(eg::layer_verdicts(*t, n)->wins == eg::layer_verdicts(want, n)->wins);
      CHECK(eg::layer_verdicts(*t, n)->losses == eg::layer_verdicts(want, n)->losses);
    }
    CHECK_FALSE(eg::layer_verdicts(*t, 7).has_value());
  }
  // A byte a board: the palettes of layers 0..6 hold at most 256 pairs.
  const std::string slice = eg::slice_path(d, 6, 1, 2);
  const std::vector<std::uint8_t> good = sliced_test::file_bytes(slice);
  const auto info = eg::SliceData::open(slice);
  REQUIRE(info.has_value());
  CHECK(info->info.codec.value_bytes() == 1);
  CHECK(good.size() == info->info.values_offset() + eg::Partition{eg::PartitionKind::Ranges, eg::layer_size(6), 2}.count(1));
  REQUIRE(eg::verify_sliced(d).has_value());
  CHECK(eg::verify_sliced(d)->size() == 7);

  const auto open_error = [&](eg::SliceAccess access = eg::SliceAccess::Load) {
    const auto t = eg::SlicedTable::open(d, nullptr, access);
    return t.has_value() ? std::string("accepted") : t.error().to_string();
  };
  const auto verify_error = [&] {
    const auto v = eg::verify_sliced(d);
    return v.has_value() ? std::string("accepted") : v.error().to_string();
  };
  std::vector<std::uint8_t> bad = good;
  bad[bad.size() - 3] ^= 1;  // a value: the checksum
  sliced_test::put_bytes(slice, bad);
  CHECK(open_error().find("corrupted: the checksum does not match") != std::string::npos);
  // mapped: checked as it is opened too, never probed as other values
  CHECK(open_error(eg::SliceAccess::Map).find("corrupted: the checksum does not match") != std::string::npos);
  CHECK(verify_error().find("checksum does not match") != std::string::npos);
  bad = good;
  bad.pop_back();
  sliced_test::put_bytes(slice, bad);
  CHECK(open_error().find("truncated") != std::string::npos);
  CHECK(open_error(eg::SliceAccess::Map).find("truncated") != std::string::npos);
  bad = good;
  bad[0] = 'X';
  sliced_test::put_bytes(slice, bad);
  CHECK(open_error().find("not a Warri endgame slice") != std::string::npos);
  bad = good;
  bad[8] = 9;
  sliced_test::put_bytes(slice, bad);
  CHECK(open_error().find("slice format version 9") != std::string::npos);
  bad = good;
  bad[48] ^= 1;  // the slice's board count
  sliced_test::put_bytes(slice, bad);
  CHECK(open_error().find("board count") != std::string::npos);
  // A value outside the palette, the checksum made to match: refused all the same.
  bad = good;
  bad.back() = 255;
  eg::SliceInfo si = info->info;
  const std::span<const std::uint8_t> all(bad);
  si.checksum = eg::detail::slice_checksum(all.first(static_cast<std::size_t>(si.values_offset())),
                                           all.subspan(static_cast<std::size_t>(si.values_offset())));
  eg::detail::put_u64(&bad[88], si.checksum);
  sliced_test::put_bytes(slice, bad);
  const auto outside = eg::SliceData::open(slice);
  REQUIRE_FALSE(outside.has_value());
  CHECK(outside.error().message == "a value outside the palette (corrupted)");
  CHECK(open_error().find("a value outside the palette") != std::string::npos);
  // Mapped, the values are checked as they are opened all the same.
  const auto outside_mapped = eg::SliceData::open(slice, eg::SliceAccess::Map);
  REQUIRE_FALSE(outside_mapped.has_value());
  CHECK(outside_mapped.error().message == "a value outside the palette (corrupted)");
  CHECK(open_error(eg::SliceAccess::Map).find("a value outside the palette") != std::string::npos);
  // Layer 6's part 1 missing.
  fs::remove(slice);
  CHECK(open_error().find("no such file") != std::string::npos);
  CHECK(verify_error().find("no such file") != std::string::npos);
  sliced_test::put_bytes(slice, good);
  CHECK(open_error() == "accepted");
  // Another layer's slice under this name.
  fs::copy_file(slice, dir / "keep", fs::copy_options::overwrite_existing);
  fs::copy_file(eg::slice_path(d, 5, 1, 2), slice, fs::copy_options::overwrite_existing);
  CHECK(open_error().find("differs from the manifest") != std::string::npos);
  fs::copy_file(dir / "keep", slice, fs::copy_options::overwrite_existing);
  // The manifest: edited counts pass open (its lines read) but not verify; a broken line fails both.
  const std::vector<std::uint8_t> manifest = sliced_test::file_bytes(eg::manifest_path(d));
  std::string text(manifest.begin(), manifest.end());
  const std::string wins = " wins " + std::to_string(eg::layer_verdicts(want, 6)->wins) + " draws ";
  const std::size_t at = text.find(wins, text.find("layer 6 "));
  REQUIRE(at != std::string::npos);
  // One win becomes a loss (wins + draws + losses still the boards).
  std::string edited = text;
  edited.replace(at, wins.size(), " wins " + std::to_string(eg::layer_verdicts(want, 6)->wins - 1) + " draws ");
  const std::string losses = " losses " + std::to_string(eg::layer_verdicts(want, 6)->losses) + " ";
  edited.replace(edited.find(losses, edited.find("layer 6 ")), losses.size(),
                 " losses " + std::to_string(eg::layer_verdicts(want, 6)->losses + 1) + " ");
  sliced_test::put_bytes(eg::manifest_path(d), std::vector<std::uint8_t>(edited.begin(), edited.end()));
  CHECK(open_error() == "accepted");
  CHECK(verify_error().find("layer 6: counted") != std::string::npos);
  edited = text;
  edited.replace(edited.find("partition ranges"), 16, "partition spiral");
  sliced_test::put_bytes(eg::manifest_path(d), std::vector<std::uint8_t>(edited.begin(), edited.end()));
  CHECK(open_error().find("unknown partition spiral") != std::string::npos);
  sliced_test::put_bytes(eg::manifest_path(d), std::vector<std::uint8_t>(text.begin(), text.begin() + 20));
  CHECK(open_error().find("not a sliced Warri endgame table") != std::string::npos);
  fs::remove(eg::manifest_path(d));
  CHECK(open_error().find("no such file") != std::string::npos);
  sliced_test::put_bytes(eg::manifest_path(d), manifest);
  CHECK(open_error() == "accepted");
  // A directory where the manifest or a slice should be; the table's path a file.
  fs::rename(eg::manifest_path(d), dir / "manifest.keep");
  fs::create_directory(eg::manifest_path(d));
  CHECK(open_error().find("manifest.txt: is a directory, not a file") != std::string::npos);
  CHECK(verify_error().find("is a directory, not a file") != std::string::npos);
  fs::remove(eg::manifest_path(d));
  fs::rename(dir / "manifest.keep", eg::manifest_path(d));
  fs::rename(slice, dir / "slice.keep");
  fs::create_directory(slice);
  CHECK(open_error().find(".slice: is a directory, not a file") != std::string::npos);
  CHECK(open_error(eg::SliceAccess::Map).find(".slice: is a directory, not a file") != std::string::npos);
  CHECK(verify_error().find(".slice: is a directory, not a file") != std::string::npos);
  fs::remove(slice);
  fs::rename(dir / "slice.keep", slice);
  {
    const auto t = eg::SlicedTable::open(slice);  // a file, not a table's directory
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().code == boardrules::ErrorCode::io);
  }
  // A manifest longer than any manifest can be is refused unread (a sparse file: no disk used).
  fs::rename(eg::manifest_path(d), dir / "manifest.keep");
  sliced_test::put_bytes(eg::manifest_path(d), manifest);
  fs::resize_file(eg::manifest_path(d), eg::kMaxManifestBytes + 1);
  {
    const auto t = eg::SlicedTable::open(d);
    REQUIRE_FALSE(t.has_value());
    CHECK(t.error().code == boardrules::ErrorCode::resource);
    CHECK(t.error().message.find("more than the") != std::string::npos);
  }
  fs::remove(eg::manifest_path(d));
  fs::rename(dir / "manifest.keep", eg::manifest_path(d));
  // A count larger than the layer, the sum kept by wrapping round 2^64 (wins 2^64 - 1, losses
  // up by wins + 1): refused.
  edited = text;
  {
    const eg::LayerStats s6 = eg::layer_verdicts(want, 6).value();
    const std::size_t line = edited.find("layer 6 ");
    const std::size_t w_at = edited.find(wins, line);
    REQUIRE(w_at != std::string::npos);
    edited.replace(w_at, wins.size(), " wins 18446744073709551615 draws ");
    const std::size_t l_at = edited.find(losses, line);
    REQUIRE(l_at != std::string::npos);
    edited.replace(l_at, losses.size(), " losses " + std::to_string(s6.losses + s6.wins + 1) + " ");
  }
  sliced_test::put_bytes(eg::manifest_path(d), std::vector<std::uint8_t>(edited.begin(), edited.end()));
  CHECK(open_error().find("do not add up") != std::string::npos);
  sliced_test::put_bytes(eg::manifest_path(d), manifest);
  // Other decisions, named by the caller.
  const eg::Decisions abapa = eg::decisions_of<wa::Abapa>();
  const auto other = eg::SlicedTable::open(d, &abapa);
  REQUIRE_FALSE(other.has_value());
  CHECK(other.error().message.find("built for other decisions") == 0);
}

TEST_CASE("WA-8.5 probes and play of a sliced table equal those of the single-process table") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  sliced_test::TempDir dir("play");
  const std::string d = dir.path.string();
  eg::SlicedBuildOptions o;
  o.partition = eg::PartitionKind::Blocks;
  for (const std::string& e : sliced_test::build_on_ranks<wa::Abapa>(d, 5, 2, o)) CHECK(e.empty());
  const eg::Table file = *eg::build<wa::Abapa>(5);
  REQUIRE(eg::write_database(dir / "t.db", file).has_value());
  const auto sliced = eg::SlicedTable::open(d, nullptr, eg::SliceAccess::Map);
  const auto any_dir = eg::AnyTable::open(d);
  const auto any_file = eg::AnyTable::open(dir / "t.db");
  REQUIRE(sliced.has_value());
  REQUIRE(any_dir.has_value());
  REQUIRE(any_file.has_value());
  CHECK(any_dir->sliced() != nullptr);
  CHECK(any_file->file() != nullptr);
  CHECK(any_dir->max_seeds == 5);
  long positions = 0;
  for (int n = 0; n <= 5; ++n)
    for (std::uint64_t r = 0; r < eg::layer_size(n); ++r) {
      const eg::Board b = eg::unrank(n, r);
      for (int s = 24 - n; s <= 24; s += 2) {
        const wa::BasicPosition<wa::Abapa> p = eg::position_of<wa::Abapa>(b, s, 48 - n - s);
        REQUIRE(sliced->probe(p) == file.probe(p));
        REQUIRE(any_dir->probe(p) == file.probe(p));
        REQUIRE(eg::database_verdict(*sliced, p) == eg::database_verdict(file, p));
        REQUIRE(eg::database_verdict(*any_file, p) == eg::database_verdict(file, p));
        REQUIRE(eg::best_move(*sliced, p) == eg::best_move(file, p));
        REQUIRE(eg::best_move(*any_dir, p) == eg::best_move(file, p));
        ++positions;
      }
    }
  CHECK(positions > 10000);
  const wa::BasicPosition<wa::Abapa> start = wa::BasicPosition<wa::Abapa>::start();
  CHECK_FALSE(sliced->probe(start).has_value());
  CHECK_FALSE(eg::best_move(*any_dir, start).has_value());
  // A Speightstown position: the table is of Abapa's decisions.
  CHECK_FALSE(eg::database_verdict(*sliced, eg::position_of<wa::Speightstown>(eg::unrank(3, 0), 22, 23)).has_value());
}

TEST_CASE("distributed build memory model: a rank's part falls with the ranks") {
  namespace eg = boardrules::warri::endgame;
  eg::SlicedBuildOptions o;
  o.batch = 1000;
  // Layer 2 on one rank: layers 0 and 1 below (1 + 12 boards, a byte each), 78 boards at 7 bytes,
  // buffers of 220 bytes for each of min(1000, 78) boards.
  CHECK(eg::sliced_layer_bytes(2, 0, 1, o) == 13 + 7 * 78 + 220 * 78);
  o.move_cache_bytes = 25 * 10;  // the moves of 10 boards
  CHECK(eg::sliced_layer_bytes(2, 0, 1, o) == 13 + 7 * 78 + 25 * 10 + 220 * 78);
  o = eg::SlicedBuildOptions{};
  std::uint64_t before = eg::sliced_build_bytes(0, 24, 0, 1, o);
  for (const std::uint32_t ranks : {2u, 4u, 8u, 64u}) {
    const std::uint64_t now = eg::sliced_build_bytes(0, 24, ranks - 1, ranks, o);
    CHECK(now < before);
    before = now;
  }
  o.map_finished = true;  // out of core: only the layer being solved
  CHECK(eg::sliced_layer_bytes(24, 0, 1, o) == 7 * eg::layer_size(24) + 220 * (1 << 16));
}

TEST_CASE("look-up rounds: each entry gets its owner's answer; a key asked once; differences of any size") {
  namespace ed = boardrules::warri::endgame::detail;
  namespace wa = boardrules::warri;
  constexpr std::uint32_t kRanks = 3;
  // The owner's answer to a key, computed here the same way on every rank.
  const auto answer_of = [](std::uint32_t owner, std::uint64_t key) {
    return static_cast<std::uint32_t>((key * 0x9E3779B97F4A7C15u) >> 32) ^ owner;
  };
  // A small round: keys of every size (0, neighbours, gaps of 1 to 62 bits, a capture's layer
  // bits) and repeats.
  const std::vector<std::uint64_t> small = {0,          1,           2,          2,  127,        128,
                                            16383,      16384,       1u << 21,   0,  (std::uint64_t{1} << 42) | 5,
                                            (std::uint64_t{48} << ed::kLayerShift) | ed::kLocalMask,
                                            (std::uint64_t{1} << 62) + 3, 127};
  // A large round (the radix sort's widest digits): 5,000 random keys of a layer's range, with
  // capture keys of layers below, some repeated.
  std::vector<std::uint64_t> large;
  std::mt19937_64 rng(41);
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t r = rng();
    large.push_back(i % 7 == 3 ? large[static_cast<std::size_t>(r % large.size())]
                    : i % 5 == 0 ? (std::uint64_t{r >> 59} << ed::kLayerShift) | (r & 0xFFFFFF)
                                 : r & 0x3FFFFFFFF);
  }
  struct Seen {
    bool answers_right = true, ascending = true;
    std::uint64_t asked = 0, distinct = 0, remote = 0, lookups = 0;
  };
  // Both rounds on one Round, large first, as a build reuses it: each rank's view of each round.
  const auto out = thread_comm_test::on_ranks(kRanks, [&](thread_comm_test::ThreadComm& comm) {
    const std::uint32_t me = comm.rank();
    ed::Round<std::uint32_t> round;
    std::vector<Seen> seen_rounds;
    for (const std::vector<std::uint64_t>* keys : {static_cast<const std::vector<std::uint64_t>*>(&large), &small}) {
      const std::size_t items = keys->size();
      round.resize(items);
      round.remote = round.lookups = 0;
      std::set<std::pair<std::uint32_t, std::uint64_t>> distinct;
      std::vector<std::uint32_t> expect(items * wa::kMaxMoves);
      std::vector<std::uint64_t> original(items * wa::kMaxMoves);
      for (std::size_t j = 0; j < items; ++j) {
        // Item j: its key held by this rank, then twice by another (a repeat in the round).
        round.count[j] = 3;
        for (std::size_t k = 0; k < 3; ++k) {
          const std::size_t e = j * wa::kMaxMoves + k;
          const std::uint32_t owner = k == 0 ? me : static_cast<std::uint32_t>((me + 1 + j % 2) % kRanks);
          round.owner[e] = owner;
          round.key[e] = (*keys)[j];
          original[e] = (*keys)[j];
          expect[e] = answer_of(owner, (*keys)[j]);
          if (owner != me) distinct.emplace(owner, (*keys)[j]);
        }
      }
      round.route(items, me, kRanks);
      round.exchange(comm, 2, [&](std::uint64_t key) { return answer_of(me, key); });
      Seen seen;
      for (std::size_t j = 0; j < items; ++j)
        for (std::size_t e = j * wa::kMaxMoves; e < j * wa::kMaxMoves + 3; ++e) {
          const std::uint64_t k = round.key[e];
          const std::uint32_t got = (k & ed::kRemote) != 0
                                        ? round.answers[static_cast<std::size_t>(k & ~ed::kRemote)]
                                        : answer_of(me, k);
          if (got != expect[e] || ((k & ed::kRemote) == 0 && k != original[e])) seen.answers_right = false;
        }
      // Each owner's keys in strictly ascending order (small differences, each key once).
      for (std::uint32_t o = 0; o < kRanks; ++o)
        for (std::uint64_t i = round.offsets[o] + 1; i < round.offsets[o + 1]; ++i)
          if (round.send[static_cast<std::size_t>(i)] <= round.send[static_cast<std::size_t>(i - 1)]) seen.ascending = false;
      seen.asked = round.send.size();
      seen.distinct = distinct.size();
      seen.remote = round.remote;
      seen.lookups = round.lookups;
      seen_rounds.push_back(seen);
    }
    return seen_rounds;
  });
  for (const auto& rank : out) {
    REQUIRE(rank.has_value());
    REQUIRE(rank->size() == 2);
    for (std::size_t r = 0; r < 2; ++r) {
      CAPTURE(r);
      const Seen& s = (*rank)[r];
      const std::size_t n = r == 0 ? large.size() : small.size();
      CHECK(s.answers_right);
      CHECK(s.ascending);
      CHECK(s.lookups == 3 * n);
      CHECK(s.remote == 2 * n);        // one entry of three is the rank's own
      CHECK(s.asked == s.distinct);    // the repeats and the item's twin asked once
      CHECK(s.asked < s.remote);
    }
  }
}
