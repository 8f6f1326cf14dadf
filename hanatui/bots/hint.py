"""Hints for a human seat: what the strong bot would play, and what it expects to gain.

    >>> action, expected = hint(state, seat)          # doctest: +SKIP
    >>> describe_hint(action, expected)               # doctest: +SKIP
    'play 03a Curtain (expected +2.4 points this round)'

The hint sees only what the seat sees (its `View`): passing a full `State` is a convenience,
it is observed for the seat first. ``expected_points`` is the search's mean result of the round
for the seat after that action: its points less the opponents' (their mean with more seats).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import MONTH_NAMES, Card
from core.engine import legal_actions, to_act
from core.messages import N_
from core.players import seat_label
from core.state import State
from core.view import View, determinize, observe
from hanatui.bots.normal import normal_policy
from hanatui.bots.strong import DEFAULT_PLAYOUTS, own_playout, search

#: Playouts of a hint: as many as the strong bot's own decisions.
DEFAULT_BUDGET = DEFAULT_PLAYOUTS


def legal_for(view: View) -> tuple[Action, ...]:
    """The seat's legal actions, worked out from its view alone (its hand, the field, the
    pending card); () when it has nothing to decide."""
    state = determinize(view, random.Random(0))
    if to_act(state) != view.seat:
        return ()
    return legal_actions(state)


def hint(
    state_or_view: State | View,
    seat: int | None = None,
    budget: int = DEFAULT_BUDGET,
    *,
    seconds: float | None = None,
    seed: int = 0,
) -> tuple[Action, float] | None:
    """(the strong bot's action for ``seat``, its expected points this round), or None when the
    seat has no decision to make. ``budget`` is the number of playouts; ``seconds`` caps the
    time as well. The same position and seed give the same hint."""
    if isinstance(state_or_view, View):
        view = state_or_view
        if seat is not None and seat != view.seat:
            raise ValueError(f"the view is {seat_label(view.seat)}'s, not {seat_label(seat)}'s")
    else:
        if seat is None:
            seat = to_act(state_or_view)
            if seat is None:
                return None
        view = observe(state_or_view, seat)
    legal = legal_for(view)
    if not legal:
        return None
    rng = random.Random(seed)
    prior = normal_policy(determinize(view, rng), view.seat, legal, rng) if len(legal) > 1 else None
    # The strong bot's own search settings (in two-seat koi-koi, koi-koi's own playout).
    playouts, call = own_playout(view, max(len(legal), budget), seconds)
    estimates = search(
        view,
        legal,
        rng,
        playouts=playouts,
        seconds=seconds,
        prior=prior,
        evaluate_single=True,
        call=call,
    )
    best = estimates[0]
    return best.action, round(best.mean, 2)


#: A hint's sentence for each kind of move (marked for the catalogs: bots/ holds no gettext, the
#: table translates them where it shows them); ``{expected}`` is the points it expects, ``+2.4``.
HINT_WORDS = {
    "play": N_("play {card} (expected {expected} points this round)"),
    "ordinary": N_("{card} as an ordinary card (expected {expected} points this round)"),
    "capture": N_("{card} takes {target} (expected {expected} points this round)"),
    # TRANSLATORS: {month} is the month's plant, {number} its number (1-12)
    "hiki": N_("declare hiki of {month} (month {number}) (expected {expected} points this round)"),
    "koikoi": N_("call koi-koi (expected {expected} points this round)"),
    "shobu": N_("call shobu (expected {expected} points this round)"),
}
#: The same moves without what they are expected to bring (where a line has no room for it).
HINT_MOVES = {
    "play": N_("play {card}"),
    "ordinary": N_("{card} as an ordinary card"),
    "capture": N_("{card} takes {target}"),
    # TRANSLATORS: {month} is the month's plant, {number} its number (1-12)
    "hiki": N_("declare hiki of {month} (month {number})"),
    "koikoi": N_("call koi-koi"),
    "shobu": N_("call shobu"),
}


def _english(message: str) -> str:
    return message


def describe_hint(
    action: Action,
    expected: float | None,
    *,
    gettext: Callable[[str], str] = _english,
    card: Callable[[Card], str] = lambda c: c.description,
    month: Callable[[int], str] = lambda m: MONTH_NAMES[m - 1],
    decimal: str = ".",
) -> str:
    """A line for the table: the move and what it is expected to bring. ``gettext`` translates
    the sentence (`HINT_WORDS`), ``card`` and ``month`` name a card and a month (1-12) in the
    same language, ``decimal`` is its decimal mark; by default all are the engine's English.
    ``expected`` None: the move alone (`HINT_MOVES`)."""
    points = "" if expected is None else f"{expected:+.1f}".replace(".", decimal)
    sentences = HINT_MOVES if expected is None else HINT_WORDS
    if isinstance(action, PlayCard):
        return gettext(sentences["play"]).format(card=card(action.card), expected=points)
    if isinstance(action, ChooseCapture):
        if action.target is None:
            words = gettext(sentences["ordinary"])
            return words.format(card=action.card.value, expected=points)
        words = gettext(sentences["capture"])
        return words.format(card=action.card.value, target=card(action.target), expected=points)
    if isinstance(action, DeclareHiki):
        words = gettext(sentences["hiki"])
        return words.format(month=month(action.month), number=action.month, expected=points)
    if isinstance(action, CallKoiKoi):
        return gettext(sentences["koikoi"]).format(expected=points)
    if isinstance(action, CallShobu):
        return gettext(sentences["shobu"]).format(expected=points)
    if expected is None:
        return repr(action)
    return f"{action!r} (expected {points} points this round)"
