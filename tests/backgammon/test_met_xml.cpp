// Reading GNU Backgammon's match equity table files (formats/met_xml.hpp): a small table read
// whole, and every kind of bad file refused with its code, line and offset.
#include <doctest/doctest.h>

#include <boardrules/backgammon/formats/met_xml.hpp>

#include <string>

namespace bg = boardrules::backgammon;
using boardrules::ErrorCode;

namespace met_xml_test {

// A 2-point table in the format of gnubg's files; `pre`, `post` replace its tables.
std::string met_file(const std::string& length = "2",
                     const std::string& pre = "<row><me>0.5</me><me>0.7</me></row>\n"
                                              "<row><me>0.3</me><me>0.5</me></row>\n",
                     const std::string& post = "<post-crawford-table type=\"explicit\" player=\"both\">\n"
                                               "<row><me>0.5</me><me>0.48</me></row>\n"
                                               "</post-crawford-table>\n") {
  return "<?xml version = \"1.0\"?>\n"
         "<!DOCTYPE met PUBLIC \"-//GNU Backgammon//DTD Match Equity Tables//EN\" \"met.dtd\">\n"
         "<!-- a comment -->\n"
         "<met>\n"
         "<info><name>Test &amp; &#x54;able</name><description> two\n points </description><length>" +
         length +
         "</length></info>\n"
         "<pre-crawford-table type=\"explicit\">\n" +
         pre + "</pre-crawford-table>\n" + post + "</met>\n";
}

boardrules::Error error_of(const std::string& text) {
  auto r = bg::parse_met(text, "t.xml");
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

}  // namespace met_xml_test

TEST_CASE("met xml: a small table") {
  using namespace met_xml_test;
  auto t = bg::parse_met(met_file());
  REQUIRE(t.has_value());
  CHECK(t->name() == "Test & Table");
  CHECK(t->description() == "two\n points");
  CHECK(t->length() == 2);
  CHECK(t->pre_crawford(1, 2) == 0.7f);
  CHECK(t->pre_crawford(2, 1) == 0.3f);
  CHECK(t->post_crawford(0, 1) == 0.5f);
  // The post-Crawford entry at 2-away is computed (gnubg uses length - 1 entries): the trailer
  // wins 1 game in 2 (and a gammon, 1 in 4 of those, is no better), less the free drop.
  CHECK(t->post_crawford(1, 2) == doctest::Approx(0.5 - 0.015).epsilon(1e-6));
  // One table per player.
  t = bg::parse_met(met_file("2", "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
                             "<post-crawford-table player='1'><row><me>0.5</me></row></post-crawford-table>"
                             "<post-crawford-table player='0'><row><me>0.5</me></row></post-crawford-table>"));
  CHECK(t.has_value());
}

TEST_CASE("met xml: bad files are refused with what and where") {
  using namespace met_xml_test;
  boardrules::Error e = error_of("hello");
  CHECK(e.code == ErrorCode::syntax);
  CHECK(e.where == "t.xml");
  CHECK(e.offset == 0);
  CHECK(e.message.find("line 1") != std::string::npos);

  e = error_of("<met><info></met>");
  CHECK(e.code == ErrorCode::syntax);
  CHECK(e.message.find("</met> closes <info>") != std::string::npos);

  e = error_of("<table/>");
  CHECK(e.message.find("not <met>") != std::string::npos);

  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row>\n"));  // one row of two
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("1 rows, not 2") != std::string::npos);

  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row>\n<row><me>0.3</me></row>\n"));
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("line 9") != std::string::npos);  // the short row's line

  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7x</me></row>\n<row><me>0.3</me><me>0.5</me></row>\n"));
  CHECK(e.code == ErrorCode::syntax);
  CHECK(e.message.find("0.7x") != std::string::npos);
  e = error_of(met_file("2", "<row><me>0.5</me><me></me></row>\n<row><me>0.3</me><me>0.5</me></row>\n"));
  CHECK(e.code == ErrorCode::syntax);
  e = error_of(met_file("2", "<row><me>0.5</me><me>1.5</me></row>\n<row><me>0.3</me><me>0.5</me></row>\n"));
  CHECK(e.code == ErrorCode::out_of_range);

  for (const char* len : {"0", "65", "-1"}) CHECK(error_of(met_file(len)).code == ErrorCode::out_of_range);
  CHECK(error_of(met_file("two")).code == ErrorCode::syntax);
  CHECK(error_of(met_file("99999999999999999999")).code == ErrorCode::out_of_range);

  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
                        "<post-crawford-table player='0'><row><me>0.5</me></row></post-crawford-table>"));
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("player 1") != std::string::npos);
  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
                        "<post-crawford-table><row><me>0.5</me></row></post-crawford-table>"
                        "<post-crawford-table><row><me>0.5</me></row></post-crawford-table>"));
  CHECK(e.code == ErrorCode::corrupted);
  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
                        "<post-crawford-table player='2'><row><me>0.5</me></row></post-crawford-table>"));
  CHECK(e.code == ErrorCode::syntax);
  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
                        "<post-crawford-table><row><me>0.5</me><me>0.4</me><me>0.3</me></row></post-crawford-table>"));
  CHECK(e.code == ErrorCode::corrupted);

  // Attributes, entities, the DOCTYPE, text where none belongs, nesting.
  CHECK(error_of("<met colour='red'/>").code == ErrorCode::syntax);
  CHECK(error_of("<met a='1' a='2'/>").code == ErrorCode::syntax);
  CHECK(error_of("<met><info><name>&nbsp;</name></info></met>").code == ErrorCode::syntax);
  CHECK(error_of("<!DOCTYPE met [ <!ENTITY x 'y'> ]><met/>").code == ErrorCode::unsupported);
  CHECK(error_of("<met>text<info/></met>").code == ErrorCode::syntax);
  CHECK(error_of(std::string(100, '<')).code == ErrorCode::syntax);
  // Checked element by element as read: nesting, repetition and size stop at the first element
  // the format does not have (no tree of the document is built first).
  std::string deep = "<met><info><name>";
  for (int i = 0; i < 100000; ++i) deep += "<a>";
  e = error_of(deep);
  CHECK(e.code == ErrorCode::syntax);
  CHECK(e.message.find("<a> inside <name>") != std::string::npos);
  CHECK(e.offset == 17);
  std::string many = "<met><info><name/><description/><length>2</length>";
  for (int i = 0; i < 100000; ++i) many += "<x/>";
  e = error_of(many);
  CHECK(e.message.find("<info> must hold <name>, <description> and <length>, in that order") != std::string::npos);
  many = met_file("2", "<row><me>0.5</me><me>0.7</me></row>\n<row><me>0.3</me><me>0.5</me></row>\n" +
                           std::string(20000, ' ') + "<row><me>0.3</me><me>0.5</me></row>\n");
  e = error_of(many);
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("line 10: <pre-crawford-table> has more than 2 rows") == 0);
  e = error_of(met_file("2", "<row><me>0.5</me><me>0.7</me><me>0.7</me></row>\n<row><me>0.3</me><me>0.5</me></row>\n"));
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("line 8: a row of more than 2 figures") == 0);
  CHECK(error_of("<met/><met/>").code == ErrorCode::syntax);
  CHECK(error_of("<met><info><name>a<b/></name></info></met>").code == ErrorCode::syntax);

  // The tables gnubg computes ("zadeh", "mec"): only with their parameters, whole.
  e = error_of("<met><info><name>z</name><description/><length>-1</length></info>"
               "<pre-crawford-table type=\"mec\"><parameters/></pre-crawford-table></met>");
  CHECK(e.code == ErrorCode::corrupted);
  CHECK(e.message.find("no <post-crawford-table>") != std::string::npos);
  const std::string mec_head =
      "<met><info><name>m</name><description/><length>-1</length></info>"
      "<pre-crawford-table type=\"mec\"><parameters><parameter name=\"win-rate\">0.5</parameter></parameters>"
      "</pre-crawford-table>\n";
  const auto mec = [&](const std::string& player, const std::string& params) {
    return bg::parse_met(mec_head + "<post-crawford-table type=\"mec\" player=\"" + player + "\"><parameters>" +
                         params + "</parameters></post-crawford-table></met>");
  };
  const auto mec2 = [&](const std::string& params0, const std::string& params1) {
    return bg::parse_met(mec_head + "<post-crawford-table type=\"mec\" player=\"0\"><parameters>" + params0 +
                         "</parameters></post-crawford-table><post-crawford-table type=\"mec\" player=\"1\">"
                         "<parameters>" +
                         params1 + "</parameters></post-crawford-table></met>");
  };
  // Tornberg's recurrence by hand: 1-away: the win rate w; 2-away: as 1-away less the free drop;
  // 3-away: a single win is 1-away, a gammon wins; 4-away: as 3-away plus gnubg's 4-away drop.
  auto m = mec2("<parameter name=\"win-rate\">0.6</parameter><parameter name=\"gammon-rate\">0.3</parameter>"
                "<parameter name=\"free-drop-2-away\">0.02</parameter>",
                "");
  REQUIRE(m.has_value());
  CHECK(m->length() == 0);
  CHECK(m->post_crawford(0, 1) == doctest::Approx(0.6).epsilon(1e-7));
  CHECK(m->post_crawford(0, 2) == doctest::Approx(0.58).epsilon(1e-7));
  CHECK(m->post_crawford(0, 3) == doctest::Approx(0.6 * 0.7 * 0.6 + 0.6 * 0.3).epsilon(1e-7));
  CHECK(m->post_crawford(0, 4) == doctest::Approx(0.6 * 0.7 * 0.6 + 0.6 * 0.3 + 0.004).epsilon(1e-7));
  CHECK(m->post_crawford(1, 3) == doctest::Approx(0.5 * 0.75 * 0.5 + 0.5 * 0.25).epsilon(1e-7));  // defaults
  // player="both": as gnubg, the parameters reach player 0's row only.
  m = mec("both", "<parameter name=\"gammon-rate\">0.5</parameter>");
  REQUIRE(m.has_value());
  CHECK(m->post_crawford(0, 3) == doctest::Approx(0.5 * 0.5 * 0.5 + 0.5 * 0.5).epsilon(1e-7));
  CHECK(m->post_crawford(1, 3) == doctest::Approx(0.5 * 0.75 * 0.5 + 0.5 * 0.25).epsilon(1e-7));
  // The pre-Crawford table is Montgomery's from 1-away, whatever the parameters (as gnubg's).
  CHECK(m->pre_crawford(3, 5) == bg::MatchEquityTable::from_zadeh_parameters({}, {}, {})->pre_crawford(3, 5));
  CHECK(mec("both", "<parameter name=\"delta\">0.5</parameter>").error().code == ErrorCode::syntax);
  CHECK(mec("both", "<parameter name=\"win-rate\">1.5</parameter>").error().code == ErrorCode::out_of_range);
  CHECK(mec("both", "<parameter name=\"free-drop-2-away\">0.9</parameter>").error().code ==
        ErrorCode::out_of_range);  // 2-away chances below 0
  CHECK(mec("both", "<parameter name=\"gammon-rate\">.2x</parameter>").error().code == ErrorCode::syntax);
  e = bg::parse_met(mec_head + "<post-crawford-table type=\"zadeh\"><parameters/></post-crawford-table></met>")
          .error();
  CHECK(e.code == ErrorCode::unsupported);
  const std::string zadeh_head =
      "<met><info><name>z</name><description/><length>-1</length></info>"
      "<pre-crawford-table type=\"zadeh\"><parameters><parameter name=\"delta\">0.08</parameter></parameters>"
      "</pre-crawford-table>\n";
  const auto zadeh = [&](const std::string& params) {
    return bg::parse_met(zadeh_head + "<post-crawford-table type=\"zadeh\"><parameters>" + params +
                         "</parameters></post-crawford-table></met>");
  };
  auto z = zadeh("<parameter name=\"gammon-rate-trailer\">0.5</parameter>");
  REQUIRE(z.has_value());
  // 2-away: half the wins, less the free drop; 3-away: a gammon (half the wins) wins it. For
  // player="both" (absent), as gnubg, player 1's row has the default gammon rate 0.25.
  CHECK(z->post_crawford(0, 2) == doctest::Approx(0.5 - 0.015).epsilon(1e-6));
  CHECK(z->post_crawford(0, 3) == doctest::Approx(0.5 * 0.5 * 1.0 + 0.5 * 0.5 * 0.5).epsilon(1e-6));
  CHECK(z->post_crawford(1, 3) == doctest::Approx(0.25 * 0.5 * 1.0 + 0.75 * 0.5 * 0.5).epsilon(1e-6));
  CHECK(zadeh("<parameter name=\"gammon-rate\">0.5</parameter>").error().code == ErrorCode::syntax);
  CHECK(zadeh("<parameter name=\"free-drop-2-away\">2</parameter>").error().code == ErrorCode::out_of_range);
  CHECK(zadeh("<parameter name=\"free-drop-2-away\">x</parameter>").error().code == ErrorCode::syntax);
  CHECK(zadeh("<parameter name=\"delta\">0.1</parameter><parameter name=\"delta\">0.1</parameter>")
            .error()
            .code == ErrorCode::syntax);
  CHECK(bg::parse_met(zadeh_head + "<post-crawford-table><row><me>0.5</me></row></post-crawford-table></met>")
            .error()
            .code == ErrorCode::unsupported);
  CHECK(bg::parse_met(met_file("-1")).error().code == ErrorCode::out_of_range);
}

TEST_CASE("met xml: character references of every UTF-8 length; a surrogate or a value above U+10FFFF refused") {
  using namespace met_xml_test;
  const auto named = [](const std::string& name) {
    std::string f = met_file();
    const std::string old = "Test &amp; &#x54;able";
    return f.replace(f.find(old), old.size(), name);
  };
  // &#233; (é) 2 bytes, &#x20AC; (€) 3, &#x1F600; (😀) 4: RFC 3629's bytes.
  auto t = bg::parse_met(named("&#65;&#233;&#x20AC;&#x1F600;&#x10FFFF;"));
  REQUIRE(t.has_value());
  CHECK(t->name() == "A\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF");
  for (const char* bad : {"&#xD800;", "&#xDFFF;", "&#55296;", "&#x110000;", "&#0;"}) {
    CAPTURE(bad);
    const boardrules::Error e = error_of(named(bad));
    CHECK(e.code == ErrorCode::syntax);
    CHECK(e.message.find("a bad character reference") != std::string::npos);
  }
}

TEST_CASE("met xml: every cut of a good file is an error, never a crash") {
  using namespace met_xml_test;
  const std::string good = met_file();
  REQUIRE(bg::parse_met(good).has_value());
  int refused = 0;
  for (std::size_t n = 0; n + 1 < good.size(); ++n) {
    const std::string cut = good.substr(0, n);
    // A cut inside the trailing blank after </met> is still the whole table.
    if (n >= good.rfind("</met>") + 6) continue;
    refused += bg::parse_met(cut).has_value() ? 0 : 1;
    CHECK_FALSE(bg::parse_met(cut).has_value());
  }
  CHECK(refused > 400);
}

TEST_CASE("met xml: files go through formats/file.hpp") {
  auto t = bg::read_met(BOARDRULES_TEST_DATA_DIR "/backgammon/met");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().code == ErrorCode::io);
  CHECK(t.error().message.find("directory") != std::string::npos);
  t = bg::read_met(BOARDRULES_TEST_DATA_DIR "/backgammon/met/no such.xml");
  REQUIRE_FALSE(t.has_value());
  CHECK(t.error().code == ErrorCode::io);
  t = bg::read_met(BOARDRULES_TEST_DATA_DIR "/backgammon/met/tables/woolsey.xml");
  REQUIRE(t.has_value());
  CHECK(t->name() == "Kit Woolsey");
  CHECK(t->length() == 15);
}
