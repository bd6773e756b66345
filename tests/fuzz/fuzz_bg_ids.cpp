// libFuzzer target over one backgammon text boundary, chosen at compile time:
//   FUZZ_POSITION_ID  Position IDs        FUZZ_MATCH_ID  Match IDs
//   FUZZ_GNUBG_ID     GNUbg IDs           FUZZ_XGID      XGIDs
// Whatever the text, the parser returns a value or an Error (never a crash); an accepted text
// formats back to text that parses to the same value (parse(format(x)) == x); a GNUbg ID or XGID
// restored as a match writes an ID that restores to the same ID, and the restored state passes
// the same checks as a state reached by play (checker counts, cube, a legal action to take).
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "fuzz_common.hpp"
#include "invariants.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class V>
void check_position(const BasicPosition<V>& p) {
  if (const char* why = invariants::checkers(p)) fuzz::check(false, why);
}

// A match restored from an ID: invariants, own ID -> restore -> same ID, something to do.
[[maybe_unused]] void check_restored(const Match& m, const SessionRules& rules) {
  check_position(m.game().position());
  const Cube c = m.game().cube();
  fuzz::check(c.value() >= 1 && c.value() <= m.rules().max_cube(), "cube within its cap");
  fuzz::check(m.game().phase() != Phase::Over && m.game().phase() != Phase::Opening, "a game in progress");
  if (m.game().phase() == Phase::Rolled) {
    PlayList plays;
    m.game().legal_plays(plays);
    fuzz::check(!plays.empty(), "a restored throw has a legal play (else the turn passed)");
  }
  const MatchIdFields f = match_id_fields(m);
  fuzz::check(validate(f).has_value(), "format_match_id()'s precondition");
  const std::string id = format_gnubg_id(m);
  const auto d = parse_gnubg_id<>(id);
  fuzz::check(d.has_value(), "the own ID parses");
  const auto again = match_from_gnubg(d->position, d->fields, rules);
  fuzz::check(again.has_value(), "the own ID restores");
  fuzz::check(format_gnubg_id(*again) == id, "own ID -> restore -> same ID");
  const State s(m, StateOptions{});
  ActionList actions;
  if (s.is_chance_node()) s.chance_actions(actions);
  else s.legal_actions(actions);
  fuzz::check(!actions.empty(), "a restored state has a legal action");
  for (const Action& a : actions) {
    State t = s;
    fuzz::check(t.apply_action(a).has_value(), "every listed action is accepted");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
#if defined(FUZZ_POSITION_ID)
  const std::string_view text = in.rest();
  const auto p = parse_position_id<>(text);
  if (!p.has_value()) return 0;
  check_position(*p);
  const auto back = parse_position_id<>(format_position_id(*p));
  fuzz::check(back.has_value() && *back == *p, "parse(format(position)) == position");
  const auto n = parse_position_id<Nackgammon>(text);
  if (n.has_value())
    fuzz::check(parse_position_id<Nackgammon>(format_position_id(*n)).has_value(), "Nackgammon ID round trip");
  const auto h = parse_position_id<Hypergammon>(text);
  if (h.has_value())
    fuzz::check(*parse_position_id<Hypergammon>(format_position_id(*h)) == *h, "Hypergammon ID round trip");
#elif defined(FUZZ_MATCH_ID)
  const auto f = parse_match_id(in.rest());
  if (!f.has_value()) return 0;
  fuzz::check(validate(*f).has_value(), "an accepted Match ID validates");
  const auto back = parse_match_id(format_match_id(*f));
  fuzz::check(back.has_value() && *back == *f, "parse(format(match id)) == match id");
#elif defined(FUZZ_GNUBG_ID)
  SessionRules rules;
  const int opts = in.below(16);
  rules.crawford = (opts & 1) == 0;
  rules.cube_cap = (opts & 2) ? 1 << in.below(16) : 0;
  rules.beavers = (opts & 4) != 0;
  rules.auto_doubles = (opts & 8) ? in.below(16) : 0;
  const auto d = parse_gnubg_id<>(in.rest());
  if (!d.has_value()) return 0;
  check_position(d->position);
  const auto back = parse_gnubg_id<>(format_gnubg_id(d->position, d->fields));
  fuzz::check(back.has_value() && back->position == d->position && back->fields == d->fields, "GNUbg ID round trip");
  const auto m = match_from_gnubg(d->position, d->fields, rules);
  if (m.has_value()) check_restored(*m, rules);
#elif defined(FUZZ_XGID)
  const auto x = parse_xgid<>(in.rest());
  if (!x.has_value()) return 0;
  check_position(x->position);
  const std::string text = format_xgid(x->position, x->fields, x->max_cube_log2);
  const auto back = parse_xgid<>(text);
  fuzz::check(back.has_value(), "the XGID written parses");
  fuzz::check(back->position == x->position && back->fields == x->fields && back->max_cube_log2 == x->max_cube_log2,
              "parse(format(xgid)) == xgid");
  SessionRules rules;
  rules.cube_cap = 1 << x->max_cube_log2;
  const auto m = match_from_gnubg(x->position, x->fields, rules);
  if (m.has_value()) check_restored(*m, rules);
#else
#error "define one of FUZZ_POSITION_ID, FUZZ_MATCH_ID, FUZZ_GNUBG_ID, FUZZ_XGID"
#endif
  return 0;
}
