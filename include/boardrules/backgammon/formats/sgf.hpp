#pragma once
/// \file
/// GNU Backgammon's SGF dialect (`GM[6]`), both ways, for whole matches: parse_sgf reads a
/// record and replays every step through the match state machine; format_sgf writes it as GNU
/// Backgammon saves a match.
///
/// One game tree per game, `(;FF[4]GM[6]...MI[length:L][game:k][ws:s0][bs:s1]PW[..]PB[..]
/// RU[..]RE[..] ;W[52mhmk] ;B[double] ;W[take] ...)`: White (`W`) is player 0, Black (`B`) player 1.
/// A node holds a throw and its play (`52` then two letters a step: `a`..`x` the points 1..24
/// counted from White's side, `y` the bar, `z` off; the throw alone when no play is legal),
/// `double` (a second `double` while one is offered: a beaver, BG-9.4), `take` or `drop`.
/// `PL[W]DI[43]` closes a game whose player threw and did not play. `RE[W+2]` is the result, `R`
/// after it a resignation by the player on roll (BG-7.7). `RU` holds `Crawford` (BG-10.2,
/// `:CrawfordGame` in the Crawford game) and `Jacoby` (BG-9.2). Other root properties (FF, GM,
/// CA, AP, DT, GS) are kept as text for writing back; analysis properties of nodes (A, MR, BM...)
/// are skipped; variations are refused with an Error.
///
/// An edited position, as GNU Backgammon reads it: a node with AE, AB, AW (and PL, the player on
/// roll) sets the checkers (AE empties the points listed, `a:x` a range, AB and AW add a Black or
/// White checker a letter); CV sets the cube's value, CP its owner (`c`, `w`, `b`); PL with DI
/// sets the throw, which a later node may play; PL alone sets the player on roll (and a throw or
/// double by the player not on roll right after an edit gives it the turn, as GNU Backgammon
/// reads its own files, which do not record that). Each is a Setup step (a PL with DI: a throw
/// not played), and the game goes on from there through the rules. CO is skipped, as GNU Backgammon
/// does; the score of a game is its MI's. A point that is no letter a..y, more than 15 checkers
/// of a player or both colours on a point is refused with an Error and its place.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/backgammon/rules/step.hpp"
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

/// The point of a letter for `player` (0 White, 1 Black): 1..24, 25 the bar, 0 off; -1 if none.
inline int point_of(char c, int player) noexcept {
  if (c == 'y') return 25;
  if (c == 'z') return 0;
  if (c < 'a' || c > 'x') return -1;
  const int idx = c - 'a';
  return player == 0 ? idx + 1 : 24 - idx;
}

/// The letter of `point` (1..24, 25 the bar, 0 off) for `player`.
inline char letter_of(int point, int player) noexcept {
  if (point == 25) return 'y';
  if (point == 0) return 'z';
  return static_cast<char>('a' + (player == 0 ? point - 1 : 24 - point));
}

/// The value of the SGF property text `v` with `]` and `\` escaped.
inline std::string escape(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

/// The number after `key:` in `v` (as in `length:7`), or -1.
inline int mi_field(const std::vector<std::string>& values, std::string_view key) {
  for (const std::string& v : values) {
    if (v.size() > key.size() && v.compare(0, key.size(), key) == 0 && v[key.size()] == ':') {
      int n = 0;
      const std::string_view d = std::string_view(v).substr(key.size() + 1);
      if (d.empty() || d.size() > 9) return -1;
      for (char c : d) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
      }
      return n;
    }
  }
  return -1;
}

/// The board `b` (each player's checkers on its own points, record_detail::board_of) changed
/// by the AE, AB and AW properties of `node` in order, as GNU Backgammon reads them: the points
/// are letters a..x counted from White's side, y the bar, `a:x` a range; AE empties the points
/// listed (of both players), AB adds a Black checker a letter, AW a White one. Errors: a letter
/// that is no point, more than `checkers` checkers of a player, with the property's place.
inline Status setup_board(std::array<std::array<std::uint8_t, 26>, 2>& b, const Node& node, const std::string& where,
                          int checkers) {
  for (const Property& p : node) {
    if (p.name != "AE" && p.name != "AB" && p.name != "AW") continue;
    for (const std::string& v : p.values) {
      char lo = v.empty() ? '?' : v[0], hi = lo;
      if (v.size() == 3 && v[1] == ':' && p.name == "AE") hi = v[2];
      else if (v.size() != 1) lo = '?';
      if (lo < 'a' || hi > 'y' || lo > hi)
        return make_error(ErrorCode::syntax,
                          p.name + "[" + v + "]: a point is a letter a..x (from White's side) or y (the bar)" +
                              (p.name == "AE" ? ", a range two of them as a:x" : ""),
                          where, p.offset);
      for (char c = lo; c <= hi; ++c) {
        const auto w = static_cast<std::size_t>(point_of(c, 0));
        const auto k = static_cast<std::size_t>(point_of(c, 1));
        if (p.name == "AE") {
          b[0][w] = 0;
          b[1][k] = 0;
          continue;
        }
        const std::size_t pl = p.name == "AW" ? 0 : 1;
        int n = 0;
        for (std::size_t pt = 1; pt <= 25; ++pt) n += b[pl][pt];
        if (n >= checkers)
          return make_error(ErrorCode::out_of_range,
                            std::string(pl == 0 ? "White" : "Black") + " would have more than " +
                                std::to_string(checkers) + " checkers on the board (BG-1.1)",
                            where, p.offset);
        ++b[pl][pl == 0 ? w : k];
      }
    }
  }
  return {};
}

/// Whether a throw or double `v` by `player`, not on roll in `m`, follows an edited position
/// (the game's last step a Setup, or a throw not played right after one): then it takes the turn.
template <class V>
bool edited_turn(const BasicMatch<V>& m, const std::vector<RecordStep>& steps, int player, const std::string& v) {
  const auto& g = m.game();
  if ((g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled) || g.on_roll() == player || steps.empty())
    return false;
  if (v == "take" || v == "drop" || v == "accept" || v == "reject" || v.compare(0, 7, "resign:") == 0) return false;
  const std::size_t n = steps.size();
  if (steps[n - 1].kind == StepKind::Setup) return true;
  return n >= 2 && steps[n - 1].kind == StepKind::Roll && !steps[n - 1].played && steps[n - 2].kind == StepKind::Setup;
}

}  // namespace sgf_detail

/// Reads a GNU Backgammon SGF match (see the file comment) and replays it through BasicMatch.
/// `rules` gives what the file does not say (beavers, BG-9.4); the match length, the Crawford
/// rule and the Jacoby rule are the file's. Errors: the property or step at fault, with the game,
/// the move number (the node's, counting from 1) and the column (player), and the offset; a
/// property read of more than 64 values, a root node of more than 256 properties (or another
/// node of more than 256 properties read). Work and memory: linear in the text, read a node at a time (the record
/// keeps its games' roots and a step of about 100 bytes per throw or cube action).
template <class V = Standard>
[[nodiscard]] Result<MatchRecord> parse_sgf(std::string_view text, const SessionRules& rules = SessionRules{},
                                            const ReadOptions& opt = ReadOptions{}) {
  using namespace sgf_detail;
  TreeReader reader(text);
  auto first = reader.next_tree();
  if (!first.has_value()) return first.error();
  if (!*first) return make_error(ErrorCode::syntax, "no game tree", "sgf", 0);
  MatchRecord rec;
  rec.rules = rules;
  // The rules from the first game's root (a tree with no node has none to read).
  Node root;
  if (auto has = reader.next_node(root, true); !has.has_value()) return has.error();
  else if (!*has) return make_error(ErrorCode::syntax, "an empty game tree", "game 1", 0);
  {
    bool gm = false;
    for (const Property& p : root) {
      if (p.name == "GM") {
        if (p.values[0] != "6")
          return make_error(ErrorCode::unsupported, "not a backgammon record (GM[6])", "GM", p.offset);
        gm = true;
      } else if (p.name == "MI") {
        const int len = mi_field(p.values, "length");
        if (len < 0 || len > kMaxMatchLength) return make_error(ErrorCode::syntax, "no match length", "MI", p.offset);
        rec.rules.match_length = len;
      } else if (p.name == "PW") {
        rec.players[0] = p.values[0];
      } else if (p.name == "PB") {
        rec.players[1] = p.values[0];
      }
    }
    if (!gm) return make_error(ErrorCode::unsupported, "no GM[6]: not a backgammon record", "sgf", 0);
    bool crawford = false, jacoby = false;
    for (const Property& p : root)
      if (p.name == "RU")
        for (const std::string& v : p.values) {
          crawford = crawford || v.compare(0, 8, "Crawford") == 0;
          jacoby = jacoby || v.find("Jacoby") != std::string::npos;
        }
    // RU names the Crawford rule in matches longer than 1 point (where it can apply), Jacoby
    // in money play
    if (rec.rules.match_length > 1) rec.rules.crawford = crawford;
    if (!rec.rules.is_match()) rec.rules.jacoby = jacoby;
  }
  auto made = BasicMatch<V>::make(rec.rules);
  if (!made.has_value()) return made.error();
  BasicMatch<V> m = *made;
  Node node;  // the node being read
  for (std::size_t gi = 0;; ++gi) {
    const std::string game_name = "game " + std::to_string(gi + 1);
    if (gi > 0) {  // the next tree and its root (the first game's were read above)
      auto tree = reader.next_tree();
      if (!tree.has_value()) return tree.error();
      if (!*tree) break;
      auto has = reader.next_node(root, true);
      if (!has.has_value()) return has.error();
      if (!*has) return make_error(ErrorCode::syntax, "an empty game tree", game_name, 0);
    }
    GameRecord g;
    int re_winner = -1, re_points = 0;
    bool re_resigned = false;
    std::size_t re_offset = 0, root_offset = root.empty() ? 0 : root[0].offset;
    bool crawford_game = false;
    for (const Property& p : root) {
      g.sgf_root.emplace_back(p.name, p.raw);
      if (p.name == "MI") {
        const int k = mi_field(p.values, "game");
        const int ws = mi_field(p.values, "ws");
        const int bs = mi_field(p.values, "bs");
        if (k != static_cast<int>(gi))
          return make_error(ErrorCode::syntax, "expected game:" + std::to_string(gi), game_name, p.offset);
        // every game of a match file states the match's length: the first game's (read above)
        if (const int len = mi_field(p.values, "length"); len != rec.rules.match_length)
          return make_error(ErrorCode::invalid_state,
                            "MI gives " + (len < 0 ? std::string("no match length") : "length:" + std::to_string(len)) +
                                ", the first game length:" + std::to_string(rec.rules.match_length),
                            game_name, p.offset);
        if (ws < 0 || bs < 0)
          return make_error(ErrorCode::syntax, "the scores ws and bs are missing", game_name, p.offset);
        g.score = {ws, bs};
      } else if (p.name == "RE") {
        const std::string& v = p.values[0];
        re_offset = p.offset;
        if (v.size() < 3 || (v[0] != 'W' && v[0] != 'B') || v[1] != '+')
          return make_error(ErrorCode::syntax, "the result must read W+N or B+N (R after it: a resignation)", game_name,
                            p.offset);
        re_winner = v[0] == 'W' ? 0 : 1;
        std::size_t j = 2;
        re_points = 0;
        while (j < v.size() && v[j] >= '0' && v[j] <= '9' && j < 11) re_points = re_points * 10 + (v[j++] - '0');
        if (j == 2) return make_error(ErrorCode::syntax, "the result has no points", game_name, p.offset);
        re_resigned = j < v.size() && v[j] == 'R';
      } else if (p.name == "RU") {
        for (const std::string& v : p.values)
          crawford_game = crawford_game || v.find("CrawfordGame") != std::string::npos;
      } else if (p.name == "AE" || p.name == "AB" || p.name == "AW") {
        return make_error(ErrorCode::unsupported,
                          "a setup in the root node is not read (GNU Backgammon skips it): set up in a node after it",
                          game_name, p.offset);
      }
    }
    if (auto st = record_detail::start_game(m, gi, g.score, root_offset, opt); !st.has_value()) return st.error();
    if (crawford_game != m.crawford_game() && gi == 0 && m.games_played() == 0 && g.score != std::array<int, 2>{0, 0}) {
      // a match resumed at a score 1 point away: RU says whether its first game is the Crawford game
      auto resumed = record_detail::match_at<V>(rec.rules, g.score, 0, !crawford_game);
      if (resumed.has_value()) m = *resumed;
    }
    if (crawford_game != m.crawford_game())
      return make_error(ErrorCode::invalid_state,
                        crawford_game ? "RU says the Crawford game, but the score does not make it one (BG-10.2)"
                                      : "the Crawford game is not marked CrawfordGame in RU (BG-10.2)",
                        game_name, root_offset);
    bool unplayed = false;
    int resign_offer = 0, resign_player = -1;  // a `resign:` waiting for its answer
    std::size_t ni = 1;                        // the node's number in its tree, the root 0
    for (;; ++ni) {
      if (auto has = reader.next_node(node, false); !has.has_value()) return has.error();
      else if (!*has) break;
      const std::string node_where = game_name + ", move " + std::to_string(ni);
      // A setup node (AE, AB, AW, with PL the player on roll): one Setup step after the node's
      // other setup properties (CV, CP), as GNU Backgammon reads it.
      const Property* first_setup = nullptr;
      const Property* pl = nullptr;
      bool throw_or_dice = false;
      for (const Property& p : node) {
        if ((p.name == "AE" || p.name == "AB" || p.name == "AW") && first_setup == nullptr) first_setup = &p;
        if (p.name == "PL") pl = &p;
        throw_or_dice = throw_or_dice || p.name == "DI" || p.name == "W" || p.name == "B";
      }
      if (first_setup != nullptr && throw_or_dice)
        return make_error(ErrorCode::syntax, "a node that sets up the board (AE, AB, AW) holds no throw (DI, W, B)",
                          node_where, first_setup->offset);
      for (const Property& p : node) {
        RecordStep s;
        s.number = static_cast<int>(ni);
        s.offset = p.offset;
        if (p.name == "AE" || p.name == "AB" || p.name == "AW") continue;  // the Setup step after the node
        if (p.name == "CV" || p.name == "CP") {
          s.kind = StepKind::Setup;
          s.player = record_detail::setup_player(m);
          if (p.name == "CV") {
            s.setup = SetupKind::CubeValue;
            s.cube = mi_field({"v:" + p.values[0]}, "v");
            if (s.cube < 1 || s.cube > kMaxCubeValue || (s.cube & (s.cube - 1)) != 0)
              return make_error(ErrorCode::syntax,
                                "CV takes the cube value, a power of two 1.." + std::to_string(kMaxCubeValue),
                                node_where, p.offset);
          } else {
            s.setup = SetupKind::CubeOwner;
            const std::string& v = p.values[0];
            if (v != "c" && v != "w" && v != "b")
              return make_error(ErrorCode::syntax, "CP takes the cube's owner: c (centered), w or b", node_where,
                                p.offset);
            s.owner = v == "c" ? -1 : v == "w" ? 0 : 1;
          }
          if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) return st.error();
          g.steps.push_back(s);
          if (m.game().phase() != Phase::Rolled) unplayed = false;
          continue;
        }
        if (p.name == "PL" && first_setup != nullptr) continue;  // the setup's player on roll
        if (p.name == "PL" &&
            std::none_of(node.begin(), node.end(), [](const Property& q) { return q.name == "DI"; })) {
          // PL alone: the player on roll set (GNU Backgammon's edit of the turn)
          if (p.values[0] != "W" && p.values[0] != "B")
            return make_error(ErrorCode::syntax, "PL must name W or B", node_where, p.offset);
          s.kind = StepKind::Setup;
          s.setup = SetupKind::Turn;
          s.player = p.values[0] == "W" ? 0 : 1;
          if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) return st.error();
          g.steps.push_back(s);
          if (m.game().phase() != Phase::Rolled) unplayed = false;
          continue;
        }
        if (p.name == "PL") {
          // PL[X]DI[dd]: X threw and did not play (the record ends, or X resigns)
          int player = p.values[0] == "W" ? 0 : p.values[0] == "B" ? 1 : -1;
          std::string dice;
          for (const Property& q : node)
            if (q.name == "DI") dice = q.values[0];
          if (player < 0 || dice.size() != 2 || dice[0] < '1' || dice[0] > '6' || dice[1] < '1' || dice[1] > '6')
            return make_error(ErrorCode::syntax, "PL must name W or B and DI two dice",
                              game_name + ", move " + std::to_string(ni), p.offset);
          s.kind = StepKind::Roll;
          s.player = player;
          s.dice = Dice::unchecked(dice[0] - '0', dice[1] - '0');
          s.played = false;
          if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) return st.error();
          g.steps.push_back(s);
          unplayed = true;
          continue;
        }
        if (p.name != "W" && p.name != "B") continue;  // analysis, comments: skipped
        s.player = p.name == "W" ? 0 : 1;
        const std::string where = record_detail::step_where(gi, s);
        const std::string& v = p.values[0];
        if (edited_turn(m, g.steps, s.player, v)) {
          // GNU Backgammon's files do not record the turn set after an edit: a throw or double by
          // the other player gives it the turn, as GNU Backgammon reads it
          RecordStep t = s;
          t.kind = StepKind::Setup;
          t.setup = SetupKind::Turn;
          if (auto st = record_detail::apply_record_step(m, gi, t); !st.has_value()) return st.error();
          g.steps.push_back(t);
          unplayed = false;
        }
        const auto& game = m.game();
        if (unplayed && (v == "double" || v == "take" || v == "drop" || v.compare(0, 7, "resign:") == 0 ||
                         v == "accept" || v == "reject"))
          return make_error(ErrorCode::syntax, "a step follows a throw that was not played", where, p.offset);
        // GNU Gibbon's resignations: `resign:N` (the points offered), then `accept` or `reject`
        if (v.compare(0, 7, "resign:") == 0) {
          const int pts = mi_field({"r:" + v.substr(7)}, "r");
          const int cube = game.cube().value();
          const int kind = pts > 0 && pts % cube == 0 && pts / cube <= 3 ? pts / cube : pts;
          if (kind < 1 || kind > 3)
            return make_error(ErrorCode::syntax, "resign: must offer a single game, a gammon or a backgammon (BG-7.7)",
                              where, p.offset);
          resign_offer = kind;
          resign_player = s.player;
          continue;
        }
        if (v == "accept" || v == "reject") {
          if (resign_offer == 0 || s.player == resign_player)
            return make_error(ErrorCode::syntax, "accept or reject answers the opponent's resign:", where, p.offset);
          if (v == "accept") {
            s.kind = StepKind::Resign;
            s.player = resign_player;
            s.resign = static_cast<Resign>(resign_offer);
            if (auto st = record_detail::apply_step_read(m, gi, s, opt); !st.has_value()) return st.error();
            g.steps.push_back(s);
          }
          resign_offer = 0;  // a rejected offer: play goes on (a record keeps no rejection)
          continue;
        }
        if (v == "double") {
          s.kind = game.phase() == Phase::Doubled ? StepKind::Beaver : StepKind::Double;
          s.cube = s.kind == StepKind::Double ? game.cube().value() * 2 : game.cube().value() * 4;
        } else if (v == "take") {
          s.kind = StepKind::Take;
        } else if (v == "drop") {
          s.kind = StepKind::Drop;
        } else {
          if (v.size() < 2 || v.size() % 2 != 0 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6' ||
              v.size() > 10)
            return make_error(ErrorCode::syntax,
                              "a throw (two dice 1..6) and its steps (two letters each, at most four) expected, "
                              "or double, take, drop",
                              where, p.offset);
          s.kind = StepKind::Roll;
          s.dice = Dice::unchecked(v[0] - '0', v[1] - '0');
          for (std::size_t j = 2; j + 1 < v.size(); j += 2) {
            const int from = point_of(v[j], s.player);
            const int to = point_of(v[j + 1], s.player);
            if (from < 1 || to < 0 || to > 24)
              return make_error(ErrorCode::syntax,
                                "a step must go from a point or the bar (a..y) to a point or off (a..x, z)", where,
                                p.offset);
            s.play.add(from, to, false);
          }
        }
        // after a throw set by itself (PL and DI) only its play by the same player
        if (unplayed && !record_detail::already_thrown(m, s))
          return make_error(ErrorCode::syntax, "a step follows a throw that was not played", where, p.offset);
        unplayed = false;
        const bool opening = game.phase() == Phase::Opening;
        const BasicPosition<V> before = opening ? BasicPosition<V>::start() : game.position();
        if (auto st = record_detail::apply_step_read(m, gi, s, opt); !st.has_value()) return st.error();
        if (s.kind == StepKind::Roll) {
          // The hits, from the position before the play (BG-5.1).
          BasicPosition<V> pos = before;
          for (std::size_t j = 0; j < s.play.size && pos.mover(s.play.from[j]) > 0; ++j)
            if (apply_step(pos, s.play.from[j], s.play.to[j]))
              s.play.hits = static_cast<std::uint8_t>(s.play.hits | (1u << j));
        }
        g.steps.push_back(s);
      }
      if (first_setup != nullptr) {
        RecordStep s;
        s.kind = StepKind::Setup;
        s.setup = SetupKind::Board;
        s.number = static_cast<int>(ni);
        s.offset = first_setup->offset;
        s.player = record_detail::setup_player(m);
        if (pl != nullptr) {
          if (pl->values[0] != "W" && pl->values[0] != "B")
            return make_error(ErrorCode::syntax, "PL must name W or B", node_where, pl->offset);
          s.player = pl->values[0] == "W" ? 0 : 1;
        }
        s.board = record_detail::board_of(m);
        if (auto st = setup_board(s.board, node, node_where, BasicPosition<V>::kCheckers); !st.has_value())
          return st.error();
        if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) return st.error();
        g.steps.push_back(s);
        if (m.game().phase() != Phase::Rolled) unplayed = false;
      }
    }
    // The end: a resignation by the player on roll, or the result of the play.
    if (re_winner >= 0 && re_resigned && m.games_played() == static_cast<int>(gi)) {
      RecordStep s;
      s.kind = StepKind::Resign;
      s.player = m.game().turn();
      s.number = static_cast<int>(ni);
      s.offset = re_offset;
      const int cube = m.game().cube().value();
      const int kind = re_points % cube == 0 ? re_points / cube : 0;
      if (kind < 1 || kind > 3 || (s.player == re_winner && !opt.lenient))
        return make_error(ErrorCode::illegal_action, "the result is not a resignation by the player on roll (BG-7.7)",
                          game_name, re_offset);
      s.player = 1 - re_winner;  // lenient: a resignation out of turn, apply_step_read says so
      s.resign = static_cast<Resign>(kind);
      if (auto st = record_detail::apply_step_read(m, gi, s, opt); !st.has_value()) return st.error();
      g.steps.push_back(s);
    }
    if (auto st = record_detail::check_game_end(m, gi, re_winner, re_points, !reader.more(), re_offset);
        !st.has_value()) {
      if (!opt.lenient || m.games_played() <= static_cast<int>(gi)) return st.error();
      record_detail::warn(opt, Error{st.error().message + ": the play's result is kept", st.error().where,
                                     st.error().offset, st.error().code});
    }
    if (m.games_played() > static_cast<int>(gi)) {
      g.winner = m.last_result().winner;
      g.points = m.last_result().points;
    }
    rec.games.push_back(std::move(g));
  }
  return rec;
}

/// Writes `record` as GNU Backgammon saves a match in SGF: a game tree per game, its root (the
/// root properties kept from a file read, MI, PW, PB, RU and RE written from the record), then
/// a node a line (a record without games gives no text). Precondition: the record replays (as
/// parse_sgf and parse_mat make it).
template <class V = Standard>
[[nodiscard]] std::string format_sgf(const MatchRecord& record) {
  using namespace sgf_detail;
  std::string out;
  auto made = BasicMatch<V>::make(record.rules);
  if (!made.has_value()) return out;
  BasicMatch<V> m = *made;
  for (std::size_t gi = 0; gi < record.games.size(); ++gi) {
    const GameRecord& g = record.games[gi];
    // the game at its score (a record may start at any score), as the record replays
    record_detail::start_record_game(m, gi, g, ReadOptions{true, nullptr}).ignore();
    const bool crawford_game = m.crawford_game();
    std::string ru;
    if (record.rules.match_length > 1 && record.rules.crawford)
      ru = crawford_game ? "[Crawford:CrawfordGame]" : "[Crawford]";
    else if (!record.rules.is_match() && record.rules.jacoby) ru = "[Jacoby]";
    std::string re;
    if (g.winner >= 0) {
      const bool resigned = !g.steps.empty() && g.steps.back().kind == StepKind::Resign;
      re =
          std::string("[") + (g.winner == 0 ? "W" : "B") + "+" + std::to_string(g.points) + (resigned ? "R" : "") + "]";
    }
    auto generated = [&](const std::string& key) -> std::string {
      if (key == "MI")
        return "[length:" + std::to_string(record.rules.match_length) + "][game:" + std::to_string(gi) +
               "][ws:" + std::to_string(g.score[0]) + "][bs:" + std::to_string(g.score[1]) + "]";
      if (key == "PW") return "[" + escape(record.players[0]) + "]";
      if (key == "PB") return "[" + escape(record.players[1]) + "]";
      if (key == "RU") return ru;
      return re;
    };
    out += "(;";
    std::vector<std::pair<std::string, std::string>> root = g.sgf_root;
    if (root.empty())
      root = {{"FF", "[4]"}, {"GM", "[6]"}, {"CA", "[UTF-8]"}, {"AP", "[boardrules]"},
              {"MI", ""},    {"PW", ""},    {"PB", ""}};
    bool has_ru = false, has_re = false;
    for (const auto& [key, raw] : root) {
      has_ru = has_ru || key == "RU";
      has_re = has_re || key == "RE";
    }
    for (const auto& [key, raw] : root) {
      if (key == "MI" || key == "PW" || key == "PB" || key == "RU" || key == "RE") {
        const std::string v = generated(key);
        if (!v.empty()) out += key + v;
      } else {
        out += key + raw;
      }
      // RU and RE where GNU Backgammon writes them: after DT (or PB), RE after RU
      const bool anchor = key == "DT" || (key == "PB" && std::none_of(root.begin(), root.end(),
                                                                      [](const auto& kv) { return kv.first == "DT"; }));
      if (anchor) {
        if (!has_ru && !ru.empty()) out += "RU" + ru;
        if (!has_re && !re.empty()) out += "RE" + re;
      }
    }
    out += "\n";
    for (const RecordStep& s : g.steps) {
      if (auto st = record_detail::apply_record_step(m, gi, s); !st.has_value()) break;
      const char* who = s.player == 0 ? "W" : "B";
      switch (s.kind) {
        case StepKind::Roll:
          if (!s.played) {
            out +=
                std::string(";PL[") + who + "]DI[" + std::to_string(s.dice.d1()) + std::to_string(s.dice.d2()) + "]\n";
            break;
          }
          out += std::string(";") + who + "[" + std::to_string(s.dice.d1()) + std::to_string(s.dice.d2());
          for (std::size_t i = 0; i < s.play.size; ++i) {
            out += letter_of(s.play.from[i], s.player);
            out += letter_of(s.play.to[i], s.player);
          }
          out += "]\n";
          break;
        case StepKind::Double:
        case StepKind::Beaver: out += std::string(";") + who + "[double]\n"; break;
        case StepKind::Take: out += std::string(";") + who + "[take]\n"; break;
        case StepKind::Drop: out += std::string(";") + who + "[drop]\n"; break;
        case StepKind::Resign: break;  // the R of RE
        case StepKind::Setup:
          if (s.setup == SetupKind::Turn) {
            out += std::string(";PL[") + who + "]\n";
          } else if (s.setup == SetupKind::CubeValue) {
            out += ";CV[" + std::to_string(s.cube) + "]\n";
          } else if (s.setup == SetupKind::CubeOwner) {
            out += std::string(";CP[") + (s.owner < 0 ? "c" : s.owner == 0 ? "w" : "b") + "]\n";
          } else {  // as GNU Backgammon saves an edited position: every point emptied, then the checkers
            out += std::string(";PL[") + who + "]AE[a:y]";
            for (int pl = 0; pl < 2; ++pl) {
              const auto& b = s.board[static_cast<std::size_t>(pl)];
              std::string list;
              for (int pt = 1; pt <= 25; ++pt)
                for (int k = 0; k < b[static_cast<std::size_t>(pt)]; ++k)
                  list += std::string("[") + letter_of(pt, pl) + "]";
              if (!list.empty()) out += (pl == 0 ? "AW" : "AB") + list;
            }
            out += "\n";
          }
          break;
      }
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    out += ")\n";
  }
  return out;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
