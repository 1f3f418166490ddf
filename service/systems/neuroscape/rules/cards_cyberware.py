"""Starter pool, part three: cyberware, every gear slot at levels 1-3, tethers and malicious pieces
(the raw card data; `starter` validates it)."""

from __future__ import annotations

from typing import Any

CYBERWARE: list[dict[str, Any]] = [
    {"id": "glasswire-optics", "name": "Glasswire Optics", "type": "cyberware", "cost": 1, "slot": "head", "level": 1,
     "attackBonus": 1, "psychosis": 1, "text": "+1 ATK. Every streetlight becomes a targeting reticle."},
    {"id": "piston-grip", "name": "Piston Grip", "type": "cyberware", "cost": 2, "slot": "right-arm", "level": 2,
     "attackBonus": 2, "psychosis": 3, "text": "+2 ATK. Handshakes are now a liability."},
    {"id": "tremor-spurs", "name": "Tremor Spurs", "type": "cyberware", "cost": 1, "slot": "legs", "level": 1,
     "defenseBonus": 1, "psychosis": 1, "text": "+1 DEF. The floor hums a warning a step ahead."},
    {"id": "leech-halo", "name": "Leech Halo", "type": "cyberware", "cost": 2, "slot": "head", "level": 1,
     "attackBonus": -1, "psychosis": 4, "malicious": True,
     "text": "Malicious: attach it to any character. -1 ATK; it whispers in the wearer's own voice."},
    # -- new pieces ----------------------------------------------------------------------
    {"id": "razorknuckle", "name": "Razorknuckle", "type": "cyberware", "cost": 1, "slot": "left-arm", "level": 1,
     "attackBonus": 1, "psychosis": 1, "text": "Four blades that fold flat for the metal detector."},
    {"id": "sprint-pistons", "name": "Sprint Pistons", "type": "cyberware", "cost": 2, "slot": "legs", "level": 2,
     "attackBonus": 1, "defenseBonus": 1, "psychosis": 2, "text": "Knees that kick like a freight elevator."},
    {"id": "choir-lens", "name": "Choir Lens", "type": "cyberware", "cost": 2, "slot": "head", "level": 2,
     "attackBonus": 1, "defenseBonus": 1, "psychosis": 2, "text": "Stained-glass optics that tint every threat gold."},
    {"id": "halo-breaker", "name": "Halo Breaker", "type": "cyberware", "cost": 3, "slot": "head", "level": 3,
     "attackBonus": 3, "defenseBonus": 1, "psychosis": 5, "text": "A crown of cutting lasers; the wearer stops blinking."},
    {"id": "saints-hook", "name": "Saint's Hook", "type": "cyberware", "cost": 1, "slot": "left-arm", "level": 1,
     "attackBonus": 1, "psychosis": 1, "text": "A blessed gaff from the fish market, grafted at the wrist."},
    {"id": "gallows-arm", "name": "Gallows Arm", "type": "cyberware", "cost": 2, "slot": "left-arm", "level": 2,
     "attackBonus": 2, "psychosis": 3, "text": "Lifts a car, then keeps squeezing."},
    {"id": "ossuary-fist", "name": "Ossuary Fist", "type": "cyberware", "cost": 3, "slot": "left-arm", "level": 3,
     "attackBonus": 2, "defenseBonus": 2, "psychosis": 5, "text": "Knuckles cast from the bones of an older model."},
    {"id": "signal-spur", "name": "Signal Spur", "type": "cyberware", "cost": 1, "slot": "right-arm", "level": 1,
     "psychosis": 1,
     "abilities": [{"name": "Handshake", "kind": "triggered", "trigger": "enters-play", "effects": [{"kind": "draw", "count": 1}]}],
     "text": "A data spike in the palm that pulls a file from whatever it touches."},
    {"id": "cantor-rig", "name": "Cantor Rig", "type": "cyberware", "cost": 3, "slot": "right-arm", "level": 3,
     "attackBonus": 3, "psychosis": 4, "text": "A sonic cannon tuned to the hymn of breaking glass."},
    {"id": "rebar-spine", "name": "Rebar Spine", "type": "cyberware", "cost": 3, "slot": "legs", "level": 3,
     "defenseBonus": 3, "psychosis": 4, "text": "Poured, not grown; it does not bend and neither does its host."},
    {"id": "suture-tether", "name": "Suture Tether", "type": "cyberware", "cost": 1, "slot": "left-arm", "level": 1,
     "defenseBonus": 1, "psychosis": 1, "tether": True,
     "text": "A braided nerve cable joining two hands: one pulls, both feel it."},
    {"id": "marrow-tether", "name": "Marrow Tether", "type": "cyberware", "cost": 2, "slot": "legs", "level": 2,
     "attackBonus": 1, "defenseBonus": 1, "psychosis": 2, "tether": True,
     "text": "Two gaits stitched into one stride; the cable outlives either walker."},
    {"id": "thorn-crown", "name": "Thorn Crown", "type": "cyberware", "cost": 2, "slot": "head", "level": 2,
     "attackBonus": -1, "defenseBonus": -1, "psychosis": 5, "malicious": True,
     "text": "A gift nobody asked for, hammered on while they slept."},
    {"id": "rust-shackle", "name": "Rust Shackle", "type": "cyberware", "cost": 1, "slot": "legs", "level": 1,
     "psychosis": 3, "malicious": True,
     "text": "An ankle lock that hums old grudges into the marrow."},
]
