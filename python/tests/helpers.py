"""Shared by the tests: a deterministic game through a State, as lines to compare with the C++ trace."""


def choices(s):
    """The numbers to choose from: the chance outcomes at a chance node, else the legal actions."""
    if s.is_chance_node():
        return [a for a, _ in s.chance_outcomes()]
    return s.legal_actions()


def play_game(s, pick):
    """Plays s to the end, pick(ply, n) choosing among choices(s): one line
    "<state text> <action>" per ply, then "end <return 0> <return 1>" (python/trace.cpp's format)."""
    lines = []
    ply = 0
    while not s.is_terminal():
        legal = choices(s)
        a = legal[pick(ply, len(legal))]
        lines.append(f"{s.to_string()} {a}")
        s.apply_action(a)
        ply += 1
    r = s.returns()
    lines.append(f"end {r[0]:g} {r[1]:g}")
    return lines
