// libFuzzer target over eXtreme Gammon files (parse_xg) and the inflate they need. The first
// byte picks what the rest is:
//   0  a whole .xg file (the header, the archive, its CRC-32s: damage is mostly caught there);
//   1  the game file temp.xg alone, which the target wraps in a valid header and archive (stored,
//      its CRC-32s right) so that the records themselves are read;
//   2  a zlib stream (inflate_zlib), then the same bytes as raw DEFLATE (inflate_raw);
//   3  a whole .xgp position file (parse_xgp);
//   4  an .xgp's game file alone, wrapped as for 1.
// An accepted position replays from its record to its GNUbg ID, which restores, and its record
// written as .sgf reads back to the same ID.
// Whatever the bytes, the readers return a value or an Error (never a crash or a read past the
// end); an accepted record replays through the rules, every candidate play kept is a legal play,
// and the record written as .sgf reads back to the same games (a record of no game aside: .sgf
// has no game tree to hold it).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/sgf.hpp"
#include "boardrules/backgammon/formats/xg.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/formats/inflate.hpp"
#include "fuzz_common.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

void put32(std::vector<std::uint8_t>& v, std::size_t at, std::uint32_t x) {
  for (int k = 0; k < 4; ++k) v[at + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(x >> (8 * k));
}

// An .xg file holding `game` as its stored (uncompressed) temp.xg.
std::vector<std::uint8_t> wrap(std::span<const std::uint8_t> game) {
  std::vector<std::uint8_t> f(8232, 0);
  f[0] = 'R', f[1] = 'G', f[2] = 'M', f[3] = 'H';
  put32(f, 4, 1);
  put32(f, 8, 8232);
  f.insert(f.end(), game.begin(), game.end());
  std::vector<std::uint8_t> entry(532, 0);
  const char name[] = "temp.xg";
  entry[0] = 7;
  for (std::size_t k = 0; k < 7; ++k) entry[1 + k] = static_cast<std::uint8_t>(name[k]);
  put32(entry, 512, static_cast<std::uint32_t>(game.size()));
  put32(entry, 516, static_cast<std::uint32_t>(game.size()));
  put32(entry, 520, 0);
  put32(entry, 524, crc32(game));
  entry[528] = 1;  // stored
  f.insert(f.end(), entry.begin(), entry.end());
  const std::size_t start = 8232;
  std::vector<std::uint8_t> trailer(36, 0);
  put32(trailer, 0, crc32(std::span<const std::uint8_t>(f).subspan(start)));
  put32(trailer, 4, 1);
  put32(trailer, 8, 1);
  put32(trailer, 12, 532);
  put32(trailer, 16, static_cast<std::uint32_t>(game.size()));
  put32(trailer, 20, 0);  // the index is stored too
  f.insert(f.end(), trailer.begin(), trailer.end());
  return f;
}

void check_file(std::span<const std::uint8_t> f) {
  auto x = parse_xg(f);
  if (!x.has_value()) {
    fuzz::check(!x.error().message.empty(), "an error says what is wrong");
    return;
  }
  const MatchRecord& r = x->record;
  fuzz::check(replay_record(r).has_value(), "an accepted record replays");
  for (const XgPlayAnalysis& a : x->plays) {
    fuzz::check(a.game < r.games.size() && a.step < r.games[a.game].steps.size(), "analysis names a step");
    fuzz::check(r.games[a.game].steps[a.step].kind == StepKind::Roll, "analysis of a throw");
    for (const XgCandidate& c : a.candidates) fuzz::check(play_shape_ok(c.play), "a candidate is a play");
  }
  if (r.games.empty()) return;  // a match header alone: .sgf holds no game tree for it
  auto back = parse_sgf(format_sgf(r), r.rules);
  fuzz::check(back.has_value(), "the .sgf written reads back");
  fuzz::check(back->games.size() == r.games.size(), "the .sgf has the same games");
  for (std::size_t g = 0; g < r.games.size(); ++g) {
    fuzz::check(back->games[g].steps == r.games[g].steps, "the .sgf has the same steps");
    fuzz::check(back->games[g].winner == r.games[g].winner && back->games[g].points == r.games[g].points,
                "the .sgf has the same results");
  }
}

void check_position(std::span<const std::uint8_t> f) {
  auto x = parse_xgp(f);
  if (!x.has_value()) {
    fuzz::check(!x.error().message.empty(), "an error says what is wrong");
    return;
  }
  const auto m = replay_record(x->record);
  fuzz::check(m.has_value() && format_gnubg_id(*m) == x->gnubg_id, "the position's record replays to its ID");
  fuzz::check(parse_gnubg_id<>(x->gnubg_id).has_value(), "the position's ID reads back");
  fuzz::check(parse_xgid<>(x->xgid).has_value(), "the position's XGID reads back");
  auto back = parse_sgf(format_sgf(x->record), x->record.rules);
  fuzz::check(back.has_value(), "the .sgf written reads back");
  const auto m2 = replay_record(*back);
  fuzz::check(m2.has_value() && format_gnubg_id(*m2) == x->gnubg_id, "the .sgf written gives the same ID");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::span<const std::uint8_t> rest(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: check_file(rest); break;
    case 1: check_file(wrap(rest)); break;
    case 3: check_position(rest); break;
    case 4: check_position(wrap(rest)); break;
    default: {
      auto z = inflate_zlib(rest, 0, std::size_t{1} << 20);
      if (z.has_value()) fuzz::check(z->consumed <= rest.size(), "zlib: consumed within the input");
      auto r = inflate_raw(rest, 0, std::size_t{1} << 20);
      if (r.has_value()) fuzz::check(r->consumed <= rest.size() && r->data.size() <= (std::size_t{1} << 20),
                                     "deflate: within the input and the limit");
    }
  }
  return 0;
}
