"""Logs redacted for one seat: the cards that seat could not see are left out (null).

`redact` blanks every position of each dealt deck that the seat could not see when the cards were
dealt (the other hands and the draw pile) and the card of every draw into another seat's hand
(koi-koi's draw-then-play-two turns, P16: that card goes into the hand unseen). Cards turned over
for everyone (a draw resolved on the field, P17's unmatched draw kept in the hand) stay.
What an undo took back (`UndoTaken.undone`) is left out: it may hold a deal.

Play reveals hidden cards later, one by one, so `unredact` can put the revealed ones back where
they must have been (a turned card at its place in the pile, a played card in its player's hand
or in a hidden draw that player took before the play) and places the never-revealed rest in the
first of a fixed sequence of orders with which the round replays as recorded. Only cards that
stayed hidden are placed arbitrarily, and a viewer of a redacted log shows that seat's view only.

The work is linear in the log: each round is replayed from the state before its deal (never from
the start of the match), and the orders that fail are paid from one budget proportional to the
log's length, so a hostile log cannot make the search slow.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal

from msgspec.structs import replace

from core.cards import CARDS, Card
from core.errors import CorruptLogError
from core.events import (
    CardDrawn,
    CardPlayed,
    Dealt,
    DrawnToHand,
    Event,
    HikiDeclared,
    MatchStarted,
    RoundEnded,
    Seat,
    UndoTaken,
)
from core.games.options import Rules
from core.games.registry import game_of
from core.messages import N_
from core.state import State

#: Orders tried for the never-revealed cards of one deal before giving up.
MAX_FILLS = 64


class HiddenDraw(Event, frozen=True, tag="drawn_to_hand"):
    """`DrawnToHand` as a log redacted for another seat holds it: the card is null, since that
    seat never saw it (koi-koi's draw-then-play-two turns). Only ever read from and written to a
    redacted log; `unredact` turns it back into a `DrawnToHand`."""

    seat: Seat
    card: Card | None
    reason: Literal["draw_then_play_two", "unmatched_draw"]


def _layout(rules: Rules, n: int) -> tuple[int, int]:
    return game_of(rules.game).deal_sizes(rules, n)


def _private_draw(event: Event, seat: int) -> bool:
    """A draw into another seat's hand that ``seat`` did not see (P16)."""
    return (
        isinstance(event, DrawnToHand)
        and event.reason == "draw_then_play_two"
        and event.seat != seat
    )


def _drawn(event: HiddenDraw) -> DrawnToHand | HiddenDraw:
    """A redacted log's draw into the hand as the engine's event, if its card is known."""
    if event.card is None:
        return event
    return DrawnToHand(seat=event.seat, card=event.card, reason=event.reason)


#: A seat a redacted log names that the match does not have.
_NO_SEAT = N_(
    "no seat {seat} ({index} in the log, which counts seats from 0) in a {count}-player match"
)


def redact(events: Sequence[Event], seat: int) -> list[Event]:
    """The events with what ``seat`` could not see blanked (see the module docstring)."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError(N_("a match must begin with match_started"))
    n = len(first.players)
    if not 0 <= seat < n:
        raise CorruptLogError(_NO_SEAT, seat=seat + 1, index=seat, count=n)
    hand, field = _layout(first.rules, n)
    own = range(field + seat * hand, field + (seat + 1) * hand)
    out: list[Event] = []
    for e in events:
        if isinstance(e, Dealt):
            deck = tuple(c if i < field or i in own else None for i, c in enumerate(e.deck))
            e = replace(e, deck=deck)
        elif _private_draw(e, seat):
            assert isinstance(e, DrawnToHand)
            e = HiddenDraw(seat=e.seat, card=None, reason=e.reason)
        elif isinstance(e, UndoTaken) and e.undone:
            e = UndoTaken(seat=e.seat)  # a variation may hold a deal: a redacted copy has none
        out.append(e)
    return out


def _fills(cards: list[Card], count: int) -> Iterator[list[Card]]:
    """A fixed sequence of orders for the never-revealed cards: first months spread apart (a
    filled hand then rarely looks like a lucky hand it never was), then fixed permutations."""
    spread = sorted(cards, key=lambda c: (c.index % 4, c.month))
    yield spread
    seed = 12345
    for _ in range(count):
        order = list(spread)
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates driven by a fixed LCG
            seed = (seed * 1103515245 + 12345) % 2**31
            j = seed % (i + 1)
            order[i], order[j] = order[j], order[i]
        yield order


class _Budget:
    """Events that may still be replayed for orders that turn out wrong."""

    def __init__(self, events: int) -> None:
        self.left = 4 * events + 4096


def _replay(state: State, events: Sequence[Event], at: int, budget: _Budget | None) -> State:
    """Apply ``events`` from ``state``; errors carry the index (``at`` + i) of the event at fault.

    With a ``budget``, each applied event is paid from it first, and running out is an error."""
    from core.engine import apply

    for i, event in enumerate(events):
        if budget is not None:
            if budget.left <= 0:
                raise CorruptLogError(
                    N_("the redacted deals cannot be completed within reason"), at
                )
            budget.left -= 1
        try:
            state = apply(state, event)
        except CorruptLogError as exc:
            raise exc.at(at + i) from None
    return state


class _Deal:
    """One redacted deal being filled in: the deck with its holes, and where hidden cards can go."""

    def __init__(self, dealt: Dealt, n: int, hand: int, field: int) -> None:
        self.deck: list[Card | None] = list(dealt.deck)
        self.hand = hand
        self.field = field
        self.n = n
        self.known = 0
        for c in self.deck:
            if c is not None:
                if self.known & c.bit:
                    raise CorruptLogError(N_("{card} is dealt twice"), card=c.value)
                self.known |= c.bit
        self.pile_pos = field + n * hand
        # per seat, the pile positions of hidden draws into that hand (P16), in order
        self.drawn: list[list[int]] = [[] for _ in range(n)]

    def seat_slots(self, seat: int) -> list[int]:
        """Where a card in ``seat``'s hand may have come from: its hidden draws so far (latest
        first), then its dealt hand."""
        if not 0 <= seat < self.n:
            raise CorruptLogError(_NO_SEAT, seat=seat + 1, index=seat, count=self.n)
        dealt = range(self.field + seat * self.hand, self.field + (seat + 1) * self.hand)
        return [*reversed(self.drawn[seat]), *dealt]

    def place(self, card: Card | None, slots: Sequence[int]) -> None:
        if card is None or self.known & card.bit:
            return
        for i in slots:
            if self.deck[i] is None:
                self.deck[i] = card
                self.known |= card.bit
                return
        raise CorruptLogError(N_("{card} appears where no hidden card was dealt"), card=card.value)

    def draw(self, event: CardDrawn | DrawnToHand | HiddenDraw) -> None:
        pos = self.pile_pos
        self.pile_pos += 1
        if pos >= 48:
            return  # more draws than cards: the replay refuses it with the reason
        if isinstance(event, HiddenDraw):
            if 0 <= event.seat < self.n:
                self.drawn[event.seat].append(pos)
            return
        self.place(event.card, (pos,))


def unredact(events: Sequence[Event], seat: int = 0) -> list[Event]:
    """Fill each redacted deck (and hidden draw) from what later events reveal; see the module
    docstring. Errors carry in ``line`` the index of the event at fault, which the log reader
    turns into a line of the file."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError(N_("a match must begin with match_started"), 0)
    n = len(first.players)
    if not 0 <= seat < n:
        raise CorruptLogError(_NO_SEAT, 0, seat=seat + 1, index=seat, count=n)
    hand, field = _layout(first.rules, n)
    out = [_drawn(e) if isinstance(e, HiddenDraw) else e for e in events]
    budget = _Budget(len(out))
    deals = [i for i, e in enumerate(out) if isinstance(e, Dealt)]
    if not deals:
        return out
    from core.engine import apply

    state = apply(None, first)
    state = _replay(state, out[1 : deals[0]], 1, None)
    for at, end in zip(deals, [*deals[1:], len(out)], strict=True):
        dealt = out[at]
        assert isinstance(dealt, Dealt)
        hidden_draws = [i for i in range(at + 1, end) if isinstance(out[i], HiddenDraw)]
        if None not in dealt.deck and not hidden_draws:
            state = _replay(state, out[at:end], at, None)
            continue
        try:
            deal = _Deal(dealt, n, hand, field)
            _reveal(deal, out, at, end)
        except CorruptLogError as exc:
            raise exc.at(at) from None
        state = _complete(state, out, at, end, deal, hidden_draws, budget)
    return out


def _reveal(deal: _Deal, events: list[Event], at: int, end: int) -> None:
    """Put back every hidden card that the round's events reveal, where it must have been."""
    for e in events[at + 1 : end]:
        if isinstance(e, (CardDrawn, DrawnToHand, HiddenDraw)):
            deal.draw(e)
        elif isinstance(e, CardPlayed):
            deal.place(e.card, deal.seat_slots(e.seat))
        elif isinstance(e, HikiDeclared):
            slots = deal.seat_slots(e.seat)
            for c in e.captured:
                deal.place(c, slots)
        elif isinstance(e, RoundEnded):
            # a score can show cards still in a hand (koi-koi's lucky hands)
            for seat_score in e.breakdown:
                slots = deal.seat_slots(seat_score.seat)
                for line in seat_score.lines:
                    for c in line.cards:
                        deal.place(c, slots)


def _complete(
    state: State,
    out: list[Event],
    at: int,
    end: int,
    deal: _Deal,
    hidden_draws: list[int],
    budget: _Budget,
) -> State:
    """Fill the deal's remaining holes so that the round replays as recorded; writes the filled
    deal and draws into ``out`` and returns the state after the round.

    Where never-revealed cards lie cannot change what was recorded, except through rules that
    look at hidden hands (koi-koi's lucky hands at the deal); so each candidate order is replayed
    from the state before the deal and the first that reproduces the round is kept.
    """
    rest = [CARDS[i] for i in range(48) if not deal.known >> i & 1]
    holes = [i for i, c in enumerate(deal.deck) if c is None]
    if len(rest) != len(holes):
        raise CorruptLogError(N_("the redacted deck cannot be completed"), at)
    dealt = out[at]
    assert isinstance(dealt, Dealt)
    draw_positions = _draw_positions(out, at, end, deal)
    for i in hidden_draws:
        if i not in draw_positions:
            raise CorruptLogError(N_("a card was drawn from an empty pile"), i)
    first_error: CorruptLogError | None = None
    failed_at: set[int | None] = set()
    for order in _fills(rest, MAX_FILLS):
        filled = list(deal.deck)
        for i, c in zip(holes, order, strict=True):
            filled[i] = c
        round_events = [replace(dealt, deck=tuple(filled)), *out[at + 1 : end]]
        for i in hidden_draws:
            ev = out[i]
            card = filled[draw_positions[i]]
            assert isinstance(ev, HiddenDraw) and card is not None
            round_events[i - at] = DrawnToHand(seat=ev.seat, card=card, reason=ev.reason)
        try:
            after = _replay(state, round_events, at, None if first_error is None else budget)
        except CorruptLogError as exc:
            if first_error is None:
                first_error = exc
                # the first order is replayed unpaid (a genuine log needs no other); charge it now
                budget.left -= (exc.line if exc.line is not None else at) - at + 1
            failed_at.add(exc.line)
            if budget.left <= 0:
                break
            continue
        out[at:end] = round_events
        return after
    assert first_error is not None
    if len(failed_at) == 1 or budget.left <= 0:
        raise first_error  # the same event fails whatever the hidden cards: it is wrong
    raise CorruptLogError(
        N_("the redacted deal of round {round} cannot be completed consistently"),
        at,
        round=dealt.round,
    )


def _draw_positions(events: list[Event], at: int, end: int, deal: _Deal) -> dict[int, int]:
    """The pile position of each draw of the round, by event index."""
    pos = deal.field + deal.n * deal.hand
    out: dict[int, int] = {}
    for i in range(at + 1, end):
        if isinstance(events[i], (CardDrawn, DrawnToHand, HiddenDraw)):
            if pos < 48:
                out[i] = pos
            pos += 1
    return out
