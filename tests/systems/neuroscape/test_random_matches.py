"""500 matches between seeded random players, every move taken from `legal_actions`, checking
after every action that cards are conserved, health moves only by what events say (battle damage,
effects, health paid), and that
the same move from a seat the match is not waiting for is refused."""

from __future__ import annotations

import pytest

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.autoplay import play_match
from service.systems.neuroscape.rules.flow import STEPS
from service.systems.neuroscape.rules.piles import deck_size, pile_size
from service.systems.neuroscape.rules.zones import card_count
from service.systems.neuroscape.state import InPlay, NeuroscapeState, living

_NO_DICE = Stream(seed="never-rolled", scope="test", nonce=0)  # a refused action rolls nothing
CHUNKS = 10
PER_CHUNK = 50  # 500 matches in all
TWO = [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]


def setup_for(chunk: int, index: int) -> dict:
    if chunk == CHUNKS - 1 and index % 2:  # 25 matches of 3 or 4 players, assorted options
        players = TWO + TWO[: 1 + index % 4 // 2]
        return {"players": players, "rules": {"legendaryScope": "table", "cyberwareCommitsRam": True}}
    if chunk == CHUNKS - 2:  # 50 matches where every swift check waits for passes
        return {"players": TWO, "rules": {"swiftChecks": "always", "runningCharactersMayBlock": index % 2 == 0}}
    return {"players": TWO[::-1] if index % 2 else TWO}


class Invariants:
    def __init__(self) -> None:
        self.counts: dict[str, int] | None = None
        self.actions = 0

    def __call__(self, before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState, result: dict) -> None:
        self.actions += 1
        if self.counts is None:
            self.counts = {s: card_count(before, s) for s in before.players}
        self._out_of_turn_is_refused(before, seat, name, params)
        owned, committed, required = census(after)
        assert owned == self.counts, f"cards owned went from {self.counts} to {owned} after {name}"
        for s, p in after.players.items():
            assert p.eliminated is not None or committed[s] == required[s], f"{s} lost track of committed RAM"
        self._health_moves_only_by_damage(before, after, result)
        self._flow_is_consistent(after)

    def _out_of_turn_is_refused(self, before: NeuroscapeState, seat: str, name: str, params) -> None:
        if name == "concede":
            return
        for other in living(before):
            if other in before.flow.awaiting:
                continue
            try:
                act(before, name, params, _NO_DICE, other)
            except RuleViolation as refused:
                # A seat whose opening hand is settled hears the once-per-game rule, not the turn.
                used = name == "mulligan" and before.players[other].mulliganed
                assert refused.code == ("neuroscape/mulligan-used" if used else "neuroscape/out-of-turn"), refused.detail
            else:
                raise AssertionError(f"{other} was allowed to {name} while the match waited for {list(before.flow.awaiting)}")

    @staticmethod
    def _health_moves_only_by_damage(before: NeuroscapeState, after: NeuroscapeState, result: dict) -> None:
        # Battle damage, effects' damage and healing, and health paid as a cost: each says so in an event.
        def moved(seat: str, *kinds: str) -> int:
            return sum(e["amount"] for e in result["events"] if e["kind"] in kinds and e["seat"] == seat)

        for s in before.players:
            bioframe = moved(s, "bioframe-heal") - moved(s, "bioframe-damage", "bioframe-paid")
            assert after.players[s].bioframe == before.players[s].bioframe + bioframe
            mainframe = moved(s, "mainframe-heal") - moved(s, "mainframe-damage")
            assert after.players[s].mainframe_health == before.players[s].mainframe_health + mainframe

    @staticmethod
    def _flow_is_consistent(state: NeuroscapeState) -> None:
        flow = state.flow
        if state.outcome is not None:
            assert flow.stage == "over" and flow.awaiting == ()
            return
        step = STEPS[flow.step]
        assert (step.stage, step.substage) == (flow.stage, flow.substage)
        assert flow.awaiting and set(flow.awaiting) <= set(living(state))
        if flow.stage != "setup":
            assert flow.active in living(state)
            assert flow.substage != "draw" or flow.awaiting == (flow.active,)


def census(state: NeuroscapeState) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """One pass over the match: cards each seat owns anywhere, RAM it has committed, and RAM its
    cards in play say they committed; every committed RAM names a card in play."""
    owned = {s: 1 + len(p.hand) + deck_size(p.deck) + pile_size(p.ram_deck) + len(p.recycle_bin) + len(p.ram)
             for s, p in state.players.items()}
    committed = dict.fromkeys(owned, 0)
    required = dict.fromkeys(owned, 0)
    in_play: set[str] = set()

    def count(instance: InPlay) -> None:
        owned[instance.owner] += 1
        required[instance.owner] += instance.commits
        in_play.add(instance.id)

    for p in state.players.values():
        for character in p.characters:
            count(character)
            for gear in character.gear.values():
                count(gear)
        for entry in p.slots.values():
            if entry is not None:
                count(entry)
    if state.environment is not None:
        count(state.environment)
    for s, p in state.players.items():
        for ram in p.ram:
            assert (ram.status == "committed") == (ram.for_ is not None)
            if ram.for_ is not None:
                committed[s] += 1
                assert ram.for_ in in_play, f"RAM committed to {ram.for_}, which is not in play"
    return owned, committed, required


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_legal_matches_finish_without_breaking_an_invariant(chunk):
    outcomes = []
    for index in range(PER_CHUNK):
        check = Invariants()
        final, count = play_match(f"random-{chunk}-{index}", setup_for(chunk, index), observe=check)
        assert count == check.actions > 0
        outcome = final.outcome
        assert outcome is not None
        alive = living(final)
        if outcome.reason == "last-standing":
            assert alive == [outcome.winner]
        else:
            assert outcome.reason == "mic-drop" and outcome.winner in alive
        outcomes.append(outcome.reason)
    assert "last-standing" in outcomes
