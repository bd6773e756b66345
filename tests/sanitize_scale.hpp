#pragma once
// The one place the tests detect a sanitizer build: kSanitized is true in ASan builds (GCC's
// __SANITIZE_ADDRESS__ or Clang's __has_feature(address_sanitizer); the project's sanitizer
// build is ASan+UBSan). kSanitizerSlowdown (5 there, else 1): long randomized tests divide their
// work by it.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif
inline constexpr int kSanitizerSlowdown = kSanitized ? 5 : 1;
