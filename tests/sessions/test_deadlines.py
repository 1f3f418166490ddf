"""Store operations under one sweeping timer: the same TimeoutError as `asyncio.timeout`, a little later at most."""

from __future__ import annotations

import asyncio

import pytest
import uvloop

from service.sessions.deadlines import Deadlines

TIMEOUT_S = 0.2
CLOCK_S = 0.001  # the coarsest loop clock here (uvloop's, in milliseconds)
# For the cases where an operation must finish in time: a busy machine must not push its real
# sleep past the deadline, so they get a deadline of a second, with its sweeps at every 1/8 s.
ROOMY_S = 1.0


async def _sleep(seconds: float, value: str = "done") -> str:
    await asyncio.sleep(seconds)
    return value


@pytest.mark.parametrize("run", [asyncio.run, uvloop.run], ids=["asyncio", "uvloop"])
def test_an_operation_past_its_deadline_raises_timeout_error_within_an_eighth_more(run) -> None:
    deadlines = Deadlines(TIMEOUT_S)

    async def scenario() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        with pytest.raises(TimeoutError):
            await deadlines.run(_sleep(10))
        return loop.time() - start

    # Three tries: a busy machine can run one timer late, not the sweep's eighth in all three. Every try stops
    # not before the deadline and far from the 10 s of an operation never stopped; the quickest within the
    # eighth, with 0.1 s for running the sweep and the cancelled task.
    tries = [run(scenario()) for _ in range(3)]
    # uvloop's clock counts whole milliseconds: 0.2 s can read as 0.19999999999981810.
    assert all(TIMEOUT_S - CLOCK_S <= took < TIMEOUT_S * 9 / 8 + 1.0 for took in tries), tries
    assert min(tries) < TIMEOUT_S * 9 / 8 + 0.1, tries


def test_an_operation_in_time_answers_and_leaves_nothing_behind() -> None:
    deadlines = Deadlines(ROOMY_S)

    async def scenario() -> list[str]:
        answers = [await deadlines.run(_sleep(0, f"op {n}")) for n in range(3)]
        answers.append(await deadlines.run(_sleep(ROOMY_S / 4, "slow but in time")))  # sweeps run meanwhile
        await asyncio.sleep(ROOMY_S)  # the sweeps run out once nothing is under way
        assert deadlines._timer is None
        return answers

    assert asyncio.run(scenario()) == ["op 0", "op 1", "op 2", "slow but in time"]
    assert not deadlines._under_way and not deadlines._expired


def test_an_error_of_the_operation_passes_through_unchanged() -> None:
    deadlines = Deadlines(TIMEOUT_S)

    async def fails() -> None:
        raise ConnectionResetError("gone")

    with pytest.raises(ConnectionResetError, match="gone"):
        asyncio.run(deadlines.run(fails()))


def test_a_cancellation_from_outside_stays_a_cancellation() -> None:
    deadlines = Deadlines(ROOMY_S)  # the cancellation must come well before the deadline

    async def scenario() -> None:
        task = asyncio.ensure_future(deadlines.run(_sleep(10)))
        await asyncio.sleep(ROOMY_S / 4)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()

    asyncio.run(scenario())


def test_a_cancellation_from_outside_at_the_deadline_is_not_swallowed() -> None:
    """Cancelled by the deadline and from outside in the same turn: the outside one wins, as with asyncio.timeout."""
    deadlines = Deadlines(TIMEOUT_S)

    async def scenario() -> None:
        async def op() -> str:
            return await deadlines.run(_sleep(10))

        task = asyncio.ensure_future(op())
        await asyncio.sleep(0)
        deadlines._under_way[task] = 0.0  # its deadline long past: the next sweep cancels it
        deadlines._sweep(asyncio.get_running_loop())
        task.cancel()  # and so does somebody else
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())


def test_concurrent_operations_each_keep_their_own_deadline() -> None:
    deadlines = Deadlines(ROOMY_S)

    async def scenario() -> list[object]:
        return await asyncio.gather(
            deadlines.run(_sleep(10)),
            deadlines.run(_sleep(ROOMY_S / 4, "quick")),
            deadlines.run(_sleep(10)),
            return_exceptions=True,
        )

    slow, quick, slower = asyncio.run(scenario())
    assert isinstance(slow, TimeoutError) and isinstance(slower, TimeoutError)
    assert quick == "quick"


def test_one_deadlines_serves_event_loops_one_after_another() -> None:
    """The tests (and a process that restarts its loop) use one store on several loops in turn."""
    deadlines = Deadlines(TIMEOUT_S)

    async def times_out() -> bool:
        try:
            await deadlines.run(_sleep(10))
        except TimeoutError:
            return True
        return False

    async def left_running() -> None:
        asyncio.ensure_future(deadlines.run(_sleep(10)))  # still under way when this loop stops
        await asyncio.sleep(0)

    asyncio.run(left_running())
    assert asyncio.run(times_out())
    assert uvloop.run(times_out())


def test_a_nested_operation_runs_under_the_deadline_already_set() -> None:
    deadlines = Deadlines(TIMEOUT_S)

    async def outer() -> str:
        return await deadlines.run(_sleep(10))

    async def scenario() -> None:
        with pytest.raises(TimeoutError):
            await deadlines.run(outer())

    asyncio.run(scenario())
