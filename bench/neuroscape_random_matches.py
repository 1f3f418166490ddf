"""Benchmark: whole Neuroscape matches between seeded random legal-move players, in process.

Run: .venv/bin/python bench/neuroscape_random_matches.py [--matches 200] [--players 2] [--seed bench]
     [--decks razor-tide,quiet-lattice,chrome-psalm] [--style plain|everything]

Each match seats the decks in turn (two players: each pair of decks, either way round), every
move is picked from `legal_actions` by `autoplay.RandomPlayer` (uniformly, as part 1 measured, or
in the random-match tests' style that weighs swift actions more), and every action goes through the
same pure `act` a session uses (state copy, rules, turn machine, dice stream). No HTTP and no
store: this measures the rules engine. Run it on a quiet machine: when the CPU time falls well
short of the wall clock's, the run says so. Prints matches and actions per second next to the figures
of the engine before abilities resolved (part 1, the two starter decks) and the per-action limit
of twice part 1's, the average match length, how matches ended and how often each action was
taken (abilities, scripts, trojans, drugs, choices and passes of priority included).

Figures on the development machine (2 shared cores, 200 matches of 2 players): before abilities
resolved (part 1), 83-88 matches/s and 122-129 us per action; with abilities, triggers and the
order of operations, 70-80 matches/s and 120-137 us per action (matches are a little longer:
103.5 actions against 93.0). With every effect, program, choice and tether resolving and swift
checks waiting for every pass by default, 200 matches of the three preconstructed decks (plain
players; machine busy, load 5-6): 22.1 matches/s and 214 us per action on the wall clock, 142 us per
action of CPU time, so 1.66x (wall) and 1.10x (CPU) part 1's slowest per action, within the 2x
limit; matches are much longer (211.2 actions and 18.7 turns, most of them passes at swift checks),
hence the fewer matches per second. The starter decks now: 176.6 actions per match, 214 us (wall)
and 142 us (CPU) per action; the tests' style on the precons: 227.8 actions, 198 and 139 us.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

import service.systems  # noqa: E402,F401  (registers every system)
from service.systems.neuroscape.rules.autoplay import EVERYTHING, PLAIN, play_match  # noqa: E402

DECKS = "razor-tide,quiet-lattice,chrome-psalm"
PART_1 = {"matches/s": (83, 88), "us per action": (122, 129)}  # before abilities resolved


def seating(decks: list[str], players: int, index: int) -> dict:
    """The decks in turn: match `index` starts from deck `index`; two players alternate which follows."""
    step = 1 + (index // len(decks)) % max(1, len(decks) - 1) if players == 2 else 1
    return {"players": [{"starterDeck": decks[(index + i * step) % len(decks)]} for i in range(players)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 9))
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--decks", default=DECKS, help="starter decks to seat, comma-separated")
    parser.add_argument("--style", choices=["plain", "everything"], default="plain",
                        help="the random players' style: plain (uniform, as part 1 measured) or everything (the tests')")
    args = parser.parse_args()
    decks = args.decks.split(",")
    style = {"plain": PLAIN, "everything": EVERYTHING}[args.style]

    endings: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    actions = turns = 0
    started, cpu = time.perf_counter(), time.process_time()
    for index in range(args.matches):
        final, count = play_match(f"{args.seed}-{index}", seating(decks, args.players, index),
                                  observe=lambda b, s, name, p, a, r: kinds.update([name]), style=style)
        actions += count
        turns += final.flow.turn
        assert final.outcome is not None
        endings[final.outcome.reason] += 1
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu

    per_action = elapsed / actions * 1e6
    low, high = PART_1["us per action"]
    print(f"{args.matches} matches of {args.players} players ({', '.join(decks)}; {args.style} players) in {elapsed:.2f} s")
    print(f"  {args.matches / elapsed:8.1f} matches/s         (part 1: {PART_1['matches/s'][0]}-{PART_1['matches/s'][1]})")
    print(f"  {per_action:8.0f} us per action     (part 1: {low}-{high}; at most 2x: {2 * high})"
          f" -> {per_action / high:.2f}x part 1's slowest")
    print(f"  {actions / elapsed:8.0f} actions/s; CPU time {cpu:.2f} s ({cpu / actions * 1e6:.0f} us per action:"
          " far below the wall clock's, the machine is busy)" if cpu < 0.8 * elapsed else
          f"  {actions / elapsed:8.0f} actions/s")
    print(f"  {actions / args.matches:8.1f} actions and {turns / args.matches:.1f} turns per match (part 1: 93.0 actions)")
    print("  endings: " + ", ".join(f"{reason} {n}" for reason, n in endings.most_common()))
    print("  actions: " + ", ".join(f"{name} {n}" for name, n in kinds.most_common()))


if __name__ == "__main__":
    main()
