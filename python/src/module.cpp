// The boardrules Python module: boardrules.backgammon and boardrules.warri (positions, legal
// plays/moves, apply, perft, the State interface with integer actions and numpy observations,
// and a batched VectorState). Both games' State have the same names, those of the C++ GameState
// contract (core/game_state.hpp), plus legal_actions_mask (OpenSpiel's LegalActionsMask).
// Library errors are raised as boardrules.Error (a ValueError) with the library's message.
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "boardrules/backgammon.hpp"
#include "boardrules/backgammon/ai/actions.hpp"
#include "boardrules/backgammon/ai/observation.hpp"
#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/version.hpp"
#include "boardrules/warri.hpp"
#include "boardrules/warri/state.hpp"

namespace py = pybind11;
using namespace boardrules;

namespace {

PyObject* g_error = nullptr;  // boardrules.Error (lives as long as the module)

[[noreturn]] void raise(const Error& e) {
  PyErr_SetString(g_error, e.to_string().c_str());
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

int bg_count(const bg::Position& p, bg::Side side, int point) {
  if (point < 0 || point > 25) raise(make_error("points are 0..25 (0 off, 25 the bar)", "point"));
  return p.count(side, point);
}

bg::Dice make_dice(int d1, int d2) {
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6) raise(make_error("dice are 1..6", "dice"));
  return bg::Dice::unchecked(d1, d2);
}

bg::SessionRules make_rules(int match_length, bool crawford, bool jacoby, bool beavers, int cube_cap) {
  bg::SessionRules r = match_length > 0 ? bg::SessionRules::match(match_length, {.crawford = crawford})
                                        : bg::SessionRules::money({.jacoby = jacoby});
  r.beavers = beavers;
  r.cube_cap = cube_cap;
  check(bg::validate(r));
  return r;
}

py::array_t<float> bg_observation(const bg::State& s, int player) {
  py::array_t<float> out(static_cast<py::ssize_t>(bg::kObservationSize));
  s.observation_tensor(player < 0 ? s.observer() : player, std::span<float>(out.mutable_data(), bg::kObservationSize));
  return out;
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
    if (n < 1) raise(make_error("n must be at least 1", "n"));
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
  py::tuple step(const py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != states_.size())
      raise(make_error("actions must be a 1-d array of " + std::to_string(states_.size()) + " integers", "actions"));
    const auto* a = actions.data();
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
          s = proto_;
          bg_resolve_chance(s, rng_);
        }
        s.observation_tensor(std::span<float>(o + i * bg::kObservationSize, bg::kObservationSize));
      }
    }
    return py::make_tuple(obs, rewards, done);
  }
  const bg::State& state(int i) const {
    if (i < 0 || i >= size()) raise(make_error("no game " + std::to_string(i), "index"));
    return states_[static_cast<std::size_t>(i)];
  }

 private:
  bg::State proto_;
  Rng rng_;
  std::vector<bg::State> states_;
  std::vector<bg::Action> actions_;  // the checked actions of a step
};

void bind_backgammon(py::module_& m) {
  py::class_<bg::Position>(m, "Position", "A backgammon position seen from the side to move.")
      .def_static("start", &bg::Position::start)
      .def_static(
          "from_id", [](const std::string& id) { return take(bg::parse_position_id<bg::Standard>(id)); },
          "The position of a GNUbg Position ID.")
      .def(
          "id", [](const bg::Position& p) { return bg::format_position_id(p); }, "The GNUbg Position ID.")
      .def("draw", [](const bg::Position& p) { return bg::draw(p); })
      .def("flipped", &bg::Position::flipped)
      .def("mover", [](const bg::Position& p, int point) { return bg_count(p, bg::Side::Mover, point); })
      .def("opponent", [](const bg::Position& p, int point) { return bg_count(p, bg::Side::Opponent, point); })
      .def("pips",
           [](const bg::Position& p) { return std::make_pair(p.pips(bg::Side::Mover), p.pips(bg::Side::Opponent)); })
      .def(py::self == py::self)
      .def("__hash__", [](const bg::Position& p) { return p.hash(); })
      .def("__repr__", [](const bg::Position& p) { return "Position('" + bg::format_position_id(p) + "')"; });

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
      [](const bg::Position& p, int d1, int d2) {
        bg::PlayList list;
        bg::generate_plays(p, make_dice(d1, d2), list);
        return std::vector<bg::Play>(list.begin(), list.end());
      },
      py::arg("position"), py::arg("d1"), py::arg("d2"), "The distinct legal plays of a throw (BG-3.9).");
  m.def(
      "apply", [](const bg::Position& p, const bg::Play& play) { return bg::apply(p, play).flipped(); },
      "The position after a legal play, seen from the other side (who moves next).");
  m.def("perft", [](const bg::Position& p, int depth) {
    if (depth < 0 || depth > 4) raise(make_error("depth must be 0..4", "depth"));
    py::gil_scoped_release release;
    return bg::perft(p, depth);
  });
  m.def(
      "encode_play",
      [](const bg::Position& p, int d1, int d2, const bg::Play& play) {
        return bg::encode_play(p, make_dice(d1, d2), play);
      },
      "The action number of a legal play (actions.hpp).");
  m.def(
      "record_decisions",
      [](const std::string& text, const std::string& format, bool crawford, bool jacoby, int beavers) {
        if (format != "mat" && format != "sgf") raise(make_error("format is 'mat' or 'sgf'", "format"));
        bg::SessionRules rules;  // what a .mat record does not say (its header tags override it)
        rules.crawford = crawford;
        rules.jacoby = jacoby;
        rules.beavers = beavers;
        const bg::MatchRecord record = take(format == "mat" ? bg::parse_mat(text, rules) : bg::parse_sgf(text, rules));
        const auto decisions = take(bg::record_decisions(record));
        std::vector<std::tuple<py::array_t<float>, int, bg::State>> out;
        out.reserve(decisions.size());
        for (const auto& d : decisions) out.emplace_back(bg_observation(d.state, -1), d.action, d.state);
        return out;
      },
      py::arg("text"), py::arg("format") = "mat", py::arg("crawford") = true, py::arg("jacoby") = false,
      py::arg("beavers") = 0,
      "Every decision of a .mat or .sgf match record as (observation of the player to act, action, "
      "the State before it), for training; the record is replayed and checked (boardrules.Error says where it is "
      "wrong).");
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
      .def(py::init([](int match_length, int money_games, bool resignations, bool crawford, bool jacoby, bool beavers,
                       int cube_cap) {
             bg::StateOptions o{resignations, money_games};
             return take(bg::State::make(make_rules(match_length, crawford, jacoby, beavers, cube_cap), o));
           }),
           py::arg("match_length") = 0, py::arg("money_games") = 1, py::arg("resignations") = false,
           py::arg("crawford") = true, py::arg("jacoby") = false, py::arg("beavers") = false, py::arg("cube_cap") = 0)
      .def_static(
          "from_string", [](const std::string& text) { return take(bg::State::from_string(text)); }, py::arg("text"),
          "The state of a to_string() text (a GNUbg ID and the words after it: the rules, options and state the ID "
          "does not hold).")
      .def("current_player", &bg::State::current_player)
      .def("is_terminal", &bg::State::is_terminal)
      .def("is_chance_node", &bg::State::is_chance_node)
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
      .def("apply_action", [](bg::State& s, int a) { check(s.apply_action(a)); })
      .def("returns",
           [](const bg::State& s) {
             const auto r = s.returns();
             return std::vector<double>(r.begin(), r.end());
           })
      .def("action_to_string", [](const bg::State& s, int a) { return s.action_to_string(a); })
      .def("string_to_action", [](const bg::State& s, const std::string& t) { return take(s.string_to_action(t)); })
      .def("to_string", &bg::State::to_string)
      .def("__str__", &bg::State::to_string)
      .def("observation_tensor", &bg_observation, py::arg("player") = -1,
           "float32[210] (observation.hpp), from `player`'s perspective (default: the player to act).")
      .def("observer", &bg::State::observer)
      .def("clone", [](const bg::State& s) { return s; })
      .def("__copy__", [](const bg::State& s) { return s; })
      .def("__deepcopy__", [](const bg::State& s, py::dict) { return s; })
      .def("num_distinct_actions", [](const bg::State&) { return bg::kNumDistinctActions; })
      .def("max_chance_outcomes", [](const bg::State&) { return bg::kMaxChanceOutcomes; })
      .def("max_game_length", &bg::State::max_game_length)
      .def("observation_size", [](const bg::State&) { return bg::State::observation_size(); })
      .def("observation_shape",
           [](const bg::State&) { return std::vector<int>{static_cast<int>(bg::kObservationSize)}; })
      .def(
          "position", [](const bg::State& s) { return s.game().position(); },
          "The position seen from the player on roll.")
      .def("on_roll", [](const bg::State& s) { return s.game().on_roll(); })
      .def("dice", [](const bg::State& s) { return std::make_pair(int{s.game().dice().d1}, int{s.game().dice().d2}); })
      .def("cube", [](const bg::State& s) { return std::make_pair(s.game().cube().value(), s.game().cube().owner()); })
      .def("score", [](const bg::State& s) { return std::make_pair(s.match().score()[0], s.match().score()[1]); });

  py::class_<BgVector>(m, "VectorState", "n games stepped together; chance is sampled inside, finished games restart.")
      .def(py::init([](int n, std::uint64_t seed, int match_length, int money_games, bool resignations, int cube_cap) {
             return BgVector(n, seed, make_rules(match_length, true, false, false, cube_cap),
                             bg::StateOptions{resignations, money_games});
           }),
           py::arg("n"), py::arg("seed") = 0, py::arg("match_length") = 0, py::arg("money_games") = 1,
           py::arg("resignations") = false, py::arg("cube_cap") = 0,
           "cube_cap=1 turns the cube off (checker play only)")
      .def("__len__", &BgVector::size)
      .def("observations", &BgVector::observations, "float32[n, 210]")
      .def("current_players", &BgVector::current_players)
      .def("legal_actions", &BgVector::legal_actions, "a list of n lists of action numbers")
      .def("legal_actions_mask", &BgVector::legal_actions_mask, "bool[n, NUM_DISTINCT_ACTIONS]")
      .def("sample_legal_actions", &BgVector::sample_legal_actions, "a random legal action per game, int32[n]")
      .def("step", &BgVector::step, py::arg("actions"),
           "Applies int32[n] actions; returns (observations float32[n, 210], returns float64[n, 2] of the "
           "games that ended (else 0), done bool[n]). Ended games restart.")
      .def(
          "state", [](const BgVector& v, int i) { return v.state(i); }, "A copy of game i's State.");
}

// ------------------------------------------------------------------------------------- warri
namespace wa = boardrules::warri;

wa::CycleOptions cycle_options(const std::string& rule, int plies) {
  wa::CycleOptions o;
  if (rule == "first") o.rule = wa::CycleRule::FirstRepetition;
  else if (rule == "threefold") o.rule = wa::CycleRule::Threefold;
  else if (rule == "plies") o.rule = wa::CycleRule::NoCapturePlies;
  else raise(make_error("cycle_rule is 'first', 'threefold' or 'plies', not '" + rule + "'", "cycle_rule"));
  if (plies < 1) raise(make_error("plies must be at least 1", "plies"));
  o.plies = plies;
  return o;
}

template <class R>
void bind_warri_variant(py::module_& m, const char* pos_name, const char* state_name, const char* vec_name) {
  using P = wa::BasicPosition<R>;
  using S = wa::BasicState<R>;
  py::class_<P>(m, pos_name, "A Warri position (WA-1): 12 houses, 2 stores, the side to move.")
      .def_static(
          "start", [](int first) { return P::start(first ? wa::Player::North : wa::Player::South); },
          py::arg("first") = 0)
      .def_static(
          "from_string", [](const std::string& t) { return take(wa::parse_position<R>(t)); }, "WA-7.1 text.")
      .def("to_string", [](const P& p) { return wa::format_position(p); })
      .def("draw", [](const P& p) { return wa::draw(p); })
      .def("houses",
           [](const P& p) {
             std::vector<int> h;
             for (int i = 0; i < wa::kHouses; ++i) h.push_back(p.house(i));
             return h;
           })
      .def("stores", [](const P& p) { return std::make_pair(p.store(wa::Player::South), p.store(wa::Player::North)); })
      .def("to_move", [](const P& p) { return static_cast<int>(p.to_move()); })
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
      "The legal moves as houses 0..11 (0-5 South's a-f, 6-11 North's A-F).");
  m.def(
      "apply",
      [](const P& p, int house) {
        wa::MoveList l;
        wa::generate_moves(p, l);
        for (const auto mv : l)
          if (mv.house == house) return wa::apply(p, mv);
        if (house < 0 || house >= wa::kHouses)
          raise(make_error("no such house: " + std::to_string(house) + " (houses are 0-11)", "move"));
        const Status why = wa::BasicGame<R, 2>(p).check(wa::Move{static_cast<std::uint8_t>(house)});
        raise(why.has_value() ? make_error("the move is not legal", "move") : why.error());
      },
      "The position after sowing a house (refused with the reason when illegal).");
  m.def("perft", [](const P& p, int depth) {
    if (depth < 0 || depth > 20) raise(make_error("depth must be 0..20", "depth"));
    py::gil_scoped_release release;
    return wa::perft(p, depth);
  });

  py::class_<S>(m, state_name, "The game-playing interface (OpenSpiel style); actions 0-5 are the mover's houses.")
      .def(py::init([](const std::string& rule, int plies) { return S(P::start(), cycle_options(rule, plies)); }),
           py::arg("cycle_rule") = "first", py::arg("plies") = 100)
      .def_static(
          "from_string",
          [](const std::string& t, const std::string& rule, int plies) {
            return take(S::from_string(t, cycle_options(rule, plies)));
          },
          py::arg("text"), py::arg("cycle_rule") = "first", py::arg("plies") = 100,
          "The state of a to_string() text (the position, the cycle rule and the moves since the last capture); "
          "cycle_rule and plies stand for a text without cycle=.")
      .def("current_player", &S::current_player)
      .def("is_terminal", &S::is_terminal)
      .def("is_chance_node", [](const S&) { return false; })
      .def("legal_actions",
           [](const S& s) {
             wa::ActionIdList l;
             s.legal_actions(l);
             return std::vector<int>(l.begin(), l.end());
           })
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
      .def("apply_action", [](S& s, int a) { check(s.apply_action(a)); })
      .def("returns",
           [](const S& s) {
             const auto r = s.returns();
             return std::vector<double>(r.begin(), r.end());
           })
      .def("action_to_string", &S::action_to_string)
      .def("string_to_action", [](const S& s, const std::string& t) { return take(s.string_to_action(t)); })
      .def("to_string", &S::to_string)
      .def("__str__", &S::to_string)
      .def(
          "observation_tensor",
          [](const S& s) {
            py::array_t<float> out(static_cast<py::ssize_t>(S::kObservationSize));
            s.observation_tensor(std::span<float>(out.mutable_data(), S::kObservationSize));
            return out;
          },
          "float32[15] (warri/state.hpp), from the mover's perspective.")
      .def("clone", [](const S& s) { return s; })
      .def("__copy__", [](const S& s) { return s; })
      .def("__deepcopy__", [](const S& s, py::dict) { return s; })
      .def("num_distinct_actions", [](const S&) { return S::num_distinct_actions(); })
      .def("max_chance_outcomes", [](const S&) { return 0; })
      .def("max_game_length", [](const S&) { return S::max_game_length(); })
      .def("observation_size", [](const S&) { return S::observation_size(); })
      .def("observation_shape", [](const S&) { return std::vector<int>{static_cast<int>(S::kObservationSize)}; })
      .def("position", &S::position)
      .def("plies", &S::plies)
      .def("scores", [](const S& s) { return std::make_pair(s.result().south, s.result().north); });

  struct Vec {
    wa::CycleOptions options;
    Rng rng;
    std::vector<S> states;
  };
  py::class_<Vec>(m, vec_name, "n Warri games stepped together; finished games restart.")
      .def(py::init([](int n, std::uint64_t seed, const std::string& rule, int plies) {
             if (n < 1) raise(make_error("n must be at least 1", "n"));
             const auto o = cycle_options(rule, plies);
             return Vec{o, Rng(seed), std::vector<S>(static_cast<std::size_t>(n), S(P::start(), o))};
           }),
           py::arg("n"), py::arg("seed") = 0, py::arg("cycle_rule") = "first", py::arg("plies") = 100)
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
      .def("current_players",
           [](const Vec& v) {
             py::array_t<std::int32_t> out(static_cast<py::ssize_t>(v.states.size()));
             for (std::size_t i = 0; i < v.states.size(); ++i) out.mutable_data()[i] = v.states[i].current_player();
             return out;
           })
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
          [](Vec& v, const py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>& actions) {
            const std::size_t n = v.states.size();
            if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != n)
              raise(make_error("actions must be a 1-d array of " + std::to_string(n) + " integers", "actions"));
            const auto* a = actions.data();
            for (std::size_t i = 0; i < n; ++i)
              if (a[i] < 0 || a[i] >= 6 || ((v.states[i].legal_mask() >> a[i]) & 1u) == 0)
                raise(make_error("action " + std::to_string(a[i]) + " is not legal", "game " + std::to_string(i)));
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
          "Applies int32[n] actions; returns (observations float32[n, 15], returns float64[n, 2] of the games "
          "that ended (else 0), done bool[n]). Ended games restart.")
      .def(
          "state",
          [](const Vec& v, int i) {
            if (i < 0 || static_cast<std::size_t>(i) >= v.states.size())
              raise(make_error("no game " + std::to_string(i), "index"));
            return v.states[static_cast<std::size_t>(i)];
          },
          "A copy of game i's State.");
}

void bind_warri(py::module_& m) {
  bind_warri_variant<wa::Speightstown>(m, "Position", "State", "VectorState");
  bind_warri_variant<wa::Bridgetown>(m, "BridgetownPosition", "BridgetownState", "BridgetownVectorState");
  bind_warri_variant<wa::Abapa>(m, "AbapaPosition", "AbapaState", "AbapaVectorState");
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
      .def(py::init<std::uint64_t>(), py::arg("seed") = 0x9E3779B97F4A7C15ULL)
      .def("next", &Rng::next, "The next 64 random bits.")
      .def(
          "below",
          [](Rng& r, std::uint32_t n) {
            if (n == 0) raise(make_error("n must be at least 1", "n"));
            return r.below(n);
          },
          py::arg("n"), "A uniform integer in [0, n).")
      .def("uniform", &Rng::uniform, "A uniform float in [0, 1).")
      .def("__copy__", [](const Rng& r) { return r; })
      .def("__deepcopy__", [](const Rng& r, py::dict) { return r; });
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
