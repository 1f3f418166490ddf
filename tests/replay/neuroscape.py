"""Random Neuroscape matches for replay: each seat plays the engine's own random legal player."""

from __future__ import annotations

from service.declare import load_state
from service.systems.neuroscape.rules.autoplay import RandomPlayer
from service.systems.neuroscape.state import NeuroscapeState


class Player(RandomPlayer):
    """The engine's random player, but one that often gangs up its blockers on one attacker,
    so the attacker's controller has blockers to order."""

    def _input(self, entry: dict) -> dict:
        if entry["action"] == "block" and self.stream.roll(2) == 1:
            attacker = self._pick(entry["attackers"])
            return {"blocks": [{"blocker": b, "attacker": attacker} for b in self._subset(entry["blockers"], 2, 3)]}
        return RandomPlayer._input(self, entry)


SEATS = [{"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}, {"name": "cy", "role": "player"}, {"name": "gm", "role": "gm"}]
TWO = [{"starterDeck": "razor-tide"}, {"starterDeck": "quiet-lattice"}]  # preconstructed: every mechanic comes up


def setup_for(seed: str) -> dict:
    n = sum(map(ord, seed))
    if n % 4 == 0:  # three players, where attacks name a target seat
        return {"players": [*TWO, TWO[0]], "rules": {"legendaryScope": "table", "cyberwareCommitsRam": True}}
    if n % 4 == 1:  # swift checks wait for every pass
        return {"players": TWO, "rules": {"swiftChecks": "always", "runningCharactersMayBlock": n % 8 == 1}}
    return {"players": TWO[::-1] if n % 2 else TWO}


def chooser_for(seed: str):
    players: dict[str, RandomPlayer] = {}

    def choose(state: dict, seats: list[dict], pick) -> tuple[str, str, dict] | None:
        if state["outcome"] is not None:
            return None
        names = {seat["id"]: seat["name"] for seat in seats}
        seat = state["flow"]["awaiting"][0]
        player = players.setdefault(seat, Player(f"{seed}:{seat}", concede_one_in=400))
        name, params = player.choose(load_state(NeuroscapeState, state), seat)  # the state as stored
        wire = params.model_dump(mode="json", by_alias=True, exclude_none=True)
        roll = pick(40)
        if roll == 1:
            return "gm", "session/rotate-seed", {}
        if roll == 2:  # the GM seat only watches
            return "gm", f"neuroscape/{name}", wire
        if roll == 3 and name != "concede":  # a seat the match is not waiting for
            idle = [s for s in state["order"] if s not in state["flow"]["awaiting"] and state["players"][s]["eliminated"] is None]
            if idle:
                return names[idle[pick(len(idle)) - 1]], f"neuroscape/{name}", wire
        if roll == 4:  # an action of another stage, or a stale substage guard
            other = "attack" if name != "attack" else "mulligan"
            empty = {"attack": {"attacks": []}, "mulligan": {"bottom": []}}[other]
            return names[seat], f"neuroscape/{other}", empty
        if roll == 5 and name != "concede":
            stale = "block" if state["flow"]["substage"] != "block" else "attack"
            return names[seat], f"neuroscape/{name}", {**wire, "expectSubstage": stale}
        return names[seat], f"neuroscape/{name}", wire

    return choose
