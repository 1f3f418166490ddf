"""Who may act: the Narrator (a gm seat) runs the table; a player acts for its own characters."""

from __future__ import annotations

from service.errors import Problem
from service.registry import Actor
from service.systems.neurosystem.wire.table import NeurosystemCharacter


def require_gm(actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise Problem("forbidden", f"only the Narrator (a gm seat) may {what}")


def require_player_of(actor: Actor, character: NeurosystemCharacter) -> None:
    """The Narrator acts for anyone; a player for characters it controls, or that nobody controls."""
    if actor.role == "gm" or character.controller in (None, actor.name):
        return
    raise Problem("forbidden", f"{character.id} is played from seat {character.controller!r}, not {actor.name!r}")
