// libFuzzer target over the match record readers, chosen at compile time:
//   FUZZ_MAT  Jellyfish .mat (parse_mat)     FUZZ_SGF  GNU Backgammon .sgf (parse_sgf)
// The first byte picks the rules the format does not say (Crawford, Jacoby, beavers) and lenient
// reading (ReadOptions); the rest is the text. Whatever the text, the reader returns a record or
// an Error (never a crash). Strict: an accepted record replays, gives the ID of every record and
// of every decision, written in either format reads back to the same games (.mat: when check_mat
// accepts it, also the same players, tags and rules), and lenient reading
// gives the same record without a warning. Lenient: every warning says what is wrong, and an
// accepted record replays leniently and gives its IDs.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "fuzz_common.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

// The same games: steps, results, scores (the formats' own extras, tags and SGF root, aside).
bool same_games(const MatchRecord& a, const MatchRecord& b) {
  if (a.games.size() != b.games.size()) return false;
  for (std::size_t i = 0; i < a.games.size(); ++i) {
    const GameRecord& x = a.games[i];
    const GameRecord& y = b.games[i];
    if (x.steps != y.steps || x.winner != y.winner || x.points != y.points || x.score != y.score) return false;
  }
  return true;
}

// An opening throw left unplayed at the end: .mat writes it in the left column whoever threw it
// (as GNU Backgammon does), so it reads back as player 0's.
bool ends_with_unplayed_opening(const MatchRecord& r) {
  if (r.games.empty()) return false;
  const auto& steps = r.games.back().steps;
  return steps.size() == 1 && steps[0].kind == StepKind::Roll && !steps[0].played && steps[0].player == 1;
}

// A throw without a legal play left unplayed at the end (.sgf's PL[X]DI[dd]): .mat writes the
// throw with nothing after it, as it writes the empty play that is the throw's only play (BG-3.8),
// and reads it back so, played. `b` is `a` with that last step played.
bool unplayed_blocked_throw_read_as_played(const MatchRecord& a, const MatchRecord& b) {
  if (a.games.empty() || a.games.size() != b.games.size()) return false;
  const auto& x = a.games.back().steps;
  const auto& y = b.games.back().steps;
  if (x.empty() || x.size() != y.size() || x.back().kind != StepKind::Roll || x.back().played || !y.back().played ||
      y.back().play.size != 0)
    return false;
  RecordStep played = x.back();
  played.played = true;
  if (!(played == y.back())) return false;
  MatchRecord c = a;
  c.games.back().steps.back().played = true;
  return same_games(c, b);
}

// Whether the record has an edited position (SGF setup nodes).
bool has_setup(const MatchRecord& r) {
  for (const GameRecord& g : r.games)
    for (const RecordStep& s : g.steps)
      if (s.kind == StepKind::Setup) return true;
  return false;
}

// A name .mat holds: no `:` or line break, no blanks around it, not starting with `;` or `#`.
bool mat_name(const std::string& n) {
  if (n.find_first_of(":\r\n") != std::string::npos) return false;
  if (!n.empty() &&
      (n.front() == ';' || n.front() == '#' || codec_detail::is_blank(n.front()) || codec_detail::is_blank(n.back())))
    return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const int opts = in.byte();
  SessionRules rules;
  rules.crawford = (opts & 1) == 0;
  rules.jacoby = (opts & 2) != 0;
  rules.beavers = (opts >> 2) & 3;
  const bool lenient = (opts & 16) != 0;
  const std::string_view text = in.rest();
  std::vector<Error> warnings;
  const ReadOptions read{lenient, &warnings};
#if defined(FUZZ_MAT)
  const auto rec = parse_mat(text, rules, read);
#elif defined(FUZZ_SGF)
  const auto rec = parse_sgf(text, rules, read);
#else
#error "define FUZZ_MAT or FUZZ_SGF"
#endif
  for (const Error& w : warnings) fuzz::check(!w.message.empty(), "a warning says what is wrong");
  fuzz::check(lenient || warnings.empty(), "strict reading never warns");
  if (!rec.has_value()) {
    fuzz::check(!rec.error().message.empty(), "an Error says what is wrong");
    return 0;
  }
  if (lenient) {
    fuzz::check(replay_record(*rec, ReadOptions{true, nullptr}).has_value(), "a record read leniently replays so");
    fuzz::check(record_ids(*rec, IdScope::Records, ReadOptions{true, nullptr}).has_value(),
                "a record read leniently gives its IDs");
    return 0;
  }
  fuzz::check(replay_record(*rec).has_value(), "an accepted record replays");
  fuzz::check(record_ids(*rec).has_value(), "an accepted record gives its decisions' IDs");
  const auto all = record_ids(*rec, IdScope::Records);
  fuzz::check(all.has_value() && all->size() >= record_ids(*rec)->size(), "every record has its ID");
  {
    std::vector<Error> none;
#if defined(FUZZ_MAT)
    const auto again = parse_mat(text, rules, ReadOptions{true, &none});
#else
    const auto again = parse_sgf(text, rules, ReadOptions{true, &none});
#endif
    fuzz::check(again.has_value() && *again == *rec && none.empty(),
                "lenient reading of a good record changes nothing");
  }
  // .mat holds no edited position (Setup steps) and not every name: check_mat says which records
  // format_mat writes back (only .sgf writes the others), and those read back whole
  if (check_mat(*rec).has_value()) {
    fuzz::check(mat_name(rec->players[0]) && mat_name(rec->players[1]) && !has_setup(*rec),
                "check_mat accepts only names .mat holds and no edited position");
    const auto mat = parse_mat(format_mat(*rec), rec->rules);
    fuzz::check(mat.has_value(), "format_mat's text reads back");
    fuzz::check(mat->players == rec->players && mat->tags == rec->tags && mat->rules == rec->rules,
                "parse_mat(format_mat(r)) has r's players, tags and rules");
    fuzz::check(
        ends_with_unplayed_opening(*rec) || unplayed_blocked_throw_read_as_played(*rec, *mat) || same_games(*mat, *rec),
        "parse_mat(format_mat(r)) has r's games");
  } else {
    fuzz::check(check_mat(*rec).error().code == ErrorCode::unsupported, "check_mat refuses as unsupported");
  }
  if (rec->games.empty()) return 0;  // SGF has no text for a match without games
  const auto sgf = parse_sgf(format_sgf(*rec), rec->rules);
  fuzz::check(sgf.has_value(), "format_sgf's text reads back");
  fuzz::check(same_games(*sgf, *rec), "parse_sgf(format_sgf(r)) has r's games");
  return 0;
}
