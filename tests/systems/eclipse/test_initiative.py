"""Initiative: 1d6 + Initiative, descending; ties by REF then roll-off; delaying."""

from __future__ import annotations

from service.systems.eclipse.rules.initiative import Combatant, delay, roll_initiative
from support.dice import ScriptedStream, d100


def test_highest_total_acts_first() -> None:
    slots = roll_initiative(ScriptedStream(2, 6, 4), [Combatant("a", 8, 20), Combatant("b", 5, 20), Combatant("c", 9, 20)], ties="ref-then-roll-off")
    assert [(s.key, s.count, s.position) for s in slots] == [("c", 13, 1), ("b", 11, 2), ("a", 10, 3)]


def test_ties_go_to_the_higher_ref() -> None:
    slots = roll_initiative(ScriptedStream(3, 3), [Combatant("a", 8, 15), Combatant("b", 8, 25)], ties="ref-then-roll-off")
    assert [s.key for s in slots] == ["b", "a"]


def test_equal_ref_ties_go_to_a_roll_off() -> None:
    slots = roll_initiative(ScriptedStream(3, 3, d100(40), d100(40), d100(12), d100(90)), [Combatant("a", 8, 20), Combatant("b", 8, 20)], ties="ref-then-roll-off")
    assert [(s.key, s.roll_offs) for s in slots] == [("b", (40, 90)), ("a", (40, 12))]


def test_simultaneous_ties_share_a_position() -> None:
    slots = roll_initiative(ScriptedStream(3, 3, 1), [Combatant("a", 8, 10), Combatant("b", 8, 30), Combatant("c", 8, 1)], ties="simultaneous")
    assert [(s.key, s.position) for s in slots] == [("a", 1), ("b", 1), ("c", 3)]


def test_delaying_moves_a_character_after_those_at_its_new_count() -> None:
    slots = roll_initiative(ScriptedStream(6, 4, 1), [Combatant("a", 9, 0), Combatant("b", 6, 0), Combatant("c", 5, 0)], ties="ref-then-roll-off")
    assert [(s.key, s.count) for s in slots] == [("a", 15), ("b", 10), ("c", 6)]
    later = delay(slots, "a", 10)
    assert [(s.key, s.count, s.position) for s in later] == [("b", 10, 1), ("a", 10, 2), ("c", 6, 3)]
