"""Koi-koi's state of the round in play (``State.extra``); all of it is public."""

from __future__ import annotations

from typing import TypeVar

from core.games.koikoi.lucky import LuckyKind
from core.games.koikoi.yaku import Standing
from core.state import RoundState, State

T = TypeVar("T")


class KoiKoiRound(RoundState, frozen=True, kw_only=True):
    """Koi-koi's round state: the calls, what each seat held at its last decision, the lucky
    hands, and the bookkeeping of the turn variants."""

    koikoi: tuple[int, int] = (0, 0)  # koi-koi calls per seat this round
    decided: tuple[Standing, Standing] = ((), ())  # each seat's yaku at its last decision
    seen: tuple[Standing, Standing] = ((), ())  # each seat's yaku after its last turn
    last_yaku: int = -1  # the last seat that formed or raised a yaku (P20)
    lucky: tuple[LuckyKind, LuckyKind] = ("", "")  # lucky hand per seat
    lucky_cards: tuple[int, int] = (0, 0)  # the cards that make them
    field_brights: int = 0  # brights on the initial field (P30/P31)
    wild: bool = False  # the Lightning is wild this round (P12/P13)
    forced: bool = False  # DECIDE: the shobu is automatic
    play_on: bool = False  # DECIDE: a raise under raise_allows_shobu; going on is no new call
    winner: int = -1  # the seat that called shobu
    drawn_turn: int = 0  # P16: the turn whose draw went into the hand
    plays: tuple[int, int] = (0, 0)  # P16: (turn, cards played from hand in it)
    kept_turn: int = 0  # P17: the turn that kept an unmatched draw
    kept_card: int = -1  # P17: the card it kept (not played in its place)


def round_of(state: State) -> KoiKoiRound:
    """The koi-koi round state of a state in a round."""
    extra = state.extra
    if not isinstance(extra, KoiKoiRound):
        raise TypeError(f"no koi-koi round in play (extra is {extra!r})")
    return extra


def with_seat(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """``pair`` with the entry of ``seat`` (0 or 1) replaced."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)
