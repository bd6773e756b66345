#include <doctest/doctest.h>

#include <string>
#include <type_traits>

#include "boardrules/core/error.hpp"

using boardrules::Error;
using boardrules::ErrorCode;
using boardrules::make_error;
using boardrules::Result;
using boardrules::Status;

namespace {
Result<int> parse_digit(char c) {
  if (c < '0' || c > '9') return make_error(ErrorCode::syntax, std::string("not a digit: '") + c + "'", "digit", 0);
  return c - '0';
}
}  // namespace

TEST_CASE("Result carries a value or an error that says what and where") {
  auto good = parse_digit('7');
  REQUIRE(good.has_value());
  CHECK(*good == 7);
  auto bad = parse_digit('x');
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().code == ErrorCode::syntax);
  CHECK(bad.error().message == "not a digit: 'x'");
  CHECK(bad.error().where == "digit");
  CHECK(bad.error().to_string() == "digit: not a digit: 'x' (at offset 0)");
  CHECK(bad.value_or(-1) == -1);
}

TEST_CASE("Status") {
  Status fine;
  CHECK(fine.has_value());
  Status failed = make_error(ErrorCode::usage, "boom", "here");
  CHECK_FALSE(failed.has_value());
  CHECK(failed.error().to_string() == "here: boom");
}

TEST_CASE("Result is spelled like std::expected: has_value, and_then, transform, or_else, transform_error") {
  static_assert(std::is_same_v<Result<int>::value_type, int>);
  static_assert(std::is_same_v<Result<int>::error_type, Error>);
  static_assert(std::is_same_v<Status, Result<void>>);

  const Result<int> seven = parse_digit('7');
  const Result<int> bad = parse_digit('x');
  CHECK(seven.has_value());
  CHECK_FALSE(bad.has_value());
  CHECK(bad.error().message == "not a digit: 'x'");

  // and_then: chains a call that can fail; the first error wins.
  auto twice = [](int v) -> Result<int> {
    if (v > 4) return boardrules::make_error(ErrorCode::out_of_range, "too large", "twice");
    return 2 * v;
  };
  CHECK(*parse_digit('3').and_then(twice) == 6);
  CHECK(seven.and_then(twice).error().where == "twice");
  CHECK(seven.and_then(twice).error().code == ErrorCode::out_of_range);
  CHECK(bad.and_then(twice).error().where == "digit");
  CHECK(bad.and_then(twice).error().code == ErrorCode::syntax);

  // transform: maps the value, keeps the error; a void function gives a Status.
  const Result<std::string> text = seven.transform([](int v) { return std::to_string(v * 10); });
  CHECK(*text == "70");
  CHECK(bad.transform([](int v) { return v + 1; }).error().where == "digit");
  int seen = 0;
  const Status st = seven.transform([&](int v) { seen = v; });
  CHECK(st.has_value());
  CHECK(seen == 7);

  // or_else: a fallback computed from the error; transform_error rewrites it.
  CHECK(*bad.or_else([](const Error&) -> Result<int> { return 0; }) == 0);
  CHECK(*seven.or_else([](const Error&) -> Result<int> { return 0; }) == 7);
  CHECK(bad.transform_error([](Error e) {
             e.where = "move 3: " + e.where;
             return e;
           })
            .error()
            .where == "move 3: digit");

  // Status: success by default, the same monadic calls.
  const Status ok;
  const Status failed = boardrules::make_error(ErrorCode::illegal_action, "refused", "action");
  CHECK(ok.has_value());
  CHECK_FALSE(failed.has_value());
  CHECK(*ok.and_then([] { return Result<int>(5); }) == 5);
  CHECK(failed.and_then([] { return Result<int>(5); }).error().code == ErrorCode::illegal_action);
  CHECK(failed.or_else([](const Error&) { return Status(); }).has_value());
  failed.ignore();  // compiles without a warning: dropping a Status on purpose
}
