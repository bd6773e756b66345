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
