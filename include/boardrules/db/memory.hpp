#pragma once
/// \file
/// The memory a computation may take, checked before it allocates: a build that needs more than
/// the machine has is refused at once with ErrorCode::resource (what it needs and what there is)
/// instead of failing with std::bad_alloc, or swapping for hours, once it has started.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

#include "boardrules/core/error.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// The memory, in bytes, that this process can allocate without swapping, as far as it can be
/// known: on Linux MemAvailable of /proc/meminfo (free memory and the caches that can be
/// dropped), lowered to what is left under a cgroup v2 memory limit (a container's); elsewhere
/// the physical memory (sysconf); nothing when none of these can be read.
[[nodiscard]] inline std::optional<std::uint64_t> available_memory() {
  std::optional<std::uint64_t> have;
  {
    std::ifstream in("/proc/meminfo");
    std::string name;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> name >> kib) {
      std::getline(in, unit);
      if (name == "MemAvailable:") {
        have = kib * 1024;
        break;
      }
    }
  }
#if __has_include(<unistd.h>) && defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  if (!have) {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) have = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  }
#endif
  {
    std::ifstream max_in("/sys/fs/cgroup/memory.max");
    std::ifstream cur_in("/sys/fs/cgroup/memory.current");
    std::uint64_t limit = 0;
    std::uint64_t used = 0;
    if (max_in >> limit && cur_in >> used) {  // "max" (no limit) does not read as a number
      const std::uint64_t left = limit > used ? limit - used : 0;
      if (!have || left < *have) have = left;
    }
  }
  return have;
}

/// `bytes` in GiB (or MiB below 1 GiB), e.g. "57.0 GiB".
[[nodiscard]] inline std::string format_bytes(std::uint64_t bytes) {
  char text[64];
  if (bytes >= (std::uint64_t{1} << 30))
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / static_cast<double>(1u << 30));
  else std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / static_cast<double>(1u << 20));
  return text;
}

/// Success when `need` bytes are at most available_memory() (or when that cannot be known);
/// else an Error with ErrorCode::resource, where = `what`, saying how much is needed and how
/// much the machine has.
[[nodiscard]] inline Status check_memory(std::uint64_t need, const std::string& what) {
  const std::optional<std::uint64_t> have = available_memory();
  if (!have || need <= *have) return {};
  return make_error(ErrorCode::resource,
                    "needs " + format_bytes(need) + " of memory, the machine has " + format_bytes(*have) + " available",
                    what);
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
