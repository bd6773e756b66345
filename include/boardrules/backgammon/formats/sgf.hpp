#pragma once
/// \file
/// GNU Backgammon's SGF dialect (`GM[6]`), both ways, for whole matches: parse_sgf reads a
/// record (its tokens: sgf_tokens.hpp) into record steps and replays every step through the match
/// state machine as it reads it (record_replay.hpp, shared with .mat); format_sgf writes it as
/// GNU Backgammon saves a match.
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
#include "boardrules/backgammon/formats/record_replay.hpp"
#include "boardrules/backgammon/formats/sgf_tokens.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace sgf_detail {

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

/// The edits of the AE, AB and AW properties of `node` in order, as GNU Backgammon reads them
/// (the board edited is the game's, in the replay): the points are letters a..x counted from
/// White's side, y the bar, `a:x` a range; AE empties the points listed (of both players), AB
/// adds a Black checker a letter, AW a White one. A letter that is no point ends the edits: its
/// error goes in `step.error`, raised by the replay after the edits before it.
inline void read_edits(const Node& node, const std::string& where, read_detail::ReadStep& step) {
  for (const Property& p : node) {
    if (p.name != "AE" && p.name != "AB" && p.name != "AW") continue;
    for (const std::string& v : p.values) {
      char lo = v.empty() ? '?' : v[0], hi = lo;
      if (v.size() == 3 && v[1] == ':' && p.name == "AE") hi = v[2];
      else if (v.size() != 1) lo = '?';
      if (lo < 'a' || hi > 'y' || lo > hi) {
        step.error = Error{p.name + "[" + v + "]: a point is a letter a..x (from White's side) or y (the bar)" +
                               (p.name == "AE" ? ", a range two of them as a:x" : ""),
                           where, p.offset, ErrorCode::syntax};
        return;
      }
      for (char c = lo; c <= hi; ++c)
        step.edits.push_back({p.name == "AE", p.name == "AW" ? 0 : 1, point_of(c, 0), p.offset});
    }
  }
}

/// The match's rules and players from the first game's root: GM[6], MI's length, PW, PB, and RU
/// (the Crawford rule in matches longer than 1 point, where it can apply; Jacoby in money play).
inline Status read_rules(const Node& root, MatchRecord& rec) {
  bool gm = false;
  for (const Property& p : root) {
    if (p.name == "GM") {
      if (p.values[0] != "6") return make_error(ErrorCode::unsupported, "not a backgammon record (GM[6])", "GM", p.offset);
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
  if (rec.rules.match_length > 1) rec.rules.crawford = crawford;
  if (!rec.rules.is_match()) rec.rules.jacoby = jacoby;
  return {};
}

/// RE[W+N] (R after it: a resignation by the player on roll, BG-7.7) into the game's End step.
inline Status read_result(const Property& p, const std::string& game_name, read_detail::ReadStep& end) {
  const std::string& v = p.values[0];
  end.offset = p.offset;
  if (v.size() < 3 || (v[0] != 'W' && v[0] != 'B') || v[1] != '+')
    return make_error(ErrorCode::syntax, "the result must read W+N or B+N (R after it: a resignation)", game_name,
                      p.offset);
  end.winner = v[0] == 'W' ? 0 : 1;
  std::size_t j = 2;
  end.value = 0;
  while (j < v.size() && v[j] >= '0' && v[j] <= '9' && j < 11) end.value = end.value * 10 + (v[j++] - '0');
  if (j == 2) return make_error(ErrorCode::syntax, "the result has no points", game_name, p.offset);
  end.resigned = j < v.size() && v[j] == 'R';
  return {};
}

/// What the root of game `gi` says: the Game step (the properties kept for writing back), the
/// Score step (MI's game number, length and scores; RU's CrawfordGame) and the End step (RE).
inline Status read_game_root(const Node& root, std::size_t gi, int match_length, read_detail::ReadStep& game,
                             read_detail::ReadStep& score, read_detail::ReadStep& end) {
  const std::string game_name = "game " + std::to_string(gi + 1);
  game.kind = read_detail::ReadKind::Game;
  score.kind = read_detail::ReadKind::Score;
  score.offset = root.empty() ? 0 : root[0].offset;
  score.crawford = 0;
  end.kind = read_detail::ReadKind::End;
  for (const Property& p : root) {
    game.root.emplace_back(p.name, p.raw);
    if (p.name == "MI") {
      const int k = mi_field(p.values, "game");
      const int ws = mi_field(p.values, "ws");
      const int bs = mi_field(p.values, "bs");
      if (k != static_cast<int>(gi))
        return make_error(ErrorCode::syntax, "expected game:" + std::to_string(gi), game_name, p.offset);
      // every game of a match file states the match's length: the first game's
      if (const int len = mi_field(p.values, "length"); len != match_length)
        return make_error(ErrorCode::invalid_state,
                          "MI gives " + (len < 0 ? std::string("no match length") : "length:" + std::to_string(len)) +
                              ", the first game length:" + std::to_string(match_length),
                          game_name, p.offset);
      if (ws < 0 || bs < 0) return make_error(ErrorCode::syntax, "the scores ws and bs are missing", game_name, p.offset);
      score.score = {ws, bs};
    } else if (p.name == "RE") {
      if (auto st = read_result(p, game_name, end); !st.has_value()) return st;
    } else if (p.name == "RU") {
      for (const std::string& v : p.values)
        if (v.find("CrawfordGame") != std::string::npos) score.crawford = 1;
    } else if (p.name == "AE" || p.name == "AB" || p.name == "AW") {
      return make_error(ErrorCode::unsupported,
                        "a setup in the root node is not read (GNU Backgammon skips it): set up in a node after it",
                        game_name, p.offset);
    }
  }
  return {};
}

/// The step of a W or B property's value `v`: a throw and its play (the dice, then two letters
/// a step), `double`, `take`, `drop`, GNU Gibbon's `resign:N`, `accept`, `reject`.
inline Status read_action(const std::string& v, std::size_t gi, read_detail::ReadStep& r) {
  using read_detail::ReadKind;
  if (v.compare(0, 7, "resign:") == 0) {
    r.kind = ReadKind::Offer;
    r.value = mi_field({"r:" + v.substr(7)}, "r");
  } else if (v == "accept" || v == "reject") {
    r.kind = ReadKind::Answer;
    r.accept = v == "accept";
  } else if (v == "double" || v == "take" || v == "drop") {
    r.kind = v == "double" ? ReadKind::Double : v == "take" ? ReadKind::Take : ReadKind::Drop;
  } else {
    RecordStep s;
    s.player = r.player;
    s.number = r.number;
    const std::string where = record_detail::step_where(gi, s);
    if (v.size() < 2 || v.size() % 2 != 0 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6' || v.size() > 10)
      return make_error(ErrorCode::syntax,
                        "a throw (two dice 1..6) and its steps (two letters each, at most four) expected, "
                        "or double, take, drop",
                        where, r.offset);
    r.kind = ReadKind::Roll;
    r.dice = Dice::unchecked(v[0] - '0', v[1] - '0');
    for (std::size_t j = 2; j + 1 < v.size(); j += 2) {
      const int from = point_of(v[j], r.player);
      const int to = point_of(v[j + 1], r.player);
      if (from < 1 || to < 0 || to > 24)
        return make_error(ErrorCode::syntax,
                          "a step must go from a point or the bar (a..y) to a point or off (a..x, z)", where, r.offset);
      r.play.add(from, to, false);
    }
  }
  return {};
}

/// The player a PL value names (W 0, B 1), or -1.
inline int player_of(const std::string& v) noexcept { return v == "W" ? 0 : v == "B" ? 1 : -1; }

/// The step of a property `p` of `node` other than W, B and the board edits into `r`: CV, CP,
/// PL alone (the turn), PL with DI (a throw not played); false when `p` says no step (the PL of
/// a board setup, DI, analysis and comments).
inline Result<bool> read_property(const Node& node, const Property& p, bool board_set, const std::string& node_where,
                            read_detail::ReadStep& r) {
  using read_detail::ReadKind;
  if (p.name == "CV" || p.name == "CP") {
    r.kind = ReadKind::Setup;
    r.player = -1;
    if (p.name == "CV") {
      r.setup = SetupKind::CubeValue;
      r.value = mi_field({"v:" + p.values[0]}, "v");
      if (r.value < 1 || r.value > kMaxCubeValue || (r.value & (r.value - 1)) != 0)
        return make_error(ErrorCode::syntax, "CV takes the cube value, a power of two 1.." + std::to_string(kMaxCubeValue),
                          node_where, p.offset);
      return true;
    }
    r.setup = SetupKind::CubeOwner;
    const std::string& v = p.values[0];
    if (v != "c" && v != "w" && v != "b")
      return make_error(ErrorCode::syntax, "CP takes the cube's owner: c (centered), w or b", node_where, p.offset);
    r.owner = v == "c" ? -1 : v == "w" ? 0 : 1;
    return true;
  }
  if (p.name != "PL" || board_set) return false;  // the PL of a board setup: read with it
  const auto dice = std::find_if(node.begin(), node.end(), [](const Property& q) { return q.name == "DI"; });
  r.player = player_of(p.values[0]);
  if (dice == node.end()) {  // PL alone: the player on roll set (GNU Backgammon's edit of the turn)
    if (r.player < 0) return make_error(ErrorCode::syntax, "PL must name W or B", node_where, p.offset);
    r.kind = ReadKind::Setup;
    r.setup = SetupKind::Turn;
    return true;
  }
  // PL[X]DI[dd]: X threw and did not play (the record ends, X resigns, or a later node plays it)
  std::string d;
  for (const Property& q : node)
    if (q.name == "DI") d = q.values[0];
  if (r.player < 0 || d.size() != 2 || d[0] < '1' || d[0] > '6' || d[1] < '1' || d[1] > '6')
    return make_error(ErrorCode::syntax, "PL must name W or B and DI two dice", node_where, p.offset);
  r.kind = ReadKind::Roll;
  r.dice = Dice::unchecked(d[0] - '0', d[1] - '0');
  r.written = false;
  r.alone = true;
  return true;
}

/// Reads node `ni` of game `gi` into steps and feeds them to `replay` in the node's order; a
/// board setup (AE, AB, AW, with PL the player on roll) is one Setup step after the node's other
/// setup properties (CV, CP), as GNU Backgammon reads it.
template <class V>
Status read_node(const Node& node, std::size_t ni, std::size_t gi, read_detail::RecordReplay<V>& replay) {
  using read_detail::ReadKind;
  const std::string node_where = "game " + std::to_string(gi + 1) + ", move " + std::to_string(ni);
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
    read_detail::ReadStep r;
    r.number = static_cast<int>(ni);
    r.offset = p.offset;
    if (p.name == "W" || p.name == "B") {
      r.player = p.name == "W" ? 0 : 1;
      if (auto st = read_action(p.values[0], gi, r); !st.has_value()) return st;
    } else if (auto step = read_property(node, p, first_setup != nullptr, node_where, r); !step.has_value()) {
      return step.error();
    } else if (!*step) {
      continue;  // AE, AB, AW (below), analysis, comments: no step
    }
    if (auto st = replay.feed(std::move(r)); !st.has_value()) return st;
  }
  if (first_setup == nullptr) return {};
  read_detail::ReadStep r;
  r.kind = ReadKind::Setup;
  r.setup = SetupKind::Board;
  r.number = static_cast<int>(ni);
  r.offset = first_setup->offset;
  r.player = -1;
  if (pl != nullptr) {
    r.player = player_of(pl->values[0]);
    if (r.player < 0) return make_error(ErrorCode::syntax, "PL must name W or B", node_where, pl->offset);
  }
  read_edits(node, node_where, r);
  return replay.feed(std::move(r));
}

}  // namespace sgf_detail

/// Reads a GNU Backgammon SGF match (see the file comment) and replays it through BasicMatch: the
/// game trees read a node at a time (sgf_detail::TreeReader), each node's properties read into
/// steps (read_node), each step applied as it is read by the replay .mat shares
/// (read_detail::RecordReplay). `rules` gives what the file does not say (beavers, BG-9.4); the
/// match length, the Crawford rule and the Jacoby rule are the file's. Errors: the property or
/// step at fault, with the game, the move number (the node's, counting from 1) and the column
/// (player), and the offset; a property read of more than 64 values, a root node of more than
/// 256 properties (or another node of more than 256 properties read). Work and memory: linear
/// in the text, read a node at a time (the record keeps its games' roots and a step of about
/// 100 bytes per throw or cube action).
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
  Node root;  // the first game's root gives the rules (a tree with no node has none to read)
  if (auto has = reader.next_node(root, true); !has.has_value()) return has.error();
  else if (!*has) return make_error(ErrorCode::syntax, "an empty game tree", "game 1", 0);
  if (auto st = read_rules(root, rec); !st.has_value()) return st.error();
  auto made = BasicMatch<V>::make(rec.rules);
  if (!made.has_value()) return made.error();
  read_detail::RecordReplay<V> replay(std::move(rec), *made, opt, {.double_beavers = true, .edit_gives_turn = true});
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
    read_detail::ReadStep game, score, end;
    if (auto st = read_game_root(root, gi, replay.record().rules.match_length, game, score, end); !st.has_value())
      return st.error();
    if (auto st = replay.feed(std::move(game)); !st.has_value()) return st.error();
    if (auto st = replay.feed(std::move(score)); !st.has_value()) return st.error();
    std::size_t ni = 1;  // the node's number in its tree, the root 0
    for (;; ++ni) {
      if (auto has = reader.next_node(node, false); !has.has_value()) return has.error();
      else if (!*has) break;
      if (auto st = read_node(node, ni, gi, replay); !st.has_value()) return st.error();
    }
    end.number = static_cast<int>(ni);
    end.last = !reader.more();
    if (auto st = replay.feed(std::move(end)); !st.has_value()) return st.error();
  }
  return std::move(replay).take();
}

namespace sgf_detail {
/// The node of step `s` as GNU Backgammon saves it, with its line break ("" for a resignation,
/// which is the R of RE).
inline std::string node_text(const RecordStep& s) {
  std::string out;
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
  return out;
}
}  // namespace sgf_detail

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
      out += node_text(s);
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    out += ")\n";
  }
  return out;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
