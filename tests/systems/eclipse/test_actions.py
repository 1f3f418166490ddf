"""The action turn: 1 complex + 1 quick, 1 task + 1 quick, or 3 quick; extra actions."""

from __future__ import annotations

from service.systems.eclipse.rules.actions import fits


def test_the_three_turn_shapes() -> None:
    assert fits([("complex", "physical"), ("quick", "physical")]) == "complex-and-quick"
    assert fits([("task", "physical"), ("quick", "mental")]) == "task-and-quick"
    assert fits([("quick", "physical")] * 3) == "three-quick"


def test_automatic_actions_are_free() -> None:
    assert fits([("complex", "physical"), ("quick", "physical")] + [("automatic", "physical")] * 5) is not None


def test_what_does_not_fit() -> None:
    assert fits([("complex", "physical"), ("complex", "physical")]) is None
    assert fits([("complex", "physical"), ("task", "physical")]) is None
    assert fits([("quick", "physical")] * 4) is None
    assert fits([("complex", "physical"), ("quick", "physical"), ("quick", "physical")]) is None


def test_an_extra_action_covers_one_complex_or_two_quick_of_its_kind() -> None:
    two_complex = [("complex", "physical"), ("complex", "physical"), ("quick", "physical")]
    assert fits(two_complex, ["physical"]) == "complex-and-quick+extra"
    assert fits(two_complex, ["mental"]) is None  # Insight's extra action is mental or mesh only
    assert fits([("complex", "mesh"), ("complex", "mesh")], ["mental"]) is not None
    assert fits([("quick", "physical")] * 5, ["physical"]) is not None
    assert fits([("quick", "physical")] * 6, ["physical"]) is None
    assert fits([("complex", "mesh"), ("complex", "physical")], ["any"]) is not None
