"""Actions: what a player wants, in the imperative. `decide` turns a legal one into events."""

from __future__ import annotations

import msgspec

from core.cards import MONTH_NAMES, Card


class Action(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="action"
):
    """Base of every action; ``seat`` is who acts."""

    seat: int


class PlayCard(Action, frozen=True, tag="play"):
    """Play a card from the hand to the field."""

    card: Card


class ChooseCapture(Action, frozen=True, tag="choose"):
    """Pick which field card the pending card takes (two matches, or a wild card's target).

    ``target`` is None to play a wild card as an ordinary card of its month.
    """

    card: Card
    target: Card | None


class DeclareHiki(Action, frozen=True, tag="hiki"):
    """Sakura: take all four cards of a month held between hand and field."""

    month: int


class CallKoiKoi(Action, frozen=True, tag="koikoi"):
    """Koi-koi: play on after making or raising a yaku."""


class CallShobu(Action, frozen=True, tag="shobu"):
    """Koi-koi: stop the round and score."""


def describe_action(action: Action) -> str:
    """A short phrase for an action, for menus and hints."""
    if isinstance(action, PlayCard):
        return f"play {action.card.description}"
    if isinstance(action, ChooseCapture):
        if action.target is None:
            return f"{action.card.value} as an ordinary card"
        return f"{action.card.value} takes {action.target.description}"
    if isinstance(action, DeclareHiki):
        return f"declare hiki of {MONTH_NAMES[action.month - 1]} (month {action.month})"
    if isinstance(action, CallKoiKoi):
        return "call koi-koi"
    if isinstance(action, CallShobu):
        return "call shobu"
    return repr(action)
