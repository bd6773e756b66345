// Fuzz target: GNU Backgammon's match equity table files (formats/met_xml.hpp, parse_met) as any
// text. Checks: a table or an Error, never a crash, a read past the text or a large allocation
// (the reader keeps only the table: libFuzzer's -rss_limit_mb and -malloc_limit_mb hold it);
// an error's message starts with the line of its offset, which is within the text; an accepted
// table has its length in 0..64 and every figure, read or extended, a chance in 0..1; the same
// text after a byte order mark, or with a comment and blanks after the root, reads to the same
// table.
// Seeds (corpus/bg_met): GNU Backgammon's met files g11.xml, Kazaross-XG2.xml,
// Rockwell-Kazaross.xml and woolsey.xml (as in tests/data/backgammon/met/tables), zadeh.xml and
// mec.xml (its computed tables, from /usr/share/gnubg/met), and small tables written by hand: 2 points with one
// post-Crawford row for both players (met_file of tests/backgammon/test_met_xml.cpp), the same
// with one row per player, a zadeh and a mec table with parameters for one player.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/backgammon/formats/met_xml.hpp"
#include "fuzz_common.hpp"

namespace {

namespace bg = boardrules::backgammon;

bool same_table(const bg::MatchEquityTable& a, const bg::MatchEquityTable& b) {
  if (a.name() != b.name() || a.description() != b.description() || a.length() != b.length()) return false;
  for (int i = 1; i <= bg::kMetMaxAway; ++i) {
    for (int j = 1; j <= bg::kMetMaxAway; ++j)
      if (a.pre_crawford(i, j) != b.pre_crawford(i, j)) return false;
    if (a.post_crawford(0, i) != b.post_crawford(0, i) || a.post_crawford(1, i) != b.post_crawford(1, i)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto t = bg::parse_met(text, "fuzz");
  if (!t) {
    const boardrules::Error& e = t.error();
    fuzz::check(e.where == "fuzz", "an error that does not name the text");
    fuzz::check(e.offset <= size, "an error offset past the text");
    int line = 1;
    for (std::size_t k = 0; k < e.offset; ++k) line += text[k] == '\n' ? 1 : 0;
    fuzz::check(e.message.rfind("line " + std::to_string(line) + ": ", 0) == 0, "an error without its line");
    return 0;
  }
  fuzz::check(t->length() >= 0 && t->length() <= bg::kMetMaxAway, "a length outside 0..64");
  for (int i = 1; i <= bg::kMetMaxAway; ++i) {
    for (int j = 1; j <= bg::kMetMaxAway; ++j) {
      const float v = t->pre_crawford(i, j);
      fuzz::check(v >= 0.0f && v <= 1.0f, "a pre-Crawford figure outside 0..1");
    }
    for (int p = 0; p < 2; ++p) {
      const float v = t->post_crawford(p, i);
      fuzz::check(v >= 0.0f && v <= 1.0f, "a post-Crawford figure outside 0..1");
    }
  }
  if (text.substr(0, 3) != "\xEF\xBB\xBF") {
    auto bom = bg::parse_met("\xEF\xBB\xBF" + std::string(text));
    fuzz::check(bom.has_value() && same_table(*bom, *t), "a byte order mark changes the table");
  }
  auto tail = bg::parse_met(std::string(text) + "\n<!-- after -->\n \t\r\n");
  fuzz::check(tail.has_value() && same_table(*tail, *t), "a comment after the root changes the table");
  return 0;
}
