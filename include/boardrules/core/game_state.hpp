#pragma once
/// \file
/// GameState: the contract that game-playing code (search, rollouts, learning loops) writes
/// against, so that one function template drives either game. backgammon::BasicState and
/// warri::BasicState satisfy it (every instantiation the library names is checked in
/// tests/generic/). The names are OpenSpiel's, in snake_case:
///
///   S::ActionIdList, S::ChanceOutcomeList   fixed lists the calls below fill
///   S::num_distinct_actions()               static, constexpr: decisions are 0 .. this - 1
///   S::max_chance_outcomes()                static, constexpr: chance outcomes are 0 .. this - 1
///   S::observation_size()                   static, constexpr: floats of observation_tensor()
///   current_player()                        0 or 1; kChancePlayer; kTerminalPlayer
///   is_terminal(), is_chance_node()
///   legal_actions(S::ActionIdList&)         the legal decisions, increasing; none at a chance
///                                           node (use chance_outcomes) or when terminal
///   chance_outcomes(S::ChanceOutcomeList&)  at a chance node the outcomes (.action, an int, and
///                                           .probability, summing to 1); else none
///   apply_action(int)                       checked: a number that is not legal returns an
///                                           Error and changes nothing
///   apply_legal_action(int)                 unchecked and noexcept, for search: the number must
///                                           come from legal_actions() or chance_outcomes() of
///                                           this very state
///   sample_legal_action(Rng&)               a legal decision drawn uniformly; -1 (no draw) at a
///                                           chance node or when terminal
///   returns()                               {player 0, player 1}: 0 0 before the end
///   observation_tensor(std::span<float>)    observation_size() floats from the view of the
///                                           player to act
///   action_to_string(int)                   a short text of a legal number
///   to_string(), S::from_string(text)       S::from_string(s.to_string()) gives back s (its
///                                           rules and options included): the same text, the
///                                           same legal actions, the same future
///
/// The games' own members (backgammon's Action structs, Warri's Move) stay beside these.

#include "boardrules/core/config.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "boardrules/core/error.hpp"
#include "boardrules/core/random.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules {

/// current_player() at a chance node (OpenSpiel's kChancePlayerId).
inline constexpr int kChancePlayer = -1;
/// current_player() once the state is terminal (OpenSpiel's kTerminalPlayerId).
inline constexpr int kTerminalPlayer = -4;

/// A chance outcome: its number (as apply_action takes it) and its probability.
struct ChanceOutcome {
  int action = 0;
  double probability = 0;
  BOARDRULES_NEUTRAL friend constexpr bool operator==(const ChanceOutcome&, const ChanceOutcome&) noexcept = default;
};

}  // namespace boardrules

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

namespace game_state_detail {
/// Names a type only for a constant expression N: a requirement on it checks that a static
/// function is usable in constant expressions.
template <auto N>
struct Constant {};
}  // namespace game_state_detail

/// The contract of the file comment. A copy is the way to search (there is no undo).
template <class S>
concept GameState = std::copyable<S> &&
    requires(S& s, const S& cs, typename S::ActionIdList& ids, typename S::ChanceOutcomeList& outcomes, int a, Rng& rng,
             std::span<float> obs, std::string_view text) {
  // The lists: integers, and chance outcomes with a number and a probability.
  { ids.data() } -> std::same_as<int*>;
  { ids.size() } -> std::convertible_to<std::size_t>;
  { ids.begin() } -> std::contiguous_iterator;
  { ids.end() } -> std::contiguous_iterator;
  { outcomes.size() } -> std::convertible_to<std::size_t>;
  { outcomes.begin() } -> std::contiguous_iterator;
  { outcomes.end() } -> std::contiguous_iterator;
  { outcomes[0].action } -> std::convertible_to<int>;
  { outcomes[0].probability } -> std::convertible_to<double>;
  // Sizes, usable in constant expressions.
  { S::num_distinct_actions() } -> std::same_as<int>;
  { S::max_chance_outcomes() } -> std::same_as<int>;
  { S::observation_size() } -> std::same_as<int>;
  typename game_state_detail::Constant<S::num_distinct_actions()>;
  typename game_state_detail::Constant<S::max_chance_outcomes()>;
  typename game_state_detail::Constant<S::observation_size()>;
  // Nodes.
  { cs.current_player() } -> std::same_as<int>;
  { cs.is_terminal() } -> std::same_as<bool>;
  { cs.is_chance_node() } -> std::same_as<bool>;
  // Actions.
  cs.legal_actions(ids);
  cs.chance_outcomes(outcomes);
  { s.apply_action(a) } -> std::same_as<Status>;
  // clang-format off
  { s.apply_legal_action(a) } noexcept;
  // clang-format on
  { cs.sample_legal_action(rng) } -> std::same_as<int>;
  // Results, observation, text.
  { cs.returns() } -> std::same_as<std::array<double, 2>>;
  cs.observation_tensor(obs);
  { cs.action_to_string(a) } -> std::same_as<std::string>;
  { cs.to_string() } -> std::same_as<std::string>;
  { S::from_string(text) } -> std::same_as<Result<S>>;
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
