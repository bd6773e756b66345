#pragma once
/// \file
/// eXtreme Gammon's binary match files (.xg): parse_xg reads the players, the rules and every
/// game, throw, play and cube action into a MatchRecord (match_record.hpp), replayed through the
/// match state machine as it is read (an illegal play is an error naming the game and the move),
/// so that format_mat and format_sgf convert it. Of the analysis it keeps the equity of each
/// candidate play listed for a checker play (XgPlayAnalysis); cube analysis, rollouts, comments
/// and the thumbnail are skipped. parse_xgp reads a position file (.xgp, the same container): the
/// position, cube, score and dice, as the Setup steps of a record. The layout read is described
/// in docs/formats.md. This header reads the records; the container (the header and the zlib
/// archive around the game file) is xg_archive.hpp's, the strings' decoding xg_text.hpp's.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/backgammon/formats/xg_archive.hpp"
#include "boardrules/backgammon/formats/xg_text.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/backgammon/game/resolve_play.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One candidate play of a checker-play analysis, with its equity as the file gives it (for the
/// player on roll).
struct XgCandidate {
  Play play{};
  float equity = 0.0f;
  friend bool operator==(const XgCandidate&, const XgCandidate&) = default;
};

/// The candidate plays an .xg file lists for one played throw of the record, best first.
struct XgPlayAnalysis {
  std::size_t game = 0;  ///< the game (0-based) in MatchRecord::games
  std::size_t step = 0;  ///< the step (0-based) in that game's steps: a played Roll
  std::vector<XgCandidate> candidates;
  friend bool operator==(const XgPlayAnalysis&, const XgPlayAnalysis&) = default;
};

/// What parse_xg reads: the record and the analysis kept.
struct XgFile {
  MatchRecord record;
  int version = 0;  ///< the version of the game file (temp.xg's match header)
  std::vector<XgPlayAnalysis> plays;
};

/// The newest game-file version parse_xg reads; a newer one is refused as unsupported.
inline constexpr int kXgMaxVersion = 32;

namespace xg_detail {

/// Reads the match header (the first record of game file `g`) into `rec` (players, rules, tags)
/// and `version`. Errors as parse_xg's.
[[nodiscard]] inline Status read_match_header(std::span<const std::uint8_t> g, MatchRecord& rec, int& version) {
  const std::string gw = "xg game file";
  // --- the match header
  if (g[8] != 0) return corrupt("the first record is not the match header", gw, 8);
  if (u32(g, 556) != 0x494C4D44u) return corrupt("the match header has no DMLI magic number", gw, 556);
  version = i32(g, 552);
  if (version < 1 || version > kXgMaxVersion)
    return make_error(ErrorCode::unsupported,
                      "game file version " + std::to_string(version) + " is not read (1.." +
                          std::to_string(kXgMaxVersion) + ")",
                      gw, 552);
  rec.players = {short_string(g, 9, 41), short_string(g, 50, 41)};
  if (version >= 24) {
    std::string p1 = utf16_string(g, 880, 129), p2 = utf16_string(g, 1138, 129);
    if (!p1.empty()) rec.players[0] = std::move(p1);
    if (!p2.empty()) rec.players[1] = std::move(p2);
  }
  const std::int32_t length = i32(g, 92);
  if (i32(g, 96) != 0)
    return make_error(ErrorCode::unsupported, "variation " + std::to_string(i32(g, 96)) + " is not read (only backgammon)",
                      gw, 96);
  if (length < 0 || (length > kMaxMatchLength && length != 99999))
    return make_error(ErrorCode::out_of_range, "match length " + std::to_string(length), gw, 92);
  if (length == 0 || length == 99999) {
    if (g[103] != 0) return make_error(ErrorCode::unsupported, "automatic doubles are not read", gw, 103);
    rec.rules = SessionRules::money({.jacoby = g[101] != 0, .beavers = g[102] != 0 ? 1 : 0});
  } else {
    rec.rules = SessionRules::match(length, {.crawford = g[100] != 0});
  }
  {
    double date = 0;
    std::uint64_t bits = 0;
    for (int k = 7; k >= 0; --k) bits = (bits << 8) | g[static_cast<std::size_t>(128 + k)];
    date = std::bit_cast<double>(bits);
    std::string event = short_string(g, 136, 129), site = short_string(g, 283, 129), round = short_string(g, 417, 129);
    if (version >= 24) {
      if (auto e = utf16_string(g, 622, 129); !e.empty()) event = e;
      if (auto l = utf16_string(g, 1396, 129); !l.empty()) site = l;
      if (auto r = utf16_string(g, 1654, 129); !r.empty()) round = r;
    }
    if (!event.empty()) rec.tags.emplace_back("Event", event);
    if (!site.empty()) rec.tags.emplace_back("Site", site);
    if (!round.empty()) rec.tags.emplace_back("Round", round);
    if (auto d = delphi_date(date); !d.empty()) rec.tags.emplace_back("EventDate", d);
  }
  return {};
}

}  // namespace xg_detail

/// Reads an .xg file's bytes (see the file comment). The players are Player 1 of the file
/// (player 0, the left column of .mat) and Player 2 (player 1); the rules are the file's
/// (match length, Crawford; in money play Jacoby and beavers); the tags `Event`, `Site` (the
/// location), `Round` and `EventDate` are set when the file has them. Each throw's play is
/// resolved as the legal play the file's checker movements mean (resolve_play), and every step
/// is replayed through BasicMatch<V>: an illegal one is an error whose `where` names the game,
/// the move (the n-th checker play of the game) and the column, with the offset of its record
/// in the game file. Errors: ErrorCode::corrupted for a file that is not an .xg file, is cut
/// short, or fails a CRC-32 or another structure check (where: `xg header`, `xg archive`, or
/// `xg game file` with the record's offset); ErrorCode::unsupported for a newer header or game
/// file version, another variation than backgammon, automatic doubles, raccoons, a settlement,
/// missing games, a resignation by the player not on roll; and those of the replay.
template <class V = Standard>
[[nodiscard]] Result<XgFile> parse_xg(std::span<const std::uint8_t> f) {
  using namespace xg_detail;
  auto gfile = open_game_file(f);
  if (!gfile.has_value()) return gfile.error();
  const std::span<const std::uint8_t> g(*gfile);
  const std::string gw = "xg game file";
  XgFile out;
  MatchRecord& rec = out.record;
  if (auto st = read_match_header(g, rec, out.version); !st.has_value()) return st.error();
  auto made = BasicMatch<V>::make(rec.rules);
  if (!made.has_value()) return Error{made.error().message, gw, 92, made.error().code};
  BasicMatch<V> m = *made;

  // --- the records
  GameRecord* game = nullptr;
  std::size_t gi = 0;
  int number = 0;
  auto player_of = [](std::int32_t active) { return active == 1 ? 0 : active == -1 ? 1 : -1; };
  auto apply = [&](RecordStep s) -> Status {
    if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) return st;
    game->steps.push_back(s);
    return {};
  };
  bool match_over = false;
  for (std::size_t at = kRecord; at < g.size() && !match_over; at += kRecord) {
    const std::span<const std::uint8_t> r = g.subspan(at, kRecord);
    const int type = r[8];
    const std::string where_rec = gw + ", record " + std::to_string(at / kRecord + 1);
    if (type != 1 && type != 5 && game == nullptr)
      return corrupt("a record of type " + std::to_string(type) + " before the first game header", where_rec, at + 8);
    switch (type) {
      case 1: {  // game header
        if (game != nullptr) {
          if (auto st = record_detail::check_game_end(m, gi, -1, 0, false, at); !st.has_value()) return st.error();
          ++gi;
        }
        if (i32(r, 48) != static_cast<std::int32_t>(gi) + 1)
          return corrupt("game number " + std::to_string(i32(r, 48)) + ", expected " + std::to_string(gi + 1),
                         where_rec, at + 48);
        rec.games.emplace_back();
        game = &rec.games.back();
        game->score = {i32(r, 12), i32(r, 16)};
        number = 0;
        if (auto st = record_detail::check_game_start(m, gi, game->score, at + 12); !st.has_value()) return st.error();
        break;
      }
      case 2: {  // cube decision before a throw
        const int p = player_of(i32(r, 12));
        const std::int32_t dbl = i32(r, 16), take = i32(r, 20), beaver = i32(r, 24);
        if (p < 0) return corrupt("the player on roll is " + std::to_string(i32(r, 12)), where_rec, at + 12);
        if (dbl < -2 || dbl > 1) return corrupt("double code " + std::to_string(dbl), where_rec, at + 16);
        if (dbl != 1) break;  // no double (or no cube decision)
        RecordStep s;
        s.number = number + 1;
        s.offset = at;
        s.kind = StepKind::Double;
        s.player = p;
        s.cube = m.game().cube().value() * 2;
        if (auto st = apply(s); !st.has_value()) return st.error();
        if (take == -1) break;  // the record ends with the double offered
        s.player = 1 - p;
        s.cube = 0;
        if (take == 0) {
          s.kind = StepKind::Drop;
        } else if (take == 1) {
          s.kind = StepKind::Take;
        } else if (take == 2) {
          s.kind = StepKind::Beaver;
          s.cube = m.game().offered_value() * 2;
        } else {
          return corrupt("take code " + std::to_string(take), where_rec, at + 20);
        }
        if (auto st = apply(s); !st.has_value()) return st.error();
        if (take != 2 || beaver == -1) break;  // no beaver, or the record ends with it
        // The doubler's answer to the beaver: 1 takes, 0 passes (a raccoon, 2, is not read).
        if (beaver != 0 && beaver != 1)
          return make_error(ErrorCode::unsupported, "a raccoon (beaver code " + std::to_string(beaver) + ") is not read",
                            where_rec, at + 24);
        s.kind = beaver == 1 ? StepKind::Take : StepKind::Drop;
        s.player = p;
        s.cube = 0;
        if (auto st = apply(s); !st.has_value()) return st.error();
        break;
      }
      case 3: {  // a throw and its play
        RecordStep s;
        s.kind = StepKind::Roll;
        s.number = ++number;
        s.offset = at;
        s.player = player_of(i32(r, 64));
        if (s.player < 0) return corrupt("the player on roll is " + std::to_string(i32(r, 64)), where_rec, at + 64);
        const std::int32_t d1 = i32(r, 100), d2 = i32(r, 104);
        if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
          return make_error(ErrorCode::out_of_range, "dice " + std::to_string(d1) + "-" + std::to_string(d2),
                            record_detail::step_where(gi, s), at + 100);
        s.dice = Dice::unchecked(d1, d2);
        s.played = r[2308] != 0;
        // The position and legal plays after the throw, from a copy of the match.
        BasicMatch<V> thrown = m;
        if (m.game().phase() == Phase::Opening) {
          if (auto st = record_detail::opening_roll_of(thrown, s.player, s.dice); !st.has_value())
            return Error{st.error().message, record_detail::step_where(gi, s), at + 100, st.error().code};
        } else if (m.game().phase() == Phase::TurnStart && m.game().on_roll() == s.player) {
          if (auto st = thrown.roll(s.dice); !st.has_value())
            return Error{st.error().message, record_detail::step_where(gi, s), at + 100, st.error().code};
        }
        const bool rolled = thrown.games_played() == m.games_played() && thrown.game().phase() == Phase::Rolled;
        auto segments = [&](std::span<const std::uint8_t> mv, std::size_t off) -> Result<SegmentList> {
          SegmentList segs;
          for (std::size_t k = 0; k < 4; ++k) {
            const int from = static_cast<std::int8_t>(mv[2 * k * 4]);
            const int to = static_cast<std::int8_t>(mv[(2 * k + 1) * 4]);
            if (from == -1) break;
            if (from < 0 || from > 24 || to < -6 || to > 23)
              return corrupt("a checker movement " + std::to_string(from) + "/" + std::to_string(to) +
                                 " outside the board",
                             record_detail::step_where(gi, s), off + 2 * k * 4);
            segs.push_back(Segment{static_cast<std::uint8_t>(from + 1), static_cast<std::uint8_t>(to < 0 ? 0 : to + 1), false});
          }
          return segs;
        };
        if (s.played && rolled) {
          // Moves: eight 32-bit values, from/to pairs (0-based points, 24 the bar, below 0 off; a from of -1 ends).
          std::array<std::uint8_t, 32> mv{};
          for (std::size_t k = 0; k < 32; ++k) mv[k] = r[68 + k];
          for (std::size_t k = 0; k < 8; ++k)
            if (i32(r, 68 + 4 * k) < -6 || i32(r, 68 + 4 * k) > 24)
              return corrupt("a checker movement outside the board", record_detail::step_where(gi, s), at + 68 + 4 * k);
          auto segs = segments(mv, at + 68);
          if (!segs.has_value()) return segs.error();
          auto play = resolve_play(thrown.game().position(), s.dice, *segs);
          if (!play.has_value())
            return Error{play.error().message, record_detail::step_where(gi, s), at + 68, play.error().code};
          s.play = *play;
          // The analysis: the candidate plays of this throw and their equities.
          const std::int32_t n = i32(r, 124 + 64);
          if (n >= 1 && n <= 32 && i32(r, 124 + 28) == d1 && i32(r, 124 + 32) == d2) {
            XgPlayAnalysis a;
            a.game = gi;
            a.step = game->steps.size();
            for (std::size_t c = 0; c < static_cast<std::size_t>(n); ++c) {
              // Candidate moves: 8 signed bytes each (the same pairs as above).
              std::array<std::uint8_t, 32> cm{};
              for (std::size_t k = 0; k < 8; ++k) cm[4 * k] = r[124 + 68 + 832 + 8 * c + k];
              auto cs = segments(cm, at + 124 + 68 + 832 + 8 * c);
              if (!cs.has_value()) return cs.error();
              auto cp = resolve_play(thrown.game().position(), s.dice, *cs);
              if (!cp.has_value())
                return Error{"analysis candidate " + std::to_string(c + 1) + ": " + cp.error().message,
                             record_detail::step_where(gi, s), at + 124 + 68 + 832 + 8 * c, cp.error().code};
              a.candidates.push_back(XgCandidate{*cp, f32(r, 124 + 1408 + 28 * c + 24)});
            }
            out.plays.push_back(std::move(a));
          }
        }
        if (auto st = apply(s); !st.has_value()) return st.error();
        if (s.played && !rolled && i32(r, 68) != -1)
          return make_error(ErrorCode::illegal_action, "the throw has no legal play: the turn passes (BG-3.8)",
                            record_detail::step_where(gi, s), at + 68);
        break;
      }
      case 4: {  // game footer: the result
        const int winner = player_of(i32(r, 24));
        const std::int32_t points = i32(r, 28), term = i32(r, 32);
        if (winner < 0) return corrupt("the winner is " + std::to_string(i32(r, 24)), where_rec, at + 24);
        if (points < 1) return corrupt("the points won are " + std::to_string(points), where_rec, at + 28);
        if (term >= 1000)
          return make_error(ErrorCode::unsupported, "a game settled by agreement is not read", where_rec, at + 32);
        if (m.games_played() == static_cast<int>(gi) && term >= 100) {
          // A resignation by the loser, who must be on roll (BG-7.7), of points / cube.
          const int cube = m.game().cube().value();
          const int level = points % cube == 0 ? points / cube : 0;
          if (level < 1 || level > 3)
            return corrupt("a resignation of " + std::to_string(points) + " points at cube " + std::to_string(cube),
                           where_rec, at + 28);
          if (m.game().turn() != 1 - winner)
            return make_error(ErrorCode::unsupported, "a resignation by the player not on roll is not read", where_rec,
                              at + 32);
          RecordStep s;
          s.kind = StepKind::Resign;
          s.player = 1 - winner;
          s.resign = static_cast<Resign>(level);
          s.number = number;
          s.offset = at;
          if (auto st = apply(s); !st.has_value()) return st.error();
        }
        if (auto st = record_detail::check_game_end(m, gi, winner, points, false, at + 24); !st.has_value())
          return st.error();
        game->winner = winner;
        game->points = points;
        break;
      }
      case 5: match_over = true; break;  // match footer: nothing after it is read
      case 6:
      case 7:
        return make_error(ErrorCode::unsupported, "a record of missing games is not read", where_rec, at + 8);
      default: return corrupt("unknown record type " + std::to_string(type), where_rec, at + 8);
    }
  }
  if (game != nullptr)
    if (auto st = record_detail::check_game_end(m, gi, -1, 0, true, g.size()); !st.has_value()) return st.error();
  return out;
}

/// parse_xg of bytes held in a string (as read from a file or stdin).
template <class V = Standard>
[[nodiscard]] Result<XgFile> parse_xg(std::string_view bytes) {
  return parse_xg<V>(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

/// What parse_xgp reads of an eXtreme Gammon position file (.xgp).
struct XgPositionFile {
  /// The players, the rules and the tags, and one game at the position's score whose steps set
  /// the position up (Setup steps: the checkers with the player on roll, the cube's value and
  /// owner) and, for a checker play, the throw (a Roll not played): replay_record gives the match
  /// at the position, format_sgf an .sgf GNU Backgammon loads.
  MatchRecord record;
  int version = 0;            ///< the version of the game file
  bool checker_play = false;  ///< a checker play (the file has a move record), else a cube decision
  std::string gnubg_id;       ///< the GNUbg ID (PositionID:MatchID) of the position
  std::string xgid;           ///< its XGID
};

/// Reads an .xgp file's bytes: the container and match header as for .xg (parse_xg), then the
/// game header (the score, the Crawford game) and the position: a move record's (a checker play:
/// its position, player on roll, dice and cube) or, without one, the cube record's (a cube
/// decision, before the throw). The position array (26 signed bytes) is read from Player 1's
/// side (player 0): index 1..24 its points, positive its checkers, negative Player 2's; 25
/// Player 1's bar, 0 Player 2's (negative). Errors: those of parse_xg's container and header; a
/// file with no position, or more than one game or checker play (a match file: read it with
/// parse_xg), is ErrorCode::corrupted or unsupported; a position the rules refuse (more than 15
/// checkers, a bar of the wrong sign, a cube the Crawford game forbids, BG-10.2), with the record.
template <class V = Standard>
[[nodiscard]] Result<XgPositionFile> parse_xgp(std::span<const std::uint8_t> f) {
  using namespace xg_detail;
  auto gfile = open_game_file(f);
  if (!gfile.has_value()) return gfile.error();
  const std::span<const std::uint8_t> g(*gfile);
  const std::string gw = "xg game file";
  XgPositionFile out;
  MatchRecord& rec = out.record;
  if (auto st = read_match_header(g, rec, out.version); !st.has_value()) return st.error();
  std::size_t game_at = 0, cube_at = 0, move_at = 0;
  for (std::size_t at = kRecord; at < g.size(); at += kRecord) {
    const int type = g[at + 8];
    const std::string where_rec = gw + ", record " + std::to_string(at / kRecord + 1);
    if (type == 1) {
      if (game_at != 0)
        return make_error(ErrorCode::unsupported, "a second game: a match file, not a position (read it as .xg)",
                          where_rec, at + 8);
      game_at = at;
    } else if (type == 2 || type == 3) {
      if (game_at == 0) return corrupt("a position before the game header", where_rec, at + 8);
      if (type == 3 && move_at != 0)
        return make_error(ErrorCode::unsupported,
                          "a second checker play: a match file, not a position (read it as .xg)", where_rec, at + 8);
      if (type == 2 && cube_at == 0) cube_at = at;  // a cube record beside the move: its context
      if (type == 3) move_at = at;
    } else if (type > 5) {
      return corrupt("a record of type " + std::to_string(type), where_rec, at + 8);
    }
  }
  if (game_at == 0) return corrupt("no game header: the file holds no position", gw, g.size());
  if (move_at == 0 && cube_at == 0) return corrupt("no move or cube record: the file holds no position", gw, g.size());
  out.checker_play = move_at != 0;
  const std::size_t at = move_at != 0 ? move_at : cube_at;
  const std::string where_rec = gw + ", record " + std::to_string(at / kRecord + 1);
  const std::size_t pos_at = at + (move_at != 0 ? 9 : 36);
  const std::int32_t active = i32(g, at + (move_at != 0 ? 64 : 12));
  const std::int32_t cube = i32(g, at + (move_at != 0 ? 108 : 32));
  if (active != 1 && active != -1)
    return corrupt("the player on roll is " + std::to_string(active) + " (1 or -1)", where_rec,
                   at + (move_at != 0 ? 64 : 12));
  if (cube < -15 || cube > 15)
    return corrupt("the cube is " + std::to_string(cube) + " (its log2, -15..15)", where_rec,
                   at + (move_at != 0 ? 108 : 32));

  // the game: its score, the Crawford game (BG-10.2)
  GameRecord game;
  game.score = {i32(g, game_at + 12), i32(g, game_at + 16)};
  const bool crawford_game = g[game_at + 20] != 0;
  auto made = record_detail::match_at<V>(rec.rules, game.score, 0, !crawford_game);
  if (!made.has_value()) return Error{made.error().message, gw + ", record " + std::to_string(game_at / kRecord + 1),
                                      game_at + 12, made.error().code};
  BasicMatch<V> m = *made;
  if (crawford_game && !m.crawford_game())
    return make_error(ErrorCode::invalid_state, "the game is marked the Crawford game, but the score does not make it one",
                      gw + ", record " + std::to_string(game_at / kRecord + 1), game_at + 20);

  // the steps that set the position up
  RecordStep board;
  board.kind = StepKind::Setup;
  board.setup = SetupKind::Board;
  board.player = active == 1 ? 0 : 1;
  board.offset = pos_at;
  for (int i = 0; i <= 25; ++i) {
    const int v = s8(g, pos_at + static_cast<std::size_t>(i));
    if ((i == 25 && v < 0) || (i == 0 && v > 0))
      return corrupt(std::string(i == 25 ? "Player 1's bar (index 25) holds Player 2's checkers"
                                         : "Player 2's bar (index 0) holds Player 1's checkers"),
                     where_rec, pos_at + static_cast<std::size_t>(i));
    if (v < -15 || v > 15)
      return make_error(ErrorCode::out_of_range, "index " + std::to_string(i) + " holds " + std::to_string(v) +
                                                     " checkers (at most 15, BG-1.1)",
                        where_rec, pos_at + static_cast<std::size_t>(i));
    if (i == 0) board.board[1][25] = static_cast<std::uint8_t>(-v);
    else if (v > 0) board.board[0][static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
    else if (v < 0 && i < 25) board.board[1][static_cast<std::size_t>(25 - i)] = static_cast<std::uint8_t>(-v);
  }
  std::vector<RecordStep> steps{board};
  // the cube set up also when it is centered at 1 in a game after the Crawford game 1 point
  // away, which the record says so (start_record_game, BG-10.2)
  const bool post_crawford = !crawford_game && rec.rules.is_match() && rec.rules.crawford &&
                             (game.score[0] == rec.rules.match_length - 1 || game.score[1] == rec.rules.match_length - 1);
  if (cube != 0 || post_crawford) {
    RecordStep value, owner;
    value.kind = owner.kind = StepKind::Setup;
    value.setup = SetupKind::CubeValue;
    owner.setup = SetupKind::CubeOwner;
    value.player = owner.player = board.player;
    value.cube = 1 << (cube < 0 ? -cube : cube);
    owner.owner = cube > 0 ? 0 : cube < 0 ? 1 : -1;
    value.offset = owner.offset = at + (move_at != 0 ? 108 : 32);
    steps.push_back(value);
    steps.push_back(owner);
  }
  if (move_at != 0) {
    RecordStep roll;
    roll.kind = StepKind::Roll;
    roll.player = board.player;
    roll.played = false;
    roll.offset = at + 100;
    const std::int32_t d1 = i32(g, at + 100), d2 = i32(g, at + 104);
    if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
      return corrupt("the dice are " + std::to_string(d1) + " and " + std::to_string(d2) + " (1..6)", where_rec, at + 100);
    roll.dice = Dice::unchecked(static_cast<int>(d1), static_cast<int>(d2));
    steps.push_back(roll);
  }
  for (RecordStep& s : steps) {
    if (auto st = record_detail::apply_record_step(m, 0, s); !st.has_value())
      return Error{st.error().message, where_rec, s.offset, st.error().code};
    game.steps.push_back(s);
  }
  rec.games.push_back(std::move(game));
  out.gnubg_id = format_gnubg_id(m);
  out.xgid = format_xgid(id_position(m), match_id_fields(m));
  return out;
}

/// parse_xgp over the bytes of a string (as read from a file).
template <class V = Standard>
[[nodiscard]] Result<XgPositionFile> parse_xgp(std::string_view bytes) {
  return parse_xgp<V>(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
