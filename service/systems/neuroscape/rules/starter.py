"""The built-in starter pool: original cards of this project, and the legal starter decks.

Names and text are our own. Abilities are effect data (`wire.effects`); their text is written
from it. A card's own `text` is flavour (the first cards also repeat the numbers their plain
fields carry). The card data lives in `cards_frames` (mainframes, RAM), `cards_characters`,
`cards_cyberware` and `cards_programs`; this module validates it once, and lists the decks: the
two first starter decks and three preconstructed decks with a plan each.
"""

from __future__ import annotations

from typing import Any

from types import MappingProxyType

from service.systems.neuroscape.rules.cards_characters import CHARACTERS
from service.systems.neuroscape.rules.cards_cyberware import CYBERWARE
from service.systems.neuroscape.rules.cards_frames import MAINFRAMES, RAM
from service.systems.neuroscape.rules.cards_programs import PROGRAMS
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.wire.cards import NeuroscapeDeckList

_CARDS: list[dict[str, Any]] = [*MAINFRAMES, *CHARACTERS, *CYBERWARE, *PROGRAMS, *RAM]

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
        # The preconstructed decks, one plan each.
        # razor-tide, aggression: a curve of cheap blitz attackers that hurt as they attack or die, a drug and a
        # whistle that refresh an attacker so it can still block, burn to the bioframe and mainframe, a virus that
        # ties up the opponents' spare RAM before they can deploy blockers, and Afterimage.exe for a second turn in
        # a row.
        "razor-tide": _deck(
            "cinder-spire",
            {
                "spark-urchin": 4, "static-moth": 4, "gutter-courier": 4, "neon-jackal": 4, "alley-duelist": 3,
                "lantern-saint": 3, "velvet-breaker": 4, "riot-conductor": 2, "cinder-rook": 3, "vermilion-tempest": 1,
                "marrow-duchess": 2, "razorknuckle": 2, "skyline-flare-exe": 3, "afterimage-exe": 2, "redshift": 2,
                "sidestep-script": 1, "sprint-pistons": 1, "shatterglass-boulevard": 1, "tar-pit": 2,
            },
            {"core-ram": 21, "overclock-shard": 4},
        ),
        # quiet-lattice, control: sturdy blockers and answers on the order (counters, sign swaps), trojans and
        # viruses that strip committed RAM and force stability checks, discard, and Silent Verdict to win once
        # the opponents' recycle bins are full.
        "quiet-lattice": _deck(
            "hush-array",
            {
                "hush-warden": 3, "lattice-clerk": 4, "static-confessor": 2, "siphon-eel": 2, "null-abbess": 1,
                "ash-tram-ghost": 4, "sable-circuit": 3, "rust-oracle": 2, "chrome-ferryman": 2, "memory-rot": 3,
                "sleepworm": 1, "undertow": 2, "wormlight": 2, "paper-lantern": 1, "purge-sweep-exe": 2,
                "tidal-audit-exe": 1, "severance": 2, "polarity-knot": 2, "mirror-glitch": 1, "null-route": 3,
                "quiet-ledger": 1, "silent-verdict": 1, "firewall-hymn": 2,
            },
            {"core-ram": 21, "hush-shard": 2, "ghost-cache": 2},
        ),
        # chrome-psalm, cyberware and psychosis: characters with many gear slots loaded with cyberware of every
        # slot and level, tethers, malicious pieces that drive the opponents' characters psychotic, drugs, and a
        # big bioframe to survive its own psychotic attackers.
        "chrome-psalm": _deck(
            "reliquary-core",
            {
                "fever-choirboy": 4, "chapel-augur": 4, "scrapyard-seraph": 3, "hollow-matron": 2, "pale-cantor": 2,
                "saint-of-sutures": 1, "quiet-hydra": 1, "chrome-ferryman": 2, "glasswire-optics": 2, "choir-lens": 2,
                "saints-hook": 2, "gallows-arm": 2, "halo-breaker": 1, "rebar-spine": 1, "cantor-rig": 1,
                "ossuary-fist": 1, "suture-tether": 2, "marrow-tether": 1, "signal-spur": 2, "thorn-crown": 2,
                "rust-shackle": 2, "leech-halo": 1, "glass-honey": 2, "vesper-dust": 1, "lull-drops": 2,
                "blue-static": 1, "ballast-hymn": 2, "neon-reliquary": 1,
            },
            {"core-ram": 21, "ghost-cache": 2, "overclock-shard": 2},
        ),
    }
)
