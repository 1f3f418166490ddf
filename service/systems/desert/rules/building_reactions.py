"""Building and district reactions: the six-token bag, the draw and what the token does.

The bag is built in screen order, one token per category: blue when a blue control token
is still on it (however many), red when every blue there was bypassed, orange when the
category is free and the character volunteered something in it, a blank otherwise. So a
bag always holds exactly six tokens, and `stream.roll(6) - 1` picks one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from service.dice.stream import Stream
from service.systems.desert.rules.screen import SlotLike
from service.systems.desert.rules.tokens import BAG_SIZE, MAX_CONTROL, Side, TokenColor
from service.systems.desert.wire.reactions import DesertReaction
from service.systems.desert.wire.sheets import DesertReactionSet

ESCALATION_STEPS = 3


def building_bag(slots: Iterable[SlotLike], volunteered: Collection[str]) -> list[TokenColor]:
    """The bag of a screen's slots (a screen's `categories`, or the rules' `Slot`s of it)."""
    bag: list[TokenColor] = []
    for slot in slots:
        if slot.blue > 0:
            bag.append("blue")  # a redundant system picked up what any bypass missed
        elif slot.red > 0:
            bag.append("red")
        elif slot.free and slot.category in volunteered:
            bag.append("orange")
        else:
            bag.append("blank")
    assert len(bag) == BAG_SIZE, "one token per category"
    return bag


def draw_token(bag: Sequence[str], stream: Stream) -> int:
    """The index of the drawn token: one die with as many faces as the bag has tokens."""
    return stream.roll(len(bag)) - 1


def reaction_text(reactions: DesertReactionSet | None, side: Side | None, step: int | None) -> str | None:
    if reactions is None or side is None or step is None:
        return None
    return (reactions.positive if side == "positive" else reactions.negative)[step - 1]


def sheet_number(side: Side | None, step: int | None) -> int | None:
    """Positive reactions are numbered 1-3 on the sheet, negative ones 4-6."""
    if side is None or step is None:
        return None
    return step if side == "positive" else step + ESCALATION_STEPS


def resolve_token(
    token: str,
    *,
    control: int,
    blues_before: int,
    side: Side | None,
    reactions: DesertReactionSet | None,
    stream: Stream,
) -> tuple[int, DesertReaction | None]:
    """What the drawn token does: the new control value and the reaction, if any.

    Blue: control +1 (at most 6) and the next reaction in order, 1 → 2 → 3 for this
    character at this location; the table picks the side (`side=None` leaves it pending).
    Orange: control -1 (at least 0) and a d6 picks the reaction, 1-3 positive, 4-6 negative.
    Red and blank: nothing happens.
    """
    face = stream.roll(6) if token == "orange" else None
    return token_effect(token, control=control, blues_before=blues_before, side=side, reactions=reactions, face=face)


def token_change(token: str, *, control: int, blues_before: int, side: Side | None, face: int | None) -> tuple[int, Side | None, int | None]:
    """What a drawn token changes: the control value after it, and its reaction's side and step (step None:
    no reaction; side None: a blue whose side the table picks). `face` is the d6 of an orange token."""
    if token == "blue":
        return min(control + 1, MAX_CONTROL), side, min(blues_before + 1, ESCALATION_STEPS)
    if token == "orange":
        assert face is not None, "an orange token's reaction is picked by a d6"
        side_rolled: Side = "positive" if face <= ESCALATION_STEPS else "negative"
        return max(control - 1, 0), side_rolled, face if face <= ESCALATION_STEPS else face - ESCALATION_STEPS
    return control, None, None


def token_effect(
    token: str,
    *,
    control: int,
    blues_before: int,
    side: Side | None,
    reactions: DesertReactionSet | None,
    face: int | None,
) -> tuple[int, DesertReaction | None]:
    """`resolve_token` once its dice are known: `face` is the d6 of an orange token (None otherwise).

    What the token changes is `token_change`'s, which the odds (`rules.reaction_odds`) read every token through.
    """
    after, side_now, step = token_change(token, control=control, blues_before=blues_before, side=side, face=face)
    if step is None:
        return after, None
    if token == "blue":
        reaction = DesertReaction(
            token="blue",
            side=side_now,
            step=step,
            number=sheet_number(side_now, step),
            face=None,
            text=reaction_text(reactions, side_now, step),
            pending=side_now is None,
        )
    else:
        reaction = DesertReaction(
            token="orange",
            side=side_now,
            step=step,
            number=face,
            face=face,
            text=reaction_text(reactions, side_now, step),
            pending=False,
        )
    return after, reaction


def choose_side(reaction: DesertReaction, side: Side, reactions: DesertReactionSet | None) -> DesertReaction:
    """Settle a pending blue reaction once the table has picked positive or negative."""
    step = reaction.step
    return reaction.model_copy(
        update={"side": side, "number": sheet_number(side, step), "text": reaction_text(reactions, side, step), "pending": False}
    )
