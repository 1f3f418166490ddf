"""A seeded random player: picks any legal move from `legal.legal_actions`, and plays whole matches.

It exists to hold the engine to its own menu (a move taken from it must never be refused) and
to measure it (`bench/neuroscape_random_matches.py`). Its choices come from a dice stream of
their own, so a seed replays a match exactly and no other randomness is involved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from service.dice.stream import Stream
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.abilities import (
    NeuroscapeActivateAction,
    NeuroscapeActivateTrojanAction,
    NeuroscapePlayDrugAction,
    NeuroscapePlayScriptAction,
)
from service.systems.neuroscape.wire.actions import NeuroscapeActionBase
from service.systems.neuroscape.wire.choices import NeuroscapeArrangeTopAction, NeuroscapeOrderTriggersAction
from service.systems.neuroscape.wire.battle import NeuroscapeAttackAction, NeuroscapeBlockAction, NeuroscapeOrderBlockersAction
from service.systems.neuroscape.wire.deploying import NeuroscapeDeployAction, NeuroscapeForceQuitAction
from service.systems.neuroscape.wire.opening import (
    NeuroscapeChooseFirstAction,
    NeuroscapeDrawAction,
    NeuroscapeMulliganAction,
    NeuroscapeRollOffAction,
)
from service.systems.neuroscape.wire.passing import NeuroscapeConcedeAction, NeuroscapePassAction

_Item = TypeVar("_Item")

# Each action's input model, by the name its mechanic has.
ACTION_MODELS: dict[str, type[NeuroscapeActionBase]] = {
    "draw": NeuroscapeDrawAction,
    "mulligan": NeuroscapeMulliganAction,
    "roll-off": NeuroscapeRollOffAction,
    "choose-first": NeuroscapeChooseFirstAction,
    "force-quit": NeuroscapeForceQuitAction,
    "deploy": NeuroscapeDeployAction,
    "attack": NeuroscapeAttackAction,
    "block": NeuroscapeBlockAction,
    "order-blockers": NeuroscapeOrderBlockersAction,
    "pass": NeuroscapePassAction,
    "activate": NeuroscapeActivateAction,
    "play-script": NeuroscapePlayScriptAction,
    "concede": NeuroscapeConcedeAction,
    "arrange-top": NeuroscapeArrangeTopAction,
    "order-triggers": NeuroscapeOrderTriggersAction,
    "activate-trojan": NeuroscapeActivateTrojanAction,
    "play-drug": NeuroscapePlayDrugAction,
}

STARTER_MATCH = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]}


@dataclass(slots=True)
class RandomPlayer:
    """Picks among the menu's entries, then uniformly among each entry's choices.

    It leans towards doing things (deploying rather than passing, attacking with most of its
    characters, blocking with few) so matches end by battle more often than by empty decks, and
    it concedes almost never.
    """

    seed: str
    concede_one_in: int = 5000
    stream: Stream = field(init=False)

    def __post_init__(self) -> None:
        self.stream = Stream(seed=self.seed, scope="neuroscape-autoplay", nonce=0)

    def _pick(self, items: list[_Item]) -> _Item:
        return items[self.stream.roll(len(items)) - 1] if len(items) > 1 else items[0]

    def _subset(self, items: list, keep: int = 1, of: int = 2) -> list:
        """Each item kept with probability keep/of, from as few dice as possible."""
        if not items:
            return []
        if of == 2:  # one die for the whole subset: its bits say which items stay
            bits = self.stream.roll(1 << len(items)) - 1
            return [item for i, item in enumerate(items) if bits >> i & 1]
        return [item for item in items if self.stream.roll(of) <= keep]

    def choose(self, state: NeuroscapeState, seat: str) -> tuple[str, NeuroscapeActionBase] | None:
        return self.choose_from(legal_actions(state, seat))

    def choose_from(self, menu: list[dict]) -> tuple[str, NeuroscapeActionBase] | None:
        """A move from a seat's menu of legal actions (as its view lists them under `you.legalActions`)."""
        moves = [entry for entry in menu if entry["action"] != "concede"]
        if not moves or self.stream.roll(self.concede_one_in) == 1:
            return ("concede", ACTION_MODELS["concede"]()) if menu else None
        doing = [entry for entry in moves if entry["action"] != "pass"]
        # Passing is one option among many, but when there is something else to do it gets a quarter.
        entry = self._pick(doing) if doing and (len(moves) == len(doing) or self.stream.roll(4) > 1) else self._pick(moves)
        name = entry["action"]
        return name, ACTION_MODELS[name].model_validate(self._input(entry))

    def _input(self, entry: dict) -> dict:
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
            return {"cards": self._subset(entry["cards"], 1, 4)}
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
        if name in ("activate", "play-script", "activate-trojan"):
            chosen = self._pick(entry["targets"])
            picked = {"card": entry["card"]} if name == "play-script" else {"ability": entry["ability"]}
            picked |= {"character": entry["character"]} if name == "activate" else {"instance": entry["instance"]} if name == "activate-trojan" else {}
            return {**picked, **({"target": chosen} if chosen is not None else {})}
        if name == "arrange-top":
            return {"deck": entry["deck"], "order": self.stream.shuffle(list(range(entry["count"])))}
        if name == "order-triggers":
            return {"order": self.stream.shuffle(entry["triggers"])}
        if name == "play-drug":
            return {"card": entry["card"], "character": self._pick(entry["characters"])}
        return {}


Observer = Callable[[NeuroscapeState, str, str, NeuroscapeActionBase, NeuroscapeState, dict], None]


def play_match(
    seed: str, setup: dict | None = None, *, observe: Observer | None = None, max_actions: int = 50_000
) -> tuple[NeuroscapeState, int]:
    """Play one match between random players to its end; returns the final state and the action count.

    The match's own dice use a stream per action with a nonce that advances on every action that
    drew, exactly as a session does. `observe(before, seat, action, params, after, result)` sees
    every accepted action.
    """
    state = initial_state(NeuroscapeSetup.model_validate(setup or STARTER_MATCH))
    players = {seat: RandomPlayer(f"{seed}:{seat}") for seat in state.players}
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
