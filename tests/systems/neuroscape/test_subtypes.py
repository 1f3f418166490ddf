"""Program subtypes as the rules text defines them, drugs as swift actions, and one legendary copy in play.

- .EXE: primary or secondary stage only; one-time; RAM not committed; to the recycle bin.
- Protocol: persistent, in an own slot; no persistent RAM. Virus: on an opponent's slot, primary or
  secondary only. Environment: one at a time (a new one replaces the old), primary or secondary only.
- `persistentRam` ("certain programs"): only on programs that stay in play.
- Drugs: played on characters, swift, no persistent RAM.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from pydantic import ValidationError

from service.contracts import OPENAPI
from service.errors import RuleViolation
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.state import find_character
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from tests.systems.neuroscape.helpers import SETTLED_MATCH, do, fresh, give_ram, place_character, through_setup, to_substage, typed

ALWAYS = {**SETTLED_MATCH, "rules": {"swiftChecks": "always"}}
CARD_SCHEMA = {"$ref": "#/components/schemas/NeuroscapeCard", "components": json.loads(OPENAPI.read_text())["components"]}


def _schema_accepts(card: dict) -> bool:
    """Whether the published JSON Schema of a card accepts it."""
    return Draft202012Validator(CARD_SCHEMA).is_valid(card)


def _model_accepts(card: dict) -> bool:
    try:
        NeuroscapeCard.model_validate(card)
    except ValidationError:
        return False
    return True


def deploying(hand: list[str], ram: int = 4, setup: dict | None = None) -> dict:
    """Seat-1 at its primary deploy, holding `hand` and `ram` fresh RAM."""
    state = to_substage(through_setup(fresh(setup)), "deploy")
    state["players"]["seat-1"]["hand"] = list(hand)
    give_ram(state, "seat-1", ram)
    return state


def statuses(state: dict, seat: str = "seat-1") -> list[str]:
    return sorted(r["status"] for r in state["players"][seat]["ram"])


def at_swift_check(hand: list[str], ram: int = 4) -> dict:
    """Seat-1's primary swift check (default rules): the match waits for seat-2, holding `hand`."""
    state = to_substage(through_setup(fresh(ALWAYS)), "swift-check", stage="primary")
    assert state["flow"]["awaiting"] == ["seat-2"]
    state["players"]["seat-2"]["hand"] = list(hand)
    give_ram(state, "seat-2", ram)
    return state


# -- .EXE, protocol, virus, environment ------------------------------------------------


def test_an_exe_is_played_in_its_players_deploy_only_commits_nothing_and_goes_to_the_bin():
    state = deploying(["brightburn-exe"], ram=1)
    moth = place_character(state, "seat-2", "static-moth")["id"]
    state, _ = do(state, "seat-1", "deploy", card="brightburn-exe", target=moth)
    assert statuses(state) == ["spent"] and state["players"]["seat-1"]["recycleBin"] == ["brightburn-exe"]

    state = at_swift_check(["brightburn-exe"])  # on another player's turn: no .EXE
    moth = place_character(state, "seat-1", "static-moth")["id"]
    assert not any(e.get("card") == "brightburn-exe" for e in legal_actions(typed(state), "seat-2"))
    with pytest.raises(RuleViolation) as deploy:
        do(state, "seat-2", "deploy", card="brightburn-exe", target=moth)
    assert deploy.value.code == "neuroscape/wrong-stage"
    with pytest.raises(RuleViolation) as script:
        do(state, "seat-2", "play-script", card="brightburn-exe", target=moth)
    assert script.value.code == "neuroscape/no-such-ability"


def test_a_protocol_sits_in_an_own_slot_and_commits_no_ram():
    state = deploying(["firewall-hymn", "firewall-hymn"])
    with pytest.raises(RuleViolation) as theirs:
        do(state, "seat-1", "deploy", card="firewall-hymn", targetSeat="seat-2")
    assert theirs.value.code == "neuroscape/wrong-target"
    state, _ = do(state, "seat-1", "deploy", card="firewall-hymn")
    assert state["players"]["seat-1"]["slots"]["top"]["card"] == "firewall-hymn"
    assert state["players"]["seat-1"]["slots"]["top"]["commits"] == 0 and statuses(state) == ["available", "available", "spent", "spent"]


def test_a_protocol_with_persistent_ram_is_one_of_the_certain_programs_that_commit_it():
    state, _ = do(deploying(["census-daemon"]), "seat-1", "deploy", card="census-daemon")
    daemon = state["players"]["seat-1"]["slots"]["top"]
    assert daemon["commits"] == 2 and statuses(state).count("committed") == 2


@pytest.mark.parametrize("subtype", ["exe", "script", "drug", "trojan"])
def test_persistent_ram_is_refused_on_programs_that_commit_none(subtype: str):
    card = {"id": "test-card", "name": "Test Card", "type": "program", "subtype": subtype, "persistentRam": True}
    assert not _model_accepts(card) and not _schema_accepts(card)
    assert _model_accepts({**card, "persistentRam": False})


@pytest.mark.parametrize(("card", "valid"), [
    ({"type": "program", "subtype": "protocol", "persistentRam": True}, True),
    ({"type": "program", "subtype": "virus", "persistentRam": True}, True),
    ({"type": "program", "subtype": "environment", "persistentRam": True}, True),
    ({"type": "character", "attack": 1, "defense": 1, "persistentRam": True}, False),
])
def test_persistent_ram_is_for_programs_that_stay_in_play(card: dict, valid: bool):
    card = {"id": "test-card", "name": "Test Card", **card}
    assert _model_accepts(card) is valid and _schema_accepts(card) is valid


def test_a_virus_goes_on_an_opponents_slot_in_a_deploy_substage_only():
    state = at_swift_check(["sleepworm"])
    with pytest.raises(RuleViolation) as swift:
        do(state, "seat-2", "deploy", card="sleepworm")
    assert swift.value.code == "neuroscape/wrong-stage"
    state, _ = do(deploying(["sleepworm"]), "seat-1", "deploy", card="sleepworm")
    virus = state["players"]["seat-2"]["slots"]["top"]
    assert (virus["card"], virus["owner"], virus["commits"]) == ("sleepworm", "seat-1", 0)
    assert statuses(state).count("committed") == 0


def test_one_environment_at_a_time_a_new_one_replaces_anothers_and_it_commits_no_ram():
    state = deploying(["rainlit-arcade"])
    old = {"id": "c80", "card": "rainlit-arcade", "owner": "seat-2", "commits": 0}
    state["environment"] = old
    state, result = do(state, "seat-1", "deploy", card="rainlit-arcade")
    assert state["environment"]["owner"] == "seat-1" and state["environment"]["commits"] == 0
    assert state["players"]["seat-2"]["recycleBin"] == ["rainlit-arcade"]  # to its own owner's bin
    assert {"kind": "replaced", "seat": "seat-2", "card": "rainlit-arcade", "instance": "c80"} in result["events"]
    assert statuses(state).count("committed") == 0
    with pytest.raises(RuleViolation) as swift:
        do(at_swift_check(["rainlit-arcade"]), "seat-2", "deploy", card="rainlit-arcade")
    assert swift.value.code == "neuroscape/wrong-stage"


# -- drugs -----------------------------------------------------------------------------


def test_a_drug_is_played_on_a_character_in_another_players_swift_check():
    state = at_swift_check(["blue-static"])  # swift: +1/+1 until end of turn on a character; 1 RAM
    ghost = place_character(state, "seat-2", "ash-tram-ghost")["id"]
    moth = place_character(state, "seat-1", "static-moth")["id"]
    entry = next(e for e in legal_actions(typed(state), "seat-2") if e["action"] == "play-drug")
    assert entry == {"action": "play-drug", "card": "blue-static", "characters": [moth, ghost]}
    state, result = do(state, "seat-2", "play-drug", card="blue-static", character=ghost)
    assert result["events"][0] == {"kind": "played", "seat": "seat-2", "card": "blue-static", "target": ghost}
    assert state["players"]["seat-2"]["recycleBin"] == ["blue-static"] and "committed" not in statuses(state, "seat-2")
    assert state["operations"]["items"][0]["target"] == ghost
    state, _ = do(state, "seat-1", "pass")
    found = find_character(typed(state), ghost)
    assert found is not None and stats(typed(state), found[1]) == (2, 5)


def test_a_drug_answers_another_swift_action_on_the_order():
    state = deploying([], ram=1)
    saint = place_character(state, "seat-1", "lantern-saint")["id"]  # Floodlight: +2/+0, swift, 1 RAM
    moth = place_character(state, "seat-2", "static-moth")["id"]
    state["players"]["seat-2"]["hand"] = ["blue-static"]
    give_ram(state, "seat-2", 1)
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    state, _ = do(state, "seat-2", "play-drug", card="blue-static", character=moth)
    assert [i["card"] for i in state["operations"]["items"]] == ["lantern-saint", "blue-static"]


def test_a_drug_goes_on_a_character_its_ability_may_target_and_is_not_deployed():
    cards = [{"id": "test-salve", "name": "Test Salve", "type": "program", "subtype": "drug", "cost": 0,
              "abilities": [{"name": "Mend", "kind": "activated", "target": "own-character",
                             "effects": [{"kind": "modify-stats", "defense": 1}]}]}]
    state = deploying(["test-salve"], setup={**SETTLED_MATCH, "cards": cards})
    mine = place_character(state, "seat-1", "static-moth")["id"]
    theirs = place_character(state, "seat-2", "static-moth")["id"]
    assert {"action": "play-drug", "card": "test-salve", "characters": [mine]} in legal_actions(typed(state), "seat-1")
    assert not any(e["action"] == "deploy" for e in legal_actions(typed(state), "seat-1"))
    for character, code in ((theirs, "neuroscape/wrong-target"), ("c999", "neuroscape/unknown-card")):
        with pytest.raises(RuleViolation) as refused:
            do(state, "seat-1", "play-drug", card="test-salve", character=character)
        assert refused.value.code == code
    with pytest.raises(RuleViolation) as deployed:
        do(state, "seat-1", "deploy", card="test-salve", character=mine)
    assert deployed.value.code == "neuroscape/not-deployable"
    state["players"]["seat-1"]["hand"] = ["sidestep-script"]
    with pytest.raises(RuleViolation) as not_a_drug:
        do(state, "seat-1", "play-drug", card="sidestep-script", character=mine)
    assert not_a_drug.value.code == "neuroscape/no-such-ability"


def test_a_drug_is_not_played_where_no_swift_action_is_allowed():
    state = to_substage(through_setup(fresh(ALWAYS)), "deploy")
    place_character(state, "seat-1", "static-moth")
    state = to_substage(state, "attack")
    moth = state["players"]["seat-1"]["characters"][0]["id"]
    state["players"]["seat-1"]["hand"] = ["blue-static"]
    give_ram(state, "seat-1", 1)
    with pytest.raises(RuleViolation) as attack:
        do(state, "seat-1", "play-drug", card="blue-static", character=moth)
    assert attack.value.code == "neuroscape/wrong-stage"


# -- legendary -------------------------------------------------------------------------

LEGENDS = [{"id": "test-crown-jack", "name": "Test Crown Jack", "type": "cyberware", "cost": 0, "slot": "head", "level": 1,
            "legendary": True}]


@pytest.mark.parametrize(("card", "ask"), [
    ("quiet-hydra", {}),
    ("crown-of-wires", {}),
    ("test-crown-jack", {"character": "HEAD"}),
])
def test_one_copy_of_a_legendary_card_in_play_per_player(card: str, ask: dict):
    setup = {**SETTLED_MATCH, "cards": LEGENDS}
    state = deploying([card, card], ram=10, setup=setup)
    heads = [place_character(state, "seat-1", "rust-oracle")["id"] for _ in range(2)]
    theirs = place_character(state, "seat-2", "rust-oracle")["id"]

    def asked(head: str) -> dict:
        return {k: head for k in ask}

    state, _ = do(state, "seat-1", "deploy", card=card, **asked(heads[0]))
    assert not any(e["action"] == "deploy" and e["card"] == card for e in legal_actions(typed(state), "seat-1"))
    with pytest.raises(RuleViolation) as again:
        do(state, "seat-1", "deploy", card=card, **asked(heads[1]))
    assert again.value.code == "neuroscape/legendary-in-play"
    # Another player's copy is its own: it may be in play at the same time (the default scope).
    state = to_substage(to_substage(state, "draw"), "deploy")
    assert state["flow"]["active"] == "seat-2"
    state["players"]["seat-2"]["hand"] = [card]
    give_ram(state, "seat-2", 10)
    state, _ = do(state, "seat-2", "deploy", card=card, **asked(theirs))


def test_with_table_scope_one_legendary_copy_is_in_play_for_the_whole_table():
    setup = {**SETTLED_MATCH, "rules": {"swiftChecks": "settle", "legendaryScope": "table"}}
    state = deploying(["quiet-hydra"], ram=6, setup=setup)
    state, _ = do(state, "seat-1", "deploy", card="quiet-hydra")
    state = to_substage(to_substage(state, "draw"), "deploy")
    state["players"]["seat-2"]["hand"] = ["quiet-hydra"]
    give_ram(state, "seat-2", 6)
    with pytest.raises(RuleViolation) as table_wide:
        do(state, "seat-2", "deploy", card="quiet-hydra")
    assert table_wide.value.code == "neuroscape/legendary-in-play" and "on the table" in table_wide.value.detail
