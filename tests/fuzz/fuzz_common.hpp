#pragma once
// Helpers shared by the libFuzzer targets: a reader of the fuzz bytes, and a check that stops
// the run (abort: libFuzzer reports it with the input) when an invariant breaks.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace fuzz {

/// Stops the run with the message when `ok` is false.
inline void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

/// Reads the fuzz bytes front to back; once they run out every read gives 0.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) noexcept : p_(data), n_(size) {}
  [[nodiscard]] bool empty() const noexcept { return i_ >= n_; }
  [[nodiscard]] std::uint8_t byte() noexcept { return i_ < n_ ? p_[i_++] : std::uint8_t{0}; }
  /// A value in 0..n-1 (n >= 1).
  [[nodiscard]] int below(int n) noexcept { return static_cast<int>(byte() % static_cast<unsigned>(n)); }
  /// The rest as text.
  [[nodiscard]] std::string_view rest() noexcept {
    std::string_view s(reinterpret_cast<const char*>(p_ + i_), i_ < n_ ? n_ - i_ : 0);
    i_ = n_;
    return s;
  }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
  std::size_t i_ = 0;
};

}  // namespace fuzz
