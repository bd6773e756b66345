// libFuzzer target over Warri, the mode chosen by the first byte:
//   text    the rest is a position (WA-7.1) on its first line and moves (WA-7.2) after it: the
//           parser returns a value or an Error; parse(format(x)) == x; each parsed move is
//           played through a Game, which accepts it exactly when the generator lists it.
//   game    a Game (any variant, any cycle rule) driven by the bytes from the start or a position
//           built from them, and a Series recording its outcomes: 48 seeds at every ply, every
//           listed move accepted, a refused move leaves the game unchanged, a
//           finished game refuses every move, series wins never decrease.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/game/series.hpp"
#include "fuzz_common.hpp"

using namespace boardrules;
using namespace boardrules::warri;

namespace {

template <class R>
void seeds(const BasicPosition<R>& p) {
  fuzz::check(p.board_seeds() + p.store(Player::South) + p.store(Player::North) == kTotalSeeds, "48 seeds");
}

template <class R>
void text(std::string_view s) {
  const auto nl = s.find('\n');
  const auto p = parse_position<R>(s.substr(0, nl));
  if (!p.has_value()) return;
  seeds(*p);
  const auto back = parse_position<R>(format_position(*p));
  fuzz::check(back.has_value() && *back == *p, "parse(format(position)) == position");
  if (nl == std::string_view::npos) return;
  BasicGame<R> g(*p);
  std::string_view rest = s.substr(nl + 1);
  while (!rest.empty()) {
    const auto sp = rest.find_first_of(" \n");
    const std::string_view tok = rest.substr(0, sp);
    rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
    const auto m = parse_move(g.position(), tok);
    if (!m.has_value()) continue;
    fuzz::check(parse_move(g.position(), format_move(*m)).has_value(), "parse(format(move))");
    MoveList legal;
    generate_moves(g.position(), legal);
    bool listed = false;
    for (const Move x : legal) listed = listed || x == *m;
    const bool was_over = g.over();
    const Status st = g.play(*m);
    fuzz::check(st.has_value() == (listed && !was_over), "the game accepts exactly the generator's moves");
    seeds(g.position());
  }
}

template <class R>
void game(fuzz::Bytes& in) {
  CycleOptions o;
  o.rule = static_cast<CycleRule>(in.below(3));
  o.plies = 1 + in.below(200);
  SeriesOptions so;
  so.wins_needed = in.below(8);
  so.order = static_cast<FirstMover>(in.below(4));
  so.first = in.below(2) ? Player::North : Player::South;
  Series series(so);
  while (!in.empty() && !series.over()) {
    BasicGame<R> g(BasicPosition<R>::start(series.first_mover()), o);
    while (!in.empty()) {
      seeds(g.position());
      MoveList legal;
      generate_moves(g.position(), legal);
      if (g.over()) {
        fuzz::check(!g.play(Move{static_cast<std::uint8_t>(in.below(16))}).has_value(),
                    "a finished game refuses moves");
        break;
      }
      for (const Move m : legal) fuzz::check(g.check(m).has_value(), "every listed move is accepted");
      const std::uint8_t b = in.byte();
      if (b < 0xF0 && !legal.empty()) {
        const Player mover = g.position().to_move();
        fuzz::check(g.play(legal[b % legal.size()]).has_value(), "a listed move is played");
        if (!g.over()) fuzz::check(g.position().to_move() != mover, "the turn passes");
      } else {
        const BasicPosition<R> pos = g.position();
        const int plies = g.plies();
        const int since = g.plies_since_capture();
        const Outcome res = g.result();
        const Status st = g.play(Move{static_cast<std::uint8_t>(in.below(256))});
        if (!st.has_value())
          fuzz::check(
              g.position() == pos && g.plies() == plies && g.plies_since_capture() == since && g.result() == res,
              "a refused move leaves the game unchanged");
      }
    }
    if (!g.over()) break;
    const int w0 = series.wins(Player::South), w1 = series.wins(Player::North), games = series.games();
    fuzz::check(series.record(g.result()).has_value(), "a finished game is recorded");
    fuzz::check(series.wins(Player::South) >= w0 && series.wins(Player::North) >= w1 && series.games() == games + 1,
                "series counts never decrease");
  }
  if (series.over()) fuzz::check(!series.record(std::nullopt).has_value(), "a finished series refuses games");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const int mode = in.below(6);
  switch (mode) {
    case 0: text<Speightstown>(in.rest()); break;
    case 1: text<Bridgetown>(in.rest()); break;
    case 2: text<Abapa>(in.rest()); break;
    case 3: game<Speightstown>(in); break;
    case 4: game<Bridgetown>(in); break;
    default: game<Abapa>(in); break;
  }
  return 0;
}
