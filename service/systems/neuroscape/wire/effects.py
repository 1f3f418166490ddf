"""What a card's abilities do, as data: a closed vocabulary of effects, costs, triggers and targets.

Every effect names its `kind`; the other fields say how much, to whom and for how long. Who an
effect reaches is `on`:

- `target`: what the ability's player chose when playing it (`NeuroscapeAbility.target` says
  what may be chosen); it is checked again when the ability resolves.
- `self`: the character carrying the ability; `you`: the ability's controller; `opponents`:
  each living opponent of the controller; `own-characters`: every character the controller has.

An effect the engine could not resolve (a target that cannot be reached that way, a chosen
target on a trigger, which nobody chooses) is refused when the card is created.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

from pydantic import Field

from service.model import Model

On = Literal["target", "self", "you", "opponents", "own-characters"]
Duration = Literal["end-of-turn", "while-in-play"]
Trigger = Literal["enters-play", "leaves-play", "destroyed", "attacks", "blocks", "card-effect", "end-of-turn"]
TargetKind = Literal["character", "own-character", "opponent-character", "player", "opponent", "order-item"]
Health = Literal["character", "bioframe", "mainframe"]


class ModifyStats(Model):
    """Add to ATK and DEF (negative numbers take away) for a duration."""

    kind: Literal["modify-stats"]
    attack: int = Field(0, ge=-20, le=20)
    defense: int = Field(0, ge=-20, le=20)
    on: Literal["target", "self", "own-characters"] = "target"
    duration: Duration = Field("end-of-turn", description="`end-of-turn`: expires in the final stage; `while-in-play`: while the source stays in play.")


class Damage(Model):
    """Deal damage to a character, or to a player's bioframe or mainframe health."""

    kind: Literal["damage"]
    amount: int = Field(ge=1, le=40)
    to: Health = "character"
    on: Literal["target", "self", "you", "opponents"] = "target"


class Heal(Model):
    """Remove damage from a character, or give health back to a bioframe or mainframe."""

    kind: Literal["heal"]
    amount: int = Field(ge=1, le=40)
    to: Health = "bioframe"
    on: Literal["target", "self", "you", "opponents"] = "you"


class Draw(Model):
    """Draw cards from the main deck into the hand."""

    kind: Literal["draw"]
    count: int = Field(1, ge=1, le=5)
    on: Literal["target", "you", "opponents"] = "you"


class Discard(Model):
    """Discard cards of the hand, picked at random, to the recycle bin."""

    kind: Literal["discard"]
    count: int = Field(1, ge=1, le=5)
    on: Literal["target", "you", "opponents"] = "opponents"


class LookAtTop(Model):
    """Look at the top cards of a main deck (only the ability's controller sees them, not even the deck's owner);
    `then` keeps them on top in the same order, puts them on the bottom, or lets the controller put them back in an
    order it chooses: the match waits for it alone (`arrange-top`). With `on: opponents`, each opponent's deck."""

    kind: Literal["look-at-top"]
    count: int = Field(1, ge=1, le=5)
    on: Literal["target", "you", "opponents"] = "you"
    then: Literal["keep", "bottom", "reorder"] = "keep"


class ChangeRam(Model):
    """Gain (positive) or lose (negative) available RAM: gained RAM is refreshed, lost RAM is run."""

    kind: Literal["change-ram"]
    amount: int = Field(ge=-10, le=10)
    on: Literal["target", "you", "opponents"] = "you"


class CommitRam(Model):
    """Commit available RAM (fewer if fewer are available), to no card: it stops refreshing and counts towards
    covering persistent cards until an effect releases it."""

    kind: Literal["commit-ram"]
    amount: int = Field(ge=1, le=10)
    on: Literal["target", "you", "opponents"] = "you"


class ReleaseRam(Model):
    """Release committed RAM: it is run (refreshes next turn) and no longer covers persistent cards, which can
    leave their player unstable (see `stability-check`). RAM committed to no card goes first, then RAM committed
    to cards, in the order it lies on the mainframe; the cards stay in play."""

    kind: Literal["release-ram"]
    amount: int = Field(ge=1, le=10)
    on: Literal["target", "you", "opponents"] = "opponents"


class StabilityCheck(Model):
    """The player makes a stability check now: if unstable, a d20 for each of its characters and programs; at or
    below `rules.crashOnOrBelow` (10) the card crashes to the recycle bin (its leaves-play triggers fire)."""

    kind: Literal["stability-check"]
    on: Literal["target", "you", "opponents"] = "opponents"


class ExtraTurn(Model):
    """After this turn's final stage, the controller takes another turn. Several stack, taken in the order
    granted; one granted on another player's turn comes right after that turn, and the rotation then goes on
    from the player whose regular turn it was. A controller eliminated before its extra turn loses it."""

    kind: Literal["extra-turn"]
    on: Literal["you"] = "you"


class Destroy(Model):
    """Destroy a character: it goes to its owner's recycle bin."""

    kind: Literal["destroy"]
    on: Literal["target", "self"] = "target"


class ReturnToHand(Model):
    """Return a character to its owner's hand (its gear goes to the recycle bin)."""

    kind: Literal["return-to-hand"]
    on: Literal["target", "self"] = "target"


class RunCharacter(Model):
    """Run a character (it cannot attack, block or activate until refreshed)."""

    kind: Literal["run"]
    on: Literal["target", "self"] = "target"


class RefreshCharacter(Model):
    """Refresh a running character."""

    kind: Literal["refresh"]
    on: Literal["target", "self"] = "target"


class Counter(Model):
    """Remove an item from the order of operations: it never resolves."""

    kind: Literal["counter"]
    on: Literal["target"] = "target"


class InvertSign(Model):
    """Turn the signs of an item on the order: its ATK/DEF changes and RAM gains resolve with + and - swapped
    (committing and releasing RAM are not signed: they stay as they are)."""

    kind: Literal["invert-sign"]
    on: Literal["target"] = "target"


class WinIf(Model):
    """If the controller has at least `atLeast` of `condition`, the controller wins the match."""

    kind: Literal["win-if"]
    condition: Literal["controls-characters", "ram-in-play", "opponents-recycled"]
    at_least: int = Field(ge=1, le=100)
    on: Literal["you"] = "you"


NeuroscapeEffect = Annotated[
    ModifyStats | Damage | Heal | Draw | Discard | LookAtTop | ChangeRam | CommitRam | ReleaseRam | StabilityCheck
    | ExtraTurn | Destroy | ReturnToHand | RunCharacter | RefreshCharacter | Counter | InvertSign | WinIf,
    Field(discriminator="kind"),
]

EFFECT_MODELS: tuple[type[Model], ...] = (
    ModifyStats, Damage, Heal, Draw, Discard, LookAtTop, ChangeRam, CommitRam, ReleaseRam, StabilityCheck, ExtraTurn,
    Destroy, ReturnToHand, RunCharacter, RefreshCharacter, Counter, InvertSign, WinIf,
)
EFFECT_KINDS: tuple[str, ...] = tuple(typing.get_args(model.model_fields["kind"].annotation)[0] for model in EFFECT_MODELS)


def vocabulary() -> str:
    """The effect vocabulary in words (for the GraphQL schema, where an effect is a JSON object)."""
    parts = []
    for kind, model in zip(EFFECT_KINDS, EFFECT_MODELS, strict=True):
        fields = ", ".join(field.alias or name for name, field in model.model_fields.items() if name != "kind")
        parts.append(f"`{kind}` ({fields}): {(model.__doc__ or '').strip()}")
    return " ".join(parts)
# What kind of chosen target each `on: target` effect needs.
TARGET_NEEDS: dict[str, frozenset[str]] = {
    "character": frozenset({"modify-stats", "destroy", "return-to-hand", "run", "refresh"}),
    "player": frozenset({"draw", "discard", "look-at-top", "change-ram", "commit-ram", "release-ram", "stability-check"}),
    "order-item": frozenset({"counter", "invert-sign"}),
}
