"""Positions of the fast engine and their encoding on integers.

A card is its index (0..47, `core.cards`), a set of cards an int bitmask over the indexes; the
tables here turn one into the other and name a card's month and mates without a call. A
`Position` is one two-seat koi-koi position as the fast engine plays it, from the mover's side
(`position_of` reads one off a state): what a playout hands its finish and its koi-koi call,
what the endgame solve keys its table by, what a round's points on integers are read from.
"""

from __future__ import annotations

from typing import NamedTuple

from core.cards import MONTH_MASKS
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.yaku import Standing
from core.state import State


class Position(NamedTuple):
    """A two-seat koi-koi position from the side of the seat to move (``turn``): the cards as
    masks (the mover's hand and pile, the other's, the field), the next card of the pile to be
    drawn (``pos``, an index into the pile of the playout or the solve, which is the deal's and
    not repeated here), and the round's calls and standings by seat (``calls``: koi-koi calls,
    ``decided``: the yaku each seat last decided on, ``seen``: the yaku it last held, ``last``:
    the last seat to form a yaku, -1: none). Equal positions with the same pile are the same
    position, so the endgame solve keys its table by it."""

    hand: int
    op: int
    mine: int
    theirs: int
    field: int
    pos: int
    turn: int
    calls: tuple[int, int]
    decided: tuple[Standing, Standing]
    seen: tuple[Standing, Standing]
    last: int


def position_of(st: State) -> Position:
    """The position of a two-seat koi-koi state in play, from the side of the seat whose turn
    it is; its next draw is the first card of the state's pile."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    turn = st.turn
    hands = st.hands
    caps = st.captures
    return Position(
        hands[turn],
        hands[1 - turn],
        caps[turn],
        caps[1 - turn],
        st.field,
        0,
        turn,
        (extra.koikoi[0], extra.koikoi[1]),
        (extra.decided[0], extra.decided[1]),
        (extra.seen[0], extra.seen[1]),
        extra.last_yaku,
    )


class _Indexes(dict[int, tuple[int, ...]]):
    """The cards (indexes) of masks, lowest first, remembered: ``INDEXES[mask]`` (a lookup, no
    call, once known), since the masks are 48-bit integers whose every operation builds a new
    object."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            out.append(low.bit_length() - 1)
        if len(self) > 100_000:
            self.clear()
        cards = self[mask] = tuple(out)
        return cards


INDEXES = _Indexes()


#: Each card's bit, built once (a bit past the 30th is a new object every time it is shifted).
BITS = tuple(1 << i for i in range(48))

#: Per card: the other three cards of its month.
MATES = tuple(MONTH_MASKS[i >> 2] & ~(1 << i) for i in range(48))


def _capture_options() -> tuple[dict[int, tuple[tuple[int, ...], ...]], ...]:
    """Per card played: for each set of cards of its month on the field, the captures it may
    make, each as its cards' indexes lowest first (either of two matches; one, or three
    together, as they lie)."""
    out = []
    for idx in range(48):
        bit = 1 << idx
        others = MONTH_MASKS[idx >> 2] & ~bit
        options: dict[int, tuple[tuple[int, ...], ...]] = {}
        sub = others
        while sub:
            lows = [low for low in (1 << i for i in range(48)) if sub & low]
            takes = lows if len(lows) == 2 else [sub]
            options[sub] = tuple(
                tuple(i for i in range(48) if (take | bit) >> i & 1) for take in takes
            )
            sub = (sub - 1) & others
        out.append(options)
    return tuple(out)


#: `_capture_options`, built once.
CAPTURES = _capture_options()

#: Per card: the four cards of its month.
MONTHS = tuple(MONTH_MASKS[i >> 2] for i in range(48))
