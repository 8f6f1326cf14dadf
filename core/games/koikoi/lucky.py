"""Koi-koi's lucky hands and lucky fields (docs/rules.md §5.1, options P1-P3).

Teshi: four cards of one month in a dealt hand; kuttsuki: four months held exactly twice each.
The same patterns on the field void the deal. Counted with a nibble per month, without loops.
"""

from __future__ import annotations

from typing import Literal

from core.cards import MONTH_MASKS

#: ``both``: teshi and kuttsuki in one hand, under ``lucky_hands_stack``.
LuckyKind = Literal["teshi", "kuttsuki", "both", ""]

_ONES = int("0001" * 12, 2)  # bit 0 of each month's nibble
_FIVES = int("0101" * 12, 2)
_THREES = int("0011" * 12, 2)


def month_counts(mask: int) -> int:
    """How many cards of each month a mask holds, as a nibble per month (0-4)."""
    pairs = (mask & _FIVES) + ((mask >> 1) & _FIVES)
    return (pairs & _THREES) + ((pairs >> 2) & _THREES)


def fours(counts: int) -> int:
    """Bit 0 of each month's nibble set where the month is held four times."""
    return (counts >> 2) & _ONES


def twos(counts: int) -> int:
    """Bit 0 of each month's nibble set where the month is held exactly twice."""
    return (counts >> 1) & ~counts & ~(counts >> 2) & _ONES


def three_or_more(counts: int) -> int:
    """Bit 0 of each month's nibble set where the month is held three or four times."""
    return ((counts >> 2) | (counts & (counts >> 1))) & _ONES


def lucky_kind(hand: int, *, kuttsuki: bool = True, stack: bool = False) -> LuckyKind:
    """``teshi`` (four of a month), ``kuttsuki`` (four months held exactly twice; only with
    ``kuttsuki``) or ``""``. With ``stack``, a hand that is both (four of a month and four pairs,
    each four counting as two pairs) is ``both``."""
    counts = month_counts(hand)
    four = fours(counts)
    pairs = twos(counts).bit_count()
    if four and stack and kuttsuki and pairs + 2 * four.bit_count() >= 4:
        return "both"
    if four:
        return "teshi"
    return "kuttsuki" if kuttsuki and pairs >= 4 else ""


def lucky_cards(hand: int, kind: LuckyKind) -> int:
    """The cards that make a lucky hand."""
    out = 0
    for m in MONTH_MASKS:
        count = (hand & m).bit_count()
        if (kind in ("teshi", "both") and count == 4) or (
            kind in ("kuttsuki", "both") and count == 2
        ):
            out |= hand & m
    return out
