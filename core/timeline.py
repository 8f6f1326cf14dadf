"""Timeline: one mechanism for play, undo, redo and replay.

A Timeline holds the events of a match, the state after each one, and a cursor. Play appends at
the end; `undo` goes back to before a seat's last decision (dropping what followed and recording
an `UndoTaken` event, so a shared log is honest about it; the markers of earlier undos among the
dropped events are kept); `redo` puts the dropped events back;
`seek` moves the cursor for viewing without changing anything.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.engine import apply
from core.events import DECISION_EVENTS, Event, ShobuCalled, UndoTaken
from core.state import State


class Timeline:
    """Events, the cached state after each, and a viewing cursor."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self.events: list[Event] = []
        self.states: list[State] = []
        self._redo: list[list[Event]] = []
        self.cursor = 0
        for event in events:
            self.append(event)

    # --- reading ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self.state_at(self.cursor)

    @property
    def last(self) -> State:
        """The state after every event."""
        return self.states[-1]

    def state_at(self, index: int) -> State:
        """The state after the first ``index`` events (index >= 1)."""
        if not 1 <= index <= len(self.states):
            raise IndexError(f"no state after {index} events (the timeline has {len(self.states)})")
        return self.states[index - 1]

    def seek(self, index: int) -> State:
        """Move the viewing cursor to after ``index`` events (clamped) and return that state."""
        self.cursor = max(1, min(index, len(self.events)))
        return self.state

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.events)

    # --- writing ---------------------------------------------------------------------------
    def append(self, event: Event, state: State | None = None) -> State:
        """Add one event (with its resulting state, if the caller already computed it)."""
        if state is None:
            state = apply(self.states[-1] if self.states else None, event)
        self.events.append(event)
        self.states.append(state)
        self.cursor = len(self.events)
        return state

    def extend(self, pairs: Iterable[tuple[Event, State]], *, keep_redo: bool = False) -> None:
        """Add events with their states, as `core.engine.step` returns them."""
        events, states = self.events, self.states
        for event, state in pairs:
            events.append(event)
            states.append(state)
        self.cursor = len(events)
        if not keep_redo:
            self._redo.clear()

    def last_decision(self, seat: int) -> int | None:
        """The index of ``seat``'s last decision event, or None."""
        for i in range(len(self.events) - 1, -1, -1):
            ev = self.events[i]
            if isinstance(ev, ShobuCalled) and ev.auto:
                continue  # forced by the rules, not decided: undo goes back to the move before
            if isinstance(ev, DECISION_EVENTS) and ev.seat == seat:
                return i
        return None

    def can_undo(self, seat: int) -> bool:
        return self.last_decision(seat) is not None

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, seat: int) -> list[Event]:
        """Go back to just before ``seat``'s last decision; returns the events dropped."""
        index = self.last_decision(seat)
        if index is None:
            return []
        dropped = self.events[index:]
        del self.events[index:]
        del self.states[index:]
        self._redo.append(list(dropped))
        # Undos taken among the dropped events still happened: their markers stay in the log
        # (moved to the point this undo returns to), so undoing twice never hides the first.
        for event in dropped:
            if isinstance(event, UndoTaken):
                self.append(event)
        self.append(UndoTaken(seat=seat))
        return dropped

    def redo(self) -> list[Event]:
        """Put back the events the last undo dropped (undo markers among them are skipped)."""
        if not self._redo:
            return []
        events = [e for e in self._redo.pop() if not isinstance(e, UndoTaken)]
        for e in events:
            self.append(e)
        return events
