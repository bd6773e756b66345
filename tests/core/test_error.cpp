#include <doctest/doctest.h>

#include <exception>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>

#include "boardrules/core/error.hpp"

using boardrules::BadResultAccess;
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

namespace {
struct Pair {
  int first = 0;
  int second = 0;
  [[nodiscard]] int sum() const { return first + second; }
};
}  // namespace

TEST_CASE("the continuations take what std::invoke takes: a pointer to a member, of an object or through a pointer") {
  const Result<Pair> p = Pair{3, 4};
  CHECK(*p.transform(&Pair::second) == 4);  // data member
  CHECK(*p.transform(&Pair::sum) == 7);     // member function
  const Pair q{10, 20};
  const Result<const Pair*> ptr = &q;
  CHECK(*ptr.transform(&Pair::first) == 10);  // through a pointer, as std::invoke does
  CHECK(*ptr.transform(&Pair::sum) == 30);
  const Result<Pair> none = make_error(ErrorCode::syntax, "no pair", "pair");
  CHECK(none.transform(&Pair::sum).error().where == "pair");
  CHECK(none.transform_error([](const Error& e) { return Error{e.message, "outer", e.offset, e.code}; })
            .error()
            .where == "outer");
}

TEST_CASE("every code has its own name") {
  const ErrorCode codes[] = {ErrorCode::unspecified,    ErrorCode::syntax,        ErrorCode::out_of_range,
                             ErrorCode::illegal_action, ErrorCode::invalid_state, ErrorCode::io,
                             ErrorCode::corrupted,      ErrorCode::unsupported,   ErrorCode::resource,
                             ErrorCode::usage};
  const char* names[] = {"unspecified", "syntax",    "out_of_range", "illegal_action", "invalid_state",
                         "io",          "corrupted", "unsupported",  "resource",       "usage"};
  for (std::size_t i = 0; i < std::size(codes); ++i)
    CHECK(std::string(boardrules::error_code_name(codes[i])) == names[i]);
  // The values are stable: a program may store them.
  CHECK(static_cast<int>(ErrorCode::syntax) == 1);
  CHECK(static_cast<int>(ErrorCode::usage) == 9);
}

TEST_CASE("value() of an error throws BadResultAccess carrying the error, as std::expected does") {
  static_assert(std::is_base_of_v<std::exception, BadResultAccess>);
  Result<int> bad = parse_digit('x');
  const Result<int>& cbad = bad;
  const auto check = [](const BadResultAccess& e) {
    CHECK(e.error().code == ErrorCode::syntax);
    CHECK(e.error().where == "digit");
    CHECK(std::string(e.what()) == "digit: not a digit: 'x' (at offset 0)");
  };
  // Whether `get()` throws BadResultAccess; what it carries checked.
  const auto throws_checked = [&check](const auto& get) {
    try {
      (void)get();
    } catch (const BadResultAccess& e) {
      check(e);
      return true;
    }
    return false;
  };
  CHECK(throws_checked([&bad] { return bad.value(); }));
  CHECK(throws_checked([&cbad] { return cbad.value(); }));
  CHECK(throws_checked([&bad] { return std::move(bad).value(); }));
  CHECK_THROWS_AS((void)*parse_digit('y'), BadResultAccess);
  const Result<std::string> no_text = make_error(ErrorCode::syntax, "empty", "text");
  CHECK_THROWS_WITH_AS((void)no_text->size(), "text: empty", BadResultAccess);
  CHECK_NOTHROW((void)parse_digit('7').value());

  // Status::value(): nothing on success, the same exception on an error.
  const Status ok;
  CHECK_NOTHROW(ok.value());
  const Status failed = make_error(ErrorCode::io, "cannot open", "file.txt");
  bool thrown = false;
  try {
    failed.value();
  } catch (const std::exception& e) {  // caught as a std::exception too
    CHECK(std::string(e.what()) == "file.txt: cannot open");
    const auto* b = dynamic_cast<const BadResultAccess*>(&e);
    REQUIRE(b != nullptr);
    CHECK(b->error().code == ErrorCode::io);
    thrown = true;
  }
  CHECK(thrown);
}

TEST_CASE("printable: control bytes escaped, other bytes kept, twice the same as once") {
  using boardrules::printable;
  CHECK(printable("plain text, 13/8 24/22*") == "plain text, 13/8 24/22*");
  // NUL, ESC (a terminal escape sequence), CR, LF, tab, DEL, BEL: all escaped, nothing raw left.
  const std::string hostile("a\0b\x1b[2Jc\rd\ne\tf\x7fg\x07", 17);
  CHECK(printable(hostile) == "a\\x00b\\x1B[2Jc\\rd\\ne\\tf\\x7Fg\\x07");
  // UTF-8 letters stay; the C1 control U+009B (CSI, C2 9B) is escaped.
  CHECK(printable("J\xC3\xBCrgen") == "J\xC3\xBCrgen");
  CHECK(printable("x\xC2\x9B"
                  "31m") == "x\\xC2\\x9B31m");
  CHECK(printable("\xC2\xA0") == "\xC2\xA0");  // U+00A0, not a control
  CHECK(printable("\xC2") == "\xC2");          // a cut sequence is left as it is
  CHECK(printable(printable(hostile)) == printable(hostile));
  for (const char c : printable(hostile)) CHECK(static_cast<unsigned char>(c) >= 0x20);
}

TEST_CASE("Error::to_string escapes what the message quotes from the input; the fields keep it") {
  const Error e = make_error(ErrorCode::syntax, "unexpected \"\x1b[31mred\r\"", std::string("line\0 2", 7), 4);
  CHECK(e.to_string() == "line\\x00 2: unexpected \"\\x1B[31mred\\r\" (at offset 4)");
  CHECK(e.message == "unexpected \"\x1b[31mred\r\"");
  const BadResultAccess thrown(e);
  CHECK(std::string(thrown.what()) == e.to_string());
}
