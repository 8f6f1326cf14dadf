"""Sakura's state of the round in play (``State.extra``); all of it is public."""

from __future__ import annotations

from core.state import RoundState, State


class SakuraRound(RoundState, frozen=True, kw_only=True):
    """Where the Gaji stands, what was set aside at the deal, and a hiki interrupt in progress."""

    gaji_owner: int = -1  # the seat whose wild Gaji took a card, or -1
    gaji_pair: int = -1  # the card (bit index) it took and keeps, for the end claim
    discarded: int = 0  # cards out of play: the Gaji dealt to the field (option discard)
    dealer_took: int = 0  # four of a month dealt to the field, captured by the dealer
    interrupt_by: int = -1  # DECIDE: the hiki holder who stopped the Gaji and must declare
    interrupt_month: int = 0  # ...the month of that hiki
    blocked_turn: int = 0  # turn_no in which the Gaji was stopped: it may be left on the field
    returned_turn: int = 0  # turn_no in which a stopped Gaji went back to the hand
    transferred: int = -1  # transfer_during_play: the point card passed to the Gaji's owner
    transfer_spent: bool = False  # ...the next point card of the month has moved

    @property
    def out_of_play(self) -> int:
        return self.discarded


def round_of(state: State) -> SakuraRound | None:
    """The Sakura round state of a state (None before the first deal)."""
    extra = state.extra
    if extra is not None and not isinstance(extra, SakuraRound):
        raise TypeError(f"not a Sakura round: {extra!r}")
    return extra
