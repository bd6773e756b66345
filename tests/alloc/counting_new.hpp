#pragma once
// Replaces the global operator new/delete of the test executable that includes this header (include
// it from exactly one translation unit) with versions that count calls, so that a test can prove
// that a hot path never allocates; and gives every such executable the test that the counter
// counts (so that its "allocates nothing" checks can fail). tests/alloc is not built under sanitizers, which replace
// operator new themselves.
#include <doctest/doctest.h>

#include <malloc.h>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace alloc_test {
inline std::atomic<long> g_news{0};
inline std::atomic<std::int64_t> g_live{0};  // bytes held now (malloc_usable_size of each block)
inline std::atomic<std::int64_t> g_peak{0};  // the most held since reset_peak()
/// Calls of operator new (any form) since the program started.
inline long allocations() noexcept { return g_news.load(std::memory_order_relaxed); }
/// Starts a new peak: from now, peak_bytes() is the most held above what is held now.
inline void reset_peak() noexcept { g_peak.store(g_live.load(std::memory_order_relaxed), std::memory_order_relaxed); }
/// The most bytes held at once through operator new since reset_peak(), above what was held
/// then.
inline std::int64_t peak_bytes(std::int64_t held_at_reset) noexcept {
  return g_peak.load(std::memory_order_relaxed) - held_at_reset;
}
inline std::int64_t live_bytes() noexcept { return g_live.load(std::memory_order_relaxed); }
}  // namespace alloc_test

namespace alloc_test {
inline void held(void* p) noexcept {
  if (p == nullptr) return;
  const auto size = static_cast<std::int64_t>(malloc_usable_size(p));
  const auto now = g_live.fetch_add(size, std::memory_order_relaxed) + size;
  for (auto peak = g_peak.load(std::memory_order_relaxed);
       now > peak && !g_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed);) {}
}
inline void release(void* p) noexcept {
  if (p != nullptr) g_live.fetch_sub(static_cast<std::int64_t>(malloc_usable_size(p)), std::memory_order_relaxed);
  std::free(p);
}
inline void* counted(std::size_t n) noexcept {
  g_news.fetch_add(1, std::memory_order_relaxed);
  void* p = std::malloc(n == 0 ? 1 : n);
  held(p);
  return p;
}
inline void* counted_aligned(std::size_t n, std::align_val_t a) noexcept {
  g_news.fetch_add(1, std::memory_order_relaxed);
  const auto al = static_cast<std::size_t>(a);
  const std::size_t rounded = (n == 0 ? al : (n + al - 1) / al * al);  // aligned_alloc: a multiple of al
  void* p = std::aligned_alloc(al, rounded);
  held(p);
  return p;
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
void operator delete(void* p) noexcept { alloc_test::release(p); }
void operator delete[](void* p) noexcept { alloc_test::release(p); }
void operator delete(void* p, std::size_t) noexcept { alloc_test::release(p); }
void operator delete[](void* p, std::size_t) noexcept { alloc_test::release(p); }
void operator delete(void* p, std::align_val_t) noexcept { alloc_test::release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { alloc_test::release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { alloc_test::release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { alloc_test::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { alloc_test::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { alloc_test::release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { alloc_test::release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { alloc_test::release(p); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

TEST_CASE("the counter sees allocations of every form (the test can fail)") {
  struct alignas(64) Wide {
    unsigned char bytes[64];
  };
  const long before = alloc_test::allocations();
  const std::int64_t live = alloc_test::live_bytes();
  alloc_test::reset_peak();
  auto* volatile p = new int(3);
  CHECK(alloc_test::live_bytes() >= live + static_cast<std::int64_t>(sizeof(int)));
  delete p;
  CHECK(alloc_test::allocations() == before + 1);
  CHECK(alloc_test::live_bytes() == live);
  CHECK(alloc_test::peak_bytes(live) >= static_cast<std::int64_t>(sizeof(int)));
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
