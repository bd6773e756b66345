#pragma once
// Replaces the global operator new/delete of the test executable that includes this header (include
// it from exactly one translation unit) with versions that count calls, so that a test can prove
// that a hot path never allocates; and gives every such executable the test that the counter
// counts (so that its "allocates nothing" checks can fail). tests/alloc is not built under sanitizers, which replace
// operator new themselves.
#include <doctest/doctest.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace alloc_test {
inline std::atomic<long> g_news{0};
/// Calls of operator new (any form) since the program started.
inline long allocations() noexcept { return g_news.load(std::memory_order_relaxed); }
}  // namespace alloc_test

void* operator new(std::size_t n) {
  alloc_test::g_news.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("the counter sees allocations (the test can fail)") {
  const long before = alloc_test::allocations();
  auto* volatile p = new int(3);
  delete p;
  CHECK(alloc_test::allocations() == before + 1);
}
