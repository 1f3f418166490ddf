"""Benchmark: whole Neuroscape matches between seeded random legal-move players, in process.

Run: .venv/bin/python bench/neuroscape_random_matches.py [--matches 200] [--players 2] [--seed bench]

Each match starts from the two starter decks (repeated for more players), every move is
picked from `legal_actions` by `autoplay.RandomPlayer`, and every action goes through the
same pure `act` a session uses (state copy, rules, turn machine, dice stream). No HTTP and
no store: this measures the rules engine. Prints matches and actions per second, the
average match length, how matches ended and how often each action was taken (abilities,
scripts and passes of priority included).

Figures on the development machine (2 shared cores, 200 matches of 2 players, runs of the two
engines interleaved): before abilities resolved, 83-88 matches/s and 122-129 us per action;
with abilities, triggers and the order of operations, 70-80 matches/s and 120-137 us per
action (matches are a little longer: 103.5 actions against 93.0).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import service.systems  # noqa: E402,F401  (registers every system)
from service.systems.neuroscape.rules.autoplay import play_match  # noqa: E402

DECKS = ["gridrunners", "bastion-choir"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 9))
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    setup = {"players": [{"starterDeck": DECKS[i % 2]} for i in range(args.players)]}

    endings: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    actions = turns = 0
    started = time.perf_counter()
    for index in range(args.matches):
        final, count = play_match(f"{args.seed}-{index}", setup, observe=lambda b, s, name, p, a, r: kinds.update([name]))
        actions += count
        turns += final.flow.turn
        endings[final.outcome.reason] += 1
    elapsed = time.perf_counter() - started

    print(f"{args.matches} matches of {args.players} players in {elapsed:.2f} s")
    print(f"  {args.matches / elapsed:8.1f} matches/s")
    print(f"  {actions / elapsed:8.0f} actions/s ({elapsed / actions * 1e6:.0f} us per action)")
    print(f"  {actions / args.matches:8.1f} actions and {turns / args.matches:.1f} turns per match")
    print("  endings: " + ", ".join(f"{reason} {n}" for reason, n in endings.most_common()))
    print("  actions: " + ", ".join(f"{name} {n}" for name, n in kinds.most_common()))


if __name__ == "__main__":
    main()
