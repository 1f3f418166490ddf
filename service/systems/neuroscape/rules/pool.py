"""Which cards a match plays with: the built-in starter pool, a submitted pool, or both.

A submitted pool travels inside the match state (the service keeps no state of its own), so
every replica can rebuild it; the validated cards are cached by a digest of their JSON, which
keeps a rule call from re-validating a few hundred cards on every action.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from types import MappingProxyType

import orjson

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.state import NeuroscapeState, PoolSpec
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.rules.starter import STARTER_POOL


def pool_state(cards: list[NeuroscapeCard] | None, include_starter: bool) -> PoolSpec:
    """The `pool` of a new match state; refuses duplicate ids."""
    if cards is None:
        return PoolSpec(key=None, cards=None, include_starter=True)
    ids = [card.id for card in cards]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise E.refuse(E.BAD_CARD_POOL, f"the card pool repeats ids: {', '.join(repeated)}")
    shadowed = sorted(i for i in ids if include_starter and i in STARTER_POOL)
    if shadowed:
        raise E.refuse(E.BAD_CARD_POOL, f"these ids are starter cards already: {', '.join(shadowed)}")
    wire = [card.model_dump(mode="json", by_alias=True, exclude_defaults=True) for card in cards]
    key = hashlib.sha256(orjson.dumps([include_starter, wire], option=orjson.OPT_SORT_KEYS)).hexdigest()
    return PoolSpec(key=key, cards=tuple(wire), include_starter=include_starter)


def build_pool(cards: list[NeuroscapeCard] | None, include_starter: bool) -> Mapping[str, NeuroscapeCard]:
    if cards is None:
        return STARTER_POOL
    own = {card.id: card for card in cards}
    return MappingProxyType({**STARTER_POOL, **own} if include_starter else own)


def pool_of(state: NeuroscapeState) -> Mapping[str, NeuroscapeCard]:
    """The card pool of a match state."""
    spec = state.pool
    key = spec.key
    if key is None:
        return STARTER_POOL
    pool = _CACHE.get(key)
    if pool is None:
        cards = [NeuroscapeCard.model_validate(item) for item in spec.cards or ()]
        pool = build_pool(cards, spec.include_starter)
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = pool
    return pool


# digest -> validated pool; the digest covers the cards and the starter flag, so a hit is exact.
_CACHE: dict[str, Mapping[str, NeuroscapeCard]] = {}
_CACHE_SIZE = 64


def win_cards(state: NeuroscapeState) -> tuple[frozenset[str], frozenset[str]]:
    """Ids of the pool's cards that carry a "you win" condition, and the card types among them
    (most pools hold one or none, so the end-of-game check looks only where such a card can be)."""
    key = state.pool.key
    found = _WIN_CARDS.get(key)
    if found is None:
        cards = [card for card in pool_of(state).values() if card.win_if is not None]
        found = (frozenset(card.id for card in cards), frozenset(card.type for card in cards))
        _WIN_CARDS[key] = found
    return found


_WIN_CARDS: dict[str | None, tuple[frozenset[str], frozenset[str]]] = {}
