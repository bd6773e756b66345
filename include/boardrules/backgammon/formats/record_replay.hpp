#pragma once
/// \file
/// The replay both match record readers share (mat.hpp, sgf.hpp). A reader turns its text into
/// ReadSteps, what the record says in the order written: a game opens, its score, a throw and
/// its play (or the throw alone), a double, take, drop or beaver, a resignation offered and
/// answered, an edited position, `Wins N` in a column, the game's end with the result written.
/// RecordReplay applies each as it is read through the match state machine, with the checks of
/// the rules (BG-2 to BG-10, record_detail::apply_step_read), and builds the MatchRecord: the
/// same checks and the same errors for both formats. Where the formats say different things,
/// the reader says which (ReadConventions, and the kind of step it gives).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace read_detail {

/// What a step read says (ReadStep::kind).
enum class ReadKind : std::uint8_t {
  Game,        ///< a game opens (`root`: the SGF root properties kept for writing back)
  Score,       ///< the game starts at `score` (`crawford`: whether the record marks it the Crawford game)
  Roll,        ///< `player` throws `dice` and plays `play`; `written` false: the throw without its play
  Double,      ///< `player` doubles (`value`: the cube offered as written, 0 when not written)
  Take,        ///< `player` takes the double
  Drop,        ///< `player` drops the double
  Beaver,      ///< `player` beavers (`value` as for Double)
  Offer,       ///< `player` offers to resign `value` points (GNU Gibbon's `resign:N`)
  Answer,      ///< `player` answers the offer: `accept` or not
  Setup,       ///< an edited position: `setup` says what is set (`value`, `owner`, `edits`)
  Wins,        ///< `player`'s column says it wins `value` points (.mat's `Wins N`)
  Unreadable,  ///< a step whose text cannot be read: `error`, raised in its place
  End,         ///< the game ends: `winner` (-1: none written) wins `value`, `resigned`; `last`: no game follows
};

/// One change of a board edit: `empty` the point (both players'), else a checker of `player`
/// added; `point` in White's (player 0's) numbering, 1..24, 25 the bar.
struct BoardEdit {
  bool empty = false;
  int player = 0;
  int point = 0;
  std::size_t offset = 0;
};

/// A step of a record as read (see ReadKind for which fields each kind uses).
struct ReadStep {
  ReadKind kind = ReadKind::Roll;
  int player = 0;  ///< who acts (the column); Setup: -1 for the player on roll
  int number = 0;  ///< the move number of the file
  std::size_t offset = 0;
  Dice dice{};
  Play play{};
  bool written = true;   ///< Roll: a play is written
  bool alone = false;    ///< Roll not written: a throw set by itself (SGF's PL and DI), a later Roll may play it
  std::string hidden;    ///< Roll not written: the play hidden as written (`????`), or empty
  int value = 0;         ///< Double, Beaver: the cube; Offer, Wins, End: the points; Setup CubeValue: the cube
  bool accept = false;   ///< Answer
  SetupKind setup = SetupKind::Board;
  int owner = -1;                 ///< Setup CubeOwner
  std::vector<BoardEdit> edits;   ///< Setup Board: applied in order to the board of the game (then `error`, if any)
  std::array<int, 2> score{0, 0};  ///< Score
  int crawford = -1;              ///< Score: 1 the Crawford game, 0 not, -1 not said
  std::vector<std::pair<std::string, std::string>> root;  ///< Game
  int winner = -1;                ///< End
  bool resigned = false;          ///< End: the result is a resignation by the player on roll (BG-7.7)
  bool last = false;              ///< End
  Error error{};                  ///< Unreadable; Setup Board: an edit that cannot be read, after `edits`
};

/// Where the formats differ in what a record leaves unsaid.
struct ReadConventions {
  bool beaver_take_implied = false;  ///< .mat: the take of a beaver is not written
  bool double_beavers = false;       ///< SGF: a `double` while a double is offered is a beaver (BG-9.4)
  bool edit_gives_turn = false;      ///< SGF: a throw or double by the player not on roll after an edit takes the turn
};

/// The hits of `play` from `before` (the mover's position before it, BG-5.1), as bits a step.
template <class V>
std::uint8_t hits_of(const BasicPosition<V>& start, const Play& play) {
  BasicPosition<V> before = start;
  std::uint8_t hits = 0;
  for (std::size_t j = 0; j < play.size && before.mover(play.from[j]) > 0; ++j)
    if (apply_step(before, play.from[j], play.to[j])) hits = static_cast<std::uint8_t>(hits | (1u << j));
  return hits;
}

/// Whether a throw or double by `player`, not on roll in `m`, follows an edited position (the
/// game's last step a Setup, or a throw not played right after one): then it takes the turn.
template <class V>
bool edited_turn(const BasicMatch<V>& m, const std::vector<RecordStep>& steps, int player) {
  const auto& g = m.game();
  if ((g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled) || g.on_roll() == player || steps.empty())
    return false;
  const std::size_t n = steps.size();
  if (steps[n - 1].kind == StepKind::Setup) return true;
  return n >= 2 && steps[n - 1].kind == StepKind::Roll && !steps[n - 1].played && steps[n - 2].kind == StepKind::Setup;
}

/// Applies the ReadSteps of a record as they are read (see the file comment) and builds its
/// MatchRecord. Each feed is checked; the first error ends the reading.
template <class V>
class RecordReplay {
 public:
  /// The replay of a record whose players, rules and tags `rec` holds, from the match `m` made
  /// of those rules.
  RecordReplay(MatchRecord rec, const BasicMatch<V>& m, const ReadOptions& opt, ReadConventions conv)
      : rec_(std::move(rec)), m_(m), opt_(opt), conv_(conv) {}

  /// The record so far (a reader sets the players it reads after the first game opens).
  [[nodiscard]] MatchRecord& record() noexcept { return rec_; }

  /// The record read, once every step is fed.
  [[nodiscard]] MatchRecord take() && { return std::move(rec_); }

  /// Applies `r` to the match and the record.
  [[nodiscard]] Status feed(ReadStep r) {
    switch (r.kind) {
      case ReadKind::Game:  // nothing waits from the game before
        rec_.games.emplace_back();
        rec_.games.back().sgf_root = std::move(r.root);
        pending_ = Pending::None;
        offer_ = 0;
        offer_player_ = -1;
        return {};
      case ReadKind::Score: return score(r);
      case ReadKind::Setup: return setup(r);
      case ReadKind::End: return end(r);
      case ReadKind::Roll:
        if (r.alone) return throw_alone(r);
        break;
      default: break;
    }
    RecordStep s;
    s.player = r.player;
    s.number = r.number;
    s.offset = r.offset;
    if (auto st = before_step(r, s); !st.has_value()) return st;
    switch (r.kind) {
      case ReadKind::Offer: return offer(r, s);
      case ReadKind::Answer: return answer(r, s);
      case ReadKind::Wins: return wins(r, s);
      case ReadKind::Unreadable: return r.error;
      default: return action(r, s);
    }
  }

 private:
  [[nodiscard]] std::size_t gi() const noexcept { return rec_.games.size() - 1; }
  [[nodiscard]] bool playing() const noexcept { return m_.games_played() == static_cast<int>(gi()); }
  [[nodiscard]] GameRecord& game() noexcept { return rec_.games.back(); }
  [[nodiscard]] std::string game_where() const { return "game " + std::to_string(gi() + 1); }
  [[nodiscard]] std::string node_where(int number) const { return game_where() + ", move " + std::to_string(number); }

  /// Applies `s` and keeps it: as read (`read`, apply_step_read with the options), or as the
  /// rules say (an edit, a throw set by itself: apply_record_step).
  Status keep(const RecordStep& s, bool read) {
    auto st = read ? record_detail::apply_step_read(m_, gi(), s, opt_) : record_detail::apply_record_step(m_, gi(), s);
    if (!st.has_value()) return st;
    game().steps.push_back(s);
    return {};
  }

  /// The game starts at the score written; a record marking the Crawford game (SGF's RU) is
  /// checked against it (BG-10.2), and says it for a match resumed at a score 1 point away.
  Status score(const ReadStep& r) {
    game().score = r.score;
    if (auto st = record_detail::start_game(m_, gi(), r.score, r.offset, opt_); !st.has_value()) return st;
    if (r.crawford < 0) return {};
    const bool crawford_game = r.crawford == 1;
    if (crawford_game != m_.crawford_game() && gi() == 0 && m_.games_played() == 0 &&
        r.score != std::array<int, 2>{0, 0}) {
      auto resumed = record_detail::match_at<V>(rec_.rules, r.score, 0, !crawford_game);
      if (resumed.has_value()) m_ = *resumed;
    }
    if (crawford_game != m_.crawford_game())
      return make_error(ErrorCode::invalid_state,
                        crawford_game ? "RU says the Crawford game, but the score does not make it one (BG-10.2)"
                                      : "the Crawford game is not marked CrawfordGame in RU (BG-10.2)",
                        game_where(), r.offset);
    return {};
  }

  /// An edited position: a Setup step on the game as it stands, applied as the rules say.
  Status setup(const ReadStep& r) {
    RecordStep s;
    s.kind = StepKind::Setup;
    s.setup = r.setup;
    s.number = r.number;
    s.offset = r.offset;
    s.player = r.player >= 0 ? r.player : record_detail::setup_player(m_);
    s.cube = r.value;
    s.owner = r.owner;
    if (r.setup == SetupKind::Board) {
      s.board = record_detail::board_of(m_);
      if (auto st = edit_board(s.board, r); !st.has_value()) return st;
    }
    if (auto st = keep(s, false); !st.has_value()) return st;
    if (m_.game().phase() != Phase::Rolled) pending_ = Pending::None;
    return {};
  }

  /// The edits of `r` applied to `b` in order; more than a player's checkers refused (BG-1.1).
  Status edit_board(std::array<std::array<std::uint8_t, 26>, 2>& b, const ReadStep& r) const {
    constexpr int kAll = BasicPosition<V>::kCheckers;
    for (const BoardEdit& e : r.edits) {
      const auto w = static_cast<std::size_t>(e.point);
      const auto k = static_cast<std::size_t>(e.point == 25 ? 25 : 25 - e.point);
      if (e.empty) {
        b[0][w] = 0;
        b[1][k] = 0;
        continue;
      }
      const auto pl = static_cast<std::size_t>(e.player);
      int n = 0;
      for (std::size_t pt = 1; pt <= 25; ++pt) n += b[pl][pt];
      if (n >= kAll)
        return make_error(ErrorCode::out_of_range,
                          std::string(pl == 0 ? "White" : "Black") + " would have more than " + std::to_string(kAll) +
                              " checkers on the board (BG-1.1)",
                          node_where(r.number), e.offset);
      ++b[pl][pl == 0 ? w : k];
    }
    if (!r.error.message.empty()) return r.error;  // a point that is no point, after the edits before it
    return {};
  }

  /// A throw set by itself (SGF's PL and DI): made, not played; a later Roll may play it.
  Status throw_alone(const ReadStep& r) {
    RecordStep s;
    s.player = r.player;
    s.number = r.number;
    s.offset = r.offset;
    s.dice = r.dice;
    s.played = false;
    if (auto st = keep(s, false); !st.has_value()) return st;
    pending_ = Pending::Alone;
    return {};
  }

  /// What comes before a step in a column: a throw written without its play must be followed by
  /// a resignation (BG-3.5); the take of a beaver left unwritten; the turn an edit leaves implied;
  /// a throw set by itself is followed by its play.
  Status before_step(const ReadStep& r, const RecordStep& s) {
    if (pending_ == Pending::Written) {
      if (r.kind != ReadKind::Wins)
        if (auto st = no_play(); !st.has_value()) return st;
      pending_ = Pending::None;
    }
    const auto& g = m_.game();
    if (conv_.beaver_take_implied && playing() && g.phase() == Phase::Doubled && g.beavers_in_a_row() > 0 &&
        !((r.kind == ReadKind::Take || r.kind == ReadKind::Drop || r.kind == ReadKind::Beaver) &&
          r.player == g.turn())) {
      RecordStep take;
      take.kind = StepKind::Take;
      take.player = g.turn();
      take.number = s.number;
      take.offset = s.offset;
      if (auto st = keep(take, true); !st.has_value()) return st;
    }
    if (conv_.edit_gives_turn && (r.kind == ReadKind::Roll || r.kind == ReadKind::Double) &&
        edited_turn(m_, game().steps, r.player)) {
      RecordStep t = s;
      t.kind = StepKind::Setup;
      t.setup = SetupKind::Turn;
      if (auto st = keep(t, false); !st.has_value()) return st;
      pending_ = Pending::None;
    }
    if (pending_ == Pending::Alone && r.kind != ReadKind::Roll && r.kind != ReadKind::Unreadable)
      return make_error(ErrorCode::syntax, "a step follows a throw that was not played",
                        record_detail::step_where(gi(), s), s.offset);
    return {};
  }

  /// A throw written without its play and followed by play (.mat): refused at the throw's place
  /// (BG-3.5); lenient, the throw stays unplayed and the turn passes, as GNU Backgammon reads it.
  Status no_play() {
    const RecordStep last = game().steps.back();
    const std::string dice = std::to_string(last.dice.d1()) + std::to_string(last.dice.d2());
    Error bad{!hidden_.empty() ? "the play of " + dice + " is hidden (" + hidden_ +
                                     ") and no resignation follows: the throw has a legal play (BG-3.5)"
                               : "the throw has a legal play but none is written (BG-3.5)",
              record_detail::step_where(gi(), last), pending_at_, ErrorCode::illegal_action};
    if (!opt_.lenient) return bad;
    RecordStep turn;
    turn.kind = StepKind::Setup;
    turn.setup = SetupKind::Turn;
    turn.player = 1 - last.player;
    turn.number = last.number;
    turn.offset = pending_at_;
    if (auto st = keep(turn, true); !st.has_value()) return bad;
    bad.message += ": read as written (the checkers stay, the turn passes)";
    record_detail::warn(opt_, std::move(bad));
    return {};
  }

  /// A throw and its play, a double, take, drop or beaver: applied as read and kept.
  Status action(const ReadStep& r, RecordStep& s) {
    const auto& g = m_.game();
    switch (r.kind) {
      case ReadKind::Double:
        s.kind = conv_.double_beavers && g.phase() == Phase::Doubled ? StepKind::Beaver : StepKind::Double;
        break;
      case ReadKind::Take: s.kind = StepKind::Take; break;
      case ReadKind::Drop: s.kind = StepKind::Drop; break;
      case ReadKind::Beaver: s.kind = StepKind::Beaver; break;
      default:
        s.kind = StepKind::Roll;
        s.dice = r.dice;
        s.play = r.play;
        s.played = r.written;
        break;
    }
    s.cube = r.value;
    if (s.kind == StepKind::Roll && pending_ == Pending::Alone && !record_detail::already_thrown(m_, s))
      return make_error(ErrorCode::syntax, "a step follows a throw that was not played",
                        record_detail::step_where(gi(), s), s.offset);
    pending_ = Pending::None;
    const BasicPosition<V> before = g.phase() == Phase::Opening ? BasicPosition<V>::start() : g.position();
    if (auto st = keep(s, true); !st.has_value()) return st;
    RecordStep& kept = game().steps.back();
    if (s.kind == StepKind::Double || s.kind == StepKind::Beaver) kept.cube = m_.game().offered_value();
    if (s.kind != StepKind::Roll) return {};
    if (s.played) {
      kept.play.hits = hits_of(before, s.play);
    } else if (playing() && m_.game().phase() == Phase::Rolled) {
      pending_ = Pending::Written;  // a resignation must follow, or the record ends
      hidden_ = r.hidden;
      pending_at_ = r.offset;
    } else {
      kept.played = true;  // no legal play: the turn passed (BG-3.8)
    }
    return {};
  }

  /// GNU Gibbon's `resign:N`: the points offered, a single game, a gammon or a backgammon at the
  /// cube (BG-7.7), kept until the opponent answers.
  Status offer(const ReadStep& r, const RecordStep& s) {
    const int cube = m_.game().cube().value();
    const int pts = r.value;
    const int kind = pts > 0 && pts % cube == 0 && pts / cube <= 3 ? pts / cube : pts;
    if (kind < 1 || kind > 3)
      return make_error(ErrorCode::syntax, "resign: must offer a single game, a gammon or a backgammon (BG-7.7)",
                        record_detail::step_where(gi(), s), s.offset);
    offer_ = kind;
    offer_player_ = s.player;
    return {};
  }

  /// `accept` or `reject` of the opponent's offer: accepted, the game ends by the resignation; a
  /// rejection is not kept (play goes on).
  Status answer(const ReadStep& r, RecordStep& s) {
    if (offer_ == 0 || s.player == offer_player_)
      return make_error(ErrorCode::syntax, "accept or reject answers the opponent's resign:",
                        record_detail::step_where(gi(), s), s.offset);
    if (r.accept) {
      s.kind = StepKind::Resign;
      s.player = offer_player_;
      s.resign = static_cast<Resign>(offer_);
      if (auto st = keep(s, true); !st.has_value()) return st;
    }
    offer_ = 0;
    return {};
  }

  /// .mat's `Wins N`: after the end of the play, its result; otherwise the player on roll
  /// resigns N / cube (BG-7.7). Lenient: N not a resignation rounded up, the other player
  /// resigning out of turn, a result other than the play's (warned).
  Status wins(const ReadStep& r, RecordStep& s) {
    const std::string where = record_detail::step_where(gi(), s);
    bool rounded = false;
    if (playing()) {
      const int cube = m_.game().cube().value();
      int kind = r.value % cube == 0 ? r.value / cube : 0;
      if (kind < 1 || kind > 3) {
        Error bad{"the game is not over, and " + std::to_string(r.value) + " points are not a resignation at cube " +
                      std::to_string(cube) + " (BG-7.7)",
                  where, r.offset, ErrorCode::illegal_action};
        if (!opt_.lenient) return bad;
        // as GNU Backgammon reads it: the resignation of the points written, rounded up
        kind = std::min(3, (r.value + cube - 1) / cube);
        bad.message += ": read as the resignation of " + std::to_string(kind * cube) + " point(s)";
        rounded = true;
        record_detail::warn(opt_, std::move(bad));
      }
      s.kind = StepKind::Resign;
      s.player = m_.game().turn();
      if (r.player == s.player) {
        if (!opt_.lenient)
          return make_error(ErrorCode::illegal_action,
                            "only the player on roll resigns, and the winner is the other player (BG-7.7)", where,
                            r.offset);
        s.player = 1 - r.player;  // the loser resigns out of turn: apply_step_read says so
      }
      s.resign = static_cast<Resign>(kind);
      if (auto st = keep(s, true); !st.has_value()) return st;
    }
    const GameResult& res = m_.last_result();
    // Some programs write the points the winner needed to finish the match, not the points won
    // (a gammon at cube 4 that wins a match 2 points away: `Wins 2 points`).
    const auto w = static_cast<std::size_t>(res.winner);
    const bool capped = rec_.rules.is_match() && res.points > r.value && m_.score()[w] >= rec_.rules.match_length &&
                        r.value == rec_.rules.match_length - game().score[w];
    if (res.points != r.value && !capped && !rounded) {
      Error bad{"the game is won for " + std::to_string(res.points) + " point(s), not " + std::to_string(r.value),
                where, r.offset, ErrorCode::invalid_state};
      if (!opt_.lenient) return bad;
      bad.message += ": the play's result is kept";
      record_detail::warn(opt_, std::move(bad));
    }
    return {};
  }

  /// The end of the game: a result written as a resignation by the player on roll (BG-7.7) is
  /// made; the result written must be the play's (lenient: the play's kept, warned).
  Status end(const ReadStep& r) {
    if (rec_.games.empty()) return {};
    if (r.winner >= 0 && r.resigned && playing()) {
      RecordStep s;
      s.kind = StepKind::Resign;
      s.player = m_.game().turn();
      s.number = r.number;
      s.offset = r.offset;
      const int cube = m_.game().cube().value();
      const int kind = r.value % cube == 0 ? r.value / cube : 0;
      if (kind < 1 || kind > 3 || (s.player == r.winner && !opt_.lenient))
        return make_error(ErrorCode::illegal_action, "the result is not a resignation by the player on roll (BG-7.7)",
                          game_where(), r.offset);
      s.player = 1 - r.winner;  // lenient: a resignation out of turn, apply_step_read says so
      s.resign = static_cast<Resign>(kind);
      if (auto st = keep(s, true); !st.has_value()) return st;
    }
    if (auto st = record_detail::check_game_end(m_, gi(), r.winner, r.value, r.last, r.offset); !st.has_value()) {
      if (!opt_.lenient || playing()) return st;
      record_detail::warn(opt_, Error{st.error().message + ": the play's result is kept", st.error().where,
                                      st.error().offset, st.error().code});
    }
    if (!playing()) {
      game().winner = m_.last_result().winner;
      game().points = m_.last_result().points;
    }
    return {};
  }

  /// A throw waiting: written without its play (.mat), or set by itself (SGF).
  enum class Pending : std::uint8_t { None, Written, Alone };

  MatchRecord rec_;
  BasicMatch<V> m_;
  const ReadOptions& opt_;
  ReadConventions conv_;
  Pending pending_ = Pending::None;
  std::string hidden_;         ///< Written: the play hidden, as written
  std::size_t pending_at_ = 0;  ///< Written: the throw's offset
  int offer_ = 0;               ///< a `resign:` waiting for its answer: what it offers (0: none)
  int offer_player_ = -1;

};

}  // namespace read_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
