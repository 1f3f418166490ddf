"""Starter pool, part one: mainframes and RAM (the raw card data; `starter` validates it)."""

from __future__ import annotations

from typing import Any

MAINFRAMES: list[dict[str, Any]] = [
    {"id": "halcyon-lattice", "name": "Halcyon Lattice", "type": "mainframe", "cost": 4, "bioframeBonus": 3,
     "text": "Coolant coils braided along the spine keep the host upright: start with 3 more bioframe health."},
    {"id": "obsidian-relay", "name": "Obsidian Relay", "type": "mainframe", "cost": 4, "mainframeBonus": 3,
     "text": "A black-glass switchboard behind the sternum: start with 3 more mainframe health."},
    {"id": "cinder-spire", "name": "Cinder Spire", "type": "mainframe", "cost": 4, "bioframeBonus": 2, "mainframeBonus": 1,
     "text": "A chimney of overclocked cores that never cools: built for short, loud nights."},
    {"id": "hush-array", "name": "Hush Array", "type": "mainframe", "cost": 4, "bioframeBonus": 4, "mainframeBonus": 2,
     "text": "Dampers on every bus line: the rig hums at a pitch only the patient can hear."},
    {"id": "reliquary-core", "name": "Reliquary Core", "type": "mainframe", "cost": 4, "bioframeBonus": 5,
     "text": "A reinforced ribcage of old chapel brass, made to carry more iron than flesh."},
]

RAM: list[dict[str, Any]] = [
    {"id": "core-ram", "name": "Core RAM", "type": "ram", "text": "Basic RAM."},
    {"id": "overclock-shard", "name": "Overclock Shard", "type": "ram", "special": True,
     "abilities": [{"name": "Redline", "kind": "triggered", "trigger": "enters-play",
                    "effects": [{"kind": "change-ram", "amount": 1}]}],
     "text": "Special RAM. Runs hot, runs twice."},
    {"id": "ghost-cache", "name": "Ghost Cache", "type": "ram", "special": True,
     "abilities": [{"name": "Echo", "kind": "triggered", "trigger": "enters-play", "effects": [{"kind": "draw", "count": 1}]}],
     "text": "Special RAM. Remembers what you forgot."},
    {"id": "hush-shard", "name": "Hush Shard", "type": "ram", "special": True,
     "abilities": [{"name": "Sift", "kind": "triggered", "trigger": "enters-play",
                    "effects": [{"kind": "look-at-top", "count": 1, "then": "bottom"}]}],
     "text": "A sliver of quiet memory that files away what you would rather not meet yet."},
]
