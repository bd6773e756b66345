#pragma once
/// \file
/// Endgame databases for the examples' players: files read by their header (GNU Backgammon's
/// one- and two-sided bear-off and Hypergammon formats), whether they can serve the variant
/// played, and the play a database prefers. Included as "common/databases.hpp" with examples/ on
/// the include path.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/exact.hpp"
#include "boardrules/formats/file.hpp"

// In a namespace of their own: code outside the library does not open the library's namespaces.
namespace dbfiles {

namespace bg = boardrules::backgammon;

/// The largest database file read: a two-sided bear-off database of 15 checkers on 6 points with
/// cubeful equities (40 + 54,264^2 x 8 bytes, 23.6 GB), the largest of the three kinds (a
/// one-sided file holds at most 6.9 MB, a Hypergammon file 300 MB). Each parser then checks the
/// file's size against its header before it allocates.
inline constexpr std::uint64_t kMaxDatabaseFileBytes =
    40 + std::uint64_t{bg::bearoff_positions(6, 15)} * bg::bearoff_positions(6, 15) * 8;

/// The databases read from files, at most one of each kind.
struct Loaded {
  std::optional<bg::TwoSidedBearoff> two_sided;
  std::optional<bg::HyperDatabase> hyper;
  std::optional<bg::OneSidedBearoff> one_sided;
  /// The file the Hypergammon database was read from (for messages).
  std::string hyper_file;

  /// Pointers to those loaded (valid while this object lives and is not changed).
  [[nodiscard]] bg::EndgameDatabases view() const noexcept {
    return {two_sided ? &*two_sided : nullptr, hyper ? &*hyper : nullptr, one_sided ? &*one_sided : nullptr};
  }
  [[nodiscard]] bool empty() const noexcept { return !two_sided && !hyper && !one_sided; }
};

/// Reads `file` into `into`, its kind from its header; the reason on failure (unreadable, not a
/// database, a second database of a kind already loaded).
[[nodiscard]] inline std::optional<std::string> load(const std::string& file, Loaded& into) {
  const auto read = boardrules::read_file(file, static_cast<std::size_t>(kMaxDatabaseFileBytes));
  if (!read) return read.error().to_string();
  const std::vector<std::uint8_t>& bytes = *read;
  const auto fail = [&](const std::string& why) { return std::optional<std::string>(file + ": " + why); };
  if (bytes.size() >= 7 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 7) == "gnubg-H") {
    if (into.hyper) return fail("a second Hypergammon database");
    auto db = bg::parse_hyper(bytes);
    if (!db) return fail(db.error().to_string());
    into.hyper = std::move(*db);
    into.hyper_file = file;
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

/// Why the databases in `dbs` cannot all serve games of variant V (a usage error), or nothing.
/// A Hypergammon database answers only Hypergammon positions of exactly its own number of
/// checkers a side, those borne off included (exact.hpp): it serves the Hypergammon variant (3
/// checkers) only when built for 3, since a game of 3 checkers never reaches a position of 1 or
/// 2. The bear-off databases serve any variant: a race with every checker home is the same race
/// whatever the number borne off (the one-sided one is used only where no gammon is possible,
/// outside 15-checker variants). `takes_variant`: the program has a --variant option, which the
/// message then suggests (a program without one plays standard backgammon only).
template <class V>
[[nodiscard]] std::optional<std::string> unusable_for(const Loaded& dbs, bool takes_variant = false) {
  if (!dbs.hyper) return std::nullopt;
  const std::string file = dbs.hyper_file + ": ";
  if constexpr (!std::is_same_v<V, bg::Hypergammon>) {
    return file + "a Hypergammon database answers only Hypergammon positions, not " + std::string(V::name) + " ones" +
           (takes_variant ? "; give --variant hypergammon" : ", and this command plays standard backgammon only");
  } else {
    const int n = dbs.hyper->checkers();
    if (n != V::kCheckers)
      return file + "a " + std::to_string(n) + "-checker Hypergammon database answers only positions of " +
             std::to_string(n) + " checker" + (n == 1 ? "" : "s") + " a side; Hypergammon is played with " +
             std::to_string(V::kCheckers) + " (backgammon db hyper --checkers " + std::to_string(V::kCheckers) + ")";
    return std::nullopt;
  }
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
