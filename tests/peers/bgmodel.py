"""A small backgammon model written from the rules (docs/rules/backgammon.md), for engines and
checks outside the library: XGID reading (docs/formats.md) and every legal play of a throw.
Slow and plain on purpose; nothing here uses the library.

parse_xgid(text) -> State with .doubled, .dice (None or (d1, d2)), .mover() -> (me, opp)
all_plays(me, opp, dice) -> (plays, n): plays = [(steps, (me', opp'))], steps = [(from, to, hit)]

A side is a list of 26 counts in its own numbering: index 1..24 its points, 25 its bar, 0 the
checkers it has borne off. The player on roll moves from higher points to lower (BG-1.3).
"""


class State:
    def __init__(self, bottom, top, turn, dice, doubled):
        self.bottom, self.top, self.turn, self.dice, self.doubled = bottom, top, turn, dice, doubled

    def mover(self):
        """(the player on roll's side, the other's)."""
        return (self.bottom, self.top) if self.turn == 1 else (self.top, self.bottom)


def parse_xgid(text):
    """An XGID's board, turn and dice: character 0 is the top player's bar, 1..24 the bottom
    player's points (its numbering), 25 its bar; 'A'..'P' bottom checkers, 'a'..'p' top ones."""
    if text.startswith("XGID="):
        text = text[5:]
    fields = text.split(":")
    board = fields[0]
    if len(board) != 26 or len(fields) < 6:
        raise ValueError("not an XGID")
    bottom, top = [0] * 26, [0] * 26
    for i, c in enumerate(board):
        if "A" <= c <= "P":
            bottom[25 if i == 25 else i] += ord(c) - ord("A") + 1
        elif "a" <= c <= "p":
            top[25 if i == 0 else 25 - i] += ord(c) - ord("a") + 1
    for side in (bottom, top):
        side[0] = 15 - sum(side[1:])
    turn = int(fields[3])  # fields: board, cube, cube owner, turn, dice, ...
    d = fields[4]
    doubled = d == "D"
    dice = None if doubled or d == "00" else (int(d[0]), int(d[1]))
    return State(bottom, top, turn, dice, doubled)


def _step(me, opp, frm, die):
    """The sides after one checker of `me` moves `die` pips from `frm`, or None (BG-3, BG-6)."""
    if me[frm] == 0 or (me[25] > 0 and frm != 25):
        return None
    to = frm - die
    if to <= 0:  # bearing off: every checker home (BG-6.1); from above the die only from the highest point
        if any(me[p] for p in range(7, 26)):
            return None
        if to < 0 and any(me[p] for p in range(frm + 1, 7)):
            return None
        to = 0
    elif opp[25 - to] >= 2:  # a point the opponent holds (BG-3.4)
        return None
    me2, opp2 = me[:], opp[:]
    me2[frm] -= 1
    me2[to] += 1
    hit = to > 0 and opp2[25 - to] == 1
    if hit:
        opp2[25 - to] = 0
        opp2[25] += 1
    return me2, opp2, to, hit


def all_plays(me, opp, dice):
    """Every legal play of `dice` for `me`, one per resulting position: as many dice as can be
    used, the higher one when only one of two can (BG-3.6, BG-3.7)."""
    a, b = dice
    orders = [[a] * 4] if a == b else [[a, b], [b, a]]
    found = {}  # position -> (steps, dice used, pips)

    def walk(m, o, rest, steps):
        moved = False
        if rest:
            for frm in range(25, 0, -1):
                r = _step(m, o, frm, rest[0])
                if r is not None:
                    moved = True
                    m2, o2, to, hit = r
                    walk(m2, o2, rest[1:], steps + [(frm, to, hit)])
        if not moved:
            key = (tuple(m), tuple(o))
            used = len(steps)
            pips = sum(f - t for f, t, _ in steps)
            if key not in found or (used, pips) > found[key][1:]:
                found[key] = (steps, used, pips)

    for order in orders:
        walk(me, opp, order, [])
    most = max(v[1] for v in found.values())
    plays = [(v[0], k, v[2]) for k, v in found.items() if v[1] == most]
    if most == 1 and a != b:  # one die only: the higher if it can be played (BG-3.7)
        if any(_step(me, opp, f, max(a, b)) for f in range(25, 0, -1)):
            plays = [p for p in plays if _uses(me, opp, p[0][0], max(a, b))]
    if most == 0:
        return [], 0
    return [(p[0], p[1]) for p in plays], len(plays)


def _uses(me, opp, step, die):
    """Whether the single step (from, to, hit) is a move of `die` pips."""
    frm, to, _ = step
    r = _step(me, opp, frm, die)
    return r is not None and r[2] == to
