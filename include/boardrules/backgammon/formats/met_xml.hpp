#pragma once
/// \file
/// GNU Backgammon's match equity table files (met/*.xml, the DTD met.dtd): parse_met(text) and
/// read_met(path) → Result<MatchEquityTable>. A small, strict XML reader for that one format:
/// an XML declaration, a DOCTYPE (without an internal subset), comments, elements with quoted
/// attributes, text with the five predefined entities and character references. It reads
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
/// ErrorCode::io (read_met: the file cannot be read, core/file.hpp).

#include "boardrules/core/config.hpp"

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "boardrules/backgammon/game/match_equity.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/file.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace met_xml_detail {

struct Attribute {
  std::string name;
  std::string value;
  std::size_t offset = 0;
};

struct Element {
  std::string name;
  std::vector<Attribute> attributes;
  std::vector<Element> children;
  std::string text;          ///< the character data directly inside, entities replaced
  std::size_t offset = 0;    ///< of its '<'
  std::size_t text_at = 0;   ///< of the first non-blank character of its text
};

constexpr int kMaxDepth = 16;

class Reader {
 public:
  Reader(std::string_view text, std::string where) : s_(text), where_(std::move(where)) {}

  Result<Element> document() {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // a UTF-8 byte order mark
    if (auto st = misc(true); !st) return st.error();
    if (i_ >= s_.size() || s_[i_] != '<') return fail(ErrorCode::syntax, "expected the element <met>");
    Element root;
    if (auto st = element(root, 0); !st) return st.error();
    if (auto st = misc(false); !st) return st.error();
    if (i_ < s_.size()) return fail(ErrorCode::syntax, "text after the end of <" + root.name + ">");
    return root;
  }

  /// The 1-based line of a byte offset.
  [[nodiscard]] int line_of(std::size_t offset) const noexcept {
    int line = 1;
    for (std::size_t k = 0; k < offset && k < s_.size(); ++k) line += s_[k] == '\n' ? 1 : 0;
    return line;
  }

  [[nodiscard]] Error error_at(ErrorCode code, const std::string& message, std::size_t offset) const {
    return make_error(code, "line " + std::to_string(line_of(offset)) + ": " + message, where_, offset);
  }

 private:
  Error fail(ErrorCode code, const std::string& message) const { return error_at(code, message, i_); }

  static bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool name_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == ':';
  }
  void skip_blanks() noexcept {
    while (i_ < s_.size() && blank(s_[i_])) ++i_;
  }
  bool starts(std::string_view p) const noexcept { return s_.substr(i_, p.size()) == p; }

  // Blanks, comments, and before the root the XML declaration and the DOCTYPE.
  Status misc(bool prolog) {
    for (;;) {
      skip_blanks();
      if (starts("<!--")) {
        if (auto st = comment(); !st) return st;
      } else if (prolog && starts("<?xml")) {
        if (i_ != 0 && !(i_ == 3 && s_[0] == '\xEF')) return fail(ErrorCode::syntax, "the XML declaration must come first");
        const std::size_t end = s_.find("?>", i_);
        if (end == std::string_view::npos) return fail(ErrorCode::syntax, "unterminated XML declaration");
        i_ = end + 2;
      } else if (prolog && starts("<!DOCTYPE")) {
        char quote = 0;
        std::size_t k = i_ + 9;
        for (; k < s_.size(); ++k) {
          const char c = s_[k];
          if (quote != 0) {
            if (c == quote) quote = 0;
          } else if (c == '"' || c == '\'') {
            quote = c;
          } else if (c == '[') {
            i_ = k;
            return fail(ErrorCode::unsupported, "a DOCTYPE with an internal subset");
          } else if (c == '>') {
            break;
          }
        }
        if (k >= s_.size()) return fail(ErrorCode::syntax, "unterminated DOCTYPE");
        i_ = k + 1;
      } else if (starts("<?")) {
        return fail(ErrorCode::syntax, "a processing instruction");
      } else {
        return {};
      }
    }
  }

  Status comment() {
    const std::size_t end = s_.find("-->", i_ + 4);
    if (end == std::string_view::npos) return fail(ErrorCode::syntax, "unterminated comment");
    i_ = end + 3;
    return {};
  }

  Result<std::string> name() {
    const std::size_t start = i_;
    while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    if (i_ == start) return fail(ErrorCode::syntax, "expected a name");
    return std::string(s_.substr(start, i_ - start));
  }

  // Appends the text s_[from, to) to `out`, replacing entity and character references.
  Status decode(std::size_t from, std::size_t to, std::string& out) {
    for (std::size_t k = from; k < to; ++k) {
      const char c = s_[k];
      if (c == '<') return error_at(ErrorCode::syntax, "'<' in an attribute value", k);
      if (c != '&') {
        out += c;
        continue;
      }
      const std::size_t semi = s_.find(';', k);
      if (semi == std::string_view::npos || semi >= to) return error_at(ErrorCode::syntax, "'&' without ';'", k);
      const std::string_view ref = s_.substr(k + 1, semi - k - 1);
      if (ref == "amp") out += '&';
      else if (ref == "lt") out += '<';
      else if (ref == "gt") out += '>';
      else if (ref == "quot") out += '"';
      else if (ref == "apos") out += '\'';
      else if (ref.size() >= 2 && ref[0] == '#') {
        const bool hex = ref[1] == 'x';
        const std::string_view digits = ref.substr(hex ? 2 : 1);
        unsigned code = 0;
        const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10);
        if (digits.empty() || ec != std::errc() || p != digits.data() + digits.size() || code == 0 || code > 0x10FFFF ||
            (code >= 0xD800 && code <= 0xDFFF))
          return error_at(ErrorCode::syntax, "a bad character reference &" + std::string(ref) + ";", k);
        append_utf8(code, out);
      } else {
        return error_at(ErrorCode::syntax, "an unknown entity &" + std::string(ref) + ";", k);
      }
      k = semi;
    }
    return {};
  }

  static void append_utf8(unsigned c, std::string& out) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }

  Status element(Element& e, int depth) {
    if (depth >= kMaxDepth) return fail(ErrorCode::syntax, "elements nested too deep");
    e.offset = i_;
    ++i_;  // '<'
    auto n = name();
    if (!n) return n.error();
    e.name = std::move(*n);
    for (;;) {
      const std::size_t before = i_;
      skip_blanks();
      if (i_ >= s_.size()) return fail(ErrorCode::syntax, "unterminated tag <" + e.name + ">");
      if (starts("/>")) {
        i_ += 2;
        return {};
      }
      if (s_[i_] == '>') {
        ++i_;
        break;
      }
      if (i_ == before) return fail(ErrorCode::syntax, "expected a blank, '>' or '/>' in <" + e.name + ">");
      Attribute a;
      a.offset = i_;
      auto an = name();
      if (!an) return an.error();
      a.name = std::move(*an);
      skip_blanks();
      if (i_ >= s_.size() || s_[i_] != '=') return fail(ErrorCode::syntax, "expected '=' after " + a.name);
      ++i_;
      skip_blanks();
      if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\''))
        return fail(ErrorCode::syntax, "expected a quoted value of " + a.name);
      const char quote = s_[i_++];
      const std::size_t end = s_.find(quote, i_);
      if (end == std::string_view::npos) return fail(ErrorCode::syntax, "unterminated value of " + a.name);
      if (auto st = decode(i_, end, a.value); !st) return st;
      i_ = end + 1;
      for (const Attribute& b : e.attributes)
        if (b.name == a.name) return error_at(ErrorCode::syntax, "attribute " + a.name + " given twice", a.offset);
      e.attributes.push_back(std::move(a));
    }
    // Content: text, comments, child elements, then the end tag.
    for (;;) {
      const std::size_t lt = s_.find('<', i_);
      if (lt == std::string_view::npos) return fail(ErrorCode::syntax, "<" + e.name + "> is not closed");
      for (std::size_t k = i_; k < lt; ++k)
        if (!blank(s_[k]) && e.text_at == 0) e.text_at = k;
      if (auto st = decode(i_, lt, e.text); !st) return st;
      i_ = lt;
      if (starts("<!--")) {
        if (auto st = comment(); !st) return st;
      } else if (starts("</")) {
        i_ += 2;
        auto en = name();
        if (!en) return en.error();
        if (*en != e.name) return fail(ErrorCode::syntax, "</" + *en + "> closes <" + e.name + ">");
        skip_blanks();
        if (i_ >= s_.size() || s_[i_] != '>') return fail(ErrorCode::syntax, "expected '>' after </" + e.name);
        ++i_;
        return {};
      } else if (starts("<!") || starts("<?")) {
        return fail(ErrorCode::unsupported, "CDATA sections and processing instructions");
      } else {
        Element child;
        if (auto st = element(child, depth + 1); !st) return st;
        e.children.push_back(std::move(child));
      }
    }
  }

  std::string_view s_;
  std::string where_;
  std::size_t i_ = 0;
};

inline std::string_view trim(std::string_view t) noexcept {
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\n' || t.front() == '\r'))
    t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
    t.remove_suffix(1);
  return t;
}

inline const Attribute* attribute(const Element& e, std::string_view name) noexcept {
  for (const Attribute& a : e.attributes)
    if (a.name == name) return &a;
  return nullptr;
}

class Builder {
 public:
  explicit Builder(const Reader& r) : r_(r) {}

  Result<MatchEquityTable> table(const Element& met) {
    if (met.name != "met") return err(ErrorCode::syntax, "the root element is <" + met.name + ">, not <met>", met.offset);
    if (auto st = only(met, {}); !st) return st.error();
    if (auto st = no_text(met); !st) return st.error();
    const auto& ch = met.children;
    if (ch.empty() || ch[0].name != "info") return err(ErrorCode::syntax, "<met> must start with <info>", met.offset);
    if (ch.size() < 2 || ch[1].name != "pre-crawford-table")
      return err(ErrorCode::syntax, "<info> must be followed by <pre-crawford-table>", ch[0].offset);
    // The kind of table first: a computed one's <length> is -1.
    auto kind = table_type(ch[1]);
    if (!kind) return kind.error();
    const bool zadeh = *kind == Type::Zadeh;
    const bool mec = *kind == Type::Mec;
    const bool computed = zadeh || mec;
    if (ch.size() < 3) return err(ErrorCode::corrupted, "no <post-crawford-table>", ch[1].offset);
    MatchEquityTable::Info info;
    if (auto st = read_info(ch[0], info, computed); !st) return st.error();

    std::vector<float> pre;
    if (zadeh) {
      if (auto st = read_parameters(ch[1], {"gammon-rate-leader", "gammon-rate-trailer", "delta", "delta-bar"}, nullptr);
          !st)
        return st.error();
    } else if (mec) {
      // Read and checked, but gnubg's figures do not depend on them (see from_mec_parameters).
      if (auto st = read_parameters(ch[1], {"gammon-rate", "win-rate"}, nullptr); !st) return st.error();
    } else if (auto st = read_pre(ch[1], info.length, pre); !st) {
      return st.error();
    }

    std::vector<float> post[2];
    MatchEquityTable::PostCrawfordParameters params[2];
    MatchEquityTable::MecParameters mec_params[2];
    bool given[2] = {false, false};
    for (std::size_t k = 2; k < ch.size(); ++k) {
      const Element& t = ch[k];
      if (t.name != "post-crawford-table")
        return err(ErrorCode::syntax, "<" + t.name + "> where <post-crawford-table> or </met> was expected", t.offset);
      int first = 0;
      int last = 1;
      if (const Attribute* p = attribute(t, "player"); p != nullptr && p->value != "both") {
        if (p->value != "0" && p->value != "1")
          return err(ErrorCode::syntax, "player=\"" + p->value + "\" (0, 1 or both)", p->offset);
        first = last = p->value == "0" ? 0 : 1;
      }
      auto post_kind = table_type(t);
      if (!post_kind) return post_kind.error();
      if (*post_kind != *kind)
        return err(ErrorCode::unsupported, "a table mixing explicit and computed parts", t.offset);
      std::vector<float> row;
      MatchEquityTable::PostCrawfordParameters q;
      MatchEquityTable::MecParameters m;
      if (zadeh) {
        if (auto st = read_parameters(t, {"gammon-rate-trailer", "free-drop-2-away", "free-drop-4-away"}, &q); !st)
          return st.error();
      } else if (mec) {
        if (auto st = read_parameters(t, {"gammon-rate", "win-rate", "free-drop-2-away", "free-drop-4-away"}, nullptr, &m); !st)
          return st.error();
      } else if (auto st = read_post(t, info.length, row); !st) {
        return st.error();
      }
      for (int p = first; p <= last; ++p) {
        if (given[p])
          return err(ErrorCode::corrupted, "a second post-Crawford table for player " + std::to_string(p), t.offset);
        given[p] = true;
        post[p] = row;
        // gnubg files a "both" table's parameters under player 0 only: player 1 keeps the
        // defaults.
        const bool both = first != last;
        params[p] = both && p == 1 ? MatchEquityTable::PostCrawfordParameters{} : q;
        mec_params[p] = both && p == 1 ? MatchEquityTable::MecParameters{} : m;
      }
    }
    if (!given[0] || !given[1])
      return err(ErrorCode::corrupted, "no post-Crawford table for player " + std::string(given[0] ? "1" : "0"),
                 ch.back().offset);
    auto t = zadeh ? MatchEquityTable::from_zadeh_parameters(std::move(info), params[0], params[1])
             : mec ? MatchEquityTable::from_mec_parameters(std::move(info), mec_params[0], mec_params[1])
                   : MatchEquityTable::from_figures(std::move(info), pre, post[0], post[1]);
    if (!t) return err(t.error().code, t.error().message, met.offset);
    return t;
  }


 private:
  Error err(ErrorCode code, const std::string& message, std::size_t offset) const {
    return r_.error_at(code, message, offset);
  }

  // No attribute but those named.
  Status only(const Element& e, std::initializer_list<std::string_view> allowed) const {
    for (const Attribute& a : e.attributes) {
      bool ok = false;
      for (std::string_view n : allowed) ok = ok || a.name == n;
      if (!ok) return err(ErrorCode::syntax, "<" + e.name + "> has no attribute " + a.name, a.offset);
    }
    return {};
  }
  Status no_text(const Element& e) const {
    if (e.text_at != 0) return err(ErrorCode::syntax, "text inside <" + e.name + ">", e.text_at);
    return {};
  }
  Status leaf(const Element& e) const {
    if (auto st = only(e, {}); !st) return st;
    if (!e.children.empty())
      return err(ErrorCode::syntax, "<" + e.children[0].name + "> inside <" + e.name + ">", e.children[0].offset);
    return {};
  }

  Status read_info(const Element& info, MatchEquityTable::Info& out, bool computed) const {
    if (auto st = only(info, {}); !st) return st;
    if (auto st = no_text(info); !st) return st;
    static constexpr std::string_view names[3] = {"name", "description", "length"};
    if (info.children.size() != 3 || info.children[0].name != names[0] || info.children[1].name != names[1] ||
        info.children[2].name != names[2])
      return err(ErrorCode::syntax, "<info> must hold <name>, <description> and <length>, in that order", info.offset);
    for (const Element& c : info.children)
      if (auto st = leaf(c); !st) return st;
    out.name = std::string(trim(info.children[0].text));
    out.description = std::string(trim(info.children[1].text));
    const Element& len = info.children[2];
    const std::string_view t = trim(len.text);
    int n = 0;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
    if (t.empty() || ec == std::errc::invalid_argument || p != t.data() + t.size())
      return err(ErrorCode::syntax, "<length> is not a whole number", len.text_at != 0 ? len.text_at : len.offset);
    if (computed) {
      if (ec != std::errc() || n != -1)
        return err(ErrorCode::out_of_range, "<length> " + std::string(t) + " of a computed table is not -1",
                   len.text_at);
      out.length = 0;
      return {};
    }
    if (ec != std::errc() || n < 1 || n > kMetMaxAway)
      return err(ErrorCode::out_of_range, "<length> " + std::string(t) + " is outside 1.." + std::to_string(kMetMaxAway),
                 len.text_at);
    out.length = n;
    return {};
  }

  enum class Type { Explicit, Zadeh, Mec };

  // The table's type attribute (explicit when absent); its other attributes checked.
  Result<Type> table_type(const Element& t) const {
    if (auto st = only(t, {"type", "player"}); !st) return st.error();
    if (t.name == "pre-crawford-table" && attribute(t, "player") != nullptr)
      return err(ErrorCode::syntax, "<pre-crawford-table> has no attribute player", attribute(t, "player")->offset);
    if (auto st = no_text(t); !st) return st.error();
    const Attribute* type = attribute(t, "type");
    if (type == nullptr || type->value == "explicit") return Type::Explicit;
    if (type->value == "zadeh") return Type::Zadeh;
    if (type->value == "mec") return Type::Mec;
    return err(ErrorCode::syntax, "type=\"" + type->value + "\" (explicit, zadeh or mec)", type->offset);
  }

  // A computed table's one <parameters>: each <parameter name="..."> a number in 0..1, its name
  // one of `names` and given once; stored into `out` (zadeh) or `mec_out` (mec) when given.
  Status read_parameters(const Element& t, std::initializer_list<std::string_view> names,
                         MatchEquityTable::PostCrawfordParameters* out,
                         MatchEquityTable::MecParameters* mec_out = nullptr) const {
    if (t.children.size() != 1 || t.children[0].name != "parameters")
      return err(ErrorCode::syntax, "<" + t.name + "> of a computed table must hold one <parameters>", t.offset);
    const Element& ps = t.children[0];
    if (auto st = only(ps, {}); !st) return st;
    if (auto st = no_text(ps); !st) return st;
    std::vector<std::string> seen;
    for (const Element& p : ps.children) {
      if (p.name != "parameter")
        return err(ErrorCode::syntax, "<" + p.name + "> where <parameter> was expected", p.offset);
      if (auto st = only(p, {"name"}); !st) return st;
      if (!p.children.empty())
        return err(ErrorCode::syntax, "<" + p.children[0].name + "> inside <parameter>", p.children[0].offset);
      const Attribute* name = attribute(p, "name");
      if (name == nullptr) return err(ErrorCode::syntax, "<parameter> without a name", p.offset);
      bool known = false;
      for (std::string_view n : names) known = known || name->value == n;
      if (!known) return err(ErrorCode::syntax, "no parameter " + name->value + " in <" + t.name + ">", name->offset);
      for (const std::string& s : seen)
        if (s == name->value) return err(ErrorCode::syntax, "parameter " + name->value + " given twice", name->offset);
      seen.push_back(name->value);
      const std::string_view text = trim(p.text);
      double v = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, std::chars_format::fixed);
      const std::size_t at = p.text_at != 0 ? p.text_at : p.offset;
      if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return err(ErrorCode::syntax, "parameter " + name->value + " is not a decimal number", at);
      if (!(v >= 0.0 && v <= 1.0))
        return err(ErrorCode::out_of_range, "parameter " + name->value + " is outside 0..1", at);
      if (out != nullptr) {
        const auto f = static_cast<float>(v);
        if (name->value == "gammon-rate-trailer") out->gammon_rate = f;
        else if (name->value == "free-drop-2-away") out->free_drop_2_away = f;
        else out->free_drop_4_away = f;
      }
      if (mec_out != nullptr) {
        const auto f = static_cast<float>(v);
        if (name->value == "gammon-rate") mec_out->gammon_rate = f;
        else if (name->value == "win-rate") mec_out->win_rate = f;
        else if (name->value == "free-drop-2-away") mec_out->free_drop_2_away = f;
        else mec_out->free_drop_4_away = f;
      }
    }
    return {};
  }


  Status read_row(const Element& row, std::vector<float>& out) const {
    if (row.name != "row") return err(ErrorCode::syntax, "<" + row.name + "> where <row> was expected", row.offset);
    if (auto st = only(row, {}); !st) return st;
    if (auto st = no_text(row); !st) return st;
    for (const Element& me : row.children) {
      if (me.name != "me") return err(ErrorCode::syntax, "<" + me.name + "> where <me> was expected", me.offset);
      if (auto st = leaf(me); !st) return st;
      const std::string_view t = trim(me.text);
      double v = 0;
      const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, std::chars_format::fixed);
      const std::size_t at = me.text_at != 0 ? me.text_at : me.offset;
      if (t.empty() || ec != std::errc() || p != t.data() + t.size())
        return err(ErrorCode::syntax, "<me>" + std::string(t) + "</me> is not a decimal number", at);
      if (!(v >= 0.0 && v <= 1.0))
        return err(ErrorCode::out_of_range, "<me>" + std::string(t) + "</me> is outside 0..1", at);
      out.push_back(static_cast<float>(v));
    }
    return {};
  }

  Status read_pre(const Element& t, int n, std::vector<float>& out) const {
    if (t.children.size() != static_cast<std::size_t>(n))
      return err(ErrorCode::corrupted,
                 "<pre-crawford-table> has " + std::to_string(t.children.size()) + " rows, not " + std::to_string(n),
                 t.offset);
    for (const Element& row : t.children) {
      const std::size_t before = out.size();
      if (auto st = read_row(row, out); !st) return st;
      if (out.size() - before != static_cast<std::size_t>(n))
        return err(ErrorCode::corrupted,
                   "a row of " + std::to_string(out.size() - before) + " figures, not " + std::to_string(n), row.offset);
    }
    return {};
  }

  Status read_post(const Element& t, int n, std::vector<float>& out) const {
    if (t.children.size() != 1)
      return err(ErrorCode::corrupted,
                 "<post-crawford-table> has " + std::to_string(t.children.size()) + " rows, not 1", t.offset);
    if (auto st = read_row(t.children[0], out); !st) return st;
    if (out.size() + 1 < static_cast<std::size_t>(n) || out.size() > static_cast<std::size_t>(n))
      return err(ErrorCode::corrupted,
                 "a post-Crawford row of " + std::to_string(out.size()) + " figures, not " + std::to_string(n - 1) +
                     " or " + std::to_string(n),
                 t.children[0].offset);
    return {};
  }

  const Reader& r_;
};

}  // namespace met_xml_detail

/// Reads a GNU Backgammon match equity table from the text of its XML file (see the file
/// comment); `where` names it in errors (a path, or "met").
[[nodiscard]] inline Result<MatchEquityTable> parse_met(std::string_view text, std::string where = "met") {
  met_xml_detail::Reader reader(text, std::move(where));
  auto root = reader.document();
  if (!root) return root.error();
  return met_xml_detail::Builder(reader).table(*root);
}

/// Reads the GNU Backgammon match equity table file `path` (core/file.hpp's errors, then
/// parse_met's with `where` = the path).
[[nodiscard]] inline Result<MatchEquityTable> read_met(const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  return parse_met(*text, path);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
