#include <doctest/doctest.h>

#include <type_traits>

#include "boardrules/core/fixed_list.hpp"

using boardrules::FixedList;

TEST_CASE("FixedList: push, index, iterate, clear") {
  FixedList<int, 4> list;
  CHECK(list.empty());
  CHECK(FixedList<int, 4>::capacity() == 4);
  list.push_back(3);
  list.push_back(5);
  list.emplace_back(7) += 1;
  REQUIRE(list.size() == 3);
  CHECK(list[0] == 3);
  CHECK(list[1] == 5);
  CHECK(list.back() == 8);
  int sum = 0;
  for (int v : list) sum += v;
  CHECK(sum == 16);
  list.pop_back();
  CHECK(list.size() == 2);
  list.clear();
  CHECK(list.empty());
}

TEST_CASE("FixedList: trivially copyable and constexpr") {
  static_assert(std::is_trivially_copyable_v<FixedList<int, 8>>);
  constexpr int total = [] {
    FixedList<int, 8> l;
    for (int i = 1; i <= 8; ++i) l.push_back(i);
    int s = 0;
    for (int v : l) s += v;
    return s;
  }();
  static_assert(total == 36);
  CHECK(total == 36);
}

TEST_CASE("FixedList: spare slots are storage past the capacity, never part of the list") {
  using L = FixedList<int, 4, 3>;
  static_assert(L::capacity() == 4);
  static_assert(sizeof(L) >= sizeof(int) * 7);  // the spare slots are really there
  L list;
  // A generator may write past the last value, up to the spare slots, then set the size.
  for (int i = 0; i < 7; ++i) list.data()[i] = i + 1;
  list.resize_unchecked(4);
  CHECK(list.size() == 4);
  int sum = 0;
  for (int v : list) sum += v;
  CHECK(sum == 1 + 2 + 3 + 4);  // the spare values 5..7 are not in the list
  CHECK(list.end() - list.begin() == 4);
}

namespace {
// A value with member initialisers (not trivially default constructible), as warri::Position.
struct Initialised {
  int a = 7;
  int b = 9;
};
static_assert(!std::is_trivially_default_constructible_v<Initialised>);
}  // namespace

TEST_CASE("FixedList: values with member initialisers, usable in constexpr") {
  constexpr int total = [] {
    FixedList<Initialised, 4> l;
    l.push_back(Initialised{1, 2});
    l.push_back(Initialised{});
    int s = 0;
    for (const Initialised& v : l) s += v.a * 10 + v.b;
    return s;
  }();
  static_assert(total == 12 + 79);
  CHECK(total == 91);
}

TEST_CASE("FixedList: values with member initialisers, copied value by value (ListCopy::InUse)") {
  using L = FixedList<Initialised, 4, 0, boardrules::ListCopy::InUse>;
  constexpr int copied = [] {
    L a;
    a.push_back(Initialised{1, 2});
    a.emplace_back(Initialised{3, 4}).b = 5;
    L b = a;
    L c;
    c.push_back(Initialised{});
    c = b;
    int s = static_cast<int>(c.size()) * 1000;
    for (const Initialised& v : c) s += v.a * 10 + v.b;
    return s;
  }();
  static_assert(copied == 2000 + 12 + 35);
  CHECK(copied == 2047);
  L r;  // at run time: nothing constructed until pushed
  r.push_back(Initialised{6, 8});
  const L r2 = r;
  REQUIRE(r2.size() == 1);
  CHECK(r2[0].a == 6);
  CHECK(r2[0].b == 8);
}

TEST_CASE("FixedList: ListCopy::InUse copies the values in use and nothing else") {
  using L = FixedList<int, 8, 0, boardrules::ListCopy::InUse>;
  static_assert(!std::is_trivially_copyable_v<L>);
  static_assert(std::is_nothrow_copy_constructible_v<L> && std::is_nothrow_copy_assignable_v<L>);
  constexpr int copied = [] {
    L a;
    for (int i = 1; i <= 3; ++i) a.push_back(i);
    L b = a;  // copy construction
    L c;
    c.push_back(40);
    c = b;  // copy assignment
    int s = static_cast<int>(c.size()) * 100;
    for (int v : c) s += v;
    return s;
  }();
  static_assert(copied == 306);
  CHECK(copied == 306);

  // At run time a slot past the source's size is not copied: the destination keeps its own.
  L src;
  for (int i = 0; i < 6; ++i) src.push_back(i + 1);
  src.resize_unchecked(2);  // slots 2..5 still hold 3..6, outside the list
  L dst;
  for (int i = 0; i < 6; ++i) dst.push_back(100 + i);
  dst = src;
  REQUIRE(dst.size() == 2);
  CHECK(dst[0] == 1);
  CHECK(dst[1] == 2);
  CHECK(dst.data()[2] == 102);  // a whole copy would have written 3
  CHECK(dst.data()[5] == 105);
  const L constructed(src);
  CHECK(constructed.size() == 2);
  CHECK(constructed[1] == 2);
}
