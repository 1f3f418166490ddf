"""Card text for people, written from the effect data: the one place an ability's words come from,
so what a card says and what the engine does cannot disagree."""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.systems.neuroscape.wire.effects import NeuroscapeEffect

if TYPE_CHECKING:
    from service.systems.neuroscape.wire.cards import NeuroscapeAbility

_TARGETS = {
    "character": "a character",
    "own-character": "a character you control",
    "opponent-character": "a character an opponent controls",
    "player": "a player",
    "opponent": "an opponent",
    "order-item": "an item on the order of operations",
}
_TRIGGERS = {
    "enters-play": "When this enters play",
    "leaves-play": "When this leaves play",
    "destroyed": "When this is destroyed",
    "attacks": "When this attacks",
    "blocks": "When this blocks",
    "card-effect": "In your card effect substage",
    "end-of-turn": "At the end of each turn",
}
_CONDITIONS = {
    "controls-characters": "you control {n} or more characters",
    "ram-in-play": "you have {n} or more RAM in play",
    "opponents-recycled": "your opponents' recycle bins hold {n} or more cards together",
}


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"-{-value}"


def _whom(on: str, thing: str, chosen: str) -> str:
    """How an effect names who it reaches; `thing` is what is reached (a character or a player's health)."""
    if on == "target":
        return chosen
    return {"self": "this character", "you": "you", "opponents": "each opponent", "own-characters": "each character you control"}[on]


def _cards(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def effect_text(effect: NeuroscapeEffect, chosen: str, passive: bool = False) -> str:
    """One effect as a sentence (no full stop); `chosen` names the ability's chosen target."""
    kind = effect.kind
    if effect.kind == "modify-stats":
        lasting = " until end of turn" if effect.duration == "end-of-turn" else "" if passive else " while this stays in play"
        return f"{_whom(effect.on, 'character', chosen)} gets {_signed(effect.attack)}/{_signed(effect.defense)}{lasting}"
    if effect.kind in ("damage", "heal"):
        who = _whom(effect.on, effect.to, chosen)
        if effect.to == "character":
            return f"deal {effect.amount} damage to {who}" if kind == "damage" else f"remove {effect.amount} damage from {who}"
        owner = "your" if who == "you" else f"{who}'s"
        if kind == "damage":
            return f"deal {effect.amount} damage to {owner} {effect.to}"
        return f"{owner} {effect.to} gains {effect.amount} health"
    if effect.kind == "draw":
        who = _whom(effect.on, "player", chosen)
        return f"draw {_cards(effect.count)}" if who == "you" else f"{who} draws {_cards(effect.count)}"
    if effect.kind == "discard":
        who = _whom(effect.on, "player", chosen)
        return f"{'you discard' if who == 'you' else who + ' discards'} {_cards(effect.count)} at random"
    if effect.kind == "look-at-top":
        then = {"keep": "put them back in the same order", "bottom": "put them on the bottom",
                "reorder": "put them back in any order"}[effect.then]
        top = "the top card" if effect.count == 1 else f"the top {effect.count} cards"
        then = then.replace("them", "it").replace(" in any order", "") if effect.count == 1 else then
        who = _whom(effect.on, "player", chosen)
        deck = "your main deck" if who == "you" else f"{who}'s main deck"
        return f"look at {top} of {deck}, then {then}"
    if effect.kind == "change-ram":
        who = _whom(effect.on, "player", chosen)
        verb = "gain" if effect.amount > 0 else "lose"
        subject = "you" if who == "you" else who
        return f"{subject} {verb}{'' if subject == 'you' else 's'} {abs(effect.amount)} available RAM"
    if effect.kind in ("commit-ram", "release-ram"):
        who = _whom(effect.on, "player", chosen)
        verb = effect.kind.split("-")[0]
        ram = f"{effect.amount} of {'your' if who == 'you' else who + chr(39) + 's'} {'available' if verb == 'commit' else 'committed'} RAM"
        return f"{verb} {ram}"
    if effect.kind == "stability-check":
        who = _whom(effect.on, "player", chosen)
        return "make a stability check" if who == "you" else f"{who} makes a stability check"
    if effect.kind == "extra-turn":
        return "take another turn after this one"
    if effect.kind == "destroy":
        return f"destroy {_whom(effect.on, 'character', chosen)}"
    if effect.kind == "return-to-hand":
        return f"return {_whom(effect.on, 'character', chosen)} to its owner's hand"
    if effect.kind == "run":
        return f"run {_whom(effect.on, 'character', chosen)}"
    if effect.kind == "refresh":
        return f"refresh {_whom(effect.on, 'character', chosen)}"
    if effect.kind == "counter":
        return f"counter {chosen}: it never resolves"
    if effect.kind == "invert-sign":
        return f"swap + and - in {chosen}"
    assert effect.kind == "win-if"
    return f"if {_CONDITIONS[effect.condition].format(n=effect.at_least)}, you win the game"


def ability_text(ability: NeuroscapeAbility, card_type: str = "character") -> str:
    """The ability's text: its cost, trigger or passivity, then its effects."""
    chosen = f"target {_TARGETS[ability.target].split(' ', 1)[1]}" if ability.target else "the target"
    body = "; ".join(effect_text(effect, chosen, ability.kind == "passive") for effect in ability.effects)
    if ability.duel:
        body = f"{body}; then this character and the target character duel"
    costs = []
    if ability.cost:
        costs.append(f"{ability.cost} RAM")
    if ability.runs:
        costs.append("run this")
    if ability.discards:
        costs.append(f"discard {_cards(ability.discards)}")
    if ability.pays_health:
        costs.append(f"pay {ability.pays_health} bioframe health")
    if ability.kind == "triggered":
        lead = _TRIGGERS.get(ability.trigger or "", "When triggered") + ", "
    elif ability.kind == "passive":
        lead = "While this is in play, "
    else:
        paid = ", ".join(costs) if costs else "Free" if card_type == "character" else "When played"
        lead = paid + (" (swift)" if ability.swift else "") + ": "
    sentence = lead + body
    return sentence[0].upper() + sentence[1:] + "."
