"""The garbage collector while the table starts.

Start-up makes hundreds of thousands of objects (the modules, the stylesheet, the widgets) and
next to no reference cycles, yet the collector's youngest generation is examined every 700 new
objects: some eighty passes, and a handful of older-generation ones, before the table's first
frame (about 10 ms on 2026 hardware). `defer_collection` makes those passes rare until
`resume_collection` (called once the table is on the screen) puts the usual thresholds back;
nothing is ever left uncollected, it is only collected a moment later.
"""

from __future__ import annotations

import gc

#: A pass every this many new objects while deferred (the usual is 700): still bounded, so a
#: start-up that never reaches a table (a dialog first) does not grow without limit.
DEFERRED_THRESHOLD = 50_000

_saved: tuple[int, int, int] | None = None


def defer_collection() -> None:
    global _saved
    if _saved is None:
        _saved = gc.get_threshold()
        gc.set_threshold(max(_saved[0], DEFERRED_THRESHOLD), _saved[1], _saved[2])


def resume_collection() -> None:
    global _saved
    if _saved is not None:
        gc.set_threshold(*_saved)
        _saved = None


__all__ = ["defer_collection", "resume_collection"]
