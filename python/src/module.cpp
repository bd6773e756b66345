// The boardrules Python module: boardrules.backgammon and boardrules.warri (positions, legal
// plays/moves, apply, perft, the State interface with integer actions and numpy observations,
// and a batched VectorState). Both games' State have the same names, those of the C++ GameState
// contract (core/game_state.hpp), plus legal_actions_mask (OpenSpiel's LegalActionsMask).
// Library errors are raised as boardrules.Error (a ValueError) with the library's message; so are
// arguments out of their range (an integer argument of any size is read, then checked), and a
// wrong type is a TypeError (pybind11's). States and positions pickle through their text form.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "boardrules/backgammon.hpp"
#include "boardrules/backgammon/ai/actions.hpp"
#include "boardrules/backgammon/ai/observation.hpp"
#include "boardrules/backgammon/ai/record_actions.hpp"
#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/met_xml.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/db/memory.hpp"
#include "boardrules/version.hpp"
#include "boardrules/warri.hpp"
#include "boardrules/warri/ai/state.hpp"
#include "boardrules/warri/db/any_table.hpp"
#include "boardrules/warri/db/distributed_build.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/db/sliced_table.hpp"

namespace py = pybind11;
using namespace boardrules;

// Hidden as pybind11's own types are (the module is built with -fvisibility=hidden).
#pragma GCC visibility push(hidden)
namespace pyargs {
/// An integer argument as Python gave it (an int, or an object with __index__ such as numpy's
/// integers; not a float), of any size: the binding checks its range (in_range), so that 2**70 or
/// -1 where a count is due is a boardrules.Error naming the argument, not a TypeError.
struct Int {
  py::object value;
};
/// An array argument: a numpy array, or anything numpy makes one of (a list); its dtype and shape
/// are checked by the binding (step_actions), so that floats or wide integers are refused, not cast.
struct Array {
  py::array value;
};
}  // namespace pyargs
#pragma GCC visibility pop

namespace pybind11::detail {
template <>
struct type_caster<pyargs::Int> {
  PYBIND11_TYPE_CASTER(pyargs::Int, const_name("int"));
  bool load(handle src, bool convert) {
    if (!src || PyFloat_Check(src.ptr())) return false;
    if (!PyLong_Check(src.ptr()) && (!convert || !PyIndex_Check(src.ptr()))) return false;
    PyObject* i = PyNumber_Index(src.ptr());
    if (i == nullptr) {
      PyErr_Clear();
      return false;
    }
    value.value = reinterpret_steal<object>(i);
    return true;
  }
  static handle cast(const pyargs::Int& v, return_value_policy, handle) { return v.value.inc_ref(); }
};
template <>
struct type_caster<pyargs::Array> {
  PYBIND11_TYPE_CASTER(pyargs::Array, const_name("numpy.ndarray"));
  bool load(handle src, bool convert) {
    if (!src || (!convert && !isinstance<array>(src))) return false;
    value.value = array::ensure(src);
    if (!value.value) {
      PyErr_Clear();
      return false;
    }
    return true;
  }
  static handle cast(const pyargs::Array& v, return_value_policy, handle) { return v.value.inc_ref(); }
};
}  // namespace pybind11::detail

namespace {
using pyargs::Array;
using pyargs::Int;

PyObject* g_error = nullptr;  // boardrules.Error (lives as long as the module)

// Raises boardrules.Error with the message, and the error's parts as attributes: `code` (the
// ErrorCode's name, e.g. "out_of_range": stable, for programs to branch on), `where` and
// `offset` (None when the error has no offset).
[[noreturn]] void raise(const Error& e) {
  py::object exc = py::reinterpret_borrow<py::object>(g_error)(e.to_string());
  exc.attr("code") = error_code_name(e.code);
  exc.attr("where") = e.where;
  exc.attr("offset") = e.offset == Error::npos ? py::object(py::none()) : py::object(py::int_(e.offset));
  PyErr_SetObject(g_error, exc.ptr());
  throw py::error_already_set();
}
void check(const Status& s) {
  if (!s.has_value()) raise(s.error());
}
template <class T>
T take(Result<T> r) {
  if (!r.has_value()) raise(r.error());
  return std::move(r).value();
}

/// The value of an integer argument `name`, refused unless lo <= value <= hi.
long long in_range_ll(const Int& v, const char* name, long long lo, long long hi) {
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(v.value.ptr(), &overflow);  // an int: no other error
  if (overflow == 0 && x >= lo && x <= hi) return x;
  raise(make_error(ErrorCode::out_of_range,
                   std::string(name) + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                       py::str(v.value).cast<std::string>(),
                   name));
}
/// in_range_ll for a range within int's.
int in_range(const Int& v, const char* name, int lo, int hi) { return static_cast<int>(in_range_ll(v, name, lo, hi)); }
/// An integer argument of the C++ int range (an action number, a house, a player: the library
/// says whether it is legal).
int any_int(const Int& v, const char* name) { return in_range(v, name, INT_MIN, INT_MAX); }
/// A 64-bit seed: 0 .. 2**64 - 1.
std::uint64_t seed_of(const Int& v) {
  const unsigned long long x = PyLong_AsUnsignedLongLong(v.value.ptr());
  if (PyErr_Occurred() != nullptr) {
    PyErr_Clear();
    raise(make_error(ErrorCode::out_of_range, "seed must be 0..2**64-1, not " + py::str(v.value).cast<std::string>(),
                     "seed"));
  }
  return x;
}
/// The most games a VectorState steps together (a bound on the memory asked for).
constexpr int kMaxVectorGames = 1 << 22;

// --------------------------------------------------------------------------------- backgammon
namespace bg = boardrules::backgammon;

std::string play_text(const bg::Play& p) {
  std::string s;
  for (std::size_t i = 0; i < p.size; ++i) {
    if (i) s += ' ';
    s += p.from[i] == bg::kBar ? std::string("bar") : std::to_string(p.from[i]);
    s += '/';
    s += p.to[i] == bg::kOff ? std::string("off") : std::to_string(p.to[i]);
    if ((p.hits >> i) & 1u) s += '*';
  }
  return s;
}

int bg_count(const bg::Position& p, bg::Side side, const Int& point) {
  return p.count(side, in_range(point, "point", 0, 25));  // 0 off, 25 the bar
}

/// A throw of two dice from Python's numbers, checked here (1..6 each) before it is built.
bg::Dice make_dice(const Int& d1, const Int& d2) {
  const int a = in_range(d1, "d1", 1, 6);
  const int b = in_range(d2, "d2", 1, 6);
  return bg::Dice::unchecked(a, b);
}

/// The session rules of the State and VectorState arguments, each checked (validate).
bg::SessionRules make_rules(const Int& match_length, bool crawford, bool jacoby, const Int& beavers,
                            const Int& cube_cap, const Int& auto_doubles, bool bg_as_gammon) {
  const int length = in_range(match_length, "match_length", 0, bg::kMaxMatchLength);  // 0: money play
  bg::SessionRules r = length > 0 ? bg::SessionRules::match(length, {.crawford = crawford})
                                  : bg::SessionRules::money({.jacoby = jacoby});
  r.beavers = in_range(beavers, "beavers", 0, bg::kMaxBeavers);
  r.cube_cap = in_range(cube_cap, "cube_cap", 0, bg::kMaxCubeValue);
  r.auto_doubles = in_range(auto_doubles, "auto_doubles", 0, bg::kMaxAutoDoubles);
  r.bg_as_gammon = bg_as_gammon;
  check(bg::validate(r));
  return r;
}

/// The most money games a state lasts: max_game_length() (1000 a game) stays an int.
constexpr int kMaxMoneyGames = bg::kMaxMoneyGames;

/// The State options; `returns` is "session", "points" or "equity" (bg::Returns).
bg::StateOptions make_options(bool resignations, const Int& money_games, const std::string& returns) {
  bg::StateOptions o{resignations, in_range(money_games, "money_games", 1, kMaxMoneyGames)};
  std::size_t k = 0;
  while (k < bg::detail::kReturnsWords.size() && bg::detail::kReturnsWords[k] != returns) ++k;
  if (k == bg::detail::kReturnsWords.size())
    raise(make_error(ErrorCode::usage, "returns is 'session', 'points' or 'equity', not '" + returns + "'", "returns"));
  o.returns = static_cast<bg::Returns>(k);
  return o;
}

py::array_t<float> bg_observation(const bg::State& s, const std::optional<Int>& player) {
  const int who = player ? in_range(*player, "player", 0, 1) : s.observer();
  py::array_t<float> out(static_cast<py::ssize_t>(bg::kObservationSize));
  s.observation_tensor(who, std::span<float>(out.mutable_data(), bg::kObservationSize));
  return out;
}

/// True when `play` is one of the generated legal plays of `dice` in `p` (the empty play: when
/// the throw has none, BG-3.8).
bool is_legal_play(const bg::Position& p, bg::Dice dice, const bg::Play& play) {
  bg::PlayList list;
  bg::generate_plays(p, dice, list);
  if (list.empty()) return play.size == 0;
  for (const bg::Play& x : list)
    if (x == play) return true;
  return false;
}

/// The dice a step of `from` -> `to` can use: from - to, or any die >= from to bear off.
bool step_may_use(int from, int to, int die) { return to == bg::kOff ? die >= from : from - to == die; }

/// True when `play` is legal in `p` for some throw. Only the throws whose dice the steps can use
/// are generated.
bool legal_for_some_throw(const bg::Position& p, const bg::Play& play) {
  for (const bg::Dice d : bg::kAllRolls) {
    bool fits = true;
    for (std::size_t i = 0; i < play.size && fits; ++i)
      fits = step_may_use(play.from[i], play.to[i], d.d1()) || step_may_use(play.from[i], play.to[i], d.d2());
    if (fits && is_legal_play(p, d, play)) return true;
  }
  return false;
}

/// The play resolved, refused unless it is legal (of `dice` when given, else of some throw).
void check_play(const bg::Position& p, const std::optional<bg::Dice>& dice, const bg::Play& play) {
  const bool ok = dice ? is_legal_play(p, *dice, play) : legal_for_some_throw(p, play);
  if (!ok)
    raise(make_error(
        ErrorCode::illegal_action,
        "'" + play_text(play) + "' is no legal play " +
            (dice ? "of " + std::to_string(dice->d1()) + "-" + std::to_string(dice->d2()) + " " : std::string()) +
            "in this position",
        "play"));
}

std::vector<int> bg_legal(const bg::State& s) {
  bg::ActionIdList ids;
  s.legal_actions(ids);
  return std::vector<int>(ids.begin(), ids.end());
}

// The GameState members both games' State bind alike.
template <boardrules::GameState S>
std::vector<std::pair<int, double>> chance_list(const S& s) {
  typename S::ChanceOutcomeList c;
  s.chance_outcomes(c);
  std::vector<std::pair<int, double>> out;
  for (const auto& o : c) out.emplace_back(o.action, o.probability);
  return out;
}
// bool[num_distinct_actions()]: true at the legal decisions (OpenSpiel's LegalActionsMask).
template <boardrules::GameState S, class Fill>
py::array_t<bool> mask_of(Fill&& fill) {
  py::array_t<bool> out(static_cast<py::ssize_t>(S::num_distinct_actions()));
  bool* p = out.mutable_data();
  std::fill(p, p + S::num_distinct_actions(), false);
  fill(p);
  return out;
}

/// The actions of a step: a 1-d array (or sequence) of n integers (signed or unsigned, any
/// width), each of the C++ int range; floats, other shapes and lengths are refused.
std::vector<int> step_actions(const Array& arg, std::size_t n) {
  const py::array& actions = arg.value;
  const char kind = actions.dtype().kind();
  if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != n || (kind != 'i' && kind != 'u'))
    raise(make_error(ErrorCode::usage,
                     "actions must be a 1-d array of " + std::to_string(n) + " integers, not shape " +
                         py::str(py::tuple(actions.attr("shape"))).cast<std::string>() + " of " +
                         py::str(actions.dtype()).cast<std::string>(),
                     "actions"));
  std::vector<int> out(n);
  const auto bad = [](std::size_t i, const std::string& value) {
    raise(make_error(ErrorCode::out_of_range, "action " + value + " is out of range", "game " + std::to_string(i)));
  };
  if (kind == 'u') {
    const auto a = py::array_t<std::uint64_t, py::array::forcecast>::ensure(actions);
    const auto r = a.unchecked<1>();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t x = r(static_cast<py::ssize_t>(i));
      if (x > static_cast<std::uint64_t>(INT_MAX)) bad(i, std::to_string(x));
      out[i] = static_cast<int>(x);
    }
  } else {
    const auto a = py::array_t<std::int64_t, py::array::forcecast>::ensure(actions);
    const auto r = a.unchecked<1>();
    for (std::size_t i = 0; i < n; ++i) {
      const std::int64_t x = r(static_cast<py::ssize_t>(i));
      if (x < INT_MIN || x > INT_MAX) bad(i, std::to_string(x));
      out[i] = static_cast<int>(x);
    }
  }
  return out;
}

/// The number of games of a VectorState: 1 .. kMaxVectorGames, and no more than the machine's
/// memory holds at `bytes_per_game` each (else boardrules.Error, resource, before anything is
/// made: 4,194,304 Warri games of 8 KB are 35 GB).
int vector_size(const Int& n, std::size_t bytes_per_game) {
  const int count = in_range(n, "n", 1, kMaxVectorGames);
  check(boardrules::check_memory(static_cast<std::uint64_t>(count) * bytes_per_game, "n"));
  return count;
}

// Samples and applies chance outcomes until a decision or the end.
void bg_resolve_chance(bg::State& s, Rng& rng) {
  bg::ChanceOutcomeList c;
  while (s.is_chance_node()) {
    if (s.game().phase() != bg::Phase::Opening) {  // a throw: every roll at its probability
      s.apply_legal_action(bg::Action::roll(bg::throw_dice(rng)));
      continue;
    }
    s.chance_outcomes(c);
    double u = rng.uniform();
    std::size_t k = 0;
    while (k + 1 < c.size() && u >= c[k].probability) u -= c[k++].probability;
    s.apply_legal_action(c[k].action);
  }
}

/// Many backgammon games stepped in one call; chance nodes are sampled inside, so every game
/// waits at a decision; a finished game starts again at once (its done flag says so).
class BgVector {
 public:
  BgVector(int n, std::uint64_t seed, const bg::SessionRules& rules, bg::StateOptions options)
      : proto_(rules, options), rng_(seed) {
    states_.assign(static_cast<std::size_t>(n), proto_);
    for (auto& s : states_) bg_resolve_chance(s, rng_);
  }
  [[nodiscard]] int size() const { return static_cast<int>(states_.size()); }

  py::array_t<float> observations() const {
    py::array_t<float> out({static_cast<py::ssize_t>(states_.size()), static_cast<py::ssize_t>(bg::kObservationSize)});
    float* p = out.mutable_data();
    for (std::size_t i = 0; i < states_.size(); ++i)
      states_[i].observation_tensor(std::span<float>(p + i * bg::kObservationSize, bg::kObservationSize));
    return out;
  }
  py::array_t<std::int32_t> current_players() const {
    py::array_t<std::int32_t> out(static_cast<py::ssize_t>(states_.size()));
    auto* p = out.mutable_data();
    for (std::size_t i = 0; i < states_.size(); ++i) p[i] = states_[i].current_player();
    return out;
  }
  std::vector<std::vector<int>> legal_actions() const {
    std::vector<std::vector<int>> out;
    out.reserve(states_.size());
    for (const auto& s : states_) out.push_back(bg_legal(s));
    return out;
  }
  py::array_t<bool> legal_actions_mask() const {
    const auto w = static_cast<std::size_t>(bg::kNumDistinctActions);
    py::array_t<bool> out({static_cast<py::ssize_t>(states_.size()), static_cast<py::ssize_t>(w)});
    bool* p = out.mutable_data();
    std::fill(p, p + states_.size() * w, false);
    bg::ActionIdList ids;
    for (std::size_t i = 0; i < states_.size(); ++i) {
      states_[i].legal_actions(ids, bg::ActionOrder::Generated);  // a mask needs no order
      for (const int a : ids) p[i * w + static_cast<std::size_t>(a)] = true;
    }
    return out;
  }
  /// A uniformly random legal action of each game (drawn in C++).
  py::array_t<std::int32_t> sample_legal_actions() {
    py::array_t<std::int32_t> out(static_cast<py::ssize_t>(states_.size()));
    auto* p = out.mutable_data();
    for (std::size_t i = 0; i < states_.size(); ++i)
      p[i] = states_[i].sample_legal_action(rng_);  // numbers only the play drawn
    return out;
  }
  /// Applies actions[i] to game i; returns (observations, returns [n, 2], done flags).
  py::tuple step(const Array& actions) {
    const std::vector<int> a = step_actions(actions, states_.size());
    py::array_t<double> rewards({static_cast<py::ssize_t>(states_.size()), py::ssize_t{2}});
    py::array_t<bool> done(static_cast<py::ssize_t>(states_.size()));
    double* rw = rewards.mutable_data();
    bool* dn = done.mutable_data();
    // Every action is checked before any is applied, so that a bad one anywhere changes nothing
    // (the random stream included).
    actions_.resize(states_.size());
    for (std::size_t i = 0; i < states_.size(); ++i) {
      Result<bg::Action> act = states_[i].to_action(a[i]);
      if (!act) {
        Error why = act.error();
        why.where = "game " + std::to_string(i) + ": " + why.where;
        raise(why);
      }
      actions_[i] = *act;
    }
    py::array_t<float> obs({static_cast<py::ssize_t>(states_.size()), static_cast<py::ssize_t>(bg::kObservationSize)});
    float* o = obs.mutable_data();
    {
      py::gil_scoped_release release;
      for (std::size_t i = 0; i < states_.size(); ++i) {
        bg::State& s = states_[i];
        s.apply_legal_action(actions_[i]);
        bg_resolve_chance(s, rng_);
        const auto r = s.returns();
        rw[2 * i] = r[0];
        rw[2 * i + 1] = r[1];
        dn[i] = s.is_terminal();
        if (dn[i]) {
          // per-game returns: the session's next game at the new score, until the session is over
          if (s.session_over() || !s.next_game().has_value()) s = proto_;
          bg_resolve_chance(s, rng_);
        }
        s.observation_tensor(std::span<float>(o + i * bg::kObservationSize, bg::kObservationSize));
      }
    }
    return py::make_tuple(obs, rewards, done);
  }
  const bg::State& state(const Int& i) const {
    return states_[static_cast<std::size_t>(in_range(i, "index", 0, size() - 1))];
  }

 private:
  bg::State proto_;
  Rng rng_;
  std::vector<bg::State> states_;
  std::vector<bg::Action> actions_;  // the checked actions of a step
};

/// The Xgid of a State's match: its position and fields, the cap as the cube limit, the beaver flag.
std::string state_xgid(const bg::State& s) {
  const auto& r = s.match().rules();
  return bg::format_xgid(bg::id_position(s.match()), bg::match_id_fields(s.match()), bg::xgid_cube_limit(r),
                         r.beavers > 0 && !r.is_match());
}

/// Match ID fields from Python, checked before they are written.
const bg::MatchIdFields& checked_fields(const bg::MatchIdFields& f) {
  check(bg::validate(f));
  return f;
}

/// A real argument `name` in 0..1 (NaN refused).
double unit(double v, const char* name) {
  if (v >= 0.0 && v <= 1.0) return v;
  raise(make_error(ErrorCode::out_of_range, std::string(name) + " must be in 0..1, not " + std::to_string(v), name));
}
/// A score's away (points still needed): 1..32767 (beyond 64-away the tables are flat).
int away_of(const Int& v, const char* name) { return in_range(v, name, 1, 32767); }
/// A player 0 or 1.
int player_of(const Int& v, const char* name) { return in_range(v, name, 0, 1); }
/// The crawford flag of a score away0-away / away1-away: the Crawford game is played only when a
/// player is 1-away (BG-10.2); crawford=True at another score is refused, not ignored.
bool crawford_of(bool crawford, int away0, int away1) {
  if (crawford && away0 != 1 && away1 != 1)
    raise(make_error(ErrorCode::out_of_range,
                     "crawford=True at " + std::to_string(away0) + "-away/" + std::to_string(away1) +
                         "-away: the Crawford game is played when a player is 1-away (BG-10.2)",
                     "crawford"));
  return crawford;
}
/// A cube value: a power of two, 1 .. kMaxCubeValue (BG-8: the cube doubles from 1).
int cube_of(const Int& v) {
  const int c = in_range(v, "cube_value", 1, bg::kMaxCubeValue);
  if ((c & (c - 1)) != 0)
    raise(make_error(ErrorCode::out_of_range,
                     "cube_value must be a power of two (1, 2, 4, ...), not " + std::to_string(c), "cube_value"));
  return c;
}
/// GammonRates with every rate in 0..1 and each player's gammon + backgammon at most 1.
bg::GammonRates checked_rates(const bg::GammonRates& r) {
  for (int k = 0; k < 2; ++k) {
    const auto u = static_cast<std::size_t>(k);
    unit(r.gammon[u], "gammon");
    unit(r.backgammon[u], "backgammon");
    if (r.gammon[u] + r.backgammon[u] > 1.0)
      raise(make_error(ErrorCode::out_of_range,
                       "player " + std::to_string(k) + "'s gammon and backgammon rates add up to more than 1",
                       "rates"));
  }
  return r;
}

// Match equity (game/match_equity.hpp, game/match_cube.hpp, formats/met_xml.hpp): tables, MWC, cube points.
void bind_match_equity(py::module_& m) {
  py::class_<bg::MatchEquityTable>(
      m, "MatchEquityTable",
      "A match equity table: player 0's winning chances at every score to 64-away, before the Crawford game "
      "(the Crawford game's row is 1-away) and after it (one row per player as trailer), as GNU Backgammon 1.07 "
      "builds and extends it. From default_met(), read_met() or parse_met().")
      .def_property_readonly("name", &bg::MatchEquityTable::name, "The table's name.")
      .def_property_readonly("description", &bg::MatchEquityTable::description, "The table's description.")
      .def_property_readonly("length", &bg::MatchEquityTable::length,
                             "The scores its file gives (25 for Kazaross-XG2; 0 for a computed table); the rest "
                             "is extended.")
      .def(
          "pre_crawford",
          [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1) {
            return t.pre_crawford(away_of(a0, "away0"), away_of(a1, "away1"));
          },
          py::arg("away0"), py::arg("away1"),
          "Player 0's chances (a float32 figure) at away0-away against away1-away before or in the Crawford game.")
      .def(
          "post_crawford",
          [](const bg::MatchEquityTable& t, const Int& trailer, const Int& away) {
            return t.post_crawford(player_of(trailer, "trailer"), away_of(away, "away"));
          },
          py::arg("trailer"), py::arg("away"),
          "The chances of `trailer` (0 or 1) at away-away against the 1-away leader after the Crawford game.")
      .def("__repr__", [](const bg::MatchEquityTable& t) { return "<MatchEquityTable '" + t.name() + "'>"; })
      .def("__copy__", [](const bg::MatchEquityTable& t) { return t; })
      .def("__deepcopy__", [](const bg::MatchEquityTable& t, py::dict) { return t; });

  py::class_<bg::GammonRates>(m, "GammonRates",
                              "How each player's wins end: gammon[k] the share of player k's wins that are gammons "
                              "(not backgammons), backgammon[k] the share that are backgammons.")
      .def(py::init([](std::array<double, 2> gammon, std::array<double, 2> backgammon) {
             return checked_rates(bg::GammonRates{gammon, backgammon});
           }),
           py::arg("gammon") = std::array<double, 2>{0.0, 0.0}, py::arg("backgammon") = std::array<double, 2>{0.0, 0.0},
           "Rates in 0..1, gammon[k] + backgammon[k] <= 1; boardrules.Error otherwise. The defaults are 0: "
           "GammonRates() is a game that never ends in a gammon or a backgammon; give the rates of the position (an "
           "evaluation's) for anything else.")
      .def_property_readonly(
          "gammon", [](const bg::GammonRates& r) { return r.gammon; }, "[player 0's, player 1's]")
      .def_property_readonly(
          "backgammon", [](const bg::GammonRates& r) { return r.backgammon; }, "[player 0's, player 1's]")
      .def("__repr__", [](const bg::GammonRates& r) {
        return "GammonRates(gammon=(" + py::repr(py::float_(r.gammon[0])).cast<std::string>() + ", " +
               py::repr(py::float_(r.gammon[1])).cast<std::string>() + "), backgammon=(" +
               py::repr(py::float_(r.backgammon[0])).cast<std::string>() + ", " +
               py::repr(py::float_(r.backgammon[1])).cast<std::string>() + "))";
      });

  m.def(
      "default_met", []() { return bg::default_met(); },
      "The built-in table: Kazaross-XG2, GNU Backgammon's default (a copy).");
  m.def(
      "read_met", [](const std::string& path) { return take(bg::read_met(path)); }, py::arg("path"),
      "The GNU Backgammon match equity table file (met/*.xml: explicit, zadeh or mec) at path; boardrules.Error "
      "says what and where (code 'io' for a file that cannot be read; 'syntax', 'corrupted', 'out_of_range' with "
      "the line in the message and the byte offset in .offset).");
  m.def(
      "parse_met", [](const std::string& text, const std::string& where) { return take(bg::parse_met(text, where)); },
      py::arg("text"), py::arg("where") = "met",
      "The table of a GNU Backgammon MET file's text; `where` names it in errors (see read_met).");
  m.def(
      "match_winning_chances",
      [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1, bool crawford, const Int& player) {
        const int away0 = in_range(a0, "away0", -32767, 32767), away1 = in_range(a1, "away1", -32767, 32767);
        return bg::match_winning_chances(t, away0, away1, crawford_of(crawford, away0, away1),
                                         player_of(player, "player"));
      },
      py::arg("met"), py::arg("away0"), py::arg("away1"), py::arg("crawford") = false, py::arg("player") = 0,
      "The match winning chances of `player` at the start of a game at away0-away / away1-away (away = length - "
      "score): the Crawford game when `crawford` and a player is 1-away, post-Crawford when a player is 1-away "
      "without it; 1 or 0 when an away is 0 or less (the match won). GNU Backgammon's getMEAtScore.");
  m.def(
      "match_winning_chances_after",
      [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1, const Int& winner, const Int& points,
         const Int& player) {
        return bg::match_winning_chances_after(t, away_of(a0, "away0"), away_of(a1, "away1"),
                                               player_of(winner, "winner"), in_range(points, "points", 0, 1 << 30),
                                               player_of(player, "player"));
      },
      py::arg("met"), py::arg("away0"), py::arg("away1"), py::arg("winner"), py::arg("points"), py::arg("player") = 0,
      "The match winning chances of `player` after a game started at away0-away / away1-away ends with `winner` "
      "scoring `points` (post-Crawford when a player was 1-away). GNU Backgammon's getME.");
  m.def(
      "match_cubeful_mwc",
      [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1, bool crawford, const Int& cube, const Int& owner,
         const Int& player, double p, const bg::GammonRates& rates, double x) {
        const int away0 = away_of(a0, "away0"), away1 = away_of(a1, "away1");
        return bg::match_cubeful_mwc(t, away0, away1, crawford_of(crawford, away0, away1), cube_of(cube),
                                     in_range(owner, "cube_owner", -1, 1), player_of(player, "player"), unit(p, "p"),
                                     checked_rates(rates), unit(x, "x"));
      },
      py::arg("met"), py::arg("away0"), py::arg("away1"), py::arg("crawford"), py::arg("cube_value"),
      py::arg("cube_owner"), py::arg("player"), py::arg("p"), py::arg("rates"), py::arg("x"),
      "The cubeful match winning chances of `player` on roll with cubeless winning chances p and gammon rates "
      "`rates`, the cube at cube_value held by cube_owner (-1 centered), cube efficiency x: GNU Backgammon's 0-ply "
      "conversion (Cl2CfMatch), (1 - x) * the dead-cube MWC + x * a live-cube MWC linear between the cash points.");
  m.def(
      "match_take_point",
      [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1, bool crawford, const Int& cube, const Int& taker,
         const bg::GammonRates& rates, double x) {
        const int away0 = away_of(a0, "away0"), away1 = away_of(a1, "away1");
        return bg::match_take_point(t, away0, away1, crawford_of(crawford, away0, away1), cube_of(cube),
                                    player_of(taker, "taker"), checked_rates(rates), unit(x, "x"));
      },
      py::arg("met"), py::arg("away0"), py::arg("away1"), py::arg("crawford"), py::arg("cube_value"), py::arg("taker"),
      py::arg("rates") = bg::GammonRates{}, py::arg("x") = 0.0,
      "The take point of `taker` facing a double of the cube at cube_value, in the taker's winning chances, with "
      "cube efficiency x (0 dead cube, 1 GNU Backgammon's live cube); rates default to no gammons "
      "(GammonRates()); None in the Crawford game and at a cube of "
      "32768, which no double can pass (BG-8.5).");
  m.def(
      "match_double_point",
      [](const bg::MatchEquityTable& t, const Int& a0, const Int& a1, bool crawford, const Int& cube,
         const Int& doubler, bool centered, const bg::GammonRates& rates, double x) {
        const int away0 = away_of(a0, "away0"), away1 = away_of(a1, "away1");
        return bg::match_double_point(t, away0, away1, crawford_of(crawford, away0, away1), cube_of(cube),
                                      player_of(doubler, "doubler"), centered, checked_rates(rates), unit(x, "x"));
      },
      py::arg("met"), py::arg("away0"), py::arg("away1"), py::arg("crawford"), py::arg("cube_value"),
      py::arg("doubler"), py::arg("centered"), py::arg("rates") = bg::GammonRates{}, py::arg("x") = 0.0,
      "The doubling point of `doubler` on roll (centered: an initial double, else a redouble) with cube efficiency "
      "x (rates default to no gammons, GammonRates()): the least cubeless winning chance at which doubling, "
      "taken, is worth as much as not doubling by "
      "match_cubeful_mwc (GNU Backgammon's 0-ply cube decision). None when the doubler may not double (the "
      "Crawford game, the post-Crawford leader, a cube that already wins it the match, a cube of 32768, which no "
      "double can pass) or doubling is never right.");
}

void bind_backgammon(py::module_& m) {
  py::class_<bg::Position>(m, "Position", "A backgammon position seen from the side to move (the Mover).")
      .def_static("start", &bg::Position::start, "The starting position (BG-1.4).")
      .def_static(
          "from_id", [](const std::string& id) { return take(bg::parse_position_id<bg::Standard>(id)); }, py::arg("id"),
          "The position of a GNUbg Position ID (14 characters); boardrules.Error if it is none.")
      .def(
          "id", [](const bg::Position& p) { return bg::format_position_id(p); }, "The GNUbg Position ID.")
      .def(
          "draw", [](const bg::Position& p) { return bg::draw(p); },
          "An ASCII drawing of the position with pip counts (the side to move at the bottom).")
      .def("flipped", &bg::Position::flipped, "The same position seen from the other side.")
      .def(
          "mover", [](const bg::Position& p, const Int& point) { return bg_count(p, bg::Side::Mover, point); },
          py::arg("point"), "Checkers of the side to move on `point` (its numbering: 1..24, 25 the bar, 0 off).")
      .def(
          "opponent", [](const bg::Position& p, const Int& point) { return bg_count(p, bg::Side::Opponent, point); },
          py::arg("point"), "Checkers of the other side on `point` (its own numbering: 1..24, 25 the bar, 0 off).")
      .def(
          "pips",
          [](const bg::Position& p) { return std::make_pair(p.pips(bg::Side::Mover), p.pips(bg::Side::Opponent)); },
          "(pips of the side to move, pips of the other side).")
      .def(py::self == py::self)
      .def("__hash__", [](const bg::Position& p) { return p.hash(); })
      .def("__repr__", [](const bg::Position& p) { return "Position('" + bg::format_position_id(p) + "')"; })
      .def(py::pickle([](const bg::Position& p) { return bg::format_position_id(p); },
                      [](const std::string& id) { return take(bg::parse_position_id<bg::Standard>(id)); }));

  py::class_<bg::Play>(m, "Play", "A play: up to four single-die checker steps.")
      .def_property_readonly(
          "steps",
          [](const bg::Play& p) {
            std::vector<std::tuple<int, int, bool>> s;
            for (std::size_t i = 0; i < p.size; ++i) s.emplace_back(p.from[i], p.to[i], ((p.hits >> i) & 1u) != 0);
            return s;
          },
          "(from, to, hit) per step; 25 = bar, 0 = off")
      .def(py::self == py::self)
      .def("__str__", &play_text)
      .def("__repr__", [](const bg::Play& p) { return "Play('" + play_text(p) + "')"; });

  m.def(
      "legal_plays",
      [](const bg::Position& p, const Int& d1, const Int& d2) {
        bg::PlayList list;
        bg::generate_plays(p, make_dice(d1, d2), list);
        return std::vector<bg::Play>(list.begin(), list.end());
      },
      py::arg("position"), py::arg("d1"), py::arg("d2"),
      "The distinct legal plays of a throw (BG-3.9); [] when there is none (the turn passes).");
  m.def(
      "apply",
      [](const bg::Position& p, const bg::Play& play) {
        check_play(p, std::nullopt, play);
        return bg::apply(p, play).flipped();
      },
      py::arg("position"), py::arg("play"),
      "The position after a play legal in `position` (for some throw), seen from the other side (who moves "
      "next); boardrules.Error for any other play.");
  m.def(
      "perft",
      [](const bg::Position& p, const Int& depth) {
        const int d = in_range(depth, "depth", 0, 4);
        py::gil_scoped_release release;
        return bg::perft(p, d);
      },
      py::arg("position"), py::arg("depth"), "Leaf count of the play tree over every throw, `depth` plies (0..4).");
  m.def(
      "encode_play",
      [](const bg::Position& p, const Int& d1, const Int& d2, const bg::Play& play) {
        const bg::Dice dice = make_dice(d1, d2);
        check_play(p, dice, play);
        return bg::encode_play(p, dice, play);
      },
      py::arg("position"), py::arg("d1"), py::arg("d2"), py::arg("play"),
      "The action number of a legal play of the throw d1-d2 (actions.hpp); -1 for the empty play of a throw "
      "without one; boardrules.Error for a play of another throw or position.");
  m.def(
      "parse_play",
      [](const bg::Position& p, const Int& d1, const Int& d2, const std::string& text) {
        return take(bg::parse_play(p, make_dice(d1, d2), text));
      },
      py::arg("position"), py::arg("d1"), py::arg("d2"), py::arg("text"),
      "The legal play of the throw that move text means ('24/18 13/11', '8/5(2)', 'bar/22*'; GNU Backgammon's "
      "notation); boardrules.Error says which part is wrong.");
  m.def(
      "format_play",
      [](const bg::Position& p, const bg::Play& play) {
        check_play(p, std::nullopt, play);
        return bg::format_play(p, play);
      },
      py::arg("position"), py::arg("play"),
      "A legal play of `position` as GNU Backgammon writes it ('24/18 13/11', '6/off(3)'); '' for the empty play.");

  py::class_<bg::MatchIdFields>(m, "MatchIdFields",
                                "The fields of a GNU Backgammon Match ID (players 0 and 1; checked when written).")
      .def(py::init<>(), "A centered cube of 1, player 0 on roll, a game being played, money play.")
      .def_readwrite("cube_value", &bg::MatchIdFields::cube_value, "a power of two, 1..32768")
      .def_readwrite("cube_owner", &bg::MatchIdFields::cube_owner, "-1 centered, else the owner 0 or 1")
      .def_readwrite("on_roll", &bg::MatchIdFields::on_roll, "the player on roll, or who did roll")
      .def_readwrite("crawford", &bg::MatchIdFields::crawford, "this game is the Crawford game")
      .def_property(
          "game_state", [](const bg::MatchIdFields& f) { return static_cast<int>(f.state); },
          [](bg::MatchIdFields& f, const Int& v) {
            f.state = static_cast<bg::MatchIdGameState>(in_range(v, "game_state", 0, 4));
          },
          "0 no game, 1 playing, 2 over, 3 resigned, 4 dropped")
      .def_readwrite("turn", &bg::MatchIdFields::turn, "the player to make the next decision")
      .def_readwrite("doubled", &bg::MatchIdFields::doubled, "a double is offered (turn: the player to take or pass)")
      .def_readwrite("resigned", &bg::MatchIdFields::resigned, "0 none, 1 single, 2 gammon, 3 backgammon offered")
      .def_readwrite("die1", &bg::MatchIdFields::die1, "0 when not rolled, else 1..6")
      .def_readwrite("die2", &bg::MatchIdFields::die2, "0 when not rolled, else 1..6")
      .def_readwrite("match_length", &bg::MatchIdFields::match_length, "0 = money play")
      .def_property(
          "score", [](const bg::MatchIdFields& f) { return std::make_pair(f.score[0], f.score[1]); },
          [](bg::MatchIdFields& f, const std::pair<Int, Int>& v) {
            f.score = {in_range(v.first, "score 0", 0, bg::kMaxIdScore),
                       in_range(v.second, "score 1", 0, bg::kMaxIdScore)};
          },
          "(player 0's score, player 1's score)")
      .def_readwrite("jacoby", &bg::MatchIdFields::jacoby, "the Jacoby rule is in force (money play)")
      .def(py::self == py::self)
      .def("__repr__", [](const bg::MatchIdFields& f) {
        return bg::validate(f).has_value() ? "MatchIdFields('" + bg::format_match_id(f) + "')"
                                           : std::string("MatchIdFields(<invalid>)");
      });
  m.def(
      "parse_match_id", [](const std::string& id) { return take(bg::parse_match_id(id)); }, py::arg("id"),
      "The fields of a 12-character Match ID; boardrules.Error names the field at fault.");
  m.def(
      "format_match_id", [](const bg::MatchIdFields& f) { return bg::format_match_id(checked_fields(f)); },
      py::arg("fields"), "The 12-character Match ID of the fields (checked first: boardrules.Error if invalid).");
  m.def(
      "parse_gnubg_id",
      [](const std::string& id) {
        auto g = take(bg::parse_gnubg_id<bg::Standard>(id));
        return std::make_pair(g.position, g.fields);
      },
      py::arg("id"), "(Position seen from the player on roll, MatchIdFields) of a GNUbg ID 'PositionID:MatchID'.");
  m.def(
      "format_gnubg_id",
      [](const bg::Position& p, const bg::MatchIdFields& f) { return bg::format_gnubg_id(p, checked_fields(f)); },
      py::arg("position"), py::arg("fields"),
      "The GNUbg ID 'PositionID:MatchID' (`position` seen from fields.on_roll; the fields are checked).");
  m.def(
      "parse_xgid",
      [](const std::string& text) {
        auto x = take(bg::parse_xgid<bg::Standard>(text));
        return py::make_tuple(x.position, x.fields, x.max_cube_log2, x.beavers);
      },
      py::arg("text"),
      "(Position seen from the player on roll, MatchIdFields, log2 of the cube limit, beavers allowed) of an "
      "XGID (with or without 'XGID='); boardrules.Error names the field.");
  m.def(
      "format_xgid",
      [](const bg::Position& p, const bg::MatchIdFields& f, const Int& max_cube_log2, bool beavers) {
        const int lg = in_range(max_cube_log2, "max_cube_log2", 0, 15);
        return bg::format_xgid(p, checked_fields(f), lg, beavers);
      },
      py::arg("position"), py::arg("fields"), py::arg("max_cube_log2") = 10, py::arg("beavers") = false,
      "The XGID ('XGID=...') of `position` (seen from fields.on_roll) and the fields (checked).");
  bind_match_equity(m);
  m.attr("NUM_DISTINCT_ACTIONS") = bg::kNumDistinctActions;
  m.attr("MAX_CHANCE_OUTCOMES") = bg::kMaxChanceOutcomes;
  m.attr("OBSERVATION_SIZE") = bg::kObservationSize;
  m.attr("CHANCE_PLAYER") = boardrules::kChancePlayer;
  m.attr("TERMINAL_PLAYER") = boardrules::kTerminalPlayer;
  m.attr("ACTION_NO_DOUBLE") = bg::kActionNoDouble;
  m.attr("ACTION_DOUBLE") = bg::kActionDouble;
  m.attr("ACTION_TAKE") = bg::kActionTake;
  m.attr("ACTION_DROP") = bg::kActionDrop;
  m.attr("ACTION_BEAVER") = bg::kActionBeaver;
  m.attr("ACTION_ACCEPT") = bg::kActionAccept;
  m.attr("ACTION_REJECT") = bg::kActionReject;

  py::class_<bg::State>(m, "State", "The game-playing interface (OpenSpiel style) over a match or money play.")
      .def(py::init([](const Int& match_length, const Int& money_games, bool resignations, bool crawford, bool jacoby,
                       const Int& beavers, const Int& cube_cap, const Int& auto_doubles, bool bg_as_gammon,
                       const std::string& returns) {
             return take(bg::State::make(
                 make_rules(match_length, crawford, jacoby, beavers, cube_cap, auto_doubles, bg_as_gammon),
                 make_options(resignations, money_games, returns)));
           }),
           py::arg("match_length") = 0, py::arg("money_games") = 1, py::arg("resignations") = false,
           py::arg("crawford") = true, py::arg("jacoby") = false, py::arg("beavers") = 0, py::arg("cube_cap") = 0,
           py::arg("auto_doubles") = 0, py::arg("bg_as_gammon") = false, py::arg("returns") = "session",
           "A match to match_length points (1..32767), or money play (0) of money_games games (1..2147483). "
           "crawford: the "
           "Crawford rule (BG-10.2); money play only: jacoby (BG-9.2), beavers (beavers and raccoons allowed in a "
           "row, 0..255, BG-9.4), auto_doubles (automatic doubles per game, 0..15, BG-9.1); cube_cap: the highest "
           "cube (0 none, else a power of two, BG-8.5); bg_as_gammon: a backgammon scores as a gammon (BG-7.6). "
           "returns: 'session' (the whole match: +1/-1, or the money games' points), 'points' (each game an "
           "episode: its points; next_game() goes on at the new score) or 'equity' (each game of a match an "
           "episode: the change of match winning chances by the table).")
      .def_static(
          "from_string", [](const std::string& text) { return take(bg::State::from_string(text)); }, py::arg("text"),
          "The state of a to_string() text (a GNUbg ID and the words after it: the rules, options and state the ID "
          "does not hold).")
      .def_static(
          "from_xgid",
          [](const std::string& text) {
            const auto x = take(bg::parse_xgid<bg::Standard>(text));
            return take(bg::State::from_string(bg::format_gnubg_id(x.position, x.fields), bg::xgid_rules(x)));
          },
          py::arg("text"),
          "The state of an XGID: its match length, Jacoby rule, beavers and cube limit (the Crawford rule on in a "
          "match).")
      .def("current_player", &bg::State::current_player,
           "The player to decide (0 or 1), CHANCE_PLAYER at a throw, TERMINAL_PLAYER at the end.")
      .def("is_terminal", &bg::State::is_terminal, "True when the match (or the money games) is over.")
      .def("is_chance_node", &bg::State::is_chance_node, "True when the dice are to be thrown.")
      .def("legal_actions", &bg_legal, "The legal decisions, increasing; [] at a chance node (see chance_outcomes).")
      .def(
          "legal_actions_mask",
          [](const bg::State& s) {
            return mask_of<bg::State>([&](bool* p) {
              bg::ActionIdList ids;
              s.legal_actions(ids, bg::ActionOrder::Generated);
              for (const int a : ids) p[a] = true;
            });
          },
          "bool[NUM_DISTINCT_ACTIONS]: True at the legal decisions.")
      .def("chance_outcomes", &chance_list<bg::State>, "[(action, probability)] at a chance node, else [].")
      .def(
          "sample_legal_action", [](const bg::State& s, Rng& rng) { return s.sample_legal_action(rng); },
          py::arg("rng"), "A legal decision drawn uniformly with rng; -1 at a chance node or the end.")
      .def(
          "apply_action", [](bg::State& s, const Int& a) { check(s.apply_action(any_int(a, "action"))); },
          py::arg("action"),
          "Applies a legal decision or chance outcome; boardrules.Error with the reason otherwise (state unchanged).")
      .def(
          "returns",
          [](const bg::State& s) {
            const auto r = s.returns();
            return std::vector<double>(r.begin(), r.end());
          },
          "[player 0's, player 1's] returns at the end (0 before): the match +1/-1 or the money games' points; "
          "with per-game returns the game's points or change of match winning chances.")
      .def(
          "next_game", [](bg::State& s) { check(s.next_game()); },
          "Per-game returns: from the end of a game, the session's next game at the new score (boardrules.Error "
          "with returns='session', while the game is played and once the session is over).")
      .def("session_over", &bg::State::session_over,
           "True when the match is won or the money games are played (with per-game returns is_terminal() is "
           "True at the end of each game).")
      .def(
          "action_to_string", [](const bg::State& s, const Int& a) { return s.action_to_string(any_int(a, "action")); },
          py::arg("action"), "The text of an action in this state ('illegal N' for a number legal nowhere here).")
      .def(
          "string_to_action", [](const bg::State& s, const std::string& t) { return take(s.string_to_action(t)); },
          py::arg("text"), "The number of the legal action whose text action_to_string gives.")
      .def("to_string", &bg::State::to_string,
           "The state as text (GNUbg ID and words); from_string reads it back and pickling uses it.")
      .def("__str__", &bg::State::to_string)
      .def(
          "gnubg_id", [](const bg::State& s) { return bg::format_gnubg_id(s.match()); },
          "The GNUbg ID 'PositionID:MatchID' of the match.")
      .def(
          "match_id", [](const bg::State& s) { return bg::format_match_id(s.match()); },
          "The 12-character Match ID of the match.")
      .def("xgid", &state_xgid, "The XGID of the match (what an XGID cannot hold is dropped).")
      .def("observation_tensor", &bg_observation, py::arg("player") = py::none(),
           "float32[210] (observation.hpp), from `player`'s perspective (0 or 1; None: the player to act).")
      .def("observer", &bg::State::observer, "The player observation_tensor() takes the perspective of by default.")
      .def(
          "clone", [](const bg::State& s) { return s; }, "A copy.")
      .def("__copy__", [](const bg::State& s) { return s; })
      .def("__deepcopy__", [](const bg::State& s, py::dict) { return s; })
      .def(py::pickle([](const bg::State& s) { return s.to_string(); },
                      [](const std::string& text) { return take(bg::State::from_string(text)); }))
      .def(
          "num_distinct_actions", [](const bg::State&) { return bg::kNumDistinctActions; },
          "NUM_DISTINCT_ACTIONS: decisions are numbered 0 .. this - 1.")
      .def(
          "max_chance_outcomes", [](const bg::State&) { return bg::kMaxChanceOutcomes; },
          "MAX_CHANCE_OUTCOMES: chance outcomes are numbered 0 .. this - 1.")
      .def("max_game_length", &bg::State::max_game_length,
           "1000 nodes per game the state can last (an approximation: a game has no bound).")
      .def(
          "observation_size", [](const bg::State&) { return bg::State::observation_size(); }, "OBSERVATION_SIZE (210).")
      .def(
          "observation_shape",
          [](const bg::State&) { return std::vector<int>{static_cast<int>(bg::kObservationSize)}; },
          "[OBSERVATION_SIZE].")
      .def(
          "position", [](const bg::State& s) { return s.game().position(); },
          "The position seen from the player on roll.")
      .def(
          "on_roll", [](const bg::State& s) { return s.game().on_roll(); }, "The player on roll (0 or 1).")
      .def(
          "dice",
          [](const bg::State& s) -> std::optional<std::pair<int, int>> {
            if (!s.game().dice_rolled()) return std::nullopt;
            return std::make_pair(s.game().dice().d1(), s.game().dice().d2());
          },
          "The dice of the current throw (d1, d2), high die first after the opening throw (BG-3.1); None while no "
          "throw is current: before the opening throw, at the start of a turn and at a cube decision.")
      .def(
          "cube", [](const bg::State& s) { return std::make_pair(s.game().cube().value(), s.game().cube().owner()); },
          "(cube value, owner: -1 centered, else 0 or 1).")
      .def(
          "score", [](const bg::State& s) { return std::make_pair(s.match().score()[0], s.match().score()[1]); },
          "(player 0's score, player 1's score).");

  // after State, so that its signature names the class
  m.def(
      "record_decisions",
      [](const std::string& text, const std::string& format, bool crawford, bool jacoby, const Int& beavers) {
        if (format != "mat" && format != "sgf")
          raise(make_error(ErrorCode::usage, "format is 'mat' or 'sgf', not '" + format + "'", "format"));
        bg::SessionRules rules;  // what a .mat record does not say (its header tags override it)
        rules.crawford = crawford;
        rules.jacoby = jacoby;
        rules.beavers = in_range(beavers, "beavers", 0, bg::kMaxBeavers);
        const bg::MatchRecord record = take(format == "mat" ? bg::parse_mat(text, rules) : bg::parse_sgf(text, rules));
        const auto decisions = take(bg::record_decisions(record));
        std::vector<std::tuple<py::array_t<float>, int, bg::State>> out;
        out.reserve(decisions.size());
        for (const auto& d : decisions) out.emplace_back(bg_observation(d.state, std::nullopt), d.action, d.state);
        return out;
      },
      py::arg("text"), py::arg("format") = "mat", py::arg("crawford") = true, py::arg("jacoby") = false,
      py::arg("beavers") = 0,
      "Every decision of a .mat or .sgf match record as (observation of the player to act, action, "
      "the State before it), for training; the record is replayed and checked (boardrules.Error says where it is "
      "wrong). beavers: the beavers allowed in a row (0..255), which neither format holds.");
  py::class_<BgVector>(m, "VectorState", "n games stepped together; chance is sampled inside, finished games restart.")
      .def(py::init([](const Int& n, const Int& seed, const Int& match_length, const Int& money_games,
                       bool resignations, const Int& cube_cap, bool crawford, bool jacoby, const Int& beavers,
                       const Int& auto_doubles, bool bg_as_gammon, const std::string& returns) {
             const int count = vector_size(n, sizeof(bg::State) + sizeof(bg::Action));
             const bg::SessionRules rules =
                 make_rules(match_length, crawford, jacoby, beavers, cube_cap, auto_doubles, bg_as_gammon);
             const bg::StateOptions options = make_options(resignations, money_games, returns);
             (void)take(bg::State::make(rules, options));  // the options checked against the rules
             return BgVector(count, seed_of(seed), rules, options);
           }),
           py::arg("n"), py::arg("seed") = 0, py::arg("match_length") = 0, py::arg("money_games") = 1,
           py::arg("resignations") = false, py::arg("cube_cap") = 0, py::arg("crawford") = true,
           py::arg("jacoby") = false, py::arg("beavers") = 0, py::arg("auto_doubles") = 0,
           py::arg("bg_as_gammon") = false, py::arg("returns") = "session",
           "n games (1..4194304) seeded with seed (0..2**64-1); the rules and options as State's; cube_cap=1 turns "
           "the cube off (checker play only). With per-game returns ('points', 'equity') a game that ends is "
           "followed by its session's next game at the new score, a new session once it is over.")
      .def("__len__", &BgVector::size)
      .def("observations", &BgVector::observations, "float32[n, 210]")
      .def("current_players", &BgVector::current_players, "int32[n]: the player to decide in each game.")
      .def("legal_actions", &BgVector::legal_actions, "a list of n lists of action numbers")
      .def("legal_actions_mask", &BgVector::legal_actions_mask, "bool[n, NUM_DISTINCT_ACTIONS]")
      .def("sample_legal_actions", &BgVector::sample_legal_actions, "a random legal action per game, int32[n]")
      .def("step", &BgVector::step, py::arg("actions"),
           "Applies n integer actions (1-d); returns (observations float32[n, 210], returns float64[n, 2] of the "
           "games that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing.")
      .def(
          "state", [](const BgVector& v, const Int& i) { return v.state(i); }, py::arg("index"),
          "A copy of game i's State.");
}

// ------------------------------------------------------------------------------------- warri
namespace wa = boardrules::warri;

/// The cycle options of `cycle_rule` and `plies`: plies (1.., by default 100) only with the
/// rule 'plies', the only one that counts them (WA-4.3); given with another rule it is refused.
wa::CycleOptions cycle_options(const std::string& rule, const std::optional<Int>& plies_arg) {
  if (plies_arg && rule != "plies")
    raise(make_error(
        ErrorCode::usage,
        "plies counts the plies without a capture of cycle_rule='plies' (WA-4.3); cycle_rule is '" + rule + "'",
        "plies"));
  const int plies = plies_arg ? in_range(*plies_arg, "plies", 1, INT_MAX) : wa::CycleOptions{}.plies;
  wa::CycleOptions o;
  if (rule == "first") o.rule = wa::CycleRule::FirstRepetition;
  else if (rule == "threefold") o.rule = wa::CycleRule::Threefold;
  else if (rule == "plies") o.rule = wa::CycleRule::NoCapturePlies;
  else
    raise(make_error(ErrorCode::out_of_range, "cycle_rule is 'first', 'threefold' or 'plies', not '" + rule + "'",
                     "cycle_rule"));
  o.plies = plies;
  return o;
}

template <class R>
void bind_warri_variant(py::module_& m, const char* pos_name, const char* state_name, const char* vec_name) {
  using P = wa::BasicPosition<R>;
  using S = wa::BasicState<R>;
  py::class_<P>(m, pos_name, "A Warri position (WA-1): 12 houses, 2 stores, the side to move.")
      .def_static(
          "start",
          [](const Int& first) {
            return P::start(in_range(first, "first", 0, 1) == 1 ? wa::Player::North : wa::Player::South);
          },
          py::arg("first") = 0, "The starting position (WA-1), South (0) or North (1) to move first.")
      .def_static(
          "from_string", [](const std::string& t) { return take(wa::parse_position<R>(t)); }, py::arg("text"),
          "The position of a WA-7.1 text; boardrules.Error says which part is wrong.")
      .def(
          "to_string", [](const P& p) { return wa::format_position(p); }, "The WA-7.1 text.")
      .def(
          "draw", [](const P& p) { return wa::draw(p); }, "An ASCII drawing of the board.")
      .def(py::pickle([](const P& p) { return wa::format_position(p); },
                      [](const std::string& t) { return take(wa::parse_position<R>(t)); }))
      .def(
          "houses",
          [](const P& p) {
            std::vector<int> h;
            for (int i = 0; i < wa::kHouses; ++i) h.push_back(p.house(i));
            return h;
          },
          "The 12 house counts: 0-5 South's a-f, 6-11 North's A-F.")
      .def(
          "stores", [](const P& p) { return std::make_pair(p.store(wa::Player::South), p.store(wa::Player::North)); },
          "(South's store, North's store).")
      .def(
          "to_move", [](const P& p) { return static_cast<int>(p.to_move()); }, "The player to move: 0 South, 1 North.")
      .def(py::self == py::self)
      .def("__hash__", [](const P& p) { return p.hash(); })
      .def("__repr__", [pos_name](const P& p) { return std::string(pos_name) + "('" + wa::format_position(p) + "')"; });
  m.def(
      "legal_moves",
      [](const P& p) {
        wa::MoveList l;
        wa::generate_moves(p, l);
        std::vector<int> out;
        for (const auto mv : l) out.push_back(mv.house);
        return out;
      },
      py::arg("position"), "The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).");
  m.def(
      "apply",
      [](const P& p, const Int& house_arg) {
        const int house = any_int(house_arg, "house");
        wa::MoveList l;
        wa::generate_moves(p, l);
        for (const auto mv : l)
          if (mv.house == house) return wa::apply(p, mv);
        if (house < 0 || house >= wa::kHouses)
          raise(make_error(ErrorCode::out_of_range, "no such house: " + std::to_string(house) + " (houses are 0-11)",
                           "move"));
        const Status why = wa::BasicGame<R, 2>(p).check(wa::Move{static_cast<std::uint8_t>(house)});
        raise(why.has_value() ? make_error(ErrorCode::illegal_action, "the move is not legal", "move") : why.error());
      },
      py::arg("position"), py::arg("house"),
      "The position after sowing a house (refused with the reason when illegal).");
  m.def(
      "perft",
      [](const P& p, const Int& depth) {
        const int d = in_range(depth, "depth", 0, 20);
        py::gil_scoped_release release;
        return wa::perft(p, d);
      },
      py::arg("position"), py::arg("depth"), "Leaf count of the move tree, `depth` plies (0..20).");

  py::class_<S>(m, state_name, "The game-playing interface (OpenSpiel style); actions 0-5 are the mover's houses.")
      .def(py::init([](const std::string& rule, const std::optional<Int>& plies) {
             return S(P::start(), cycle_options(rule, plies));
           }),
           py::arg("cycle_rule") = "first", py::arg("plies") = py::none(),
           "A game from the start; cycle_rule 'first', 'threefold' or 'plies' (the game ends after `plies` plies "
           "without a capture, by default 100, WA-4.3; plies with another rule is refused: it counts nothing there).")
      .def_static(
          "from_string",
          [](const std::string& t, const std::string& rule, const std::optional<Int>& plies) {
            return take(S::from_string(t, cycle_options(rule, plies)));
          },
          py::arg("text"), py::arg("cycle_rule") = "first", py::arg("plies") = py::none(),
          "The state of a to_string() text (the position, the cycle rule and the moves since the last capture); "
          "cycle_rule and plies stand for a text without cycle=.")
      .def("current_player", &S::current_player, "The player to move (0 South, 1 North), TERMINAL_PLAYER at the end.")
      .def("is_terminal", &S::is_terminal, "True when the game is over.")
      .def(
          "is_chance_node", [](const S&) { return false; }, "Always False: Warri has no chance.")
      .def(
          "legal_actions",
          [](const S& s) {
            wa::ActionIdList l;
            s.legal_actions(l);
            return std::vector<int>(l.begin(), l.end());
          },
          "The legal actions, increasing (0-5: the mover's houses).")
      .def(
          "legal_actions_mask",
          [](const S& s) {
            return mask_of<S>([&](bool* p) {
              const unsigned mask = s.legal_mask();
              for (int i = 0; i < 6; ++i) p[i] = ((mask >> i) & 1u) != 0;
            });
          },
          "bool[6]: True at the legal actions.")
      .def("chance_outcomes", &chance_list<S>, "Always []: Warri has no chance.")
      .def(
          "sample_legal_action", [](const S& s, Rng& rng) { return s.sample_legal_action(rng); }, py::arg("rng"),
          "A legal action drawn uniformly with rng; -1 at the end.")
      .def(
          "apply_action", [](S& s, const Int& a) { check(s.apply_action(any_int(a, "action"))); }, py::arg("action"),
          "Applies a legal action; boardrules.Error with the reason otherwise (state unchanged).")
      .def(
          "returns",
          [](const S& s) {
            const auto r = s.returns();
            return std::vector<double>(r.begin(), r.end());
          },
          "[South's, North's] result at the end (+1 win, -1 loss, 0 draw); 0 before.")
      .def(
          "action_to_string", [](const S& s, const Int& a) { return s.action_to_string(any_int(a, "action")); },
          py::arg("action"), "The move letter of an action ('illegal N' outside 0-5).")
      .def(
          "string_to_action", [](const S& s, const std::string& t) { return take(s.string_to_action(t)); },
          py::arg("text"), "The action of a move letter of the mover (or '0'..'5').")
      .def("to_string", &S::to_string, "The state as text; from_string reads it back and pickling uses it.")
      .def("__str__", &S::to_string)
      .def(
          "observation_tensor",
          [](const S& s) {
            py::array_t<float> out(static_cast<py::ssize_t>(S::kObservationSize));
            s.observation_tensor(std::span<float>(out.mutable_data(), S::kObservationSize));
            return out;
          },
          "float32[15] (warri/ai/state.hpp), from the mover's perspective.")
      .def(
          "clone", [](const S& s) { return s; }, "A copy.")
      .def("__copy__", [](const S& s) { return s; })
      .def("__deepcopy__", [](const S& s, py::dict) { return s; })
      .def(py::pickle([](const S& s) { return s.to_string(); },
                      [](const std::string& t) { return take(S::from_string(t)); }))
      .def(
          "num_distinct_actions", [](const S&) { return S::num_distinct_actions(); }, "6: the mover's houses.")
      .def(
          "max_chance_outcomes", [](const S&) { return 0; }, "0: no chance.")
      .def(
          "max_game_length", [](const S&) { return S::max_game_length(); }, "A bound on the plies of a game.")
      .def(
          "observation_size", [](const S&) { return S::observation_size(); }, "OBSERVATION_SIZE (15).")
      .def(
          "observation_shape", [](const S&) { return std::vector<int>{static_cast<int>(S::kObservationSize)}; },
          "[OBSERVATION_SIZE].")
      .def("position", &S::position, "The position.")
      .def("plies", &S::plies, "Plies played.")
      .def(
          "scores", [](const S& s) { return std::make_pair(s.result().south, s.result().north); },
          "(South's seeds, North's seeds) counted to each side.");

  struct Vec {
    wa::CycleOptions options;
    Rng rng;
    std::vector<S> states;
  };
  py::class_<Vec>(m, vec_name, "n Warri games stepped together; finished games restart.")
      .def(py::init([](const Int& n, const Int& seed, const std::string& rule, const std::optional<Int>& plies) {
             const int count = vector_size(n, sizeof(S));
             const auto o = cycle_options(rule, plies);
             return Vec{o, Rng(seed_of(seed)), std::vector<S>(static_cast<std::size_t>(count), S(P::start(), o))};
           }),
           py::arg("n"), py::arg("seed") = 0, py::arg("cycle_rule") = "first", py::arg("plies") = py::none(),
           "n games (1..4194304) seeded with seed (0..2**64-1), with the cycle rule of State.")
      .def("__len__", [](const Vec& v) { return v.states.size(); })
      .def(
          "observations",
          [](const Vec& v) {
            py::array_t<float> out(
                {static_cast<py::ssize_t>(v.states.size()), static_cast<py::ssize_t>(S::kObservationSize)});
            float* p = out.mutable_data();
            for (std::size_t i = 0; i < v.states.size(); ++i)
              v.states[i].observation_tensor(std::span<float>(p + i * S::kObservationSize, S::kObservationSize));
            return out;
          },
          "float32[n, 15]")
      .def(
          "current_players",
          [](const Vec& v) {
            py::array_t<std::int32_t> out(static_cast<py::ssize_t>(v.states.size()));
            for (std::size_t i = 0; i < v.states.size(); ++i) out.mutable_data()[i] = v.states[i].current_player();
            return out;
          },
          "int32[n]: the player to move in each game.")
      .def(
          "legal_actions_mask",
          [](const Vec& v) {
            py::array_t<bool> out({static_cast<py::ssize_t>(v.states.size()), py::ssize_t{6}});
            bool* p = out.mutable_data();
            for (std::size_t i = 0; i < v.states.size(); ++i) {
              const unsigned mask = v.states[i].legal_mask();
              for (std::size_t k = 0; k < 6; ++k) p[6 * i + k] = ((mask >> k) & 1u) != 0;
            }
            return out;
          },
          "bool[n, 6]")
      .def(
          "sample_legal_actions",
          [](Vec& v) {
            py::array_t<std::int32_t> out(static_cast<py::ssize_t>(v.states.size()));
            wa::ActionIdList l;
            for (std::size_t i = 0; i < v.states.size(); ++i) {
              v.states[i].legal_actions(l);
              out.mutable_data()[i] = l[v.rng.below(static_cast<std::uint32_t>(l.size()))];
            }
            return out;
          },
          "a random legal action per game, int32[n]")
      .def(
          "step",
          [](Vec& v, const Array& actions) {
            const std::size_t n = v.states.size();
            const std::vector<int> a = step_actions(actions, n);
            for (std::size_t i = 0; i < n; ++i)
              if (a[i] < 0 || a[i] >= 6 || ((v.states[i].legal_mask() >> a[i]) & 1u) == 0)
                raise(make_error(ErrorCode::illegal_action, "action " + std::to_string(a[i]) + " is not legal",
                                 "game " + std::to_string(i)));
            py::array_t<float> obs({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(S::kObservationSize)});
            py::array_t<double> rewards({static_cast<py::ssize_t>(n), py::ssize_t{2}});
            py::array_t<bool> done(static_cast<py::ssize_t>(n));
            float* o = obs.mutable_data();
            double* rw = rewards.mutable_data();
            bool* dn = done.mutable_data();
            {
              py::gil_scoped_release release;
              for (std::size_t i = 0; i < n; ++i) {
                S& s = v.states[i];
                s.apply_legal_action(a[i]);
                const auto r = s.returns();
                rw[2 * i] = r[0];
                rw[2 * i + 1] = r[1];
                dn[i] = s.is_terminal();
                if (dn[i]) s = S(P::start(), v.options);
                s.observation_tensor(std::span<float>(o + i * S::kObservationSize, S::kObservationSize));
              }
            }
            return py::make_tuple(obs, rewards, done);
          },
          py::arg("actions"),
          "Applies n integer actions (1-d); returns (observations float32[n, 15], returns float64[n, 2] of the games "
          "that ended (else 0), done bool[n]). Ended games restart. A bad action anywhere changes nothing.")
      .def(
          "state",
          [](const Vec& v, const Int& i) {
            return v.states[static_cast<std::size_t>(in_range(i, "index", 0, static_cast<int>(v.states.size()) - 1))];
          },
          py::arg("index"), "A copy of game i's State.");
}

// ----------------------------------------------------------------------------- warri endgame
namespace eg = boardrules::warri::endgame;

/// A layer's counts as Python gets them: (seeds, boards, wins, draws, losses).
using LayerCounts = std::tuple<int, std::uint64_t, std::uint64_t, std::uint64_t, std::uint64_t>;
LayerCounts counts_of(const eg::LayerStats& s) { return {s.seeds, s.boards, s.wins, s.draws, s.losses}; }

/// probe, verdict and best_move of an EndgameTable for the positions of R.
template <class R>
void bind_endgame_probes(py::class_<eg::AnyTable>& c) {
  using P = wa::BasicPosition<R>;
  // The table must be of R's decisions (WA-8: the values depend on them).
  const auto serving = [](const eg::AnyTable& t) {
    if (!eg::serves<R>(t, eg::decisions_of<R>()))
      raise(make_error(ErrorCode::usage,
                       "the table is of other decisions (" + t.variant + ": " + eg::describe(t.decisions) + ") than " +
                           std::string(R::name) + " positions",
                       "position"));
  };
  c.def(
       "probe",
       [](const eg::AnyTable& t, const P& p) -> py::object {
         const std::optional<eg::Value> v = t.probe(p);
         if (!v) return py::none();
         return py::make_tuple(int{v->mover}, int{v->other});
       },
       py::arg("position"),
       "The board's (mover, other) (WA-8.5): the seeds the side to move and the other side can force, as the "
       "table holds them; None when the board has more seeds than the table.")
      .def(
          "verdict",
          [serving](const eg::AnyTable& t, const P& p) -> py::object {
            serving(t);
            const std::optional<eg::Verdict> v = eg::database_verdict(t, p);
            if (!v) return py::none();
            return py::str(std::string(eg::verdict_name(*v)));
          },
          py::arg("position"),
          "'win', 'draw' or 'loss' for the side to move with the position's stores, under perfect play (WA-8.5); "
          "None when the board has more seeds than the table. boardrules.Error for a table of other decisions.")
      .def(
          "best_move",
          [serving](const eg::AnyTable& t, const P& p) -> py::object {
            serving(t);
            const std::optional<wa::Move> m = eg::best_move(t, p);
            if (!m) return py::none();
            return py::int_(m->house);
          },
          py::arg("position"),
          "The house (0..11) a perfect player moves from (WA-8.5, warri/db/play.hpp); None when the board has more "
          "seeds than the table or the position has no move. boardrules.Error for a table of other decisions.");
}

void bind_endgame(py::module_& m) {
  py::class_<eg::AnyTable> c(m, "EndgameTable",
                             "A Warri endgame table (WA-8): a file of `warri endgame build -o`, or the directory of "
                             "a sliced table (`warri endgame build --slices`, warri_endgame_mpi, build_endgame).");
  c.def(py::init([](const std::string& path, bool out_of_core) {
          return take(eg::AnyTable::open(path, nullptr, out_of_core ? eg::SliceAccess::Map : eg::SliceAccess::Load));
        }),
        py::arg("path"), py::arg("out_of_core") = false,
        "Opens the table at path (a file, or a sliced table's directory; every checksum checked). out_of_core: a "
        "sliced table's slices mapped (checked as they are opened), read as probes touch them. "
        "boardrules.Error says what is wrong with a path or a file.")
      .def_property_readonly(
          "variant", [](const eg::AnyTable& t) { return t.variant; }, "The variant's name the table records.")
      .def_property_readonly(
          "decisions", [](const eg::AnyTable& t) { return eg::describe(t.decisions); },
          "The decisions the table was built for, as the warri program's flags.")
      .def_property_readonly(
          "max_seeds", [](const eg::AnyTable& t) { return t.max_seeds; }, "The largest layer: seeds on the board.")
      .def_property_readonly(
          "sliced", [](const eg::AnyTable& t) { return t.sliced() != nullptr; }, "True for a sliced table.")
      .def(
          "layer_counts",
          [](const eg::AnyTable& t, const Int& n_arg) {
            const int n = in_range(n_arg, "n", 0, t.max_seeds);
            return counts_of(t.file() != nullptr ? take(eg::layer_verdicts(*t.file(), n))
                                                 : take(eg::layer_verdicts(*t.sliced(), n)));
          },
          py::arg("n"),
          "(seeds, boards, wins, draws, losses) of layer n, counted from the values: the side to move, the stores "
          "as even as can be (as the builds count them).");
  bind_endgame_probes<wa::Speightstown>(c);
  bind_endgame_probes<wa::Bridgetown>(c);
  bind_endgame_probes<wa::Abapa>(c);
  m.def(
      "build_endgame",
      [](const std::string& directory, const Int& seeds_arg, const std::string& variant, const Int& threads_arg,
         const Int& cache_arg) {
        const int seeds = in_range(seeds_arg, "seeds", 0, eg::kMaxSlicedSeeds);
        eg::SlicedBuildOptions o;
        o.threads = static_cast<unsigned>(in_range(threads_arg, "threads", 0, 4096));
        o.move_cache_bytes = static_cast<std::uint64_t>(in_range(cache_arg, "move_cache_mib", 0, 1 << 30)) << 20;
        std::vector<LayerCounts> layers;
        o.on_layer = [&](const eg::SlicedLayerStats& s) { layers.push_back(counts_of(s.layer)); };
        const auto run = [&]<class R>() {
          eg::LocalComm comm;
          py::gil_scoped_release unlocked;  // the build calls no Python
          return eg::build_sliced<R>(directory, seeds, comm, o).transform([](const auto&) { return 0; });
        };
        Result<int> r = variant == "speightstown" ? run.operator()<wa::Speightstown>()
                        : variant == "bridgetown" ? run.operator()<wa::Bridgetown>()
                        : variant == "abapa"
                            ? run.operator()<wa::Abapa>()
                            : Result<int>(make_error(ErrorCode::out_of_range,
                                                     "variant is 'speightstown', 'bridgetown' or 'abapa', not '" +
                                                         variant + "'",
                                                     "variant"));
        take(std::move(r));
        return layers;
      },
      py::arg("directory"), py::arg("seeds"), py::arg("variant") = "speightstown", py::arg("threads") = 1,
      py::arg("move_cache_mib") = 0,
      "Builds the sliced table of every board of up to seeds seeds (WA-8) in directory, in this process (the "
      "distributed solver on one rank); a table of fewer layers already there is gone on from. move_cache_mib: "
      "memory for keeping moves between passes. The counts of the layers it solved, (seeds, boards, wins, draws, "
      "losses) each.");
  m.def(
      "verify_endgame",
      [](const std::string& directory) {
        std::vector<LayerCounts> layers;
        for (const eg::LayerStats& s : take(eg::verify_sliced(directory))) layers.push_back(counts_of(s));
        return layers;
      },
      py::arg("directory"),
      "Checks every slice of the sliced table in directory (its checksum, its header against the manifest) and "
      "counts every layer again; the counts, (seeds, boards, wins, draws, losses) a layer, or boardrules.Error at "
      "the first fault.");
}

void bind_warri(py::module_& m) {
  bind_warri_variant<wa::Speightstown>(m, "Position", "State", "VectorState");
  bind_warri_variant<wa::Bridgetown>(m, "BridgetownPosition", "BridgetownState", "BridgetownVectorState");
  bind_warri_variant<wa::Abapa>(m, "AbapaPosition", "AbapaState", "AbapaVectorState");
  bind_endgame(m);
  m.attr("NUM_DISTINCT_ACTIONS") = wa::State::num_distinct_actions();
  m.attr("MAX_CHANCE_OUTCOMES") = wa::State::max_chance_outcomes();
  m.attr("OBSERVATION_SIZE") = wa::State::kObservationSize;
  m.attr("CHANCE_PLAYER") = boardrules::kChancePlayer;
  m.attr("TERMINAL_PLAYER") = boardrules::kTerminalPlayer;
}

}  // namespace

PYBIND11_MODULE(boardrules, m) {
  m.doc() = "boardrules: backgammon and Barbados Warri rules engines (C++20) for game-playing AIs";
  g_error = PyErr_NewExceptionWithDoc("boardrules.Error",
                                      "An error of the boardrules library (bad input or an illegal action).",
                                      PyExc_ValueError, nullptr);
  m.attr("Error") = py::handle(g_error);
  py::class_<Rng>(m, "Rng", "The library's seeded generator (xoshiro256**), for sample_legal_action.")
      .def(py::init([](const Int& seed) { return Rng(seed_of(seed)); }),
           py::arg("seed") = py::int_(0x9E3779B97F4A7C15ULL), "A generator seeded with seed (0..2**64-1).")
      .def("next", &Rng::next, "The next 64 random bits.")
      .def(
          "below",
          [](Rng& r, const Int& n) {
            return r.below(static_cast<std::uint32_t>(in_range_ll(n, "n", 1, 0xFFFFFFFFLL)));
          },
          py::arg("n"), "A uniform integer in [0, n).")
      .def("uniform", &Rng::uniform, "A uniform float in [0, 1).")
      .def("__copy__", [](const Rng& r) { return r; })
      .def("__deepcopy__", [](const Rng& r, py::dict) { return r; });
  m.def(
      "active_isa", [] { return std::string(boardrules::simd_level_name(boardrules::active_isa())); },
      "The SIMD level of the kernels that run (generation and perft): on x86-64 'SSE2', 'AVX2' or "
      "'AVX512VBMI2', the best this CPU has, chosen at the first call; the environment variable BOARDRULES_ISA "
      "(a level's name) caps it, to measure or test a lower one. 'Plain' on other CPUs.");
  m.attr("CHANCE_PLAYER") = boardrules::kChancePlayer;
  m.attr("TERMINAL_PLAYER") = boardrules::kTerminalPlayer;
  auto bgm = m.def_submodule("backgammon", "Backgammon (BG rules)");
  auto wam = m.def_submodule("warri", "Barbados Warri (WA rules): Speightstown, Bridgetown, Abapa");
  bind_backgammon(bgm);
  bind_warri(wam);
  auto modules = py::module_::import("sys").attr("modules");
  modules["boardrules.backgammon"] = bgm;
  modules["boardrules.warri"] = wam;
  m.attr("__version__") = BOARDRULES_VERSION_STRING;  // the one version, from version.hpp
}
