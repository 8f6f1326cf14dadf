"""The replay model: a log as a story, a position in it, and what a seat may see there.

No Textual here: the replay viewer draws what this module decides. Positions are counts of
events applied, 1..len(events), as `Timeline.seek` takes them. The main line is what was
finally played: an undo's marker (`UndoTaken`) is not a step of it (the board after it is the
board before it), and what the undo took back is a side `Variation` beside the move that
replaced it, as a PGN keeps one.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import NamedTuple

from core.cards import Card
from core.engine import apply
from core.errors import HanaError
from core.events import (
    PROOF_EVENTS,
    DealCommitted,
    DealRevealed,
    Dealt,
    EntropyGiven,
    Event,
    MatchEnded,
    MatchStarted,
    RoundEnded,
    UndoTaken,
)
from core.state import State
from core.text import UNSAFE_TEXT
from core.view import observe
from hanatui.text.i18n import N_, _, language, pgettext
from hanatui.text.words import and_list, describe_event, future_words, is_you, round_summary

_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|1[0-2])[a-d](?![0-9A-Za-z])")


class Variation(NamedTuple):
    """What one undo took back, as it was played: ``marker`` the index of its `UndoTaken`,
    ``at`` the index of the main-line event it stands beside (the decision that replaced it; the
    last event before the marker when nothing replaced it), ``seat`` who took it back, its
    events with the state after each, and its ``lines``: (depth, words, the words naming no
    card, the index in ``events`` of the event told) for each event, an undo kept inside it
    followed by what that one took back, one level deeper (told at that undo's index)."""

    marker: int
    at: int
    seat: int
    events: tuple[Event, ...]
    states: tuple[State, ...]
    lines: tuple[tuple[int, str, str, int], ...]


#: How deep the lines of undos inside a variation are told (a log nests them at most 3 deep).
_MAX_DEPTH = 4


def variation_lines(
    events: Sequence[Event], before: State, depth: int = 0
) -> tuple[tuple[Event, ...], tuple[State, ...], tuple[tuple[int, str, str, int], ...]]:
    """The events of a variation that follow from ``before`` (a line that does not follow is
    cut where it stops), with their states and their lines (see `Variation`)."""
    out_events: list[Event] = []
    out_states: list[State] = []
    lines: list[tuple[int, str, str, int]] = []
    state = before
    for k, event in enumerate(events):
        try:
            after = apply(state, event)
        except HanaError:
            break
        text = describe_event(event, state, after) or ""
        if text:
            lines.append((depth, text, future_words(event, (state, after), 1), k))
        if isinstance(event, UndoTaken) and event.undone and depth + 1 < _MAX_DEPTH:
            inner = variation_lines(event.undone, state, depth + 1)[2]
            lines += [(d, w, b, k) for d, w, b, _ in inner]
        out_events.append(event)
        out_states.append(after)
        state = after
    return tuple(out_events), tuple(out_states), tuple(lines)


class Story:
    """The log cut into rounds, the turn boundaries, the main line's steps, the variations and
    the words for each event."""

    def __init__(self, events: Sequence[Event], states: Sequence[State]) -> None:
        self.events = events
        self.states = states
        # the main line's steps: every position but those just after an undo's marker, except
        # the log's end (a game left just after an undo: there its variation shows)
        steps = [p for p in range(1, len(events) + 1) if not _is_marker(events[p - 1])]
        if events and steps[-1] != len(events):
            steps.append(len(events))
        self.steps = steps
        # the undos with a variation, and the main-line event each stands beside
        self._marked: dict[int, list[int]] = {}
        for i, e in enumerate(events):
            if isinstance(e, UndoTaken) and e.undone:
                at = next((j for j in range(i + 1, len(events)) if not _is_marker(events[j])), None)
                if at is None:  # nothing replaced it: beside the last move before it
                    at = max(j for j in range(i) if not _is_marker(events[j]))
                self._marked.setdefault(at, []).append(i)
        # what is told is in the language in use when it is asked for: kept per language
        self._variations: dict[tuple[str, int], Variation] = {}
        self.steps_set = frozenset(self.steps)
        self._hidden: dict[tuple[int, int], int] = {}
        # round segments: segment 0 is what comes before the first deal
        starts = [0]
        last_round = 0
        for i, e in enumerate(events):
            if isinstance(e, Dealt) and e.round != last_round and i > 0:
                starts.append(i)
                last_round = e.round
        self.starts = starts
        # positions where a turn (or a round, or the match) has just ended
        marks = [1]
        last_key = self._turn_key(states[0]) if states else None
        for k in self.steps[1:]:
            key = self._turn_key(states[k - 1])
            if key != last_key:
                marks.append(k)
            last_key = key
        if self.steps and marks[-1] != self.steps[-1]:
            marks.append(self.steps[-1])
        self.turn_marks = marks
        self._words: dict[tuple[str, int], str] = {}

    @staticmethod
    def _turn_key(s: State) -> tuple[object, ...]:
        return (s.round, s.turn_no, s.rounds_done, s.phase == "over")

    def __len__(self) -> int:
        return len(self.events)

    # --- the main line ---------------------------------------------------------------------------
    def settle(self, position: int) -> int:
        """``position`` on the main line: a position just after undo markers is the step before
        them (the same board)."""
        position = max(1, min(position, len(self.events)))
        i = bisect.bisect_right(self.steps, position) - 1
        return self.steps[i] if i >= 0 else 1

    def step(self, position: int, delta: int) -> int:
        """The step ``delta`` steps of the main line away from ``position`` (clamped)."""
        i = bisect.bisect_right(self.steps, self.settle(position)) - 1 + delta
        return self.steps[max(0, min(i, len(self.steps) - 1))]

    @property
    def end(self) -> int:
        """The last step of the main line."""
        return self.steps[-1] if self.steps else 1

    def hidden_at(self, position: int, seat: int) -> int:
        """The cards ``seat`` cannot see at ``position`` (a mask)."""
        key = (position, seat)
        found = self._hidden.get(key)
        if found is None:
            found = self._hidden[key] = hidden_from(self.states[position - 1], seat)
        return found

    @property
    def has_variations(self) -> bool:
        """Whether an undo of this log kept what it took back."""
        return bool(self._marked)

    def variations_at(self, index: int) -> list[Variation]:
        """The variations beside main-line event ``index`` (those its undos took back)."""
        return [self.variation(marker) for marker in self._marked.get(index, ())]

    def variation(self, marker: int) -> Variation:
        """What the undo whose marker is event ``marker`` took back, folded from where it
        stands."""
        key = (language(), marker)
        found = self._variations.get(key)
        if found is None:
            event = self.events[marker]
            assert isinstance(event, UndoTaken)
            before = self.states[marker - 1]
            events, states, lines = variation_lines(event.undone, before)
            at = next(a for a, markers in self._marked.items() if marker in markers)
            found = Variation(marker, at, event.seat, events, states, lines)
            self._variations[key] = found
        return found

    # --- rounds and turns ----------------------------------------------------------------------
    def segment_of(self, position: int) -> int:
        """The segment holding the last event applied at ``position``."""
        return bisect.bisect_right(self.starts, max(position, 1) - 1) - 1

    def segment_range(self, segment: int) -> range:
        end = self.starts[segment + 1] if segment + 1 < len(self.starts) else len(self.events)
        return range(self.starts[segment], end)

    def segment_start(self, segment: int) -> int:
        """The position that opens a segment: just after its deal (or the match's first event)."""
        return self.starts[segment] + 1

    def next_turn(self, position: int) -> int:
        i = bisect.bisect_right(self.turn_marks, position)
        return self.turn_marks[i] if i < len(self.turn_marks) else self.end

    def previous_turn(self, position: int) -> int:
        i = bisect.bisect_left(self.turn_marks, position) - 1
        return self.turn_marks[i] if i >= 0 else 1

    def next_round(self, position: int) -> int:
        segment = self.segment_of(position)
        if segment + 1 < len(self.starts):
            return self.segment_start(segment + 1)
        return self.end

    def previous_round(self, position: int) -> int:
        segment = self.segment_of(position)
        start = self.segment_start(segment)
        if position > start or segment == 0:
            return start
        return self.segment_start(segment - 1)

    def opening(self) -> int:
        """Where the viewer opens: the first deal, so there is a table to look at."""
        return self.segment_start(1) if len(self.starts) > 1 else 1

    def round_ended_at(self, position: int) -> RoundEnded | None:
        """The round result to show at ``position``: its last event ends a round or the match."""
        event = self.events[position - 1]
        if isinstance(event, RoundEnded):
            return event
        if isinstance(event, MatchEnded):
            for e in reversed(self.events[: position - 1]):
                if isinstance(e, RoundEnded):
                    return e
        return None

    # --- words ---------------------------------------------------------------------------------
    def words(self, index: int) -> str:
        """The move list's line for event ``index``, in full."""
        key = (language(), index)
        text = self._words.get(key)
        if text is None:
            event = self.events[index]
            before = self.states[index - 1] if index else None
            text = _proof_words(event, self.states[index]) or describe_event(
                event, before, self.states[index]
            )
            text = self._words[key] = text or ""
        return text

    def line(self, index: int, position: int, seat: int, *, all_hands: bool) -> str:
        """Event ``index`` as ``seat`` may know of it with the cursor at ``position``: a past
        move naming a card the seat cannot see, or any move still to come, names no card."""
        if all_hands or isinstance(self.events[index], PROOF_EVENTS):
            return self.words(index)  # a deal's proof names no card
        if index < position:
            text = self.words(index)
            if not mentions_hidden(text, self.hidden_at(position, seat)):
                return text
        return future_words(self.events[index], self.states, index)

    def summary(self, segment: int) -> str:
        """One line for a whole round (or for the start of the match)."""
        events = [self.events[i] for i in self.segment_range(segment)]
        players = self.states[-1].players
        if segment == 0:
            if events and isinstance(events[0], MatchStarted):
                return self.words(0)
            return _("The match begins")
        dealt = events[0]
        assert isinstance(dealt, Dealt)
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        text = round_summary(ended, players, dealt.round)
        final = next((e for e in events if isinstance(e, MatchEnded)), None)
        if final is not None:
            winners = [players[i].name for i in final.winners]
            if len(winners) == 1 and is_you(winners[0]):
                # TRANSLATORS: a round's summary, then who won the match: the player named
                # "You" (the name the app gives a player who typed none)
                end = pgettext("the winner is named You", "{summary}. Match over: {player} win")
            elif len(winners) == 1:
                # TRANSLATORS: a round's summary, then who won the match
                end = _("{summary}. Match over: {player} wins")
            else:
                # TRANSLATORS: a round's summary, then the players who tie the match ("A and B")
                end = _("{summary}. Match over: {players} tie")
            text = end.format(summary=text, player=winners[0], players=and_list(winners))
        return text


def _is_marker(event: Event) -> bool:
    return isinstance(event, UndoTaken)


def hidden_from(state: State, seat: int) -> int:
    """The mask of the cards ``seat`` cannot see in ``state``."""
    if not state.hands:
        return 0
    return int(observe(state, seat).unseen.mask)


def mentions_hidden(text: str, hidden: int) -> bool:
    """True if ``text`` names (by code) a card of the ``hidden`` mask."""
    if not hidden:
        return False
    return any(Card(m.group()).bit & hidden for m in _CODE.finditer(text))


def safe_text(text: str, limit: int = 200) -> str:
    """Text from outside made fit for a log's text field: no control characters, not too long."""
    return UNSAFE_TEXT.sub("?", text)[:limit]


__all__ = ["Story", "Variation", "hidden_from", "mentions_hidden", "safe_text", "variation_lines"]


#: The move list's lines for a deal's proof (docs/deals.md), translated where shown.
PROOF_WORDS = {
    "committed": N_("The table commits to its secret for the next deal"),
    "entropy": N_("{player} adds entropy to the next deal's seed"),
    # TRANSLATORS: "hanatui verify" is the command that checks it: keep it as it is
    "revealed": N_("The table reveals its secret: the deal can be checked (hanatui verify)"),
}


def _proof_words(event: Event, after: State) -> str | None:
    if isinstance(event, DealCommitted):
        return _(PROOF_WORDS["committed"])
    if isinstance(event, EntropyGiven):
        players = after.players
        if 0 <= event.seat < len(players):
            return _(PROOF_WORDS["entropy"]).format(player=players[event.seat].name)
        return _("A player adds entropy to the next deal's seed")
    if isinstance(event, DealRevealed):
        return _(PROOF_WORDS["revealed"])
    return None
