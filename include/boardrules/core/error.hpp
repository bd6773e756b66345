#pragma once
/// \file
/// Error and Result<T>: how the library reports bad input at its boundary (text, IDs, user actions).
/// Parsers and the game layer return a Result; they never throw on user input and never leave a
/// state half-changed. The hot paths (generation, apply, perft) do not use these.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

// Error, ErrorCode and Result are ISA-neutral value types (config.hpp): one type in every
// translation unit, whatever its -march, with forced-inline members. What they call out of line
// (the text of a code, the throw of value()) is in the ISA-tagged namespace.
namespace boardrules {

/// What kind of thing went wrong: stable across versions (new codes are only ever added), so a
/// program can branch on it and tests can assert it; the message is for people and may change.
enum class ErrorCode : std::uint8_t {
  unspecified = 0,  ///< not classified (a default-constructed Error; the library never returns it)
  syntax,           ///< text that does not parse: a notation, an ID, a record, a flag's value
  out_of_range,     ///< a well-formed value outside its range (a die of 7, a score past the length)
  illegal_action,   ///< an action or play the rules forbid in this state
  invalid_state,    ///< a position or state, restored or built, that breaks the rules' invariants
  io,               ///< a file or directory that cannot be opened, read or written
  corrupted,        ///< a file whose checksum, size or structure is wrong (damaged or edited)
  unsupported,      ///< well-formed input this version does not handle (another format version)
  resource,         ///< more memory or disk than the machine has, or than a reader takes (its stated limit)
  usage,            ///< arguments that do not fit together (a program's flags, an API's options)
};

}  // namespace boardrules

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// The code's name as text, e.g. "out_of_range".
[[nodiscard]] constexpr const char* error_code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::unspecified: return "unspecified";
    case ErrorCode::syntax: return "syntax";
    case ErrorCode::out_of_range: return "out_of_range";
    case ErrorCode::illegal_action: return "illegal_action";
    case ErrorCode::invalid_state: return "invalid_state";
    case ErrorCode::io: return "io";
    case ErrorCode::corrupted: return "corrupted";
    case ErrorCode::unsupported: return "unsupported";
    case ErrorCode::resource: return "resource";
    case ErrorCode::usage: return "usage";
  }
  return "?";
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE

// ISA-neutral: Error and the declaration of Result.
namespace boardrules {

/// `text` safe to print on a terminal or in a log line: the C0 control bytes (NUL to 0x1F), DEL
/// and the C1 controls (U+0080..U+009F as UTF-8, C2 80..C2 9F) written as escapes: `\t`, `\n`,
/// `\r`, else `\xNN` (`\xC2\x9B` for U+009B). Every other byte is kept as it is (UTF-8 text
/// stays readable), so applying it twice changes nothing more; a backslash in the text is not
/// escaped (a message may show `\x1B` for the byte ESC or for those four characters). Input
/// quoted in an error message goes through it when the message is printed (Error::to_string).
[[nodiscard]] BOARDRULES_NEUTRAL std::string printable(std::string_view text) {
  constexpr const char* kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  const auto hex = [&out](unsigned char c) {
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15u];
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7F) hex(c);
    else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
             static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      hex(c);
      hex(static_cast<unsigned char>(text[++i]));
    } else {
      out += text[i];
    }
  }
  return out;
}

/// What went wrong and where. Built as `Error{message, where, offset, code}` (the trailing
/// fields may be left out) or with make_error().
struct Error {
  /// Human-readable description of the problem, e.g. "expected 6 houses, found 5".
  std::string message;
  /// The field or part of the input at fault, e.g. "houses", "position id", "move 3".
  std::string where;
  /// Offset in the input text (0-based character index) when it applies, else npos.
  std::size_t offset = npos;
  /// What kind of error (stable; see ErrorCode).
  ErrorCode code = ErrorCode::unspecified;

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// No error: empty message and place, no offset, ErrorCode::unspecified.
  BOARDRULES_NEUTRAL Error() = default;
  /// An error with its message, place, offset and code.
  BOARDRULES_NEUTRAL explicit Error(std::string message_, std::string where_ = {}, std::size_t offset_ = npos,
                                    ErrorCode code_ = ErrorCode::unspecified)
      : message(std::move(message_)), where(std::move(where_)), offset(offset_), code(code_) {}
  // The copies and moves are declared only to force them inline (config.hpp).
  BOARDRULES_NEUTRAL Error(const Error&) = default;
  BOARDRULES_NEUTRAL Error(Error&&) noexcept = default;
  BOARDRULES_NEUTRAL Error& operator=(const Error&) = default;
  BOARDRULES_NEUTRAL Error& operator=(Error&&) noexcept = default;
  BOARDRULES_NEUTRAL ~Error() = default;

  /// "where: message (at offset N)", for printing: control bytes the message or the place quote
  /// from the input are escaped (printable()); `message` and `where` keep them as they are.
  [[nodiscard]] BOARDRULES_NEUTRAL std::string to_string() const {
    std::string s;
    if (!where.empty()) s += printable(where) + ": ";
    s += printable(message);
    if (offset != npos) s += " (at offset " + std::to_string(offset) + ")";
    return s;
  }
};

template <class T>
class Result;

/// Result<void>: success or an Error (see Result).
using Status = Result<void>;

namespace neutral_detail {
template <class R>
struct IsResult : std::false_type {};
template <class U>
struct IsResult<Result<U>> : std::true_type {};

template <class M, class O>
BOARDRULES_NEUTRAL constexpr decltype(auto) invoke_member(M m, O&& o) {
  if constexpr (std::is_pointer_v<std::remove_cvref_t<O>>) {
    return invoke_member(m, *o);
  } else if constexpr (std::is_member_function_pointer_v<M>) {
    return (std::forward<O>(o).*m)();
  } else {
    return (std::forward<O>(o).*m);
  }
}

/// std::invoke for the continuations of Result (and_then, transform, or_else, transform_error)
/// without <functional>, which would cost every unit that includes a position or the generator
/// about 40,000 preprocessed lines: a callable called with the arguments, or a pointer to a
/// member (function or data) applied to its one argument, an object or a pointer to one.
template <class F, class... A>
BOARDRULES_NEUTRAL constexpr decltype(auto) invoke(F&& f, A&&... a) {
  using G = std::remove_cvref_t<F>;
  if constexpr (std::is_member_pointer_v<G>) {
    static_assert(sizeof...(A) == 1, "a pointer to a member takes its object, nothing else");
    return invoke_member(f, std::forward<A>(a)...);
  } else {
    return std::forward<F>(f)(std::forward<A>(a)...);
  }
}
}  // namespace neutral_detail

}  // namespace boardrules

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// Makes an Error (convenience for `return make_error(...)` in functions returning Result<T>).
[[nodiscard]] inline Error make_error(ErrorCode code, std::string message, std::string where = {},
                                      std::size_t offset = Error::npos) {
  return Error{std::move(message), std::move(where), offset, code};
}

/// Thrown by Result<T>::value() and Status::value() when they hold an error (as
/// std::bad_expected_access is by std::expected::value()); carries the Error, and what() is its
/// to_string(). Built without exceptions (no `__cpp_exceptions`), value() prints that text on
/// stderr and calls std::abort() instead. An exception class, with code, so it is declared in the
/// ISA-tagged namespace (config.hpp): a unit catches the BadResultAccess of its own level (or
/// std::exception, whose what() is the same text).
class BadResultAccess : public std::exception {
 public:
  explicit BadResultAccess(Error error) : error_(std::move(error)), what_(error_.to_string()) {}
  /// The error the Result held.
  [[nodiscard]] const Error& error() const noexcept { return error_; }
  /// The error as text (Error::to_string).
  [[nodiscard]] const char* what() const noexcept override { return what_.c_str(); }

 private:
  Error error_;
  std::string what_;
};

namespace result_detail {
// value() of a Result holding `error`: throws BadResultAccess, or, without exceptions, prints the
// error and aborts (the caller broke value()'s precondition; there is no value to return).
[[noreturn]] inline void bad_access(const Error& error) {
#if defined(__cpp_exceptions)
  throw BadResultAccess(error);
#else
  std::fprintf(stderr, "boardrules: value() of a Result holding an error: %s\n", error.to_string().c_str());
  std::abort();
#endif
}

// The error of a Status that holds none (error()'s precondition broken): an empty Error.
inline const Error& no_error() {
  static const Error none{};
  return none;
}
}  // namespace result_detail

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE

// ISA-neutral: Result and Status.
namespace boardrules {

/// Status = Result<void>: success (default-constructed) or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  using value_type = void;
  using error_type = Error;

  BOARDRULES_NEUTRAL Result() = default;
  BOARDRULES_NEUTRAL Result(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design
  // The copies and moves are declared only to force them inline (config.hpp).
  BOARDRULES_NEUTRAL Result(const Result&) = default;
  BOARDRULES_NEUTRAL Result(Result&&) = default;
  BOARDRULES_NEUTRAL Result& operator=(const Result&) = default;
  BOARDRULES_NEUTRAL Result& operator=(Result&&) = default;
  BOARDRULES_NEUTRAL ~Result() = default;

  /// True on success.
  [[nodiscard]] BOARDRULES_NEUTRAL bool has_value() const noexcept { return !error_.has_value(); }
  BOARDRULES_NEUTRAL explicit operator bool() const noexcept { return has_value(); }
  /// Nothing on success (as std::expected<void, E>::value()); on an error throws
  /// BadResultAccess (prints the error and aborts when built without exceptions).
  BOARDRULES_NEUTRAL void value() const {
    if (!has_value()) result_detail::bad_access(*error_);
  }
  /// The error. Precondition: !has_value() (an empty Error otherwise).
  [[nodiscard]] BOARDRULES_NEUTRAL const Error& error() const& { return error_ ? *error_ : result_detail::no_error(); }

  /// Drops the status on purpose, where the caller knows the call cannot fail (the inputs were
  /// checked) or does not care; a bare call would be refused by [[nodiscard]].
  BOARDRULES_NEUTRAL void ignore() const noexcept {}

  /// f() (which returns a Result or a Status) on success, else the error.
  template <class F>
  BOARDRULES_NEUTRAL auto and_then(F&& f) const& {
    using R = std::remove_cvref_t<std::invoke_result_t<F>>;
    static_assert(neutral_detail::IsResult<R>::value, "and_then: f must return a Result or a Status");
    if (has_value()) return neutral_detail::invoke(std::forward<F>(f));
    return R(error());
  }
  /// Result<U> holding f() on success (Status when f returns void), else the error.
  template <class F>
  BOARDRULES_NEUTRAL auto transform(F&& f) const& {
    using U = std::remove_cvref_t<std::invoke_result_t<F>>;
    if constexpr (std::is_void_v<U>) {
      if (!has_value()) return Result<void>(error());
      neutral_detail::invoke(std::forward<F>(f));
      return Result<void>();
    } else {
      if (!has_value()) return Result<U>(error());
      return Result<U>(neutral_detail::invoke(std::forward<F>(f)));
    }
  }
  /// This status on success, else f(error) (a Status).
  template <class F>
  BOARDRULES_NEUTRAL Result or_else(F&& f) const& {
    if (has_value()) return *this;
    return neutral_detail::invoke(std::forward<F>(f), error());
  }
  /// This status, its error replaced by f(error) (an Error).
  template <class F>
  BOARDRULES_NEUTRAL Result transform_error(F&& f) const& {
    if (has_value()) return *this;
    return Result(Error(neutral_detail::invoke(std::forward<F>(f), error())));
  }

 private:
  // Empty on success, so that the success path (every action of a playout) builds, moves and
  // destroys no strings.
  std::optional<Error> error_;
};

/// Either a value of T or an Error. Spelled like C++23's `std::expected<T, Error>` (has_value,
/// value, error, value_or, and_then, transform, or_else, transform_error), so that code written
/// against it reads the same with `std::expected`; unlike `std::expected`, an Error converts to a
/// Result implicitly (no `std::unexpected` around it). Result<void> is Status.
template <class T>
class [[nodiscard]] Result {
 public:
  using value_type = T;
  using error_type = Error;

  // By reference, not by value: values such as positions are 64-byte aligned.
  BOARDRULES_NEUTRAL Result(const T& value) : v_(std::in_place_index<0>, value) {}        // NOLINT: implicit by design
  BOARDRULES_NEUTRAL Result(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  BOARDRULES_NEUTRAL Result(Error error)
      : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit by design
  // The copies and moves are declared only to force them inline (config.hpp).
  BOARDRULES_NEUTRAL Result(const Result&) = default;
  BOARDRULES_NEUTRAL Result(Result&&) = default;
  BOARDRULES_NEUTRAL Result& operator=(const Result&) = default;
  BOARDRULES_NEUTRAL Result& operator=(Result&&) = default;
  BOARDRULES_NEUTRAL ~Result() = default;

  /// True when the result holds a value.
  [[nodiscard]] BOARDRULES_NEUTRAL bool has_value() const noexcept { return v_.index() == 0; }
  BOARDRULES_NEUTRAL explicit operator bool() const noexcept { return has_value(); }

  /// The value; on an error throws BadResultAccess, which carries the Error (as std::expected
  /// throws std::bad_expected_access); built without exceptions, prints the error on stderr and
  /// aborts.
  [[nodiscard]] BOARDRULES_NEUTRAL T& value() & {
    if (!has_value()) result_detail::bad_access(*std::get_if<1>(&v_));
    return *std::get_if<0>(&v_);
  }
  [[nodiscard]] BOARDRULES_NEUTRAL const T& value() const& {
    if (!has_value()) result_detail::bad_access(*std::get_if<1>(&v_));
    return *std::get_if<0>(&v_);
  }
  [[nodiscard]] BOARDRULES_NEUTRAL T&& value() && {
    if (!has_value()) result_detail::bad_access(*std::get_if<1>(&v_));
    return std::move(*std::get_if<0>(&v_));
  }
  /// As value() (checked, unlike std::expected's unchecked operator* and operator->).
  [[nodiscard]] BOARDRULES_NEUTRAL T& operator*() & { return value(); }
  [[nodiscard]] BOARDRULES_NEUTRAL const T& operator*() const& { return value(); }
  [[nodiscard]] BOARDRULES_NEUTRAL T&& operator*() && { return std::move(*this).value(); }
  [[nodiscard]] BOARDRULES_NEUTRAL T* operator->() { return &value(); }
  [[nodiscard]] BOARDRULES_NEUTRAL const T* operator->() const { return &value(); }

  /// The error. Precondition: !has_value().
  [[nodiscard]] BOARDRULES_NEUTRAL const Error& error() const& { return std::get<1>(v_); }
  [[nodiscard]] BOARDRULES_NEUTRAL Error&& error() && { return std::get<1>(std::move(v_)); }

  /// The value, or `fallback` when there is none.
  [[nodiscard]] BOARDRULES_NEUTRAL T value_or(const T& fallback) const& { return has_value() ? value() : fallback; }

  /// f(value) (which returns a Result or a Status) when there is a value, else the error.
  template <class F>
  BOARDRULES_NEUTRAL auto and_then(F&& f) const& {
    using R = std::remove_cvref_t<std::invoke_result_t<F, const T&>>;
    static_assert(neutral_detail::IsResult<R>::value, "and_then: f must return a Result or a Status");
    if (has_value()) return neutral_detail::invoke(std::forward<F>(f), value());
    return R(error());
  }
  /// Result<U> holding f(value) when there is a value (Status when f returns void), else the error.
  template <class F>
  BOARDRULES_NEUTRAL auto transform(F&& f) const& {
    using U = std::remove_cvref_t<std::invoke_result_t<F, const T&>>;
    if constexpr (std::is_void_v<U>) {
      if (!has_value()) return Status(error());
      neutral_detail::invoke(std::forward<F>(f), value());
      return Status();
    } else {
      if (!has_value()) return Result<U>(error());
      return Result<U>(neutral_detail::invoke(std::forward<F>(f), value()));
    }
  }
  /// This result when it has a value, else f(error) (a Result<T>).
  template <class F>
  BOARDRULES_NEUTRAL Result or_else(F&& f) const& {
    if (has_value()) return *this;
    return neutral_detail::invoke(std::forward<F>(f), error());
  }
  /// This result, its error replaced by f(error) (an Error).
  template <class F>
  BOARDRULES_NEUTRAL Result transform_error(F&& f) const& {
    if (has_value()) return *this;
    return Result(Error(neutral_detail::invoke(std::forward<F>(f), error())));
  }

 private:
  std::variant<T, Error> v_;
};

}  // namespace boardrules
