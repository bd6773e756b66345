#pragma once
/// \file
/// Error and Result<T>: how the library reports bad input at its boundary (text, IDs, user actions).
/// Parsers and the game layer return a Result; they never throw on user input and never leave a
/// state half-changed. The hot paths (generation, apply, perft) do not use these.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// What went wrong and where.
struct Error {
  /// Human-readable description of the problem, e.g. "expected 6 houses, found 5".
  std::string message;
  /// The field or part of the input at fault, e.g. "houses", "position id", "move 3".
  std::string where;
  /// Offset in the input text (0-based character index) when it applies, else npos.
  std::size_t offset = npos;

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// "where: message (at offset N)", for printing.
  [[nodiscard]] std::string to_string() const {
    std::string s;
    if (!where.empty()) s += where + ": ";
    s += message;
    if (offset != npos) s += " (at offset " + std::to_string(offset) + ")";
    return s;
  }
};

/// Makes an Error (convenience for `return make_error(...)` in functions returning Result<T>).
[[nodiscard]] inline Error make_error(std::string message, std::string where = {}, std::size_t offset = Error::npos) {
  return Error{std::move(message), std::move(where), offset};
}

/// Either a value of T or an Error. A small std::expected-like type (C++20 has none).
template <class T>
class [[nodiscard]] Result {
 public:
  // By reference, not by value: values such as positions are 64-byte aligned.
  Result(const T& value) : v_(std::in_place_index<0>, value) {}          // NOLINT: implicit by design
  Result(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}    // NOLINT: implicit by design
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit by design

  /// True when the result holds a value.
  [[nodiscard]] bool ok() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  /// The value. Precondition: ok().
  [[nodiscard]] T& value() & { return std::get<0>(v_); }
  [[nodiscard]] const T& value() const& { return std::get<0>(v_); }
  [[nodiscard]] T&& value() && { return std::get<0>(std::move(v_)); }
  [[nodiscard]] T& operator*() & { return value(); }
  [[nodiscard]] const T& operator*() const& { return value(); }
  [[nodiscard]] T* operator->() { return &value(); }
  [[nodiscard]] const T* operator->() const { return &value(); }

  /// The error. Precondition: !ok().
  [[nodiscard]] const Error& error() const& { return std::get<1>(v_); }

  /// The value, or `fallback` when there is none.
  [[nodiscard]] T value_or(const T& fallback) const& { return ok() ? value() : fallback; }

 private:
  std::variant<T, Error> v_;
};

/// Result of an operation that yields no value: success or an Error.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design
  [[nodiscard]] bool ok() const noexcept { return !error_.has_value(); }
  explicit operator bool() const noexcept { return ok(); }
  /// The error. Precondition: !ok() (an empty Error otherwise).
  [[nodiscard]] const Error& error() const& { return error_ ? *error_ : no_error(); }

 private:
  static const Error& no_error() {
    static const Error none{};
    return none;
  }
  // Empty on success, so that the success path (every action of a playout) builds, moves and
  // destroys no strings.
  std::optional<Error> error_;
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
