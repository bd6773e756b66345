#pragma once
/// \file
/// The text form of a Warri State (state.hpp, which includes this header after the class):
/// BasicState::to_string() and BasicState::from_string().
///
/// A State text is the position in WA-7.1 notation, then, each after a space, only when there is
/// something to say:
///   cycle=first|threefold|noncapture:N   the cycle rule, when it is not the variant's default
///                  (CycleOptions{R::cycle_rule}: N = 100; N is written only for noncapture)
///   since=<houses a-f>/<houses A-F>:<moves>   the houses after the last capture (or where the
///                  state began) and the move letters played since (WA-7.2): the positions the
///                  cycle rules look back on (WA-4.3)
///   plies=N        plies played since the state was made, when more than the moves of since=
/// e.g. "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:f".
///
/// from_string() reads the words in any order, each at most once, separated by blanks
/// (formats/words.hpp). The moves of `since=` are played again from its position, each checked,
/// and must capture nothing and reach the position; errors name the word at fault.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "boardrules/formats/words.hpp"
#include "boardrules/warri/ai/state.hpp"
#include "boardrules/warri/formats/notation.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {
/// The words of State texts (State::to_string), each with a value.
inline constexpr std::array<std::string_view, 3> kStateWords = {"cycle", "since", "plies"};

/// The value of cycle= (see the file comment).
[[nodiscard]] inline Result<CycleOptions> read_cycle(std::string_view v) {
  if (v == "first") return CycleOptions{CycleRule::FirstRepetition};
  if (v == "threefold") return CycleOptions{CycleRule::Threefold};
  if (v.substr(0, 11) == "noncapture:") {
    const int n = boardrules::read_count(v.substr(11));
    if (n >= 1) return CycleOptions{CycleRule::NoCapturePlies, n};
  }
  return make_error(ErrorCode::syntax, "expected first, threefold or noncapture:N (N >= 1)", "cycle");
}
}  // namespace detail

/// The state of a to_string() text (see the file comment).
template <class R, std::size_t Capacity>
auto BasicState<R, Capacity>::from_string(std::string_view text, CycleOptions options) -> Result<BasicState> {
  WordReader words(text, 0, detail::kStateWords, "state text");
  words.skip(3);  // the position: its first three words
  Result<position_type> p = parse_position<R>(text.substr(0, words.position()));
  if (!p) return p.error();
  std::string_view since;  // the value of since=
  std::size_t since_at = 0;
  int plies = -1;
  Word w;
  while (words.next(w)) {
    const auto bad = [&](const std::string& why, ErrorCode code = ErrorCode::syntax) {
      return words.error(w, why, code);
    };
    if (w.index == detail::kStateWords.size())
      return bad("unknown word '" + std::string(w.text) + "' after the position (see State::to_string)");
    if (!w.has_value || w.value.empty()) return bad("expected " + std::string(w.key) + "=<value>");
    if (!words.first_time(w)) return bad("given twice");
    if (w.index == 0) {
      Result<CycleOptions> c = detail::read_cycle(w.value);
      if (!c) return bad(c.error().message, c.error().code);
      options = *c;
    } else if (w.index == 1) {
      since = w.value;
      since_at = w.value_offset();
    } else {
      plies = boardrules::read_count(w.value);
      if (plies < 0) return bad("expected a number of plies");
    }
  }
  if (since.empty()) {
    BasicState s(*p, options);
    if (plies >= 0) s.plies_ = plies;
    return s;
  }
  return replay(*p, options, since, since_at, plies);
}

/// The state as text (see the file comment).
template <class R, std::size_t Capacity>
std::string BasicState<R, Capacity>::to_string() const {
  std::string s = format_position(pos_);
  const CycleOptions d{R::cycle_rule};
  if (options_.rule != d.rule || (options_.rule == CycleRule::NoCapturePlies && options_.plies != d.plies)) {
    s += options_.rule == CycleRule::FirstRepetition ? " cycle=first"
         : options_.rule == CycleRule::Threefold     ? " cycle=threefold"
                                                     : " cycle=noncapture:" + std::to_string(options_.plies);
  }
  const int moves = plies_since_capture();
  if (moves > 0) {
    s += " since=";
    const int south = pos_.store(Player::South);
    const int north = pos_.store(Player::North);
    position_type q = position_of_key<R>(keys_[0], south, north);
    const std::string houses = format_position(q);
    s += houses.substr(0, houses.find(' '));
    s += ':';
    for (std::size_t i = 1; i < keys_.size(); ++i) {
      MoveList legal;
      generate_moves(q, legal);
      for (const Move m : legal) {
        const position_type next = apply(q, m);
        if (position_key(next) == keys_[i]) {
          s += move_letter(m);
          q = next;
          break;
        }
      }
    }
  }
  if (plies_ != moves) s += " plies=" + std::to_string(plies_);
  return s;
}

/// The state of from_string() with since=: the moves played again from the houses given.
template <class R, std::size_t Capacity>
auto BasicState<R, Capacity>::replay(const position_type& now, CycleOptions options, std::string_view since,
                                     std::size_t at, int plies) -> Result<BasicState> {
  const auto bad = [at](const std::string& why, ErrorCode code = ErrorCode::syntax) {
    return make_error(code, why, "state text: since", at);
  };
  const std::size_t colon = since.find(':');
  if (colon == since.npos || colon + 1 == since.size()) return bad("expected since=<houses>:<moves>");
  const std::string_view moves = since.substr(colon + 1);
  // The houses then; the stores as now (nothing was captured since); the side by the moves' parity.
  const Player first = moves.size() % 2 == 0 ? now.to_move() : other(now.to_move());
  const std::string text = std::string(since.substr(0, colon)) + " " + std::to_string(now.store(Player::South)) + "-" +
                           std::to_string(now.store(Player::North)) + (first == Player::South ? " S" : " N");
  Result<position_type> base = parse_position<R>(text);
  if (!base) return bad(base.error().to_string(), base.error().code);
  BasicState s(*base, options);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Result<Move> m = parse_move(s.pos_, moves.substr(i, 1));
    if (!m) return bad("move " + std::to_string(i + 1) + ": " + m.error().message, m.error().code);
    if (Status st = s.apply_move(*m); !st.has_value())
      return bad("move " + std::to_string(i + 1) + ": " + st.error().message, st.error().code);
    if (s.plies_since_capture() != static_cast<int>(i) + 1)
      return bad("the moves since the last capture capture", ErrorCode::invalid_state);
  }
  if (!(s.pos_ == now)) return bad("the moves do not reach the position", ErrorCode::invalid_state);
  if (plies >= 0) {
    if (plies < static_cast<int>(moves.size())) return bad("plies= is below the moves since the last capture");
    s.plies_ = plies;
  }
  return s;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
