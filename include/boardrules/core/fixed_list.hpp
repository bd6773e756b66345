#pragma once
/// \file
/// FixedList<T, N>: the fixed-capacity list every generator of the library fills.
/// A std::array plus a size: no allocation, trivially copyable when T is, usable in constexpr code.
/// Creating one costs nothing at run time when T is trivially default constructible: the storage
/// is left uninitialised until values are pushed (a T with member initialisers runs them for
/// every slot; in constant evaluation the storage is value-initialised, as it must be there).

#include <array>
#include <cassert>
#include <cstddef>
#include <type_traits>

namespace boardrules {

/// A list of at most N values of T held inline (std::array<T, N + Spare> plus a size).
/// Pushing past the capacity is a precondition violation (asserted in debug builds); the
/// generators that fill it document why their capacity is enough. `Spare` slots after the
/// capacity are storage a generator may scribble on (wide stores past the last value); they
/// are never part of the list.
template <class T, std::size_t N, std::size_t Spare = 0>
class FixedList {
  static_assert(std::is_trivially_copyable_v<T>, "FixedList holds trivially copyable values");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  /// The capacity N.
  [[nodiscard]] static constexpr std::size_t capacity() noexcept { return N; }

  /// An empty list. Its storage is not initialised (except in constant evaluation).
  constexpr FixedList() noexcept {
    if (std::is_constant_evaluated()) items_ = {};
  }

  /// Appends a value. Precondition: size() < capacity().
  constexpr void push_back(const T& value) noexcept {
    assert(size_ < N);
    items_[size_++] = value;
  }
  /// Appends a value and returns a reference to it. Precondition: size() < capacity().
  constexpr T& emplace_back(const T& value) noexcept {
    assert(size_ < N);
    items_[size_] = value;
    return items_[size_++];
  }
  /// Removes the last value. Precondition: !empty().
  constexpr void pop_back() noexcept {
    assert(size_ > 0);
    --size_;
  }
  /// Empties the list (the storage is kept).
  constexpr void clear() noexcept { size_ = 0; }
  /// Sets the size directly, for generators that write into data(). Precondition: n <= N.
  constexpr void resize_unchecked(std::size_t n) noexcept {
    assert(n <= N);
    size_ = n;
  }

  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] constexpr T& operator[](std::size_t i) noexcept {
    assert(i < size_);
    return items_[i];
  }
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept {
    assert(i < size_);
    return items_[i];
  }
  [[nodiscard]] constexpr T& back() noexcept { return (*this)[size_ - 1]; }
  [[nodiscard]] constexpr const T& back() const noexcept { return (*this)[size_ - 1]; }
  [[nodiscard]] constexpr T* data() noexcept { return items_.data(); }
  [[nodiscard]] constexpr const T* data() const noexcept { return items_.data(); }
  [[nodiscard]] constexpr iterator begin() noexcept { return items_.data(); }
  [[nodiscard]] constexpr iterator end() noexcept { return items_.data() + size_; }
  [[nodiscard]] constexpr const_iterator begin() const noexcept { return items_.data(); }
  [[nodiscard]] constexpr const_iterator end() const noexcept { return items_.data() + size_; }

 private:
  std::array<T, N + Spare> items_;  // values [0, size_); the rest uninitialised until written
  std::size_t size_ = 0;
};

}  // namespace boardrules
