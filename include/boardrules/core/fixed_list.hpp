#pragma once
/// \file
/// FixedList<T, N>: the fixed-capacity list every generator and game record of the library fills.
/// An array plus a size: no allocation, usable in constexpr code. Creating one costs nothing at
/// run time, whatever T: no slot is constructed (for a T with member initialisers the array is a
/// union member, so they do not run) until a value is pushed; in constant evaluation the array is
/// value-initialised, as it must be there. Copying copies the whole storage (the list is then
/// trivially copyable) or, for a large list that usually holds few values, only the values in use
/// (ListCopy::InUse).

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <type_traits>

// std::construct_at (the one way to begin a value's life in constant evaluation) is declared in
// <memory>, about 50,000 preprocessed lines that every unit including a generator would pay for;
// libstdc++ defines it in a small header of its own, taken when it is there.
#if defined(__GLIBCXX__) && defined(__has_include)
#if __has_include(<bits/stl_construct.h>)
#include <bits/stl_construct.h>
#else
#include <memory>
#endif
#else
#include <memory>
#endif

// ISA-neutral (config.hpp): one type in every translation unit, members forced inline.
namespace boardrules {

/// How a FixedList is copied.
enum class ListCopy {
  Whole,  ///< the whole storage, trivially: the list is trivially copyable (best for small lists)
  InUse,  ///< only the values in use: for a large list that usually holds few (a game's history)
};

// Not `detail`: code that uses both boardrules and boardrules::backgammon must not find two.
namespace fixed_list_detail {

/// Storage for S values of T without member initialisers: default-initialising the array does
/// nothing at run time.
template <class T, std::size_t S>
struct PlainSlots {
  BOARDRULES_NEUTRAL constexpr PlainSlots() noexcept {
    if (std::is_constant_evaluated()) items = {};
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr T* data() noexcept { return items.data(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const T* data() const noexcept { return items.data(); }
  std::array<T, S> items;
};

/// A built-in array in a struct: its elements are reached by member access and pointer
/// arithmetic, never by a member function called on an object whose lifetime has not begun.
template <class T, std::size_t S>
struct RawArray {
  T v[S];
};

/// Storage for S values of T with member initialisers: the array is a union member, not
/// constructed at run time, so they do not run. Each value begins its life when it is written
/// (std::construct_at on its slot); in constant evaluation the whole array is constructed.
template <class T, std::size_t S>
union UnionSlots {
  BOARDRULES_NEUTRAL constexpr UnionSlots() noexcept {
    if (std::is_constant_evaluated()) std::construct_at(&items);
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr T* data() noexcept { return items.v; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const T* data() const noexcept { return items.v; }
  RawArray<T, S> items;
};

/// Storage for S values of T in which no value is constructed at run time (see the file comment).
template <class T, std::size_t S>
using ListSlots = std::conditional_t<std::is_trivially_default_constructible_v<T>, PlainSlots<T, S>, UnionSlots<T, S>>;

/// The slots and the size, copied whole (trivially).
template <class T, std::size_t S, ListCopy C>
struct ListStore {
  ListSlots<T, S> slots;
  std::size_t size = 0;
};

/// The slots and the size, copied value by value for the values in use only.
template <class T, std::size_t S>
struct ListStore<T, S, ListCopy::InUse> {
  ListSlots<T, S> slots;
  std::size_t size = 0;

  BOARDRULES_NEUTRAL constexpr ListStore() noexcept = default;
  BOARDRULES_NEUTRAL constexpr ListStore(const ListStore& o) noexcept : size(o.size) { copy_values(o); }
  BOARDRULES_NEUTRAL constexpr ListStore& operator=(const ListStore& o) noexcept {
    if (this != &o) {
      size = o.size;
      copy_values(o);
    }
    return *this;
  }
  BOARDRULES_NEUTRAL ~ListStore() = default;

 private:
  // Each value is constructed in its slot (a copy of a trivially copyable value: a memcpy).
  BOARDRULES_NEUTRAL constexpr void copy_values(const ListStore& o) noexcept {
    const T* from = o.slots.data();
    T* to = slots.data();
    for (std::size_t i = 0; i < o.size; ++i) std::construct_at(to + i, from[i]);
  }
};

}  // namespace fixed_list_detail

/// A list of at most N values of T held inline (an array of N + Spare values plus a size).
/// Pushing past the capacity is a precondition violation (asserted in debug builds); the
/// generators that fill it document why their capacity is enough. `Spare` slots after the
/// capacity are storage a generator may scribble on (wide stores past the last value); they
/// are never part of the list. `Copy` says how a copy is made (see ListCopy).
template <class T, std::size_t N, std::size_t Spare = 0, ListCopy Copy = ListCopy::Whole>
class FixedList {
  static_assert(std::is_trivially_copyable_v<T>, "FixedList holds trivially copyable values");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  /// The capacity N.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr std::size_t capacity() noexcept { return N; }

  /// An empty list. Its storage is not initialised (except in constant evaluation), also when
  /// written `FixedList l{}`: the constructor is user-provided, so value-initialisation does not
  /// zero the storage first.
  BOARDRULES_NEUTRAL constexpr FixedList() noexcept {}  // NOLINT(modernize-use-equals-default): `= default` would zero it under `{}`

  /// Appends a value. Precondition: size() < capacity().
  BOARDRULES_NEUTRAL constexpr void push_back(const T& value) noexcept {
    assert(s_.size < N);
    std::construct_at(s_.slots.data() + s_.size, value);
    ++s_.size;
  }
  /// Appends a value and returns a reference to it. Precondition: size() < capacity().
  BOARDRULES_NEUTRAL constexpr T& emplace_back(const T& value) noexcept {
    assert(s_.size < N);
    T* slot = std::construct_at(s_.slots.data() + s_.size, value);
    ++s_.size;
    return *slot;
  }
  /// Removes the last value. Precondition: !empty().
  BOARDRULES_NEUTRAL constexpr void pop_back() noexcept {
    assert(s_.size > 0);
    --s_.size;
  }
  /// Empties the list (the storage is kept).
  BOARDRULES_NEUTRAL constexpr void clear() noexcept { s_.size = 0; }
  /// Sets the size directly, for generators that write into data(). Precondition: n <= N.
  BOARDRULES_NEUTRAL constexpr void resize_unchecked(std::size_t n) noexcept {
    assert(n <= N);
    s_.size = n;
  }

  [[nodiscard]] BOARDRULES_NEUTRAL constexpr std::size_t size() const noexcept { return s_.size; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool empty() const noexcept { return s_.size == 0; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr T& operator[](std::size_t i) noexcept {
    assert(i < s_.size);
    return s_.slots.data()[i];
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const T& operator[](std::size_t i) const noexcept {
    assert(i < s_.size);
    return s_.slots.data()[i];
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr T& back() noexcept { return (*this)[s_.size - 1]; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const T& back() const noexcept { return (*this)[s_.size - 1]; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr T* data() noexcept { return s_.slots.data(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const T* data() const noexcept { return s_.slots.data(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr iterator begin() noexcept { return data(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr iterator end() noexcept { return data() + s_.size; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const_iterator begin() const noexcept { return data(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const_iterator end() const noexcept { return data() + s_.size; }

 private:
  fixed_list_detail::ListStore<T, N + Spare, Copy> s_;  // values [0, size); the rest uninitialised until written
};

}  // namespace boardrules
