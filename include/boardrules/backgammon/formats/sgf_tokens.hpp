#pragma once
/// \file
/// The tokens of GNU Backgammon's SGF dialect (sgf.hpp reads them into a match record): the game
/// trees of a text, read a node at a time, each node's properties with their values and offsets.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace sgf_detail {

/// A property of a node: its name, its values (escapes removed), the text of its values as
/// written (brackets included), and its offset.
struct Property {
  std::string name;
  std::vector<std::string> values;
  std::string raw;
  std::size_t offset = 0;
};
using Node = std::vector<Property>;

/// The properties parse_sgf reads in a node after the root; the others (analysis, comments) are
/// checked and dropped as they are read.
[[nodiscard]] inline bool read_in_node(std::string_view name) noexcept {
  return name == "W" || name == "B" || name == "PL" || name == "DI" || name == "AE" || name == "AB" || name == "AW" ||
         name == "CV" || name == "CP";
}

/// The most properties kept of a node (a root's, GNU Backgammon writes about 15; another node's
/// read ones, one or two), and values of a property kept (a setup lists at most 25 points): what
/// a node keeps is bounded.
inline constexpr std::size_t kMaxProperties = 256;
inline constexpr std::size_t kMaxValues = 64;

/// The game trees of a text, read one node at a time (no tree is kept: a node is read, used and
/// dropped), variations refused; a node of more than kMaxProperties properties kept, or a
/// property kept with more than kMaxValues values, is refused.
class TreeReader {
 public:
  explicit TreeReader(std::string_view text) noexcept : text_(text) {}

  /// Opens the next game tree: true, or false at the end of the text.
  [[nodiscard]] Result<bool> next_tree() {
    skip();
    if (i_ >= text_.size()) return false;
    if (text_[i_] != '(') return make_error(ErrorCode::syntax, "expected '(' to open a game tree", "sgf", i_);
    ++i_;
    return true;
  }

  /// Whether another game tree follows the one just closed (blanks skipped).
  [[nodiscard]] bool more() noexcept {
    skip();
    return i_ < text_.size();
  }

  /// The next node of the open tree into `node` (every property when `keep_all`, else only
  /// those read_in_node names): true, or false when the tree's `)` was read instead.
  [[nodiscard]] Result<bool> next_node(Node& node, bool keep_all) {
    node.clear();
    skip();
    if (i_ >= text_.size()) return make_error(ErrorCode::syntax, "the game tree is not closed by ')'", "sgf", i_);
    if (text_[i_] == ')') {
      ++i_;
      return false;
    }
    if (text_[i_] == '(') return make_error(ErrorCode::unsupported, "variations are not read", "sgf", i_);
    if (text_[i_] != ';') return make_error(ErrorCode::syntax, "expected ';' to open a node", "sgf", i_);
    ++i_;
    while (true) {
      skip();
      if (i_ >= text_.size() || !(text_[i_] >= 'A' && text_[i_] <= 'Z')) break;
      Property p;
      p.offset = i_;
      const std::size_t name_start = i_;
      while (i_ < text_.size() && ((text_[i_] >= 'A' && text_[i_] <= 'Z') || (text_[i_] >= 'a' && text_[i_] <= 'z')))
        ++i_;
      const std::string_view name = text_.substr(name_start, i_ - name_start);
      const bool keep = keep_all || read_in_node(name);
      if (keep) p.name = std::string(name);
      if (keep && node.size() == kMaxProperties)
        return make_error(ErrorCode::unsupported,
                          "a node of more than " + std::to_string(kMaxProperties) + " properties", std::string(name),
                          p.offset);
      skip();
      const std::size_t raw_start = i_;
      bool any = false;
      while (i_ < text_.size() && text_[i_] == '[') {
        ++i_;
        std::string v;
        while (i_ < text_.size() && text_[i_] != ']') {
          if (text_[i_] == '\\' && i_ + 1 < text_.size()) ++i_;
          if (keep) v += text_[i_];
          ++i_;
        }
        if (i_ >= text_.size())
          return make_error(ErrorCode::syntax, "a property value is not closed by ']'", std::string(name), p.offset);
        ++i_;
        any = true;
        if (keep && p.values.size() == kMaxValues)
          return make_error(ErrorCode::syntax, "more than " + std::to_string(kMaxValues) + " values", p.name, p.offset);
        if (keep) p.values.push_back(std::move(v));
        const std::size_t after = i_;
        skip();
        if (i_ >= text_.size() || text_[i_] != '[') i_ = after;
      }
      if (!any) return make_error(ErrorCode::syntax, "a property without a value", std::string(name), p.offset);
      if (!keep) continue;
      if (keep_all) p.raw = std::string(text_.substr(raw_start, i_ - raw_start));
      node.push_back(std::move(p));
    }
    return true;
  }

 private:
  void skip() noexcept {
    while (i_ < text_.size() && codec_detail::is_blank(text_[i_])) ++i_;
  }

  std::string_view text_;
  std::size_t i_ = 0;
};

}  // namespace sgf_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
