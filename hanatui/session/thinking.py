"""The computer players' thinking, off the event loop, on threads a quit does not wait for.

`asyncio.to_thread` runs its call on the loop's default executor, and `asyncio.run` waits for
that executor's threads before it returns: a player who quits while the strong player thinks
for ten seconds (`--think 10`) waits those seconds for a window already gone. A thinking
computer player holds nothing that must be finished: it reads a snapshot of the state and
writes nothing. So it thinks on a daemon thread of its own, which the loop's end does not
join and the interpreter's end stops; its answer, if the loop is gone by then, is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from functools import partial
from typing import TypeVar

T = TypeVar("T")


async def think(call: Callable[..., T], *args: object) -> T:
    """``call(*args)`` on a daemon thread; its result (or exception) here, on the loop."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[T] = loop.create_future()

    def give(result: T) -> None:
        if not answer.done():  # else the awaiting task was cancelled meanwhile
            answer.set_result(result)

    def fail(error: BaseException) -> None:
        if not answer.done():
            answer.set_exception(error)

    def run() -> None:
        reply: Callable[[], None]
        try:
            reply = partial(give, call(*args))
        except BaseException as exc:  # handed to the awaiting task, as to_thread does
            reply = partial(fail, exc)
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(reply)

    threading.Thread(target=run, name="hanatui-thinking", daemon=True).start()
    return await answer


__all__ = ["think"]
