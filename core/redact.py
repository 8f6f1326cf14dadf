"""Logs redacted for one seat: the cards that seat could not see at each deal are left out.

`redact` blanks (null) every position of each dealt deck that the seat could not see when the
cards were dealt: the other hands and the draw pile. Play reveals those cards later, one by one,
so `unredact` can put the revealed ones back where they must have been (a drawn card at its
place in the pile, a played card in its player's hand) and places the never-revealed rest in
the first of a fixed sequence of orders with which the round replays as recorded. Only cards
that stayed hidden are placed arbitrarily, and a viewer of a redacted log shows that seat's view
only.

Covered: every turn structure, since every card leaves the pile through a public draw event.
The koi-koi variant whose draws go into the hand (draw-then-play-two, P16) records the drawn
card in its `drawn_to_hand` event, so a log redacted for the other seat still shows it there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise

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
)
from core.games.options import Rules
from core.games.registry import game_of


def _layout(rules: Rules, n: int) -> tuple[int, int]:
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


def _complete(
    events: list[Event], at: int, end: int, dealt: Dealt, deck: list[Card | None], known: int
) -> Dealt:
    """The deal with its never-revealed cards placed so that the round replays as recorded.

    Where those cards lie cannot change what was recorded, except through rules that look at
    the hidden hands at the deal (koi-koi's lucky hands); so each candidate fill is replayed
    from the state before the deal and the first that reproduces the round is kept.
    """
    from core.engine import fold

    rest = [CARDS[i] for i in range(48) if not known >> i & 1]
    holes = [i for i, c in enumerate(deck) if c is None]
    if len(rest) != len(holes):
        raise CorruptLogError("the redacted deck cannot be completed")
    before = events[:at]
    after = events[at + 1 : end]
    for order in _fills(rest, 64):
        filled = list(deck)
        for i, c in zip(holes, order, strict=True):
            filled[i] = c
        candidate = replace(dealt, deck=tuple(filled))
        try:
            fold([*before, candidate, *after])
        except CorruptLogError:
            continue
        return candidate
    raise CorruptLogError(
        f"the redacted deal of round {dealt.round} cannot be completed consistently"
    )


def unredact(events: Sequence[Event]) -> list[Event]:
    """Fill each redacted deck from what later events reveal (see the module docstring)."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError("a match must begin with match_started")
    n = len(first.players)
    hand, field = _layout(first.rules, n)
    out = list(events)
    deals = [i for i, e in enumerate(out) if isinstance(e, Dealt)] + [len(out)]
    for at, end in pairwise(deals):
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

        def place(card: Card, slots: range, deck: list[Card | None] = deck) -> None:
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
            if isinstance(e, (CardDrawn, DrawnToHand)):
                if pile_pos < 48:
                    place(e.card, range(pile_pos, pile_pos + 1))
                pile_pos += 1
            elif isinstance(e, CardPlayed):
                place(e.card, range(field + e.seat * hand, field + (e.seat + 1) * hand))
            elif isinstance(e, HikiDeclared):
                for c in e.captured:
                    if not known & c.bit:
                        place(c, range(field + e.seat * hand, field + (e.seat + 1) * hand))
            elif isinstance(e, RoundEnded):
                # a score can show cards still in a hand (koi-koi's lucky hands)
                for seat_score in e.breakdown:
                    s = seat_score.seat
                    for line in seat_score.lines:
                        for c in line.cards:
                            if not known & c.bit:
                                place(c, range(field + s * hand, field + (s + 1) * hand))
        out[at] = _complete(out, at, end, dealt, deck, known)
    return out
