#include <doctest/doctest.h>

#include <string>

#include "boardrules/core/error.hpp"

using boardrules::Error;
using boardrules::make_error;
using boardrules::Result;
using boardrules::Status;

namespace {
Result<int> parse_digit(char c) {
  if (c < '0' || c > '9') return make_error(std::string("not a digit: '") + c + "'", "digit", 0);
  return c - '0';
}
}  // namespace

TEST_CASE("Result carries a value or an error that says what and where") {
  auto good = parse_digit('7');
  REQUIRE(good.ok());
  CHECK(*good == 7);
  auto bad = parse_digit('x');
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "not a digit: 'x'");
  CHECK(bad.error().where == "digit");
  CHECK(bad.error().to_string() == "digit: not a digit: 'x' (at offset 0)");
  CHECK(bad.value_or(-1) == -1);
}

TEST_CASE("Status") {
  Status fine;
  CHECK(fine.ok());
  Status failed = make_error("boom", "here");
  CHECK_FALSE(failed.ok());
  CHECK(failed.error().to_string() == "here: boom");
}
