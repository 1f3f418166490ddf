"""Operating-system entropy: request ids and seeds made ahead in batches are still each fresh and unique."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest

from service.dice import entropy
from service.observability import accept_request_id

_URL_SAFE_22 = re.compile(r"[A-Za-z0-9_-]{22}")
_HEX_64 = re.compile(r"[0-9a-f]{64}")


def test_request_ids_are_22_url_safe_characters_and_never_repeat_across_batches() -> None:
    ids = [entropy.new_request_id() for _ in range(entropy._BATCH * 40 + 7)]
    assert all(_URL_SAFE_22.fullmatch(each) for each in ids)
    assert len(set(ids)) == len(ids)
    assert all(accept_request_id(each) == each for each in ids[:50])  # a client may send one back as its own


def test_request_ids_use_the_whole_alphabet_in_every_place() -> None:
    # 132 random bits: every character, the last one too, takes all 64 symbols over enough ids.
    ids = [entropy.new_request_id() for _ in range(4000)]
    for place in (0, 10, 21):
        assert len({each[place] for each in ids}) == 64


def test_seeds_are_64_hex_characters_and_never_repeat_across_batches() -> None:
    seeds = [entropy.fresh_seed() for _ in range(entropy._BATCH * 40 + 7)]
    assert all(_HEX_64.fullmatch(each) for each in seeds)
    assert len(set(seeds)) == len(seeds)


def test_seeds_use_every_hex_digit_in_every_place() -> None:
    # 256 random bits: the first, a middle and the last character each take all 16 digits over enough seeds.
    seeds = [entropy.fresh_seed() for _ in range(1000)]
    for place in (0, 31, 32, 63):
        assert len({each[place] for each in seeds}) == 16


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize(("make", "kept"), [(entropy.new_request_id, entropy._REQUEST_IDS), (entropy.fresh_seed, entropy._SEEDS)])
def test_a_forked_worker_does_not_hand_out_what_its_parent_made_ahead(make: Callable[[], str], kept: list[str]) -> None:
    kept.clear()  # what earlier tests left may be the batch's last value: start from a new batch
    make()  # a batch is waiting in this process
    waiting = set(kept)
    assert len(waiting) == entropy._BATCH - 1
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the worker: its first ones, written back to the parent
        try:
            os.write(write, " ".join(make() for _ in range(5)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        made = set(pipe.read().split())
    os.waitpid(child, 0)
    assert len(made) == 5 and not made & waiting
