"""The replay model: a log as a story, a position in it, and what a seat may see there.

No Textual here: the replay viewer draws what this module decides. Positions are counts of
events applied, 1..len(events), as `Timeline.seek` takes them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from core.cards import Card
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
)
from core.state import State
from core.text import UNSAFE_TEXT
from core.view import observe
from hanatui.text.words import and_list, describe_event, future_words, round_summary, verb_for

_CODE = re.compile(r"(?<![0-9A-Za-z])(0[1-9]|1[0-2])[a-d](?![0-9A-Za-z])")


class Story:
    """The log cut into rounds, the turn boundaries, and the words for each event."""

    def __init__(self, events: Sequence[Event], states: Sequence[State]) -> None:
        self.events = events
        self.states = states
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
        for k in range(2, len(events) + 1):
            if self._turn_key(states[k - 1]) != self._turn_key(states[k - 2]):
                marks.append(k)
        if marks[-1] != len(events):
            marks.append(len(events))
        self.turn_marks = marks
        self._words: dict[int, str] = {}

    @staticmethod
    def _turn_key(s: State) -> tuple[object, ...]:
        return (s.round, s.turn_no, s.rounds_done, s.phase == "over")

    def __len__(self) -> int:
        return len(self.events)

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
        return self.turn_marks[i] if i < len(self.turn_marks) else len(self.events)

    def previous_turn(self, position: int) -> int:
        i = bisect.bisect_left(self.turn_marks, position) - 1
        return self.turn_marks[i] if i >= 0 else 1

    def next_round(self, position: int) -> int:
        segment = self.segment_of(position)
        if segment + 1 < len(self.starts):
            return self.segment_start(segment + 1)
        return len(self.events)

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
        text = self._words.get(index)
        if text is None:
            event = self.events[index]
            before = self.states[index - 1] if index else None
            text = _proof_words(event, self.states[index]) or describe_event(
                event, before, self.states[index]
            )
            self._words[index] = text or ""
        return self._words[index]

    def line(self, index: int, position: int, seat: int, *, all_hands: bool) -> str:
        """Event ``index`` as ``seat`` may know of it with the cursor at ``position``: a past
        move naming a card the seat cannot see, or any move still to come, names no card."""
        if all_hands or isinstance(self.events[index], PROOF_EVENTS):
            return self.words(index)  # a deal's proof names no card
        if index < position:
            text = self.words(index)
            if not mentions_hidden(text, hidden_from(self.states[position - 1], seat)):
                return text
        return future_words(self.events[index], self.states, index)

    def summary(self, segment: int) -> str:
        """One line for a whole round (or for the start of the match)."""
        events = [self.events[i] for i in self.segment_range(segment)]
        players = self.states[-1].players
        if segment == 0:
            if events and isinstance(events[0], MatchStarted):
                return self.words(0)
            return "The match begins"
        dealt = events[0]
        assert isinstance(dealt, Dealt)
        ended = next((e for e in events if isinstance(e, RoundEnded)), None)
        text = round_summary(ended, players, dealt.round)
        final = next((e for e in events if isinstance(e, MatchEnded)), None)
        if final is not None:
            winners = [players[i].name for i in final.winners]
            verb = verb_for(winners[0], "win") if len(winners) == 1 else "tie"
            text += f". Match over: {and_list(winners)} {verb}"
        return text


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


__all__ = ["Story", "hidden_from", "mentions_hidden", "safe_text"]


#: The move list's lines for a deal's proof (docs/deals.md).
PROOF_WORDS = {
    "committed": "The table commits to its secret for the next deal",
    "entropy": "{player} adds entropy to the next deal's seed",
    "revealed": "The table reveals its secret: the deal can be checked (hanatui verify)",
}


def _proof_words(event: Event, after: State) -> str | None:
    if isinstance(event, DealCommitted):
        return PROOF_WORDS["committed"]
    if isinstance(event, EntropyGiven):
        players = after.players
        name = players[event.seat].name if 0 <= event.seat < len(players) else "A player"
        return PROOF_WORDS["entropy"].format(player=name)
    if isinstance(event, DealRevealed):
        return PROOF_WORDS["revealed"]
    return None
