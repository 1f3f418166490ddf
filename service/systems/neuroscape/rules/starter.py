"""The built-in starter pool: original cards of this project, and two legal starter decks.

Names and text are our own. Abilities are effect data (`wire.effects`); their text is written
from it. A card's own `text` is flavour and the numbers its plain fields carry.
"""

from __future__ import annotations

from types import MappingProxyType

from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.wire.cards import NeuroscapeDeckList

_CARDS: list[dict] = [
    # -- mainframes --------------------------------------------------------------------
    {"id": "halcyon-lattice", "name": "Halcyon Lattice", "type": "mainframe", "cost": 4, "bioframeBonus": 3,
     "text": "Coolant coils braided along the spine keep the host upright: start with 3 more bioframe health."},
    {"id": "obsidian-relay", "name": "Obsidian Relay", "type": "mainframe", "cost": 4, "mainframeBonus": 3,
     "text": "A black-glass switchboard behind the sternum: start with 3 more mainframe health."},
    # -- characters --------------------------------------------------------------------
    {"id": "gutter-courier", "name": "Gutter Courier", "type": "character", "cost": 1, "attack": 2, "defense": 1,
     "gear": [{"slot": "legs", "level": 1}],
     "abilities": [{"name": "Dead Drop", "kind": "triggered", "trigger": "destroyed", "effects": [{"kind": "draw", "count": 1}]}],
     "text": "Takes any parcel through any flooded underpass."},
    {"id": "static-moth", "name": "Static Moth", "type": "character", "cost": 1, "attack": 1, "defense": 2,
     "keywords": ["blitz"], "gear": [{"slot": "head", "level": 1}],
     "text": "Blitz. Drawn to every open port."},
    {"id": "chrome-ferryman", "name": "Chrome Ferryman", "type": "character", "cost": 2, "attack": 2, "defense": 3,
     "gear": [{"slot": "left-arm", "level": 2}, {"slot": "right-arm", "level": 1}],
     "text": "Rows data across the canal districts for a fare nobody remembers agreeing to."},
    {"id": "lantern-saint", "name": "Lantern Saint", "type": "character", "cost": 2, "attack": 3, "defense": 2,
     "gear": [{"slot": "head", "level": 2}],
     "abilities": [{"name": "Floodlight", "kind": "activated", "cost": 1, "swift": True,
                    "effects": [{"kind": "modify-stats", "attack": 2, "defense": 0, "on": "self"}]}],
     "text": "Her halo is a floodlight wired to a stolen grid."},
    {"id": "ash-tram-ghost", "name": "Ash Tram Ghost", "type": "character", "cost": 2, "attack": 1, "defense": 4,
     "gear": [{"slot": "legs", "level": 2}],
     "abilities": [{"name": "Last Stop", "kind": "triggered", "trigger": "end-of-turn",
                    "effects": [{"kind": "heal", "amount": 1, "to": "bioframe", "on": "you"}]}],
     "text": "Still rides the line that was paved over years ago."},
    {"id": "rust-oracle", "name": "Rust Oracle", "type": "character", "cost": 3, "attack": 2, "defense": 5,
     "gear": [{"slot": "head", "level": 3}],
     "abilities": [{"name": "Corrosion Reading", "kind": "activated", "cost": 1, "swift": True,
                    "effects": [{"kind": "look-at-top", "count": 1}]}],
     "text": "Reads tomorrow in the flaking of old rebar."},
    {"id": "velvet-breaker", "name": "Velvet Breaker", "type": "character", "cost": 3, "attack": 4, "defense": 3,
     "keywords": ["blitz"], "gear": [{"slot": "right-arm", "level": 2}, {"slot": "legs", "level": 1}],
     "abilities": [{"name": "Soft Entry", "kind": "triggered", "trigger": "attacks",
                    "effects": [{"kind": "damage", "amount": 1, "to": "mainframe", "on": "opponents"}]}],
     "text": "Blitz. Opens doors softly, then never closes them again."},
    {"id": "sable-circuit", "name": "Sable Circuit", "type": "character", "cost": 4, "attack": 4, "defense": 6,
     "gear": [{"slot": "left-arm", "level": 2}, {"slot": "right-arm", "level": 2}],
     "abilities": [{"name": "Lockstep", "kind": "activated", "cost": 1, "runs": True, "target": "character",
                    "effects": [{"kind": "run", "on": "target"}]},
                   {"name": "Brace", "kind": "triggered", "trigger": "blocks",
                    "effects": [{"kind": "modify-stats", "attack": 1, "on": "self"}]},
                   {"name": "Last Watch", "kind": "triggered", "trigger": "leaves-play",
                    "effects": [{"kind": "heal", "amount": 2, "to": "bioframe", "on": "you"}]}],
     "text": "A bodyguard loop that never forgets a face it was told to stop."},
    {"id": "quiet-hydra", "name": "Quiet Hydra", "type": "character", "cost": 5, "attack": 6, "defense": 6,
     "legendary": True, "gear": [{"slot": "head", "level": 3}, {"slot": "legs", "level": 3}],
     "text": "Legendary. Cut one line and three more answer the call."},
    {"id": "marrow-duchess", "name": "Marrow Duchess", "type": "character", "cost": 4, "attack": 5, "defense": 4,
     "legendary": True, "keywords": ["blitz"], "gear": [{"slot": "right-arm", "level": 3}],
     "abilities": [{"name": "Court of Knives", "kind": "activated", "cost": 2, "runs": True, "duel": True,
                    "target": "opponent-character", "effects": [{"kind": "modify-stats", "attack": 1, "on": "self"}]}],
     "text": "Legendary. Blitz. Holds court in a marrow-bank vault under the river."},
    # -- cyberware ---------------------------------------------------------------------
    {"id": "glasswire-optics", "name": "Glasswire Optics", "type": "cyberware", "cost": 1, "slot": "head", "level": 1,
     "attackBonus": 1, "psychosis": 1, "text": "+1 ATK. Every streetlight becomes a targeting reticle."},
    {"id": "piston-grip", "name": "Piston Grip", "type": "cyberware", "cost": 2, "slot": "right-arm", "level": 2,
     "attackBonus": 2, "psychosis": 3, "text": "+2 ATK. Handshakes are now a liability."},
    {"id": "tremor-spurs", "name": "Tremor Spurs", "type": "cyberware", "cost": 1, "slot": "legs", "level": 1,
     "defenseBonus": 1, "psychosis": 1, "text": "+1 DEF. The floor hums a warning a step ahead."},
    {"id": "leech-halo", "name": "Leech Halo", "type": "cyberware", "cost": 2, "slot": "head", "level": 1,
     "attackBonus": -1, "psychosis": 4, "malicious": True,
     "text": "Malicious: attach it to any character. -1 ATK; it whispers in the wearer's own voice."},
    # -- programs ----------------------------------------------------------------------
    {"id": "firewall-hymn", "name": "Firewall Hymn", "type": "program", "subtype": "protocol", "cost": 2,
     "abilities": [{"name": "Chorus", "kind": "passive",
                    "effects": [{"kind": "modify-stats", "defense": 1, "on": "own-characters", "duration": "while-in-play"}]}],
     "text": "Protocol. A looping choir of packet filters."},
    {"id": "census-daemon", "name": "Census Daemon", "type": "program", "subtype": "protocol", "cost": 2,
     "persistentRam": True,
     "abilities": [{"name": "Headcount", "kind": "triggered", "trigger": "end-of-turn",
                    "effects": [{"kind": "heal", "amount": 1, "to": "mainframe", "on": "you"}]}],
     "text": "Protocol. Keeps its RAM committed while it counts."},
    {"id": "crown-of-wires", "name": "Crown of Wires", "type": "program", "subtype": "protocol", "cost": 5,
     "legendary": True, "winIf": {"kind": "controls-characters", "atLeast": 5},
     "text": "Protocol. Legendary. While you control five or more characters, you win the game."},
    {"id": "sleepworm", "name": "Sleepworm", "type": "program", "subtype": "virus", "cost": 2,
     "abilities": [{"name": "Drowse", "kind": "triggered", "trigger": "end-of-turn",
                    "effects": [{"kind": "damage", "amount": 1, "to": "mainframe", "on": "opponents"}]}],
     "text": "Virus. It nests in a slot and makes the whole rig yawn."},
    {"id": "paper-lantern", "name": "Paper Lantern", "type": "program", "subtype": "trojan", "cost": 3,
     "abilities": [{"name": "Ignite", "kind": "activated", "cost": 3, "swift": True,
                    "effects": [{"kind": "damage", "amount": 3, "to": "mainframe", "on": "opponents"}]}],
     "text": "Trojan. Folded small, it waits in the dark of a slot."},
    {"id": "brightburn-exe", "name": "Brightburn.exe", "type": "program", "subtype": "exe", "cost": 1,
     "abilities": [{"name": "Flare", "kind": "activated", "target": "character",
                    "effects": [{"kind": "damage", "amount": 1, "to": "character"}]}],
     "text": ".EXE. One flash of white noise, then ash."},
    {"id": "sidestep-script", "name": "Sidestep", "type": "program", "subtype": "script", "cost": 1,
     "keywords": ["swift"],
     "abilities": [{"name": "Slip", "kind": "activated", "swift": True, "target": "own-character",
                    "effects": [{"kind": "modify-stats", "defense": 2}]}],
     "text": "Script. Swift. The crowd closes where you used to be."},
    {"id": "blue-static", "name": "Blue Static", "type": "program", "subtype": "drug", "cost": 1,
     "keywords": ["swift"],
     "abilities": [{"name": "Crackle", "kind": "activated", "swift": True, "target": "character",
                    "effects": [{"kind": "modify-stats", "attack": 1, "defense": 1}]}],
     "text": "Drug. Swift. Tastes like a dead channel."},
    {"id": "rainlit-arcade", "name": "Rainlit Arcade", "type": "program", "subtype": "environment", "cost": 2,
     "abilities": [{"name": "High Score", "kind": "passive",
                    "effects": [{"kind": "modify-stats", "attack": 1, "on": "own-characters", "duration": "while-in-play"}]}],
     "text": "Environment. Neon puddles, coin-op ghosts, nobody's jurisdiction."},
    {"id": "mirror-glitch", "name": "Mirror Glitch", "type": "program", "subtype": "script", "cost": 1,
     "keywords": ["swift"],
     "abilities": [{"name": "Flip", "kind": "activated", "swift": True, "target": "order-item",
                    "effects": [{"kind": "invert-sign"}]}],
     "text": "Script. Swift. The boost arrives, but upside down."},
    {"id": "null-route", "name": "Null Route", "type": "program", "subtype": "script", "cost": 2,
     "keywords": ["swift"],
     "abilities": [{"name": "Blackhole", "kind": "activated", "swift": True, "target": "order-item",
                    "effects": [{"kind": "counter"}]}],
     "text": "Script. Swift. The packets leave and never arrive."},
    {"id": "recall-loop", "name": "Recall Loop", "type": "program", "subtype": "script", "cost": 1,
     "keywords": ["swift"],
     "abilities": [{"name": "Rewind", "kind": "activated", "swift": True, "target": "own-character",
                    "effects": [{"kind": "return-to-hand"}]}],
     "text": "Script. Swift. A body pulled back out of the crossfire, one frame at a time."},
    # -- RAM ---------------------------------------------------------------------------
    {"id": "core-ram", "name": "Core RAM", "type": "ram", "text": "Basic RAM."},
    {"id": "overclock-shard", "name": "Overclock Shard", "type": "ram", "special": True,
     "abilities": [{"name": "Redline", "kind": "triggered", "trigger": "enters-play",
                    "effects": [{"kind": "change-ram", "amount": 1}]}],
     "text": "Special RAM. Runs hot, runs twice."},
    {"id": "ghost-cache", "name": "Ghost Cache", "type": "ram", "special": True,
     "abilities": [{"name": "Echo", "kind": "triggered", "trigger": "enters-play", "effects": [{"kind": "draw", "count": 1}]}],
     "text": "Special RAM. Remembers what you forgot."},
]

STARTER_POOL: MappingProxyType[str, NeuroscapeCard] = MappingProxyType(
    {card.id: card for card in (NeuroscapeCard.model_validate(raw) for raw in _CARDS)}
)


def _deck(mainframe: str, main: dict[str, int], ram: dict[str, int]) -> NeuroscapeDeckList:
    return NeuroscapeDeckList.model_validate(
        {
            "mainframe": mainframe,
            "main": [{"card": c, "count": n} for c, n in main.items()],
            "ram": [{"card": c, "count": n} for c, n in ram.items()],
        }
    )


STARTER_DECKS: MappingProxyType[str, NeuroscapeDeckList] = MappingProxyType(
    {
        # Fast and sharp: cheap attackers, blitz, arm cyberware.
        "gridrunners": _deck(
            "halcyon-lattice",
            {
                "gutter-courier": 4, "static-moth": 4, "lantern-saint": 4, "velvet-breaker": 4,
                "chrome-ferryman": 4, "marrow-duchess": 2, "quiet-hydra": 1, "glasswire-optics": 3,
                "piston-grip": 2, "brightburn-exe": 2, "mirror-glitch": 1, "sidestep-script": 2, "sleepworm": 1,
                "null-route": 1,
                "paper-lantern": 2, "leech-halo": 2, "rainlit-arcade": 1,
            },
            {"core-ram": 22, "overclock-shard": 3},
        ),
        # Slow and sturdy: high-DEF blockers, protocols and a win condition.
        "bastion-choir": _deck(
            "obsidian-relay",
            {
                "ash-tram-ghost": 4, "rust-oracle": 4, "chrome-ferryman": 4, "sable-circuit": 4,
                "static-moth": 3, "gutter-courier": 3, "quiet-hydra": 2, "crown-of-wires": 1,
                "firewall-hymn": 3, "census-daemon": 2, "tremor-spurs": 3, "blue-static": 1, "recall-loop": 1,
                "null-route": 2, "rainlit-arcade": 2, "mirror-glitch": 1,
            },
            {"core-ram": 21, "ghost-cache": 4},
        ),
    }
)
