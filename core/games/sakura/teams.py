"""Sakura's teams (docs/rules.md §6.3): teammates sit alternately and pool their captures."""

from __future__ import annotations

from functools import cache

from core.errors import IllegalActionError
from core.games.sakura.rules import TEAM_LAYOUTS


@cache
def teams_of(layout: str, n: int) -> tuple[tuple[int, ...], ...]:
    """The scoring units of ``n`` seats: one per seat, or the teams of ``layout`` seated
    alternately (seat s is in team s % team count: 2x2 gives (0, 2) and (1, 3)). Raises
    `IllegalActionError` when the layout does not seat ``n`` players."""
    shape = TEAM_LAYOUTS.get(layout)
    if shape is None:
        return tuple((s,) for s in range(n))
    count, size = shape
    if count * size != n:
        raise IllegalActionError(
            f"teams {layout} ({count} teams of {size}) needs {count * size} players, not {n}"
        )
    return tuple(tuple(range(t, n, count)) for t in range(count))
