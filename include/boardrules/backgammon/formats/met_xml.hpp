#pragma once
/// \file
/// GNU Backgammon's match equity table files (met/*.xml, the DTD met.dtd): parse_met(text) and
/// read_met(path) → Result<MatchEquityTable>. Over a small, strict XML reader for that one format
/// (met_xml_reader.hpp: an XML declaration, a DOCTYPE without an internal subset, comments,
/// elements with quoted attributes, text with the five predefined entities and character
/// references), it reads
///
///     <met> <info> <name/> <description/> <length/> </info>
///           <pre-crawford-table type="explicit"> <row> <me/>... </row>... </pre-crawford-table>
///           <post-crawford-table type="explicit" player="both|0|1"> <row> <me/>... </row> </post-crawford-table>...
///     </met>
///
/// with `length` rows of `length` figures before the Crawford game and one row of length − 1
/// or length figures after it, for both players or one table per player; or a table of type
/// "zadeh" (length −1, `<parameters>` of `<parameter name="...">` instead of rows), read as GNU
/// Backgammon 1.07 computes it (MatchEquityTable::from_zadeh_parameters), or of type "mec"
/// (MatchEquityTable::from_mec_parameters). For a computed table with player="both", gnubg gives
/// the parameters to player 0's row only and computes player 1's with its defaults; so does
/// this reader, so that every figure is gnubg's. Anything else is an
/// Error saying what and where (the line in the message, the byte offset in `offset`):
/// ErrorCode::syntax (not well-formed XML, an element or attribute the format does not have, a
/// figure that is not a number), ErrorCode::corrupted (a table of the wrong size, a player's
/// post-Crawford table missing or given twice), ErrorCode::out_of_range (a length outside
/// 1..64, a figure or parameter outside 0..1), ErrorCode::unsupported (a table mixing explicit
/// and computed parts, a DOCTYPE's internal subset),
/// ErrorCode::io (read_met: the file cannot be read, formats/file.hpp).
///
/// The reader validates as it reads, element by element against the format (no tree of the
/// document is built): the first element, attribute or figure the format does not have is an
/// error there, and what it keeps is the table's figures (at most 64 x 64 + 2 x 64), its name and
/// description. So a text of n bytes takes O(n) time and at most n + 20 KB or so of memory,
/// whatever it holds; read_met reads files of at most kMetMaxFileBytes.

#include "boardrules/core/config.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/met_xml_reader.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/formats/file.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The largest match equity table file read_met reads: 64 times GNU Backgammon's largest (17 KB),
/// room for a 64-point table of long figures (the format holds at most 64 x 64 + 2 x 64).
inline constexpr std::size_t kMetMaxFileBytes = std::size_t{1} << 20;

namespace met_xml_detail {

inline std::string_view trim(std::string_view t) noexcept {
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\n' || t.front() == '\r'))
    t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
    t.remove_suffix(1);
  return t;
}

// Reads the format's elements in order, each checked as it is read (see the file comment).
class TableReader {
 public:
  explicit TableReader(Reader& r) : r_(r) {}

  Result<MatchEquityTable> table() {
    auto root = r_.root();
    if (!root) return root.error();
    Tag met = std::move(*root);
    if (met.name != "met")
      return err(ErrorCode::syntax, "the root element is <" + std::string(met.name) + ">, not <met>", met.offset);
    if (auto st = r_.attributes(met, {}); !st) return st.error();

    // <info>: name, description, length; the length is checked once the table's type is known.
    Tag info;
    if (auto c = r_.next_child(met, info); !c || !*c || info.name != "info")
      return c ? err(ErrorCode::syntax, "<met> must start with <info>", met.offset) : c.error();
    if (auto st = r_.attributes(info, {}); !st) return st.error();
    MatchEquityTable::Info out;
    Text length;
    std::size_t length_offset = 0;
    static constexpr std::string_view kInfo[3] = {"name", "description", "length"};
    for (std::size_t k = 0; k < 3; ++k) {
      Tag c;
      auto more = r_.next_child(info, c);
      if (!more) return more.error();
      if (!*more || c.name != kInfo[k])
        return err(ErrorCode::syntax, "<info> must hold <name>, <description> and <length>, in that order",
                   info.offset);
      if (auto st = r_.attributes(c, {}); !st) return st.error();
      auto t = r_.leaf_text(c);
      if (!t) return t.error();
      if (k == 0) out.name = std::string(trim(t->text));
      if (k == 1) out.description = std::string(trim(t->text));
      if (k == 2) {
        length = std::move(*t);
        length_offset = c.offset;
      }
    }
    {
      Tag extra;
      auto more = r_.next_child(info, extra);
      if (!more) return more.error();
      if (*more)
        return err(ErrorCode::syntax, "<info> must hold <name>, <description> and <length>, in that order",
                   info.offset);
    }

    // <pre-crawford-table>: its type, then the length, then its rows or parameters.
    Tag pre;
    if (auto c = r_.next_child(met, pre); !c || !*c || pre.name != "pre-crawford-table")
      return c ? err(ErrorCode::syntax, "<info> must be followed by <pre-crawford-table>", info.offset) : c.error();
    auto kind = table_type(pre);
    if (!kind) return kind.error();
    const bool zadeh = *kind == Type::Zadeh;
    const bool mec = *kind == Type::Mec;
    if (auto st = read_length(length, length_offset, zadeh || mec, out.length); !st) return st.error();

    std::vector<float> pre_figures;
    if (zadeh) {
      if (auto st = read_parameters(pre, {"gammon-rate-leader", "gammon-rate-trailer", "delta", "delta-bar"}, nullptr);
          !st)
        return st.error();
    } else if (mec) {
      // Read and checked, but gnubg's figures do not depend on them (see from_mec_parameters).
      if (auto st = read_parameters(pre, {"gammon-rate", "win-rate"}, nullptr); !st) return st.error();
    } else if (auto st = read_pre(pre, out.length, pre_figures); !st) {
      return st.error();
    }

    // <post-crawford-table>s: one for both players, or one per player.
    std::vector<float> post[2];
    MatchEquityTable::PostCrawfordParameters params[2];
    MatchEquityTable::MecParameters mec_params[2];
    bool given[2] = {false, false};
    std::size_t tables = 0;
    std::size_t last = pre.offset;
    for (;;) {
      Tag t;
      auto more = r_.next_child(met, t);
      if (!more) return more.error();
      if (!*more) break;
      if (t.name != "post-crawford-table")
        return err(ErrorCode::syntax,
                   "<" + std::string(t.name) + "> where <post-crawford-table> or </met> was expected", t.offset);
      ++tables;
      last = t.offset;
      auto post_kind = table_type(t);
      if (!post_kind) return post_kind.error();
      int first = 0;
      int last_player = 1;
      if (const Attribute* p = t.attribute("player"); p != nullptr && p->value != "both") {
        if (p->value != "0" && p->value != "1")
          return err(ErrorCode::syntax, "player=\"" + p->value + "\" (0, 1 or both)", p->offset);
        first = last_player = p->value == "0" ? 0 : 1;
      }
      if (*post_kind != *kind)
        return err(ErrorCode::unsupported, "a table mixing explicit and computed parts", t.offset);
      for (int p = first; p <= last_player; ++p)
        if (given[p])
          return err(ErrorCode::corrupted, "a second post-Crawford table for player " + std::to_string(p), t.offset);
      std::vector<float> row;
      MatchEquityTable::PostCrawfordParameters q;
      MatchEquityTable::MecParameters m;
      if (zadeh) {
        if (auto st = read_parameters(t, {"gammon-rate-trailer", "free-drop-2-away", "free-drop-4-away"}, &q); !st)
          return st.error();
      } else if (mec) {
        if (auto st =
                read_parameters(t, {"gammon-rate", "win-rate", "free-drop-2-away", "free-drop-4-away"}, nullptr, &m);
            !st)
          return st.error();
      } else if (auto st = read_post(t, out.length, row); !st) {
        return st.error();
      }
      for (int p = first; p <= last_player; ++p) {
        given[p] = true;
        post[p] = row;
        // gnubg files a "both" table's parameters under player 0 only: player 1 keeps the
        // defaults.
        const bool both = first != last_player;
        params[p] = both && p == 1 ? MatchEquityTable::PostCrawfordParameters{} : q;
        mec_params[p] = both && p == 1 ? MatchEquityTable::MecParameters{} : m;
      }
    }
    if (tables == 0) return err(ErrorCode::corrupted, "no <post-crawford-table>", pre.offset);
    if (!given[0] || !given[1])
      return err(ErrorCode::corrupted, "no post-Crawford table for player " + std::string(given[0] ? "1" : "0"), last);
    if (auto st = r_.end(); !st) return st.error();
    auto t = zadeh ? MatchEquityTable::from_zadeh_parameters(std::move(out), params[0], params[1])
             : mec ? MatchEquityTable::from_mec_parameters(std::move(out), mec_params[0], mec_params[1])
                   : MatchEquityTable::from_figures(std::move(out), pre_figures, post[0], post[1]);
    if (!t) return err(t.error().code, t.error().message, met.offset);
    return t;
  }

 private:
  enum class Type { Explicit, Zadeh, Mec };

  Error err(ErrorCode code, const std::string& message, std::size_t offset) const {
    return r_.error_at(code, message, offset);
  }

  // <length>: a whole number, -1 for a computed table, else 1..64.
  Status read_length(const Text& len, std::size_t offset, bool computed, int& out) const {
    const std::string_view t = trim(len.text);
    int n = 0;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
    if (t.empty() || ec == std::errc::invalid_argument || p != t.data() + t.size())
      return err(ErrorCode::syntax, "<length> is not a whole number", len.at != 0 ? len.at : offset);
    if (computed) {
      if (ec != std::errc() || n != -1)
        return err(ErrorCode::out_of_range, "<length> " + std::string(t) + " of a computed table is not -1", len.at);
      out = 0;
      return {};
    }
    if (ec != std::errc() || n < 1 || n > kMetMaxAway)
      return err(ErrorCode::out_of_range,
                 "<length> " + std::string(t) + " is outside 1.." + std::to_string(kMetMaxAway), len.at);
    out = n;
    return {};
  }

  // A table's attributes (type, and player for a post-Crawford table) and its type (explicit
  // when absent).
  Result<Type> table_type(Tag& t) const {
    if (auto st = r_.attributes(t, {"type", "player"}); !st) return st.error();
    if (t.name == "pre-crawford-table" && t.attribute("player") != nullptr)
      return err(ErrorCode::syntax, "<pre-crawford-table> has no attribute player", t.attribute("player")->offset);
    const Attribute* type = t.attribute("type");
    if (type == nullptr || type->value == "explicit") return Type::Explicit;
    if (type->value == "zadeh") return Type::Zadeh;
    if (type->value == "mec") return Type::Mec;
    return err(ErrorCode::syntax, "type=\"" + type->value + "\" (explicit, zadeh or mec)", type->offset);
  }

  // A decimal number in 0..1, the text of the element at `offset` (`what` names it in errors).
  Result<float> chance(const Text& text, std::size_t offset, const std::string& what) const {
    const std::string_view t = trim(text.text);
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v, std::chars_format::fixed);
    const std::size_t at = text.at != 0 ? text.at : offset;
    if (t.empty() || ec != std::errc() || end != t.data() + t.size())
      return err(ErrorCode::syntax, what + " is not a decimal number", at);
    if (!(v >= 0.0 && v <= 1.0)) return err(ErrorCode::out_of_range, what + " is outside 0..1", at);
    return static_cast<float>(v);
  }

  // A computed table's one <parameters>: each <parameter name="..."> a number in 0..1, its name
  // one of `names` and given once; stored into `out` (zadeh) or `mec_out` (mec) when given.
  Status read_parameters(const Tag& t, std::initializer_list<std::string_view> names,
                         MatchEquityTable::PostCrawfordParameters* out,
                         MatchEquityTable::MecParameters* mec_out = nullptr) {
    const auto one = [&] {
      return err(ErrorCode::syntax, "<" + std::string(t.name) + "> of a computed table must hold one <parameters>",
                 t.offset);
    };
    Tag ps;
    auto more = r_.next_child(t, ps);
    if (!more) return more.error();
    if (!*more || ps.name != "parameters") return one();
    if (auto st = r_.attributes(ps, {}); !st) return st;
    std::array<std::string, 4> seen;
    std::size_t count = 0;
    for (;;) {
      Tag p;
      auto next = r_.next_child(ps, p);
      if (!next) return next.error();
      if (!*next) break;
      if (p.name != "parameter")
        return err(ErrorCode::syntax, "<" + std::string(p.name) + "> where <parameter> was expected", p.offset);
      if (auto st = r_.attributes(p, {"name"}); !st) return st;
      const Attribute* name = p.attribute("name");
      if (name == nullptr) return err(ErrorCode::syntax, "<parameter> without a name", p.offset);
      bool known = false;
      for (std::string_view n : names) known = known || name->value == n;
      if (!known)
        return err(ErrorCode::syntax, "no parameter " + name->value + " in <" + std::string(t.name) + ">",
                   name->offset);
      for (std::size_t k = 0; k < count; ++k)
        if (seen[k] == name->value)
          return err(ErrorCode::syntax, "parameter " + name->value + " given twice", name->offset);
      seen[count++] = name->value;  // each of at most four names once
      auto text = r_.leaf_text(p);
      if (!text) return text.error();
      auto v = chance(*text, p.offset, "parameter " + name->value);
      if (!v) return v.error();
      const float f = *v;
      if (out != nullptr) {
        if (name->value == "gammon-rate-trailer") out->gammon_rate = f;
        else if (name->value == "free-drop-2-away") out->free_drop_2_away = f;
        else out->free_drop_4_away = f;
      }
      if (mec_out != nullptr) {
        if (name->value == "gammon-rate") mec_out->gammon_rate = f;
        else if (name->value == "win-rate") mec_out->win_rate = f;
        else if (name->value == "free-drop-2-away") mec_out->free_drop_2_away = f;
        else mec_out->free_drop_4_away = f;
      }
    }
    Tag extra;
    more = r_.next_child(t, extra);
    if (!more) return more.error();
    if (*more) return one();
    return {};
  }

  // One <row> (its name read) of at most `most` figures, appended to `out`; how many it held.
  Result<std::size_t> read_row(Tag& row, std::size_t most, std::vector<float>& out) {
    if (row.name != "row")
      return err(ErrorCode::syntax, "<" + std::string(row.name) + "> where <row> was expected", row.offset);
    if (auto st = r_.attributes(row, {}); !st) return st.error();
    std::size_t n = 0;
    for (;;) {
      Tag me;
      auto more = r_.next_child(row, me);
      if (!more) return more.error();
      if (!*more) return n;
      if (me.name != "me")
        return err(ErrorCode::syntax, "<" + std::string(me.name) + "> where <me> was expected", me.offset);
      if (auto st = r_.attributes(me, {}); !st) return st.error();
      auto text = r_.leaf_text(me);
      if (!text) return text.error();
      auto v = chance(*text, me.offset, "<me>" + std::string(trim(text->text)) + "</me>");
      if (!v) return v.error();
      if (n == most)
        return err(ErrorCode::corrupted, "a row of more than " + std::to_string(most) + " figures", row.offset);
      out.push_back(*v);
      ++n;
    }
  }

  Status read_pre(const Tag& t, int n, std::vector<float>& out) {
    const auto nn = static_cast<std::size_t>(n);
    std::size_t rows = 0;
    for (;;) {
      Tag row;
      auto more = r_.next_child(t, row);
      if (!more) return more.error();
      if (!*more) break;
      if (rows == nn)
        return err(ErrorCode::corrupted, "<pre-crawford-table> has more than " + std::to_string(n) + " rows",
                   row.offset);
      auto got = read_row(row, nn, out);
      if (!got) return got.error();
      if (*got != nn)
        return err(ErrorCode::corrupted, "a row of " + std::to_string(*got) + " figures, not " + std::to_string(n),
                   row.offset);
      ++rows;
    }
    if (rows != nn)
      return err(ErrorCode::corrupted,
                 "<pre-crawford-table> has " + std::to_string(rows) + " rows, not " + std::to_string(n), t.offset);
    return {};
  }

  Status read_post(const Tag& t, int n, std::vector<float>& out) {
    const auto nn = static_cast<std::size_t>(n);
    Tag row;
    auto more = r_.next_child(t, row);
    if (!more) return more.error();
    if (!*more) return err(ErrorCode::corrupted, "<post-crawford-table> has 0 rows, not 1", t.offset);
    auto got = read_row(row, nn, out);
    if (!got) return got.error();
    if (*got + 1 < nn)
      return err(ErrorCode::corrupted,
                 "a post-Crawford row of " + std::to_string(*got) + " figures, not " + std::to_string(n - 1) + " or " +
                     std::to_string(n),
                 row.offset);
    Tag extra;
    more = r_.next_child(t, extra);
    if (!more) return more.error();
    if (*more) return err(ErrorCode::corrupted, "<post-crawford-table> has more than 1 row", extra.offset);
    return {};
  }

  Reader& r_;
};

}  // namespace met_xml_detail

/// Reads a GNU Backgammon match equity table from the text of its XML file (see the file
/// comment); `where` names it in errors (a path, or "met").
[[nodiscard]] inline Result<MatchEquityTable> parse_met(std::string_view text, std::string where = "met") {
  met_xml_detail::Reader reader(text, std::move(where));
  return met_xml_detail::TableReader(reader).table();
}

/// Reads the GNU Backgammon match equity table file `path` (formats/file.hpp's errors, a file of
/// more than kMetMaxFileBytes refused unread, then parse_met's with `where` = the path).
[[nodiscard]] inline Result<MatchEquityTable> read_met(const std::string& path) {
  auto text = read_text_file(path, kMetMaxFileBytes);
  if (!text) return text.error();
  return parse_met(*text, path);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
