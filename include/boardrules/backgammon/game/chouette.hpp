#pragma once
/// \file
/// BasicChouette<N>: a chouette session (BG-11) of 3 to N players, with roles, per-member cubes,
/// payments, rotation and a running ledger. Allocation-free (fixed arrays; only an Error's text
/// allocates, on a refused action).
///
/// The chouette layer is independent of the two-player game engine: it takes the result of each
/// game on the board (the winning party and its WinKind, outcome.hpp) and the cube decisions as
/// inputs, and scores a win as a game does (win_multiplier, scoring.hpp). The board game between the box and the captain, and the timing of doubles (BG-8.1:
/// only at the start of one's own turn, before rolling) are the game engine's business.
///
/// Decisions where BG-11 is silent (documented here and in the tests):
///  - A team double (BG-11.4) needs every member still in the game to agree; passers have no vote.
///    The box then takes or passes all the team's cubes at once (BG-8.4).
///  - Stakes: every team member has their own cube (value and owner); members who pass a box
///    double leave the game (BG-11.5), so the members still in the game always share one value.
///  - When the captain passes a box double and some members take, the captain loses the captaincy
///    at once and goes to the end of the team order; the first member who took becomes captain
///    for the rest of the game (as in the 1931 chouette laws). If every member passes, the box
///    wins the game and BG-11.3 rotates as for a team loss.
///  - A box that passes a team double loses the game (BG-8.4): rotation as for a team win.
///  - Rotation (BG-11.3) is applied to the team order as it stands at the end of the game, the
///    members who passed keeping their places.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/random.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The two sides of a chouette game: the box alone, or the team (captain and members).
enum class Party : std::uint8_t { Box, Team };

/// A player's role in the current game.
enum class ChouetteRole : std::uint8_t {
  Undecided,  ///< the initial throw (BG-11.1) is not settled yet
  Box,        ///< plays alone against the team
  Captain,    ///< moves the team's checkers (BG-11.1); first in the team order
  Member,     ///< a team member still in the game
  Out         ///< a team member who passed a box double this game (BG-11.5)
};

/// Where a team member's cube is: in the middle, owned by the box, or owned by the member.
enum class CubeOwner : std::uint8_t { Center, Box, Member };

/// What the session waits for.
enum class ChouettePhase : std::uint8_t {
  InitialThrow,  ///< throwers() must throw one die each (BG-11.1)
  InGame,        ///< a game is on: a double, or the end of the game, may come next
  TeamDoubled,   ///< the team doubled; the box must take or pass (BG-11.4, BG-8.4)
  BoxDoubled     ///< the box doubled; every member still in the game takes or passes (BG-11.5)
};

/// Session options (money play). The fields that a money session also has are named and mean as
/// in SessionRules; `cube_cap` is 64-bit because a chouette cube goes up to 2^40 (kMaxCube).
struct ChouetteOptions {
  std::uint64_t cube_cap = 0;  ///< highest cube value allowed (BG-8.5), a power of two; 0 = none
  bool jacoby = false;         ///< the Jacoby rule (BG-9.2): gammons count single while a cube is centered
  bool bg_as_gammon = false;   ///< a backgammon scores as a gammon (BG-7.6)
  int auto_doubles = 0;        ///< limit of automatic doubles per game (BG-9.1), 0 to 32; 0 = off
  friend constexpr bool operator==(const ChouetteOptions&, const ChouetteOptions&) noexcept = default;
};

/// How the last finished game ended and what it paid (seat-indexed, sums to 0).
template <std::size_t N>
struct ChouetteGameResult {
  Party winner = Party::Box;            ///< who won the game (after a pass: the doubler's side)
  WinKind kind = WinKind::None;         ///< the board result; None when it ended by a pass
  bool ended_by_pass = false;           ///< the box passed a team double, or every member passed
  std::array<std::int64_t, N> delta{};  ///< what each seat won (+) or paid (-) in that game
  friend constexpr bool operator==(const ChouetteGameResult&, const ChouetteGameResult&) noexcept = default;
};

/// A chouette session of 3 to N players, seats 0..players()-1 (BG-11).
template <std::size_t N = 8>
class BasicChouette {
  static_assert(N >= 3 && N <= 64, "a chouette has 3 to 64 seats");

 public:
  /// Largest cube value this type accepts (so that every payment fits the ledger).
  static constexpr std::uint64_t kMaxCube = std::uint64_t{1} << 40;
  static constexpr std::size_t kMaxPlayers = N;

  /// A session of `players` (3..N) seats, waiting for the initial throw of every seat.
  static Result<BasicChouette> make(int players, ChouetteOptions options = {}) {
    if (players < 3 || players > static_cast<int>(N))
      return make_error(ErrorCode::out_of_range,
                        "a chouette needs 3 to " + std::to_string(N) + " players, got " + std::to_string(players),
                        "players");
    if (options.auto_doubles < 0 || options.auto_doubles > 32)
      return make_error(ErrorCode::out_of_range,
                        "automatic doubles must be 0 to 32, got " + std::to_string(options.auto_doubles),
                        "auto_doubles");
    if (options.cube_cap != 0 && !is_power_of_two(options.cube_cap))
      return make_error(ErrorCode::out_of_range,
                        "cube cap must be a power of two, got " + std::to_string(options.cube_cap), "cube_cap");
    BasicChouette c;
    c.n_ = static_cast<std::uint8_t>(players);
    c.options_ = options;
    for (int i = 0; i < players; ++i) c.order_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    for (int i = 0; i + 1 < players; ++i) c.tied_[static_cast<std::size_t>(i)] = true;
    c.find_throwers();
    return c;
  }

  // ---- state ----

  /// Number of seats.
  [[nodiscard]] constexpr int players() const noexcept { return n_; }
  [[nodiscard]] constexpr ChouettePhase phase() const noexcept { return phase_; }
  [[nodiscard]] constexpr const ChouetteOptions& options() const noexcept { return options_; }
  /// Games finished so far.
  [[nodiscard]] constexpr std::uint64_t games() const noexcept { return games_; }

  /// Seats that must throw now (InitialThrow phase): all of them at first, then the tied ones
  /// (BG-11.1). Empty in the other phases.
  [[nodiscard]] constexpr std::span<const std::uint8_t> throwers() const noexcept {
    if (phase_ != ChouettePhase::InitialThrow) return {};
    return std::span<const std::uint8_t>(order_.data() + throw_begin_, throw_end_ - throw_begin_);
  }

  /// The box's seat. Precondition: the initial throw is settled.
  [[nodiscard]] constexpr int box() const noexcept { return order_[0]; }
  /// The captain's seat (first in the team order). Precondition: the initial throw is settled.
  /// A captain who passes a box double stays first (role Out) until every member has answered.
  [[nodiscard]] constexpr int captain() const noexcept { return order_[1]; }
  /// The team order, captain first, including members who passed this game.
  [[nodiscard]] constexpr std::span<const std::uint8_t> team() const noexcept {
    return std::span<const std::uint8_t>(order_.data() + 1, static_cast<std::size_t>(n_ - 1));
  }
  /// Seats in rank order: box, then the team order (during the initial throw: the order so far).
  [[nodiscard]] constexpr std::span<const std::uint8_t> order() const noexcept {
    return std::span<const std::uint8_t>(order_.data(), n_);
  }

  /// Role of a seat. Precondition: 0 <= seat < players().
  [[nodiscard]] constexpr ChouetteRole role(int seat) const noexcept {
    if (phase_ == ChouettePhase::InitialThrow) return ChouetteRole::Undecided;
    if (seat == box()) return ChouetteRole::Box;
    if (out_[idx(seat)]) return ChouetteRole::Out;
    return seat == captain() ? ChouetteRole::Captain : ChouetteRole::Member;
  }
  /// True for a team member still in the current game.
  [[nodiscard]] constexpr bool in_game(int seat) const noexcept {
    const auto r = role(seat);
    return r == ChouetteRole::Captain || r == ChouetteRole::Member;
  }
  /// Team members still in the current game.
  [[nodiscard]] constexpr int members_in_game() const noexcept {
    int k = 0;
    for (int s = 0; s < n_; ++s) k += in_game(s) ? 1 : 0;
    return k;
  }

  /// A team member's stake: their own cube value (1 at the start of a game).
  [[nodiscard]] constexpr std::uint64_t cube(int seat) const noexcept { return cube_[idx(seat)]; }
  /// Who owns a team member's cube.
  [[nodiscard]] constexpr CubeOwner cube_owner(int seat) const noexcept { return owner_[idx(seat)]; }

  /// Running balance of every seat (seat-indexed); the balances sum to 0.
  [[nodiscard]] constexpr std::span<const std::int64_t> balances() const noexcept {
    return std::span<const std::int64_t>(balance_.data(), n_);
  }
  [[nodiscard]] constexpr std::int64_t balance(int seat) const noexcept { return balance_[idx(seat)]; }
  /// What the current game has paid so far (passers, BG-11.5), seat-indexed.
  [[nodiscard]] constexpr std::span<const std::int64_t> game_delta() const noexcept {
    return std::span<const std::int64_t>(delta_.data(), n_);
  }
  /// The last finished game. Meaningful when games() > 0.
  [[nodiscard]] constexpr const ChouetteGameResult<N>& last_game() const noexcept { return last_; }

  /// In the BoxDoubled phase: true when `seat` still has to take or pass.
  [[nodiscard]] constexpr bool awaiting(int seat) const noexcept {
    return phase_ == ChouettePhase::BoxDoubled && seat >= 0 && seat < n_ && pending_[idx(seat)];
  }

  /// The team may double now (BG-8.3: every member in the game has the cube centered or owns it;
  /// BG-8.5: below the cap). Unanimity is checked by team_double().
  [[nodiscard]] constexpr bool team_may_double() const noexcept {
    return phase_ == ChouettePhase::InGame && may_double(CubeOwner::Member);
  }
  /// The box may double now (every member in the game has the cube centered or owned by the box).
  [[nodiscard]] constexpr bool box_may_double() const noexcept {
    return phase_ == ChouettePhase::InGame && may_double(CubeOwner::Box);
  }

  /// Whole-state equality (used to check that a refused action changes nothing).
  friend constexpr bool operator==(const BasicChouette&, const BasicChouette&) noexcept = default;

  // ---- actions (each returns an Error saying why when refused; the state is then unchanged) ----

  /// The initial throw (BG-11.1): dice[i] is the die of throwers()[i]. Higher dice rank first;
  /// equal dice throw again among themselves. When every place is settled the highest is the box,
  /// the next the captain, the rest the team in order, and the first game begins.
  Status initial_throw(std::span<const int> dice) {
    if (phase_ != ChouettePhase::InitialThrow) return fail("the initial throw is already settled");
    const std::size_t k = throw_end_ - throw_begin_;
    if (dice.size() != k)
      return fail("expected " + std::to_string(k) + " dice (one per thrower), got " + std::to_string(dice.size()),
                  ErrorCode::usage);
    for (std::size_t i = 0; i < k; ++i)
      if (dice[i] < 1 || dice[i] > 6)
        return fail("die " + std::to_string(i) + " is " + std::to_string(dice[i]) + ", not 1..6",
                    ErrorCode::out_of_range);
    // Stable sort of the tied block by die, highest first (insertion sort: k <= N).
    std::array<std::uint8_t, N> seat{};
    std::array<int, N> die{};
    for (std::size_t i = 0; i < k; ++i) {
      seat[i] = order_[throw_begin_ + i];
      die[i] = dice[i];
    }
    for (std::size_t i = 1; i < k; ++i) {
      for (std::size_t j = i; j > 0 && die[j - 1] < die[j]; --j) {
        std::swap(die[j - 1], die[j]);
        std::swap(seat[j - 1], seat[j]);
      }
    }
    for (std::size_t i = 0; i < k; ++i) {
      order_[throw_begin_ + i] = seat[i];
      if (i + 1 < k) tied_[throw_begin_ + i] = die[i] == die[i + 1];
    }
    find_throwers();
    if (throw_begin_ == throw_end_) start_game();
    return {};
  }

  /// Settles the initial throw with dice from `rng` (re-throwing ties).
  void initial_throw(Rng& rng) {
    while (phase_ == ChouettePhase::InitialThrow) {
      std::array<int, N> d{};
      const std::size_t k = throw_end_ - throw_begin_;
      for (std::size_t i = 0; i < k; ++i) d[i] = rng.die();
      (void)initial_throw(std::span<const int>(d.data(), k));
    }
  }

  /// The team doubles the box (BG-11.4): agree[s] is seat s's vote (seat-indexed, players()
  /// entries); only members still in the game vote, and all of them must agree.
  Status team_double(std::span<const bool> agree) {
    if (phase_ != ChouettePhase::InGame) return fail(phase_error("double"));
    if (agree.size() != n_)
      return fail("expected " + std::to_string(int{n_}) + " votes (one per seat), got " + std::to_string(agree.size()),
                  ErrorCode::usage);
    if (!may_double(CubeOwner::Member))
      return fail(cap_reached() ? "the cube is at its limit (BG-8.5)"
                                : "the team does not have access to the cube (BG-8.3)");
    std::string against;
    for (int s = 0; s < n_; ++s)
      if (in_game(s) && !agree[idx(s)]) {
        if (!against.empty()) against += ", ";
        against += std::to_string(s);
      }
    if (!against.empty()) return fail("a team double must be unanimous (BG-11.4); against: seat " + against);
    phase_ = ChouettePhase::TeamDoubled;
    return {};
  }

  /// The box takes the team's double (BG-8.4): every member's cube doubles, owned by the box.
  Status box_take() {
    if (phase_ != ChouettePhase::TeamDoubled) return fail("no team double to take");
    for (int s = 0; s < n_; ++s)
      if (in_game(s)) {
        cube_[idx(s)] *= 2;
        owner_[idx(s)] = CubeOwner::Box;
      }
    phase_ = ChouettePhase::InGame;
    return {};
  }

  /// The box passes the team's double (BG-8.4): it pays every member still in the game that
  /// member's stake before the double, and the game ends (a team win for BG-11.3).
  Status box_pass() {
    if (phase_ != ChouettePhase::TeamDoubled) return fail("no team double to pass");
    for (int s = 0; s < n_; ++s)
      if (in_game(s)) pay(box(), s, cube_[idx(s)]);
    end_game(Party::Team, WinKind::None, true);
    return {};
  }

  /// An automatic double (BG-9.1, option auto_doubles): the opening throw of the box and
  /// the captain was equal, so every member's cube doubles and stays in the middle. Only before
  /// any other cube action of the game, at most options().auto_doubles times.
  Status automatic_double() {
    if (phase_ != ChouettePhase::InGame) return fail(phase_error("double automatically"));
    if (autos_ >= options_.auto_doubles)
      return fail(options_.auto_doubles <= 0
                      ? std::string("automatic doubles are off (BG-9.1)")
                      : "at most " + std::to_string(options_.auto_doubles) + " automatic double(s) a game (BG-9.1)");
    for (int s = 0; s < n_; ++s) {
      if (s == box()) continue;
      if (out_[idx(s)] || owner_[idx(s)] != CubeOwner::Center)
        return fail("automatic doubles come before any other cube action (BG-9.1)");
      if (cube_[idx(s)] * 2 > limit()) return fail("the cube is at its limit (BG-8.5)");
    }
    for (int s = 0; s < n_; ++s)
      if (s != box()) cube_[idx(s)] *= 2;
    ++autos_;
    return {};
  }

  /// The box doubles (BG-11.5): every member still in the game must now take() or pass().
  Status box_double() {
    if (phase_ != ChouettePhase::InGame) return fail(phase_error("double"));
    if (!may_double(CubeOwner::Box))
      return fail(cap_reached() ? "the cube is at its limit (BG-8.5)"
                                : "the box does not have access to the cube (BG-8.3)");
    for (int s = 0; s < n_; ++s) pending_[idx(s)] = in_game(s);
    phase_ = ChouettePhase::BoxDoubled;
    return {};
  }

  /// A member takes the box's double: their cube doubles and they own it (BG-8.4, BG-11.5).
  Status take(int seat) { return respond(seat, true); }

  /// A member passes the box's double: they pay the box their stake before the double and leave
  /// the current game (BG-11.5).
  Status pass(int seat) { return respond(seat, false); }

  /// The game on the board is over (also by an accepted resignation, BG-7.7): `winner` won a
  /// `kind` win. Every member still in the game is paid by, or pays, the box the win kind
  /// times their own cube (BG-11.6, BG-7.3..7.6, BG-9.2); then the roles rotate (BG-11.3).
  Status finish_game(Party winner, WinKind kind) {
    if (phase_ != ChouettePhase::InGame)
      return fail(phase_ == ChouettePhase::InitialThrow ? "no game is on: the initial throw is not settled"
                                                        : "a double is waiting for an answer");
    if (kind != WinKind::Single && kind != WinKind::Gammon && kind != WinKind::Backgammon)
      return fail("the win kind must be single, gammon or backgammon", ErrorCode::out_of_range);
    if (winner != Party::Box && winner != Party::Team)
      return fail("the winner must be the box or the team", ErrorCode::out_of_range);
    for (int s = 0; s < n_; ++s) {
      if (!in_game(s)) continue;
      const std::uint64_t points = multiplier(kind, owner_[idx(s)]) * cube_[idx(s)];
      if (winner == Party::Team) pay(box(), s, points);
      else pay(s, box(), points);
    }
    end_game(winner, kind, false);
    return {};
  }

 private:
  BasicChouette() = default;

  static constexpr bool is_power_of_two(std::uint64_t v) noexcept { return v != 0 && (v & (v - 1)) == 0; }
  static constexpr std::size_t idx(int seat) noexcept { return static_cast<std::size_t>(seat); }
  static Status fail(std::string message, ErrorCode code = ErrorCode::illegal_action) {
    return make_error(code, std::move(message), "chouette");
  }

  [[nodiscard]] std::string phase_error(const char* what) const {
    switch (phase_) {
      case ChouettePhase::InitialThrow: return std::string("cannot ") + what + ": the initial throw is not settled";
      case ChouettePhase::TeamDoubled: return std::string("cannot ") + what + ": the box must first take or pass";
      case ChouettePhase::BoxDoubled: return std::string("cannot ") + what + ": the members must first take or pass";
      case ChouettePhase::InGame: break;
    }
    return std::string("cannot ") + what;
  }

  [[nodiscard]] constexpr std::uint64_t limit() const noexcept {
    return options_.cube_cap == 0 ? kMaxCube : (options_.cube_cap < kMaxCube ? options_.cube_cap : kMaxCube);
  }
  [[nodiscard]] constexpr bool cap_reached() const noexcept {
    for (int s = 0; s < n_; ++s)
      if (in_game(s) && cube_[idx(s)] * 2 > limit()) return true;
    return false;
  }
  [[nodiscard]] constexpr bool may_double(CubeOwner who) const noexcept {
    for (int s = 0; s < n_; ++s) {
      if (!in_game(s)) continue;
      const auto o = owner_[idx(s)];
      if (o != CubeOwner::Center && o != who) return false;
      if (cube_[idx(s)] * 2 > limit()) return false;
    }
    return true;
  }

  /// A member's multiplier: the Jacoby rule counts while that member's cube was never turned.
  [[nodiscard]] constexpr std::uint64_t multiplier(WinKind kind, CubeOwner owner) const noexcept {
    return static_cast<std::uint64_t>(
        win_multiplier(kind, options_.bg_as_gammon, options_.jacoby && owner == CubeOwner::Center));
  }

  constexpr void pay(int from, int to, std::uint64_t amount) noexcept {
    const auto a = static_cast<std::int64_t>(amount);
    balance_[idx(from)] -= a;
    balance_[idx(to)] += a;
    delta_[idx(from)] -= a;
    delta_[idx(to)] += a;
  }

  Status respond(int seat, bool takes) {
    if (phase_ != ChouettePhase::BoxDoubled) return fail("no box double to answer");
    if (seat < 0 || seat >= n_) return fail("no seat " + std::to_string(seat), ErrorCode::out_of_range);
    if (!pending_[idx(seat)])
      return fail("seat " + std::to_string(seat) +
                  (seat == box()   ? " is the box"
                   : in_game(seat) ? " has already answered"
                                   : " is out of this game"));
    pending_[idx(seat)] = false;
    if (takes) {
      cube_[idx(seat)] *= 2;
      owner_[idx(seat)] = CubeOwner::Member;
    } else {
      pay(seat, box(), cube_[idx(seat)]);
      out_[idx(seat)] = true;
    }
    for (int s = 0; s < n_; ++s)
      if (pending_[idx(s)]) return {};
    // Every member has answered.
    phase_ = ChouettePhase::InGame;
    if (members_in_game_raw() == 0) {
      end_game(Party::Box, WinKind::None, true);
      return {};
    }
    if (out_[order_[1]]) {
      // Decision: the captain passed; the first member who took becomes captain, the old captain
      // goes to the end of the team order.
      const std::uint8_t old_captain = order_[1];
      std::size_t a = 2;
      while (out_[order_[a]]) ++a;
      const std::uint8_t acting = order_[a];
      std::array<std::uint8_t, N> t{};
      std::size_t k = 0;
      t[k++] = acting;
      for (std::size_t i = 2; i < n_; ++i)
        if (i != a) t[k++] = order_[i];
      t[k++] = old_captain;
      for (std::size_t i = 0; i + 1 < n_; ++i) order_[i + 1] = t[i];
    }
    return {};
  }

  [[nodiscard]] constexpr int members_in_game_raw() const noexcept {
    int k = 0;
    for (std::size_t i = 1; i < n_; ++i) k += out_[order_[i]] ? 0 : 1;
    return k;
  }

  // BG-11.3 rotation, the ledger record, and a fresh game.
  void end_game(Party winner, WinKind kind, bool by_pass) {
    last_.winner = winner;
    last_.kind = kind;
    last_.ended_by_pass = by_pass;
    last_.delta = delta_;
    // BG-11.3. Team win: the captain becomes the box, the second player captain, the old box goes
    // to the end of the team. Team loss: the box stays, the second player becomes captain, the
    // old captain goes to the end of the team.
    std::array<std::uint8_t, N> t{};
    std::size_t k = 0;
    t[k++] = winner == Party::Team ? order_[1] : order_[0];
    for (std::size_t i = 2; i < n_; ++i) t[k++] = order_[i];
    t[k++] = winner == Party::Team ? order_[0] : order_[1];
    order_ = t;
    ++games_;
    start_game();
  }

  void start_game() noexcept {
    phase_ = ChouettePhase::InGame;
    autos_ = 0;
    for (std::size_t i = 0; i < N; ++i) {
      cube_[i] = 1;
      owner_[i] = CubeOwner::Center;
      out_[i] = false;
      pending_[i] = false;
      delta_[i] = 0;
    }
  }

  constexpr void find_throwers() noexcept {
    std::size_t i = 0;
    while (i + 1 < n_ && !tied_[i]) ++i;
    if (i + 1 >= n_) {
      throw_begin_ = throw_end_ = 0;
      return;
    }
    std::size_t j = i;
    while (j + 1 < n_ && tied_[j]) ++j;
    throw_begin_ = i;
    throw_end_ = j + 1;
  }

  std::array<std::uint8_t, N> order_{};    // box, then the team order (captain first)
  std::array<bool, N> tied_{};             // initial throw: order_[i] and order_[i+1] still tied
  std::array<std::uint64_t, N> cube_{};    // seat-indexed
  std::array<CubeOwner, N> owner_{};       // seat-indexed
  std::array<bool, N> out_{};              // seat-indexed: passed a box double this game
  std::array<bool, N> pending_{};          // seat-indexed: must answer the box's double
  std::array<std::int64_t, N> balance_{};  // seat-indexed ledger
  std::array<std::int64_t, N> delta_{};    // seat-indexed payments of the current game
  ChouetteGameResult<N> last_{};
  std::uint64_t games_ = 0;
  ChouetteOptions options_{};
  std::size_t throw_begin_ = 0;
  std::size_t throw_end_ = 0;
  std::uint8_t n_ = 0;
  std::uint8_t autos_ = 0;  // automatic doubles in the current game
  ChouettePhase phase_ = ChouettePhase::InitialThrow;
};

/// A chouette of up to 8 players.
using Chouette = BasicChouette<8>;

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
