#pragma once
/// \file
/// The solved Hypergammon database in memory (HyperDatabase): for every pair of one-sided
/// positions (hyper_index.hpp), the entry of the player on roll (HyperEntry).

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/hyper_index.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One entry: the probabilities and equities of the player on roll.
struct HyperEntry {
  /// Win, win a gammon, win a backgammon, lose a gammon, lose a backgammon (cubeless; the
  /// gammons include the backgammons, BG-7).
  std::array<float, 5> probability{};
  /// Money equities per unit of cube: cubeless, owner on roll, centred, centred under the Jacoby
  /// rule, opponent owns (before the player on roll's own cube decision).
  std::array<float, 5> equity{};
};

/// The solved Hypergammon database of 1 to 3 checkers a side.
class HyperDatabase {
 public:
  HyperDatabase() = default;
  /// The database of `checkers` checkers from its entries, (mover, opponent) at
  /// mover * side_positions() + opponent. Precondition: checkers is 1..3 and the entries are
  /// hyper_positions(checkers) squared (checked by from_entries, which returns an Error instead).
  HyperDatabase(int checkers, std::vector<HyperEntry> entries, float residual)
      : checkers_(checkers), n_(hyper_positions(checkers)), entries_(std::move(entries)), residual_(residual) {
    assert(checkers >= 1 && checkers <= 3);
    assert(entries_.size() == static_cast<std::size_t>(n_) * n_);
  }
  /// The database of `checkers` checkers from its entries, as the constructor, or an Error
  /// (out_of_range) when checkers is not 1..3 or the entries are not hyper_positions(checkers)
  /// squared.
  [[nodiscard]] static Result<HyperDatabase> from_entries(int checkers, std::vector<HyperEntry> entries,
                                                          float residual) {
    if (checkers < 1 || checkers > 3)
      return make_error(ErrorCode::out_of_range, "1 to 3 checkers, not " + std::to_string(checkers), "checkers");
    const std::size_t need = static_cast<std::size_t>(hyper_positions(checkers)) * hyper_positions(checkers);
    if (entries.size() != need)
      return make_error(ErrorCode::out_of_range,
                        std::to_string(entries.size()) + " entries for " + std::to_string(checkers) +
                            " checkers, which need " + std::to_string(need),
                        "entries");
    return HyperDatabase(checkers, std::move(entries), residual);
  }
  [[nodiscard]] int checkers() const noexcept { return checkers_; }
  [[nodiscard]] std::uint32_t side_positions() const noexcept { return n_; }
  /// The largest change of any value in the last sweep.
  [[nodiscard]] float residual() const noexcept { return residual_; }
  /// The entry of (the player on roll's index, the opponent's). Precondition: both below
  /// side_positions().
  [[nodiscard]] const HyperEntry& entry(std::uint32_t mover, std::uint32_t opponent) const noexcept {
    assert(mover < n_ && opponent < n_);
    return entries_[static_cast<std::size_t>(mover) * n_ + opponent];
  }

 private:
  int checkers_ = 0;
  std::uint32_t n_ = 0;
  std::vector<HyperEntry> entries_;
  float residual_ = 0;
};

namespace hyper_detail {

// The cubeless money equity of probabilities p (gammons counted, or only wins and losses).
[[nodiscard]] inline float money_utility(const std::array<float, 5>& p, bool gammons_count) noexcept {
  float e = 2.0f * p[0] - 1.0f;
  if (gammons_count) e += (p[1] - p[3]) + (p[2] - p[4]);
  return e;
}

}  // namespace hyper_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
