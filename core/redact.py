"""Logs redacted for one seat: the cards that seat could not see at each deal are left out.

`redact` blanks (null) every position of each dealt deck that the seat could not see when the
cards were dealt: the other hands and the draw pile. Play reveals those cards later, one by one,
so `unredact` can put the revealed ones back where they must have been (a drawn card at its
place in the pile, a played card in its player's hand) and fills the never-revealed rest in a
fixed order. The result replays through the engine; only the cards that stayed hidden are
placed arbitrarily, and a viewer of a redacted log shows that seat's view only.

Covered: every turn structure in which hidden cards become public when played or drawn. A
variant whose draws go secretly into a hand is recorded with the drawn card public.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.cards import ALL_MASK, CARDS, Card
from core.errors import CorruptLogError
from core.events import CardDrawn, CardPlayed, Dealt, Event, HikiDeclared, MatchStarted
from core.games import game_of


def _layout(rules, n: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return game_of(rules.game).deal_sizes(rules, n)


def redact(events: Sequence[Event], seat: int) -> list[Event]:
    """The events with each deal's hidden cards (for ``seat``) blanked."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError("a match must begin with match_started")
    n = len(first.players)
    if not 0 <= seat < n:
        raise CorruptLogError(f"no seat {seat} in a {n}-player match")
    hand, field = _layout(first.rules, n)
    own = range(field + seat * hand, field + (seat + 1) * hand)
    out: list[Event] = []
    for e in events:
        if isinstance(e, Dealt):
            deck = tuple(c if i < field or i in own else None for i, c in enumerate(e.deck))
            e = replace(e, deck=deck)
        out.append(e)
    return out


def unredact(events: Sequence[Event]) -> list[Event]:
    """Fill each redacted deck from what later events reveal (see the module docstring)."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError("a match must begin with match_started")
    n = len(first.players)
    hand, field = _layout(first.rules, n)
    out = list(events)
    deals = [i for i, e in enumerate(out) if isinstance(e, Dealt)] + [len(out)]
    for at, end in zip(deals, deals[1:]):
        dealt = out[at]
        assert isinstance(dealt, Dealt)
        if None not in dealt.deck:
            continue
        deck: list[Card | None] = list(dealt.deck)
        known = 0
        for c in deck:
            if c is not None:
                if known & c.bit:
                    raise CorruptLogError(f"{c.value} is dealt twice")
                known |= c.bit
        pile_pos = field + n * hand

        def place(card: Card, slots: range) -> None:
            nonlocal known
            if known & card.bit:
                return
            for i in slots:
                if deck[i] is None:
                    deck[i] = card
                    known |= card.bit
                    return
            raise CorruptLogError(f"{card.value} appears where no hidden card was dealt")

        for e in out[at + 1 : end]:
            if isinstance(e, CardDrawn):
                if pile_pos < 48:
                    place(e.card, range(pile_pos, pile_pos + 1))
                pile_pos += 1
            elif isinstance(e, CardPlayed):
                place(e.card, range(field + e.seat * hand, field + (e.seat + 1) * hand))
            elif isinstance(e, HikiDeclared):
                for c in e.captured:
                    if not known & c.bit:
                        place(c, range(field + e.seat * hand, field + (e.seat + 1) * hand))
        rest = iter(CARDS[i] for i in range(48) if not known >> i & 1)
        for i, c in enumerate(deck):
            if c is None:
                deck[i] = next(rest)
        filled = 0
        for c in deck:
            filled |= c.bit  # type: ignore[union-attr]
        if filled != ALL_MASK:
            raise CorruptLogError("the redacted deck cannot be completed")
        out[at] = replace(dealt, deck=tuple(deck))
    return out
