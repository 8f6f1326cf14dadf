"""`hanatui.session.thinking.think`: a computer player's call off the loop, on a thread that the
loop's end does not wait for."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from hanatui.session.thinking import think


def test_the_answer_and_the_error_come_back_to_the_loop():
    async def main() -> tuple[int, str]:
        loop_thread = threading.get_ident()
        where = await think(threading.get_ident)
        with pytest.raises(ValueError, match="no move"):
            await think(_fails, "no move")
        return where, "on the loop" if threading.get_ident() == loop_thread else "elsewhere"

    where, after = asyncio.run(main())
    assert where != threading.get_ident()  # thought out on another thread
    assert after == "on the loop"


def _fails(why: str) -> None:
    raise ValueError(why)


def test_the_loops_end_does_not_wait_for_a_thought():
    # asyncio.to_thread's thread would hold asyncio.run for the whole 30 s.
    release = threading.Event()

    async def main() -> None:
        task = asyncio.create_task(think(release.wait, 30))
        await asyncio.sleep(0.05)
        task.cancel()

    started = time.monotonic()
    asyncio.run(main())
    took = time.monotonic() - started
    release.set()  # the thought ends, its answer dropped with nobody to take it
    assert took < 5
