#pragma once
// kSanitizerSlowdown: 5 in ASan builds (GCC's __SANITIZE_ADDRESS__ or Clang's
// __has_feature(address_sanitizer)), else 1. Long randomized tests divide their work by it.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kSanitizerSlowdown = 5;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr int kSanitizerSlowdown = 5;
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif
