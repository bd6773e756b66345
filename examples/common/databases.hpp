#pragma once
/// \file
/// Endgame databases for the examples' players: files read by their header (GNU Backgammon's
/// one- and two-sided bear-off and Hypergammon formats), and the play a database prefers.
/// Included as "common/databases.hpp" with examples/ on the include path.

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/exact.hpp"

// In a namespace of their own: code outside the library does not open the library's namespaces.
namespace dbfiles {

namespace bg = boardrules::backgammon;

/// The databases read from files, at most one of each kind.
struct Loaded {
  std::optional<bg::TwoSidedBearoff> two_sided;
  std::optional<bg::HyperDatabase> hyper;
  std::optional<bg::OneSidedBearoff> one_sided;

  /// Pointers to those loaded (valid while this object lives and is not changed).
  [[nodiscard]] bg::EndgameDatabases view() const noexcept {
    return {two_sided ? &*two_sided : nullptr, hyper ? &*hyper : nullptr, one_sided ? &*one_sided : nullptr};
  }
  [[nodiscard]] bool empty() const noexcept { return !two_sided && !hyper && !one_sided; }
};

/// Reads `file` into `into`, its kind from its header; the reason on failure (unreadable, not a
/// database, a second database of a kind already loaded).
[[nodiscard]] inline std::optional<std::string> load(const std::string& file, Loaded& into) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return "cannot read '" + file + "'";
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto fail = [&](const std::string& why) { return std::optional<std::string>(file + ": " + why); };
  if (bytes.size() >= 7 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 7) == "gnubg-H") {
    if (into.hyper) return fail("a second Hypergammon database");
    auto db = bg::parse_hyper(bytes);
    if (!db) return fail(db.error().to_string());
    into.hyper = std::move(*db);
    return std::nullopt;
  }
  const auto header = bg::parse_bearoff_header(bytes);
  if (!header) return fail(header.error().to_string());
  if (header->two_sided) {
    if (into.two_sided) return fail("a second two-sided bear-off database");
    auto db = bg::parse_two_sided_bearoff(bytes);
    if (!db) return fail(db.error().to_string());
    into.two_sided = std::move(*db);
  } else {
    if (into.one_sided) return fail("a second one-sided bear-off database");
    auto db = bg::parse_one_sided_bearoff(bytes);
    if (!db) return fail(db.error().to_string());
    into.one_sided = std::move(*db);
  }
  return std::nullopt;
}

/// The index in `plays` of the play whose position (the opponent then on roll) is worth the most
/// to the player who moved by the databases (database_value: an exact value, else the one-sided
/// estimate), the first of equal ones, with that value (cubeless equity of the player who moved);
/// nothing when some play's position is not covered (the values would not compare).
template <class V>
[[nodiscard]] std::optional<std::pair<std::size_t, double>> best_play(const bg::BasicPosition<V>& pos,
                                                                      const bg::PlayList& plays,
                                                                      const bg::EndgameDatabases& dbs) noexcept {
  std::optional<std::pair<std::size_t, double>> best;
  for (std::size_t i = 0; i < plays.size(); ++i) {
    const auto v = bg::database_value(bg::apply(pos, plays[i]).flipped(), dbs);
    if (!v) return std::nullopt;
    if (!best || -v->equity > best->second) best = {i, -v->equity};
  }
  return best;
}

}  // namespace dbfiles
