#pragma once
// Replaces the global operator new/delete of the test executable that includes this header (include
// it from exactly one translation unit) with versions that count calls, so that a test can prove
// that a hot path never allocates; and gives every such executable the test that the counter
// counts (so that its "allocates nothing" checks can fail). tests/alloc is not built under sanitizers, which replace
// operator new themselves.
#include <doctest/doctest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace alloc_test {
inline std::atomic<long> g_news{0};
inline std::atomic<std::uint64_t> g_bytes{0};
/// Calls of operator new (any form) since the program started.
inline long allocations() noexcept { return g_news.load(std::memory_order_relaxed); }
/// Bytes asked of operator new (any form, freed or not) since the program started: the most a
/// piece of code can have held at once is at most what it asked for.
inline std::uint64_t bytes_asked() noexcept { return g_bytes.load(std::memory_order_relaxed); }
}  // namespace alloc_test

namespace alloc_test {
inline void* counted(std::size_t n) noexcept {
  g_news.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  return std::malloc(n == 0 ? 1 : n);
}
inline void* counted_aligned(std::size_t n, std::align_val_t a) noexcept {
  g_news.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(n, std::memory_order_relaxed);
  const auto al = static_cast<std::size_t>(a);
  const std::size_t rounded = (n == 0 ? al : (n + al - 1) / al * al);  // aligned_alloc: a multiple of al
  return std::aligned_alloc(al, rounded);
}
}  // namespace alloc_test

// Every replaceable allocation form counts: plain, array, aligned (a 64-byte-aligned type such
// as a Game is allocated through these), nothrow, aligned nothrow.
void* operator new(std::size_t n) {
  if (void* p = alloc_test::counted(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = alloc_test::counted(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = alloc_test::counted_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = alloc_test::counted_aligned(n, a)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return alloc_test::counted(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return alloc_test::counted(n); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return alloc_test::counted_aligned(n, a);
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return alloc_test::counted_aligned(n, a);
}
// The deletes free what the news above took from malloc; GCC, seeing both inlined into the
// library's code, takes the pair for a mismatch (-Wmismatched-new-delete).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

TEST_CASE("the counter sees allocations of every form (the test can fail)") {
  struct alignas(64) Wide {
    unsigned char bytes[64];
  };
  const long before = alloc_test::allocations();
  const std::uint64_t bytes_before = alloc_test::bytes_asked();
  auto* volatile p = new int(3);
  delete p;
  CHECK(alloc_test::allocations() == before + 1);
  CHECK(alloc_test::bytes_asked() == bytes_before + sizeof(int));
  auto* volatile a = new int[4];
  delete[] a;
  CHECK(alloc_test::allocations() == before + 2);
  auto* volatile w = new Wide;  // operator new(size_t, align_val_t)
  CHECK(reinterpret_cast<std::uintptr_t>(w) % 64 == 0);
  delete w;
  CHECK(alloc_test::allocations() == before + 3);
  auto* volatile wa = new Wide[3];
  delete[] wa;
  CHECK(alloc_test::allocations() == before + 4);
  auto* volatile n = new (std::nothrow) int(4);
  delete n;
  CHECK(alloc_test::allocations() == before + 5);
  auto* volatile wn = new (std::nothrow) Wide;
  delete wn;
  CHECK(alloc_test::allocations() == before + 6);
}
