"""Timeline: one mechanism for play, undo, redo and replay.

A Timeline holds the events of a match, the state after each one, and a cursor. Play appends at
the end; `undo` goes back to before a seat's last decision (dropping what followed from the main
line and recording an `UndoTaken` event that keeps it as a variation, so a shared log is honest
about it; the markers of earlier undos among the dropped events are kept); `redo` puts the
dropped events back;
`seek` moves the cursor for viewing without changing anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from core.engine import apply
from core.events import DECISION_EVENTS, Event, ShobuCalled, UndoneEvent, UndoTaken
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
        """Go back to just before ``seat``'s last decision; returns the events dropped. The
        `UndoTaken` recorded keeps them as its variation (`taken_back`)."""
        index = self.last_decision(seat)
        if index is None:
            return []
        dropped = self.events[index:]
        del self.events[index:]
        del self.states[index:]
        self._redo.append(list(dropped))
        # Undos taken among the dropped events still happened: their markers stay in the log
        # (moved to the point this undo returns to), so undoing twice never hides the first;
        # what they took back goes into this one's variation, where it was played.
        for event in dropped:
            if isinstance(event, UndoTaken):
                self.append(UndoTaken(seat=event.seat))
        # the marker alone is checked where it stands; its variation is this timeline's own
        # past, which followed (a log read back checks it too)
        state = apply(self.states[-1], UndoTaken(seat=seat))
        self.append(UndoTaken(seat=seat, undone=taken_back(dropped)), state)
        return dropped

    def redo(self) -> list[Event]:
        """Put back the events the last undo dropped, as they were (the markers of undos among
        them back in their places); the last undo's marker stays, without its variation, since
        its line is the main line again."""
        if not self._redo:
            return []
        dropped = self._redo.pop()
        moved = sum(isinstance(e, UndoTaken) for e in dropped)
        tail = self.events[-(moved + 1) :]
        marker = tail[-1] if tail else None
        if isinstance(marker, UndoTaken) and all(isinstance(e, UndoTaken) for e in tail):
            del self.events[-(moved + 1) :]
            del self.states[-(moved + 1) :]
            self.append(UndoTaken(seat=marker.seat))
        for e in dropped:
            self.append(e)
        return [e for e in dropped if not isinstance(e, UndoTaken)]


#: The most events an undo's variation keeps (nested ones counted), how deep undos inside it
#: nest, and its most bytes as JSON: a log line stays well within the reader's bounds (64 KiB
#: a line) however often a player undoes. 240 events of any game are some 22 KB.
MAX_TAKEN_BACK = 240
MAX_NESTING = 3
MAX_TAKEN_BACK_BYTES = 32 * 1024


def taken_back(dropped: Sequence[Event]) -> tuple[UndoneEvent, ...]:
    """The variation of an undo that dropped ``dropped``: those events in order. An earlier
    undo among them (its marker is the last of them, as an undo stands where a person is to
    decide) continues the line with what it took back, when it is the only one; several are
    kept as markers with their own variations (two lines from one point). Cut to
    `MAX_TAKEN_BACK` events, `MAX_NESTING` levels and `MAX_TAKEN_BACK_BYTES`."""
    line: list[Event] = []
    markers: list[UndoTaken] = []
    for event in dropped:
        if isinstance(event, UndoTaken):
            markers.append(event)
        elif markers:  # a marker inside the line (not at its end): kept where it stands
            line += markers
            markers = []
            line.append(event)
        else:
            line.append(event)
    lines = [m for m in markers if m.undone]
    if len(lines) == 1:
        line += lines[0].undone
    else:
        line += lines
    kept = _bounded(line, [MAX_TAKEN_BACK], MAX_NESTING)
    while kept and len(msgspec.json.encode(kept)) > MAX_TAKEN_BACK_BYTES:
        kept = _bounded(kept, [len(kept) // 2], MAX_NESTING)  # the start of the line, shorter
    return kept


def _bounded(events: Sequence[Event], budget: list[int], depth: int) -> tuple[UndoneEvent, ...]:
    out: list[UndoneEvent] = []
    for event in events:
        if not isinstance(event, UndoneEvent):
            continue  # the match's end: nothing is undone after it
        if budget[0] <= 0:
            break
        budget[0] -= 1
        if isinstance(event, UndoTaken) and event.undone:
            inner = _bounded(event.undone, budget, depth - 1) if depth > 1 else ()
            event = UndoTaken(seat=event.seat, undone=inner)
        out.append(event)
    return tuple(out)
