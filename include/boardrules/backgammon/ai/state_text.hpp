#pragma once
/// \file
/// The text form of a backgammon State (state.hpp, which includes this header after the class):
/// BasicState::to_string() and BasicState::from_string().
///
/// A State text is its GNUbg ID (`PositionID:MatchID`, match_id.hpp), then, each after a space,
/// what the ID does not hold, written only when it differs from the defaults (default_rules(),
/// StateOptions{}, a new match), in this order:
///   no-crawford  auto-doubles=K  cube-cap=N  bg-as-gammon  beavers=K  auto-forced-moves
///                  the SessionRules (the ID holds the match length and, in money play, the
///                  Jacoby rule; in a match the Jacoby rule has no effect, BG-9.3, and is not
///                  written)
///   resignations  money-games=N        the StateOptions
///   games=N        games finished (the ID holds the score, not the games)
///   declined=single|gammon|backgammon  the resignation the opponent has just rejected (only a
///                  higher one may follow before the next throw, play or cube action)
///   beavers-in-a-row=K  K >= 3 beavers and raccoons made before the double now offered (the
///                  ID tells 1 from 2, not from 3 or more)
///   conceded=single|gammon|backgammon  the match ended by the acceptance of this resignation
///   no-double      the player on roll chose not to double: the throw is next
///   returns=points|equity  the StateOptions' per-game returns
///   ended=W:P[:crawford]  per-game returns, the game ended and the session goes on: player W
///                  won P points in it (the ID shows the next game at the new score), and it
///                  was the Crawford game
/// In a match, the Crawford rule is written only when it differs from SessionRules{}'s. The start
/// of a 1-point match is "4HPwATDgc/ABMA:MAAgAAAAAAAE".
///
/// from_string() reads the words in any order, each at most once, separated by blanks
/// (formats/words.hpp). Any GNUbg ID of a game being played, of the wait for an opening throw
/// (game state 0: the start position, no dice, no offer; a cube above 1 only as automatic
/// doubles, BG-9.1), or of a finished match (game state 2, 3 with `conceded=`, or 4) is read;
/// errors name the word or the part of the ID at fault (see match_from_gnubg in match_id.hpp).
/// Not restored: the result of the last game of a match still going (Match::last_result(); with
/// per-game returns at the end of a game, `ended=` gives its winner and points, what returns()
/// needs), the automatic doubles of a game past its opening throw, and, in a match, a Jacoby rule
/// (it has no effect there, BG-9.3: read back off).

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/formats/words.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {
/// The Resign and WinKind values' words in State texts (index 1..3).
inline constexpr std::array<std::string_view, 4> kResignWords = {"", "single", "gammon", "backgammon"};
/// The words of State texts (State::to_string): those without a value first.
inline constexpr std::array<std::string_view, 15> kStateWords = {
    "no-crawford",  "bg-as-gammon",     "auto-forced-moves", "resignations", "no-double",
    "auto-doubles", "cube-cap",         "beavers",           "money-games",  "games",
    "declined",     "beavers-in-a-row", "conceded",          "returns",      "ended"};
/// The Returns values' words in State texts (returns=...).
inline constexpr std::array<std::string_view, 3> kReturnsWords = {"session", "points", "equity"};
inline constexpr unsigned kFirstValuedWord = 5;

/// What a text says besides the ID and the rules and options (see the file comment).
struct StateTextExtras {
  int games = 0;
  int declined = 0;          ///< 0, or the Resign value rejected
  int beavers_in_a_row = 0;  ///< 0, or 3 and more
  int conceded = 0;          ///< 0, or the Resign value accepted at the end of the match
  bool no_double = false;
  int ended_winner = -1;  ///< ended=W:P[:crawford]: -1 when not given
  int ended_points = 0;
  bool ended_crawford = false;
};

/// The error of a State text whose words and ID do not make a state (ErrorCode::invalid_state).
[[nodiscard]] inline Error refuse_state_text(std::string why, std::string where) {
  return make_error(ErrorCode::invalid_state, std::move(why), std::move(where));
}

/// Reads the words of a State text after its ID into the rules, the options and the extras; the
/// first error names its word ("state text: <word>") and the word's offset.
inline Status read_state_words(WordReader<kStateWords.size()>& words, SessionRules& r, StateOptions& o,
                               StateTextExtras& x) {
  Word w;
  while (words.next(w)) {
    const auto bad = [&](const std::string& why) { return Status(words.error(w, why)); };
    if (w.index == kStateWords.size())
      return bad("unknown word '" + std::string(w.text) + "' after the GNUbg ID (see State::to_string)");
    if (!words.first_time(w)) return bad("given twice");
    const bool valued = w.index >= kFirstValuedWord;
    if (valued != w.has_value) return bad(valued ? "expected " + std::string(w.key) + "=<value>" : "takes no value");
    const std::string_view value = w.value;
    const auto resign = [&] {  // 1..3 for single, gammon, backgammon; 0 for anything else
      const std::size_t j = find_word(kResignWords, value);
      return j > 0 && j < kResignWords.size() ? static_cast<int>(j) : 0;
    };
    switch (w.index) {
      case 0: r.crawford = false; break;
      case 1: r.bg_as_gammon = true; break;
      case 2: r.auto_forced_moves = true; break;
      case 3: o.resignations = true; break;
      case 4: x.no_double = true; break;
      case 5:
        if (!read_count_in(value, 0, 15, r.auto_doubles)) return bad("expected a limit 0..15");
        break;
      case 6:
        if (!read_count_in(value, 0, kMaxCubeValue, r.cube_cap)) return bad("expected a cube value (0 = no cap)");
        break;
      case 7:
        if (!read_count_in(value, 0, 255, r.beavers)) return bad("expected a number 0..255 (0 = off)");
        break;
      case 8:
        if (!read_count_in(value, 1, kMaxMoneyGames, o.money_games))
          return bad("expected a number of games, 1.." + std::to_string(kMaxMoneyGames));
        break;
      case 9:
        if (!read_count_in(value, 0, 999999999, x.games)) return bad("expected a number of games");
        break;
      case 10:
        if ((x.declined = resign()) == 0) return bad("expected single, gammon or backgammon");
        break;
      case 11:
        if (!read_count_in(value, 3, 255, x.beavers_in_a_row))
          return bad("expected a number 3..255 (the ID tells 1 and 2)");
        break;
      case 12:
        if ((x.conceded = resign()) == 0) return bad("expected single, gammon or backgammon");
        break;
      case 13: {
        const std::size_t j = find_word(kReturnsWords, value);
        if (j == kReturnsWords.size()) return bad("expected session, points or equity");
        o.returns = static_cast<Returns>(j);
        break;
      }
      case 14: {
        std::string_view v = value;
        const std::string_view suffix = ":crawford";
        if (v.size() > suffix.size() && v.substr(v.size() - suffix.size()) == suffix) {
          x.ended_crawford = true;
          v.remove_suffix(suffix.size());
        }
        const std::size_t colon = v.find(':');
        if (colon == v.npos || !read_count_in(v.substr(0, colon), 0, 1, x.ended_winner) ||
            !read_count_in(v.substr(colon + 1), 1, 999999999, x.ended_points))
          return bad("expected W:P or W:P:crawford (the winner 0 or 1, the points it won)");
        break;
      }
      default: break;
    }
  }
  return {};
}
}  // namespace detail

/// The state as text (see the file comment).
template <class V>
std::string BasicState<V>::to_string() const {
  std::string s = format_gnubg_id(match_);
  const auto word = [&s](std::string_view w) {
    s += ' ';
    s += w;
  };
  const auto number = [&s](std::string_view key, int n) {
    s += ' ';
    s += key;
    s += '=';
    s += std::to_string(n);
  };
  const SessionRules& r = match_.rules();
  const SessionRules d = default_rules();
  if (r.crawford != d.crawford) word("no-crawford");
  if (r.auto_doubles != d.auto_doubles) number("auto-doubles", r.auto_doubles);
  if (r.cube_cap != d.cube_cap) number("cube-cap", r.cube_cap);
  if (r.bg_as_gammon != d.bg_as_gammon) word("bg-as-gammon");
  if (r.beavers != d.beavers) number("beavers", r.beavers);
  if (r.auto_forced_moves != d.auto_forced_moves) word("auto-forced-moves");
  if (options_.resignations) word("resignations");
  if (options_.money_games != 1) number("money-games", options_.money_games);
  if (match_.games_played() != 0) number("games", match_.games_played());
  const auto& g = match_.game();
  if (const int k = declined(); k != 0) {
    word("declined=");
    s += detail::kResignWords[static_cast<std::size_t>(k)];
  }
  if (g.phase() == Phase::Doubled && g.beavers_in_a_row() >= 3) number("beavers-in-a-row", g.beavers_in_a_row());
  if (g.phase() == Phase::Over && g.result().reason == EndReason::Resigned) {
    word("conceded=");
    s += detail::kResignWords[static_cast<std::size_t>(g.result().kind)];
  }
  if (rolling_) word("no-double");
  if (options_.returns != Returns::Session) {
    word("returns=");
    s += detail::kReturnsWords[static_cast<std::size_t>(options_.returns)];
    if (is_terminal() && !match_.over()) {
      const GameResult& last = match_.last_result();
      word("ended=");
      s += std::to_string(last.winner);
      s += ':';
      s += std::to_string(last.points);
      if (episode_crawford_) s += ":crawford";
    }
  }
  return s;
}

/// The state of a to_string() text (see the file comment).
template <class V>
auto BasicState<V>::from_string(std::string_view text, const SessionRules& rules, StateOptions options)
    -> Result<BasicState> {
  text = codec_detail::trim_blanks(text);
  WordReader words(text, 0, detail::kStateWords, "state text");
  words.skip(1);  // the GNUbg ID
  auto parsed = parse_gnubg_id<V>(text.substr(0, words.position()));
  if (!parsed) return parsed.error();
  SessionRules r = rules;
  Extras x;
  if (Status st = detail::read_state_words(words, r, options, x); !st.has_value()) return st.error();
  if (options.money_games < 1 || options.money_games > kMaxMoneyGames)
    return make_error(ErrorCode::out_of_range, "money_games must be 1.." + std::to_string(kMaxMoneyGames),
                      "money games");
  if (static_cast<unsigned>(options.returns) >= detail::kReturnsWords.size())
    return make_error(ErrorCode::out_of_range, "returns must be Session, Points or Equity", "returns");
  return restore(parsed->position, parsed->fields, r, options, x);
}

/// The state of a decoded ID and the words read (see from_string()).
template <class V>
auto BasicState<V>::restore(const BasicPosition<V>& position, const MatchIdFields& f, SessionRules r,
                            StateOptions options, const Extras& x) -> Result<BasicState> {
  r.match_length = f.match_length;
  r.jacoby = f.jacoby && f.match_length == 0;
  if (auto st = validate(r); !st.has_value()) return st.error();
  if (Status st = check_returns(r, options); !st.has_value()) return st.error();
  const auto refuse = detail::refuse_state_text;
  if (x.ended_winner >= 0) {
    if (options.returns == Returns::Session)
      return refuse("ended= is the end of a game with per-game returns (returns=points or equity)",
                    "state text: ended");
    if (f.state != MatchIdGameState::None || x.games < 1)
      return refuse("ended= is followed by the next game, waiting for its opening throw (game state 0), and games=N",
                    "state text: ended");
  }
  const bool ended = f.state == MatchIdGameState::Over || f.state == MatchIdGameState::Resigned ||
                     f.state == MatchIdGameState::Dropped;
  if (x.conceded != 0 && f.state != MatchIdGameState::Resigned)
    return refuse("only a match ended by a resignation (game state 3) has a conceded resignation",
                  "state text: conceded");
  if ((x.declined != 0 || x.beavers_in_a_row != 0 || x.no_double) && f.state != MatchIdGameState::Playing)
    return refuse("declined=, beavers-in-a-row= and no-double describe a game being played", "state text");
  if (!r.is_match() && x.games > options.money_games)
    return refuse("a money session of " + std::to_string(options.money_games) + " games ends after its last game",
                  "state text: games");
  if (f.state == MatchIdGameState::None) return restore_opening(position, f, r, options, x);
  if (ended) return restore_end(position, f, r, options, x);
  if (!r.is_match() && x.games == options.money_games)
    return refuse("the money session is over: no game is played after its last one", "state text: games");
  auto m = match_from_gnubg(position, f, r);
  if (!m) return m.error();
  BasicGame<V> g = m->game();
  if (x.declined != 0) {
    // The rejection of that offer, played again on the game resumed with it.
    if (!options.resignations) return refuse("resignations are off in this state", "state text: declined");
    if (g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled)
      return refuse("a rejected resignation is followed by the start of a turn or a throw", "state text: declined");
    auto offered = BasicGame<V>::resume(r, {.position = g.position(),
                                            .on_roll = g.on_roll(),
                                            .cube = g.cube(),
                                            .phase = Phase::Resigned,
                                            .dice = g.dice(),
                                            .offer = static_cast<Resign>(x.declined),
                                            .resume_phase = g.phase(),
                                            .crawford_game = g.crawford()});
    if (!offered) return offered.error();
    g = *offered;
    (void)g.reject();
  }
  if (x.beavers_in_a_row != 0) {
    // The double as it stood after two of them (a raccoon pending), then the others again.
    const int k = x.beavers_in_a_row;
    if (g.phase() != Phase::Doubled || g.beavers_in_a_row() == 0 || (g.beavers_in_a_row() - k) % 2 != 0)
      return refuse("beavers-in-a-row=" + std::to_string(k) + " needs a double offered after a beaver (" +
                        (k % 2 != 0 ? "the doubler" : "the doubler's opponent") + " to decide)",
                    "state text: beavers-in-a-row");
    if (k > r.beavers || g.cube().log2_value() < k)
      return refuse("the rules allow " + std::to_string(r.beavers) + " beavers in a row, or the cube is too low",
                    "state text: beavers-in-a-row");
    auto pending = BasicGame<V>::resume(r, {.position = g.position(),
                                            .on_roll = g.on_roll(),
                                            .cube = Cube::from_log2(g.cube().log2_value() - (k - 2), 1 - g.on_roll()),
                                            .phase = Phase::Doubled,
                                            .beavers = 2,
                                            .crawford_game = g.crawford()});
    if (!pending) return pending.error();
    g = *pending;
    for (int b = 2; b < k; ++b)
      if (Status st = g.beaver(); !st.has_value()) return st.error();
  }
  BasicState s(match_type(r, MatchInProgress<V>{g, m->score(), m->post_crawford(), m->jacoby_bit(), x.games}), options);
  if (x.no_double) {
    if (g.phase() != Phase::TurnStart || !s.turn_decision())
      return refuse("no-double follows the cube decision at the start of a turn", "state text: no-double");
    s.rolling_ = true;
  }
  return s;
}

/// The wait for an opening throw (game state 0): the start position, the score, the Crawford
/// flag, a cube doubled only by tied opening throws (BG-9.1).
template <class V>
auto BasicState<V>::restore_opening(const BasicPosition<V>& position, const MatchIdFields& f, const SessionRules& r,
                                    StateOptions options, const Extras& x) -> Result<BasicState> {
  const auto refuse = detail::refuse_state_text;
  if (position != BasicPosition<V>::start())
    return refuse("before the opening throw (game state 0) the position is the start", "position");
  if (f.doubled || f.resigned != 0 || f.die1 != 0)
    return refuse("before the opening throw (game state 0) no dice are thrown and nothing is offered", "game state");
  if (f.cube_owner != -1) return refuse("before the opening throw the cube is centered", "cube owner");
  bool post_crawford = false;
  if (r.is_match()) {
    if (f.score[0] >= r.match_length || f.score[1] >= r.match_length)
      return refuse("a player has already won the match", "score");
    const bool one_away = f.score[0] == r.match_length - 1 || f.score[1] == r.match_length - 1;
    if (f.crawford && (!r.crawford || r.match_length == 1 || !one_away))
      return refuse("Crawford game flagged where none is played (BG-10.2)", "crawford");
    post_crawford = r.crawford && r.match_length > 1 && one_away && !f.crawford;
  }
  BasicGame<V> g(r, f.crawford);
  while (g.cube().value() < f.cube_value) {  // the automatic doubles of tied opening throws
    const int before = g.cube().value();
    (void)g.opening_roll(1, 1);
    if (g.cube().value() == before)
      return refuse(
          "before the opening throw the cube stands at 1, or at what the automatic doubles allowed "
          "make it (BG-9.1)",
          "cube value");
  }
  if (x.ended_winner < 0)
    return BasicState(match_type(r, MatchInProgress<V>{g, {f.score[0], f.score[1]}, post_crawford, f.jacoby, x.games}),
                      options);
  // The end of the game before (per-game returns): its winner, points and Crawford flag.
  const int w = x.ended_winner;
  std::array<int, 2> before{f.score[0], f.score[1]};
  before[static_cast<std::size_t>(w)] -= x.ended_points;
  if (before[static_cast<std::size_t>(w)] < 0)
    return refuse("the winner's score is below the points of the game that ended", "state text: ended");
  if (r.is_match()) {
    const int l = r.match_length;
    const bool away_before = before[0] == l - 1 || before[1] == l - 1;
    const bool away_after = f.score[0] == l - 1 || f.score[1] == l - 1;
    const bool rule = r.crawford && l > 1;
    if (x.ended_crawford && (!rule || !away_before))
      return refuse("the game that ended was no Crawford game at that score (BG-10.2)", "state text: ended");
    if (!x.ended_crawford && rule && away_before && f.crawford)
      return refuse("the Crawford game is played once (BG-10.2)", "state text: ended");
    if (rule && !away_before && away_after && !f.crawford)
      return refuse("the game after the first reaching match point is the Crawford game (BG-10.2)", "crawford");
  } else if (x.ended_crawford) {
    return refuse("money play has no Crawford game", "state text: ended");
  }
  GameResult last{};
  last.winner = w;
  last.points = x.ended_points;
  BasicState s(match_type(r, MatchInProgress<V>{g, {f.score[0], f.score[1]}, post_crawford, f.jacoby, x.games, last}),
               options);
  s.end_games_ = x.games;
  s.episode_crawford_ = x.ended_crawford;
  return s;
}

/// A finished match (game state 2, 3 or 4): its last game resumed before the action that ended
/// it, which is then played again (a bear-off: the winner's last checker from a home point).
template <class V>
auto BasicState<V>::restore_end(const BasicPosition<V>& position, const MatchIdFields& f, const SessionRules& r,
                                StateOptions options, const Extras& x) -> Result<BasicState> {
  const auto refuse = detail::refuse_state_text;
  if (!r.is_match()) return refuse("a money game that ended is followed by the next one (game state 0)", "game state");
  const int w = f.score[0] >= r.match_length ? 0 : f.score[1] >= r.match_length ? 1 : -1;
  if (w < 0) return refuse("the game ended but no player has won the match", "score");
  if (f.doubled || f.resigned != 0 || f.die1 != 0)
    return refuse("once the match is over no dice are thrown and nothing is offered", "game state");
  MatchIdFields before = f;  // the fields of the game before its last action
  before.state = MatchIdGameState::Playing;
  BasicPosition<V> pos = position;
  const Cube cube = Cube::from_log2(detail::mid_log2(f.cube_value), f.cube_owner);
  int points = 0;
  if (f.state == MatchIdGameState::Over) {
    if (f.on_roll != w || position.borne_off(Side::Mover) != V::kCheckers)
      return refuse("a game won by a bear-off shows the winner's position, all its checkers off", "position");
    points = game_points(win_kind(position), cube, r);
    int home = 1;  // a point of the winner's home board without the loser's checkers
    while (home <= 6 && position.opponent_at_mover_point(home) != 0) ++home;
    if (home > 6) return refuse("the loser holds every point of the winner's home board", "position");
    pos.set(Side::Mover, kOff, V::kCheckers - 1);
    pos.set(Side::Mover, home, 1);
    before.die1 = 6;
    before.die2 = 5;
    before.turn = w;
  } else if (f.state == MatchIdGameState::Dropped) {
    if (f.turn != 1 - w) return refuse("a dropped double is decided by the loser", "turn");
    points = f.cube_value;
    before.doubled = true;
  } else {
    if (x.conceded == 0)
      return refuse(
          "the ID does not say which resignation ended the match: add conceded=single, gammon or "
          "backgammon",
          "state text: conceded");
    if (f.turn != w || f.on_roll != 1 - w)
      return refuse("a resignation is offered by the player on roll and accepted by the winner", "turn");
    points = f.cube_value * win_multiplier(to_win_kind(static_cast<Resign>(x.conceded)), r.bg_as_gammon, false);
    before.resigned = x.conceded;
  }
  before.score[static_cast<std::size_t>(w)] -= points;
  if (before.score[static_cast<std::size_t>(w)] < 0)
    return refuse("the winner's score is below the points of the last game", "score");
  auto m = match_from_gnubg(pos, before, r);
  if (!m) return m.error();
  match_type end(
      r, MatchInProgress<V>{m->game(), m->score(), m->post_crawford(), m->jacoby_bit(), x.games > 0 ? x.games - 1 : 0});
  if (f.state == MatchIdGameState::Over) {
    PlayList plays;
    end.game().legal_plays(plays);
    if (plays.size() != 1) return refuse("the bear-off that ended the match could not be played", "position");
    end.play_unchecked(plays[0]);
  } else {
    (void)(f.state == MatchIdGameState::Dropped ? end.drop() : end.accept());
  }
  if (!end.over() || end.winner() != w || end.score()[0] != f.score[0] || end.score()[1] != f.score[1])
    return refuse("the last game does not end the match at this score", "score");
  return BasicState(end, options);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
