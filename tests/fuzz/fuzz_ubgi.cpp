// libFuzzer targets of UBGI (formats/ubgi.hpp, ai/ubgi_engine.hpp, ai/ubgi_host.hpp):
//  - FUZZ_UBGI_SESSION: the bytes are a host's lines, fed to an engine's Session whose engine
//    decides from the bytes too (illegal plays among its choices, which the session must refuse);
//    every command that parses writes back to a line that parses to the same line, every answer
//    line is one line without control characters (the input is quoted with \xNN);
//  - FUZZ_UBGI_HOST: the bytes are an engine's answers to a host; whatever they say, the host
//    never returns a play that is not legal nor a cube action the question does not allow.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/ai/ubgi_engine.hpp"
#include "boardrules/backgammon/ai/ubgi_host.hpp"
#include "fuzz_common.hpp"

namespace {
namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;

// No control character (bytes of 0x80 and above may be UTF-8).
bool printable(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return true;
}

#ifdef FUZZ_UBGI_SESSION
// An engine whose choices come from the fuzz bytes (it may return illegal plays: the session
// must refuse them).
struct FuzzEngine final : ubgi::Engine {
  fuzz::Bytes* bytes = nullptr;
  ubgi::Identity identity() const override { return {"fuzz", "fuzz", "0"}; }
  std::vector<ubgi::OptionSpec> options() const override {
    return {{"Seed", "engine.seed", ubgi::OptionType::Spin, -3, 18446744073709551615ULL, {}, "0"},
            {"Mode", "", ubgi::OptionType::Combo, 0, 0, {"a", "b"}, "a"},
            {"Flag", "", ubgi::OptionType::Check, 0, 0, {}, "true"},
            {"Name", "", ubgi::OptionType::String, 0, 0, {}, ""}};
  }
  bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override {
    bg::PlayList plays;
    s.game().legal_plays(plays);
    if (bytes->below(8) == 0) {  // something that is not a legal play
      bg::Play p;
      p.add(bytes->below(26), bytes->below(26), false);
      return p;
    }
    return plays[static_cast<std::size_t>(bytes->below(static_cast<int>(plays.size())))];
  }
  std::optional<bool> offer_double(const bg::State&, const ubgi::SearchLimits&) override {
    const int b = bytes->below(3);
    if (b == 2) return std::nullopt;
    return b == 1;
  }
  std::optional<ubgi::CubeAction> answer_double(const bg::State&, const ubgi::SearchLimits&) override {
    const int b = bytes->below(6);
    if (b == 5) return std::nullopt;
    return static_cast<ubgi::CubeAction>(b);
  }
};
#endif

#ifdef FUZZ_UBGI_HOST
// The engine's side: each line the host writes is answered by the next lines of the bytes (up to
// a byte 0x00, which ends one answer).
struct FuzzChannel final : ubgi::Channel {
  std::string_view script;
  std::deque<std::string> waiting;
  boardrules::Status write_line(std::string_view) override {
    const std::size_t end = script.find('\0');
    std::string_view answer = script.substr(0, end);
    script = end == std::string_view::npos ? std::string_view() : script.substr(end + 1);
    while (!answer.empty()) {
      const std::size_t nl = answer.find('\n');
      waiting.emplace_back(answer.substr(0, nl));
      answer = nl == std::string_view::npos ? std::string_view() : answer.substr(nl + 1);
    }
    return {};
  }
  Read read_line(std::string& line, int) override {
    if (waiting.empty()) return script.empty() ? Read::Closed : Read::Timeout;
    line = waiting.front();
    waiting.pop_front();
    return Read::Line;
  }
};
#endif

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes bytes(data, size);
#ifdef FUZZ_UBGI_SESSION
  FuzzEngine engine;
  engine.bytes = &bytes;
  ubgi::Session session(engine);
  const std::string_view text = bytes.rest();
  fuzz::Bytes choices(data, size);  // the engine's choices: the same bytes read again
  engine.bytes = &choices;
  std::size_t at = 0;
  while (at < text.size() && !session.quit()) {
    const std::size_t nl = text.find('\n', at);
    const std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
    if (auto c = ubgi::parse_command(line)) {
      const std::string written = ubgi::format_command(*c);
      auto again = ubgi::parse_command(written);
      fuzz::check(again.has_value(), "a written command parses");
      fuzz::check(ubgi::format_command(*again) == written, "a written command writes back the same");
    }
    for (const std::string& answer : session.handle(line)) {
      fuzz::check(printable(answer), "an answer is one line without control characters");
      fuzz::check(answer.size() < 4096, "an answer is short");
    }
  }
#endif
#ifdef FUZZ_UBGI_HOST
  // The question: a 7-point match at 2-4, player 1 on roll with 5-3 thrown, or at the start of its
  // turn, or facing a double.
  const int which = bytes.below(3);
  bg::MatchIdFields f;
  f.match_length = 7;
  f.score = {2, 4};
  f.on_roll = f.turn = 1;
  if (which == 0) f.die1 = 5, f.die2 = 3;
  if (which == 2) f.doubled = true, f.turn = 0;
  auto m = bg::match_from_gnubg(bg::Position::start(), f, bg::SessionRules::match(7));
  fuzz::check(m.has_value(), "the question's match");
  FuzzChannel ch;
  ch.script = bytes.rest();
  ubgi::Host host(ch, {0, 0});
  if (!host.handshake().has_value()) return 0;
  const ubgi::Role role = which == 0 ? ubgi::Role::Chequer : which == 1 ? ubgi::Role::Cube : ubgi::Role::Take;
  for (int k = 0; k < 3; ++k) {
    auto r = host.ask(*m, role);
    if (!r.has_value()) {
      fuzz::check(printable(r.error().message), "a fault is printable");
      return 0;
    }
    if (r->kind == ubgi::Reply::Kind::Play) {
      fuzz::check(role == ubgi::Role::Chequer, "a play answers a play");
      bg::PlayList plays;
      m->game().legal_plays(plays);
      bool legal = false;
      for (const bg::Play& p : plays) legal = legal || p == r->play;
      fuzz::check(legal, "a play the host returns is legal");
    } else if (r->kind == ubgi::Reply::Kind::Cube) {
      const bool cube = r->cube == ubgi::CubeAction::Double || r->cube == ubgi::CubeAction::NoDouble;
      fuzz::check(role == ubgi::Role::Cube ? cube : !cube && r->cube != ubgi::CubeAction::Beaver,
                  "a cube action fits its question (no beaver in a match)");
    }
  }
#endif
  return 0;
}
