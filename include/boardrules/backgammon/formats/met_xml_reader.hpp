#pragma once
/// \file
/// The XML of GNU Backgammon's match equity table files, as met_xml.hpp reads them: a small,
/// strict reader of that one format's tokens (the XML declaration, a DOCTYPE without an internal
/// subset, comments, elements with quoted attributes, text with the five predefined entities and
/// character references), each checked as it is read, its errors saying the line and the byte
/// offset.

#include "boardrules/core/config.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/formats/utf8.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace met_xml_detail {

struct Attribute {
  std::string_view name;
  std::string value;  ///< entities replaced
  std::size_t offset = 0;
};

// A start tag: its name, and its attributes once read (no element of the format has more
// than two: attributes() refuses any other).
struct Tag {
  std::string_view name;
  std::size_t offset = 0;  ///< of its '<'
  bool empty = false;      ///< written <name/>: no content
  std::array<Attribute, 2> attributes{};
  std::size_t count = 0;

  [[nodiscard]] const Attribute* attribute(std::string_view n) const noexcept {
    for (std::size_t k = 0; k < count; ++k)
      if (attributes[k].name == n) return &attributes[k];
    return nullptr;
  }
};

// A leaf element's text, entities replaced, and the offset of its first non-blank character
// (0 when it has none).
struct Text {
  std::string text;
  std::size_t at = 0;
};

// The XML of the format, read in document order: the caller asks for what the format has next
// (a child of an element, its attributes, a leaf's text) and refuses anything else at once.
class Reader {
 public:
  Reader(std::string_view text, std::string where) : s_(text), where_(std::move(where)) {}

  /// The 1-based line of a byte offset.
  [[nodiscard]] int line_of(std::size_t offset) const noexcept {
    int line = 1;
    for (std::size_t k = 0; k < offset && k < s_.size(); ++k) line += s_[k] == '\n' ? 1 : 0;
    return line;
  }

  [[nodiscard]] Error error_at(ErrorCode code, const std::string& message, std::size_t offset) const {
    return make_error(code, "line " + std::to_string(line_of(offset)) + ": " + message, where_, offset);
  }

  // The prolog (a byte order mark, the XML declaration, a DOCTYPE, comments) and the root's
  // name.
  Result<Tag> root() {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // a UTF-8 byte order mark
    if (auto st = misc(true); !st) return st.error();
    if (i_ >= s_.size() || s_[i_] != '<') return fail(ErrorCode::syntax, "expected the element <met>");
    return open_tag();
  }

  // After the root's end tag: blanks and comments to the end.
  Status end() {
    if (auto st = misc(false); !st) return st;
    if (i_ < s_.size()) return fail(ErrorCode::syntax, "text after the end of <met>");
    return {};
  }

  // The attributes of `t` (its name read) up to '>' or '/>', each one of `allowed` and given once.
  Status attributes(Tag& t, std::initializer_list<std::string_view> allowed) {
    for (;;) {
      const std::size_t before = i_;
      skip_blanks();
      if (i_ >= s_.size()) return fail(ErrorCode::syntax, "unterminated tag <" + std::string(t.name) + ">");
      if (starts("/>")) {
        i_ += 2;
        t.empty = true;
        return {};
      }
      if (s_[i_] == '>') {
        ++i_;
        return {};
      }
      if (i_ == before)
        return fail(ErrorCode::syntax, "expected a blank, '>' or '/>' in <" + std::string(t.name) + ">");
      Attribute a;
      a.offset = i_;
      auto an = name();
      if (!an) return an.error();
      a.name = *an;
      if (t.attribute(a.name) != nullptr)
        return error_at(ErrorCode::syntax, "attribute " + std::string(a.name) + " given twice", a.offset);
      bool known = false;
      for (const std::string_view n : allowed) known = known || a.name == n;
      if (!known || t.count == t.attributes.size())
        return error_at(ErrorCode::syntax, "<" + std::string(t.name) + "> has no attribute " + std::string(a.name),
                        a.offset);
      skip_blanks();
      if (i_ >= s_.size() || s_[i_] != '=') return fail(ErrorCode::syntax, "expected '=' after " + std::string(a.name));
      ++i_;
      skip_blanks();
      if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\''))
        return fail(ErrorCode::syntax, "expected a quoted value of " + std::string(a.name));
      const char quote = s_[i_++];
      const std::size_t end = s_.find(quote, i_);
      if (end == std::string_view::npos) return fail(ErrorCode::syntax, "unterminated value of " + std::string(a.name));
      if (auto st = decode(i_, end, a.value); !st) return st;
      i_ = end + 1;
      t.attributes[t.count++] = std::move(a);
    }
  }

  // The next child of `parent` (its attributes read): true with the child's name read into
  // `child`, false when the end tag of `parent` was read instead. Comments are skipped; text
  // other than blanks is refused.
  Result<bool> next_child(const Tag& parent, Tag& child) {
    if (parent.empty) return false;
    for (;;) {
      const std::size_t lt = s_.find('<', i_);
      if (lt == std::string_view::npos)
        return fail(ErrorCode::syntax, "<" + std::string(parent.name) + "> is not closed");
      for (std::size_t k = i_; k < lt; ++k)
        if (!blank(s_[k])) return error_at(ErrorCode::syntax, "text inside <" + std::string(parent.name) + ">", k);
      i_ = lt;
      if (starts("<!--")) {
        if (auto st = comment(); !st) return st.error();
        continue;
      }
      if (starts("</")) {
        if (auto st = end_tag(parent); !st) return st.error();
        return false;
      }
      if (starts("<!") || starts("<?"))
        return fail(ErrorCode::unsupported, "CDATA sections and processing instructions");
      auto t = open_tag();
      if (!t) return t.error();
      child = std::move(*t);
      return true;
    }
  }

  // The text of the leaf `t` (its attributes read) up to its end tag: comments skipped, an
  // element inside refused.
  Result<Text> leaf_text(const Tag& t) {
    Text out;
    if (t.empty) return out;
    for (;;) {
      const std::size_t lt = s_.find('<', i_);
      if (lt == std::string_view::npos) return fail(ErrorCode::syntax, "<" + std::string(t.name) + "> is not closed");
      for (std::size_t k = i_; k < lt && out.at == 0; ++k)
        if (!blank(s_[k])) out.at = k;
      if (auto st = decode(i_, lt, out.text); !st) return st.error();
      i_ = lt;
      if (starts("<!--")) {
        if (auto st = comment(); !st) return st.error();
      } else if (starts("</")) {
        if (auto st = end_tag(t); !st) return st.error();
        return out;
      } else if (starts("<!") || starts("<?")) {
        return fail(ErrorCode::unsupported, "CDATA sections and processing instructions");
      } else {
        auto c = open_tag();
        if (!c) return c.error();
        return error_at(ErrorCode::syntax, "<" + std::string(c->name) + "> inside <" + std::string(t.name) + ">",
                        c->offset);
      }
    }
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

  Result<std::string_view> name() {
    const std::size_t start = i_;
    while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    if (i_ == start) return fail(ErrorCode::syntax, "expected a name");
    return s_.substr(start, i_ - start);
  }

  // '<' and the name of a start tag.
  Result<Tag> open_tag() {
    Tag t;
    t.offset = i_;
    ++i_;  // '<'
    auto n = name();
    if (!n) return n.error();
    t.name = *n;
    return t;
  }

  // The end tag of `t`, at i_.
  Status end_tag(const Tag& t) {
    i_ += 2;
    auto en = name();
    if (!en) return en.error();
    if (*en != t.name)
      return fail(ErrorCode::syntax, "</" + std::string(*en) + "> closes <" + std::string(t.name) + ">");
    skip_blanks();
    if (i_ >= s_.size() || s_[i_] != '>') return fail(ErrorCode::syntax, "expected '>' after </" + std::string(t.name));
    ++i_;
    return {};
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
      const std::size_t semi = s_.substr(0, to).find(';', k);
      if (semi == std::string_view::npos) return error_at(ErrorCode::syntax, "'&' without ';'", k);
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
        append_utf8(out, code);
      } else {
        return error_at(ErrorCode::syntax, "an unknown entity &" + std::string(ref) + ";", k);
      }
      k = semi;
    }
    return {};
  }

  std::string_view s_;
  std::string where_;
  std::size_t i_ = 0;
};

}  // namespace met_xml_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
