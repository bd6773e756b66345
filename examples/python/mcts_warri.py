"""UCT Monte Carlo tree search for Warri in Python through boardrules.warri.State, against a
greedy capturer (the same loop as examples/ai/mcts_warri.cpp).

    python3 examples/python/mcts_warri.py [--games N] [--iterations K] [--seed S]
"""
import argparse
import math
import random

from boardrules import warri


class Node:
    __slots__ = ("parent", "action", "mover", "visits", "value", "untried", "children")

    def __init__(self, parent, action, mover, untried):
        self.parent, self.action, self.mover = parent, action, mover
        self.visits, self.value = 0.0, 0.0
        self.untried = untried
        self.children = []


def rollout(state, rng):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


def uct(root_state, iterations, rng):
    root = Node(None, -1, -1, root_state.legal_actions())
    for _ in range(iterations):
        state = root_state.clone()
        node = root
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda c: c.value / c.visits + 1.4 * math.sqrt(log_n / c.visits))
            state.apply_action(node.action)
        if node.untried:
            action = node.untried.pop(rng.randrange(len(node.untried)))
            mover = state.current_player()
            state.apply_action(action)
            child = Node(node, action, mover, state.legal_actions())
            node.children.append(child)
            node = child
        returns = rollout(state, rng)
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                node.value += returns[node.mover]
            node = node.parent
    return max(root.children, key=lambda c: c.visits).action


def greedy(state):
    """The move that captures the most seeds now (the first such house)."""
    me = state.current_player()
    best, best_gain = None, -1
    for a in state.legal_actions():
        t = state.clone()
        t.apply_action(a)
        gain = t.position().stores()[me] - state.position().stores()[me]
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tally = {1: 0, 0: 0, -1: 0}
    for g in range(args.games):
        me = g % 2
        s = warri.State()
        while not s.is_terminal():
            s.apply_action(uct(s, args.iterations, rng) if s.current_player() == me else greedy(s))
        r = s.returns()[me]
        tally[int(r)] += 1
        print(f"game {g + 1}: MCTS as {'South' if me == 0 else 'North'}, {s.plies()} plies, scores {s.scores()}, "
              f"{'MCTS wins' if r > 0 else 'greedy wins' if r < 0 else 'draw'}")
    print(f"MCTS ({args.iterations} iterations) against greedy: {tally[1]} wins, {tally[0]} draws, {tally[-1]} losses")


if __name__ == "__main__":
    main()
