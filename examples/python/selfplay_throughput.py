"""Random self-play throughput of the batched interface (VectorState) and of single-state stepping.

    python3 examples/python/selfplay_throughput.py [--games 1024] [--steps 2000]

Batched: every call steps all games once (random legal actions drawn in C++), observations,
returns and done flags come back as numpy arrays; a backgammon step is one decision (the
throws are sampled inside). Single: one State, one Python call per step
(legal_actions, random choice in Python, apply_action; at a backgammon throw chance_outcomes and a
choice weighted by the probabilities). Rates are per second of this process's
CPU time (the machine may be shared).
"""
import argparse
import random
import time

import numpy as np

from boardrules import backgammon, warri


def batched(module, games, steps, **kw):
    v = module.VectorState(games, seed=1, **kw)
    done_total = 0
    t = time.process_time()
    for _ in range(steps):
        obs, ret, done = v.step(v.sample_legal_actions())
        done_total += int(done.sum())
    dt = time.process_time() - t
    assert obs.shape[0] == games and np.isfinite(obs).all()
    return games * steps / dt, done_total


def single(module, steps, **kw):
    rng = random.Random(1)
    s = module.State(**kw)
    n = 0
    t = time.process_time()
    while n < steps:
        if s.is_terminal():
            s = module.State(**kw)
        if s.is_chance_node():  # a throw, drawn with its probability
            ids, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(ids, probs)[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        n += 1
    return steps / (time.process_time() - t)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=2000)
    args = ap.parse_args()
    # Backgammon without the cube (cube_cap=1): random cube actions would end most games at once.
    for name, module, kw in (("warri", warri, {}), ("backgammon", backgammon, {"cube_cap": 1})):
        rate, finished = batched(module, args.games, args.steps, **kw)
        print(f"{name:10s} batched, {args.games} games: {rate:12,.0f} steps/s ({finished} games finished)")
        rate = single(module, args.steps * 10, **kw)
        print(f"{name:10s} single state:       {rate:12,.0f} steps/s (backgammon: decisions and throws)")


if __name__ == "__main__":
    main()
