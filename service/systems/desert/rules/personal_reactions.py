"""Personal reactions: six tokens whose meanings the table assigns, one drawn.

The location's control value N demands N tokens of one type (normally the location's
identity); at control 6 the outcome is that type and nothing is drawn. Tokens compare by
label, ignoring case and surrounding spaces.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.dice.stream import Stream
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.tokens import BAG_SIZE, MAX_CONTROL
from service.systems.desert.wire.reactions import Conduct, CountRule, DesertToken
from service.systems.desert.wire.sheets import DesertApproach


def same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and a.strip().casefold() == b.strip().casefold()


def count_of(tokens: Sequence[DesertToken], label: str) -> int:
    return sum(1 for token in tokens if same(token.label, label))


def check_bag(tokens: Sequence[DesertToken], *, control: int, controlled_type: str, mode: CountRule) -> list[DesertToken]:
    """The bag to draw from, after the six-token and the control rules; at control 6 it may be left empty."""
    if control == MAX_CONTROL and not tokens:
        return [DesertToken(label=controlled_type, kind="identity") for _ in range(BAG_SIZE)]
    if len(tokens) != BAG_SIZE:
        raise refuse(
            errors.BAG_NOT_SIX,
            f"a personal draw holds exactly {BAG_SIZE} tokens; {len(tokens)} were given"
            + (" (or none at control 6)" if control == MAX_CONTROL else ""),
        )
    held = count_of(tokens, controlled_type)
    too_few = held < control
    not_exact = mode == "exactly" and control > 0 and held != control
    if too_few or not_exact:
        wanted = f"exactly {control}" if mode == "exactly" else f"at least {control}"
        raise refuse(
            errors.CONTROL_TOKENS_MISSING,
            f"at control {control} the draw needs {wanted} {controlled_type!r} token(s); it holds {held}",
        )
    return list(tokens)


def automatic_tokens(approach: DesertApproach | None, *, with_meeting: bool, conduct: Conduct) -> list[str]:
    """Labels a character's approach puts into every personal draw it takes part in."""
    labels: list[str] = []
    kind = approach.approach if approach else None
    if kind == "sponsorbaby" and approach and approach.brand:
        labels.append(approach.brand)
    elif kind == "agitator":
        labels.append("violent")
    elif kind == "rental" and with_meeting and approach and approach.role_attitude:
        labels.append(approach.role_attitude)
    if conduct == "overdoing":
        labels.append("obsessive")
    elif conduct == "broke-character":
        labels.append("pleading")
    return labels


def check_automatic(tokens: Sequence[DesertToken], required: Sequence[str], *, control: int, controlled_type: str) -> None:
    """Each automatic label must be in the bag, as far as the control rule leaves room for it.

    The control value comes first: the tokens it demands fill their share of the six, and
    the automatic ones must fit in the rest (none at control 6, where nothing is drawn).
    """
    others: list[str] = []
    for label in required:
        if not same(label, controlled_type) and not any(same(label, seen) for seen in others):
            others.append(label)
    room = BAG_SIZE - control
    present = [label for label in others if count_of(tokens, label) > 0]
    if len(present) < min(len(others), room):
        missing = [label for label in others if label not in present]
        raise refuse(
            errors.AUTOMATIC_TOKEN_MISSING,
            f"the character's approach puts {', '.join(repr(m) for m in missing)} into the draw; add it",
        )


def draw(bag: list[DesertToken], *, control: int, controlled_type: str, stream: Stream) -> tuple[int | None, DesertToken]:
    """Draw one token; at control 6 the outcome is the controlled type and no die is rolled."""
    face = None if control == MAX_CONTROL else stream.roll(len(bag))
    return drawn_on(bag, controlled_type=controlled_type, face=face)


def drawn_on(bag: Sequence[DesertToken], *, controlled_type: str, face: int | None) -> tuple[int | None, DesertToken]:
    """The token a die showing `face` picks (index face - 1); no die (control 6): the controlled type."""
    if face is None:
        return None, DesertToken(label=controlled_type, kind="identity")
    return face - 1, bag[face - 1]


def identity_after(approach: DesertApproach | None, drawn_label: str, identity: str) -> str:
    """The location's identity once this token came up (a goal token turns it, see `identity_change`)."""
    goal = identity_change(approach, drawn_label)
    return goal if goal is not None and not same(goal, identity) else identity


def identity_change(approach: DesertApproach | None, drawn_label: str) -> str | None:
    """A sponsorbaby's brand or an agitator's 'violent' coming up turns the location's identity."""
    if approach is None:
        return None
    if approach.approach == "sponsorbaby" and approach.brand is not None and same(approach.brand, drawn_label):
        return approach.brand
    if approach.approach == "agitator" and same("violent", drawn_label):
        return "violent"
    return None
