"""A seeded random player: picks any legal move from `legal.legal_actions`, and plays whole matches.

It exists to hold the engine to its own menu (a move taken from it must never be refused) and
to measure it (`bench/neuroscape_random_matches.py`). Its choices come from a dice stream of
their own, so a seed replays a match exactly and no other randomness is involved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from service.dice.stream import Stream
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.deploying import cost_of
from service.systems.neuroscape.rules.legal import Entry, legal_actions
from service.systems.neuroscape.rules.ram import available
from service.systems.neuroscape.rules.zones import card_of
from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state
from service.systems.neuroscape.state import NeuroscapeState, player
from service.systems.neuroscape.wire.actions import NeuroscapeActionBase

_Item = TypeVar("_Item")


class _ActionModels(Mapping[str, type[NeuroscapeActionBase]]):
    """Each action's input model, by the name its mechanic has: read from the system's own
    declarations the first time it is asked, so a mechanic declared later is in it too."""

    _models: dict[str, type[NeuroscapeActionBase]] | None = None

    def _all(self) -> dict[str, type[NeuroscapeActionBase]]:
        if self._models is None:
            from service.systems.neuroscape import SYSTEM  # the declarations import the rules, not the reverse

            self._models = {
                name: model
                for name, mechanic in SYSTEM.mechanics.items()
                if mechanic.apply is not None
                and isinstance(model := mechanic.session_input or mechanic.input, type)
                and issubclass(model, NeuroscapeActionBase)
            }
        return self._models

    def __getitem__(self, name: str) -> type[NeuroscapeActionBase]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


ACTION_MODELS: Mapping[str, type[NeuroscapeActionBase]] = _ActionModels()

STARTER_MATCH = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]}


@dataclass(frozen=True, slots=True)
class Style:
    """How a random player leans, beyond picking only legal moves.

    `weights`: how many times more often than a deployment it takes an entry of these actions
    (every other action weighs 1). `reserve`: it keeps 0 to 3 RAM back in its own deploy
    substage (rolled from its seed), to have some to answer with on other turns. It force quits
    each of its persistent cards once in `quit_one_in`.
    """

    weights: Mapping[str, int] = field(default_factory=dict)
    reserve: bool = False
    quit_one_in: int = 4


# Uniform among the menu's entries: the player the stored-state digests and part 1's figures were made with.
PLAIN = Style()
# Swift actions are few on a menu among many deployments, and answers on the order need RAM left:
# this one plays them several times as often, so that every mechanic occurs in a few hundred matches.
EVERYTHING = Style(weights={"activate": 3, "play-script": 3, "activate-trojan": 4, "play-drug": 3}, reserve=True, quit_one_in=10)


@dataclass(slots=True)
class RandomPlayer:
    """Picks among the menu's entries, then uniformly among each entry's choices.

    It leans towards doing things (deploying rather than passing, attacking with most of its
    characters, blocking with few, answering the order of operations) so matches end by battle
    more often than by empty decks, and it concedes almost never. Its `style` may weigh some
    actions more and keep RAM back. An action it has no rule for is built from its menu entry
    alone: every plain member as it is, and one of its `targets`.
    """

    seed: str
    concede_one_in: int = 5000
    style: Style = PLAIN
    stream: Stream = field(init=False)
    reserve: int = field(init=False)  # RAM it keeps back in its own deploy substage, to answer with

    def __post_init__(self) -> None:
        self.stream = Stream(seed=self.seed, scope="neuroscape-autoplay", nonce=0)
        self.reserve = self.stream.roll(4) - 1 if self.style.reserve else 0

    def _pick(self, items: list[_Item]) -> _Item:
        return items[self.stream.roll(len(items)) - 1] if len(items) > 1 else items[0]

    def _weighted(self, entries: list[Entry]) -> Entry:
        weights = [self.style.weights.get(entry["action"], 1) for entry in entries]
        if len(entries) == 1:
            return entries[0]
        roll = self.stream.roll(sum(weights))
        for entry, weight in zip(entries, weights):
            roll -= weight
            if roll <= 0:
                return entry
        raise AssertionError("unreachable: the roll is within the weights' sum")

    def _subset(self, items: list[Any], keep: int = 1, of: int = 2) -> list[Any]:
        """Each item kept with probability keep/of, from as few dice as possible."""
        if not items:
            return []
        if of == 2:  # one die for the whole subset: its bits say which items stay
            bits = self.stream.roll(1 << len(items)) - 1
            return [item for i, item in enumerate(items) if bits >> i & 1]
        return [item for item in items if self.stream.roll(of) <= keep]

    def choose(self, state: NeuroscapeState, seat: str) -> tuple[str, NeuroscapeActionBase] | None:
        menu = legal_actions(state, seat)
        if self.reserve and state.operations is None and state.flow.substage == "deploy" and state.flow.active == seat:
            # A player that keeps RAM back deploys only what leaves it enough to answer the others.
            spare = available(player(state, seat)) - self.reserve
            menu = [e for e in menu if e["action"] != "deploy" or cost_of(state, card_of(state, e["card"])) <= spare]
        return self.choose_from(menu)

    def choose_from(self, menu: list[Entry]) -> tuple[str, NeuroscapeActionBase] | None:
        """A move from a seat's menu of legal actions (as its view lists them under `you.legalActions`)."""
        moves = [entry for entry in menu if entry["action"] != "concede"]
        if not moves or self.stream.roll(self.concede_one_in) == 1:
            return ("concede", ACTION_MODELS["concede"]()) if menu else None
        doing = [entry for entry in moves if entry["action"] != "pass"]
        # Passing is one option among many, but when there is something else to do it gets a quarter.
        entry = self._weighted(doing) if doing and (len(moves) == len(doing) or self.stream.roll(4) > 1) else self._pick(moves)
        name = entry["action"]
        return name, ACTION_MODELS[name].model_validate(self._input(entry))

    def _input(self, entry: Entry) -> dict[str, Any]:
        name = entry["action"]
        if name == "draw":
            if "total" not in entry:
                return {"main": entry["main"], "ram": entry["ram"]}
            main = entry["minMain"] + self.stream.roll(entry["maxMain"] - entry["minMain"] + 1) - 1
            return {"main": main, "ram": entry["total"] - main}
        if name == "mulligan":
            return {"bottom": self._subset(entry["hand"], 1, 3) if self.stream.roll(3) == 1 else []}
        if name == "choose-first":
            return {"goFirst": self.stream.roll(2) == 1}
        if name == "force-quit":
            return {"cards": self._subset(entry["cards"], 1, self.style.quit_one_in)}
        if name == "deploy":
            return {"card": entry["card"], **self._pick(entry["targets"])}
        if name == "attack":
            attackers = self._subset(entry["attackers"], 7, 8)
            return {"attacks": [{"attacker": a, "target": self._pick(entry["targets"])} for a in attackers]}
        if name == "block":
            blockers = self._subset(entry["blockers"], 1, 3)
            return {"blocks": [{"blocker": b, "attacker": self._pick(entry["attackers"])} for b in blockers]}
        if name == "order-blockers":
            return {"orders": [{"attacker": a["attacker"], "blockers": self.stream.shuffle(a["blockers"])} for a in entry["attacks"]]}
        if name == "play-drug":  # on one of the characters it may go on
            return {"card": entry["card"], "character": self._pick(entry["characters"])}
        if name == "arrange-top":
            return {"deck": entry["deck"], "order": self.stream.shuffle(list(range(entry["count"])))}
        if name == "order-triggers":
            return {"order": self.stream.shuffle(entry["triggers"])}
        return self._from_entry(entry)

    def _from_entry(self, entry: Entry) -> dict[str, Any]:
        """An action's input from its menu entry: its plain members as they are, one of its targets
        (a dict of members, or one value sent as `target`)."""
        out = {key: value for key, value in entry.items() if key not in ("action", "targets")}
        if "targets" in entry:
            chosen = self._pick(entry["targets"])
            out.update(chosen if isinstance(chosen, dict) else {} if chosen is None else {"target": chosen})
        return out


Observer = Callable[[NeuroscapeState, str, str, NeuroscapeActionBase, NeuroscapeState, dict[str, Any]], None]


def play_match(
    seed: str, setup: dict[str, Any] | None = None, *, observe: Observer | None = None, max_actions: int = 50_000,
    concede_one_in: int = 5000, style: Style = PLAIN,
) -> tuple[NeuroscapeState, int]:
    """Play one match between random players to its end; returns the final state and the action count.

    The match's own dice use a stream per action with a nonce that advances on every action that
    drew, exactly as a session does. `observe(before, seat, action, params, after, result)` sees
    every accepted action; each player concedes once in about `concede_one_in` choices and plays in `style`.
    """
    state = initial_state(NeuroscapeSetup.model_validate(setup or STARTER_MATCH))
    players = {seat: RandomPlayer(f"{seed}:{seat}", concede_one_in, style) for seat in state.players}
    nonce = 0
    for count in range(max_actions):
        if state.outcome is not None:
            return state, count
        seat = state.flow.awaiting[0]
        choice = players[seat].choose(state, seat)
        assert choice is not None, f"{seat} is awaited but has no legal action"
        name, params = choice
        stream = Stream(seed=seed, scope="neuroscape-match", nonce=nonce)
        after, result = act(state, name, params, stream, seat)
        nonce += 1 if stream.draws else 0
        if observe is not None:
            observe(state, seat, name, params, after, result)
        state = after
    raise RuntimeError(f"match {seed!r} did not finish in {max_actions} actions")
