"""The decider: legal actions, decisions into events, events into states (docs/rules.md §2).

``decide(state, action)`` validates an action and returns the events it causes, including every
automatic event up to the next decision or chance point (the draw after a play, the round's score,
the match's end). ``apply(state, event)`` folds one event and checks every fact the event repeats
against the state, raising `CorruptLogError` on a mismatch, so a tampered log cannot replay.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from core.actions import Action, ChooseCapture, PlayCard, describe_action
from core.cards import CARDS, MONTH_MASKS, Card, cards_of
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    DECISION_EVENTS,
    PROOF_EVENTS,
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    Event,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    UndoTaken,
)
from core.games.base import Game
from core.games.registry import game_for
from core.messages import N_, Message
from core.state import (
    CHOOSE,
    DEAL,
    DEALER_DRAW,
    DECIDE,
    DRAW,
    HAND,
    MATCH_END,
    OVER,
    PLAY,
    SCORING,
    VOID,
    Source,
    State,
)
from core.turns import capture_targets, end_turn, hand_done, land, proceed, turn_over

# `capture_targets` (what a card landing from the hand or the pile may take, wild cards included)
# is defined with the turn flow in `core.turns` and offered here too, beside `legal_actions`.

__all__ = [
    "apply",
    "capture_targets",
    "dealer_from_draws",
    "decide",
    "fold",
    "is_chance",
    "is_over",
    "legal_actions",
    "next_auto",
    "run_auto",
    "start",
    "step",
    "to_act",
    "winners",
]


def _check_captured(event_cards: tuple[Card, ...], expected: int, reason: str, card: Card) -> None:
    """The cards an event says were captured are those the rules capture (``reason``: the
    template saying so, of the play, the draw or the choice for ``card``)."""
    mask = 0
    for c in event_cards:
        mask |= c.bit
    if mask != expected or len(event_cards) != expected.bit_count():
        raise CorruptLogError(
            reason,
            card=card.value,
            captured=_codes(event_cards),
            expected=_codes(cards_of(expected)),
        )


def _codes(cards: Iterable[Card]) -> str | Message:
    """Codes of cards for a reason: ``01a 09a``, or the word for none."""
    # TRANSLATORS: no cards, in "captured {captured}, but the table says {expected}"
    return " ".join(c.value for c in cards) or Message(N_("nothing"))


# --------------------------------------------------------------------------------------------
# Who acts, and what they may do
# --------------------------------------------------------------------------------------------


def to_act(state: State) -> int | None:
    """The seat that must decide now, or None (a chance or automatic step, or the match is over)."""
    phase = state.phase
    if phase == PLAY:
        return state.turn if state.stage == HAND else None
    if phase in (CHOOSE, DECIDE):
        hooks: Game[Any] = state.hooks
        return hooks.decider(state)
    return None


def is_chance(state: State) -> bool:
    """True when the next event is a random one (`core.chance`)."""
    return state.phase in (DEALER_DRAW, DEAL)


def is_over(state: State) -> bool:
    """True once the match has ended."""
    return state.phase == OVER


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the seat to act, sorted; () when nobody may act."""
    phase = state.phase
    seat = state.turn
    if phase == PLAY and state.stage == HAND:
        game: Game[Any] = state.hooks
        hand = game.playable(state) if "playable" in game.overrides else state.hands[seat]
        return _plays(seat, hand) + game.legal_extra(state)
    if phase == CHOOSE:
        card = CARDS[state.pending]
        return tuple(
            ChooseCapture(seat=seat, card=card, target=_target_card(t))
            for t in capture_targets(state, state.pending, _pending_source(state))
        )
    if phase == DECIDE:
        hooks: Game[Any] = state.hooks
        return hooks.legal_extra(state)
    return ()


# Actions are immutable values, so the 7 x 48 possible card plays are built once.
_PLAYS = tuple(tuple(PlayCard(seat=seat, card=card) for card in CARDS) for seat in range(7))

# The plays of a hand are four tuples joined, one per 12 cards of the deck: per seat, each quarter
# of the deck maps the hand's cards in it (as 12 bits) to their plays, filled as hands are seen.
_QUARTERS: tuple[tuple[dict[int, tuple[Action, ...]], ...], ...] = tuple(
    tuple({0: ()} for _ in range(4)) for _ in range(7)
)


def _plays(seat: int, hand: int) -> tuple[Action, ...]:
    """The card plays of ``seat`` holding ``hand``, in deck order."""
    q0, q1, q2, q3 = _QUARTERS[seat]
    try:
        return q0[hand & 4095] + q1[hand >> 12 & 4095] + q2[hand >> 24 & 4095] + q3[hand >> 36]
    except KeyError:
        row = _PLAYS[seat]
        for k, quarter in enumerate(_QUARTERS[seat]):
            bits = hand >> 12 * k & 4095
            if bits not in quarter:
                quarter[bits] = tuple(row[12 * k + i] for i in range(12) if bits >> i & 1)
        return q0[hand & 4095] + q1[hand >> 12 & 4095] + q2[hand >> 24 & 4095] + q3[hand >> 36]


def _pending_source(state: State) -> Source:
    """Where the card waiting for its target came from (the CHOOSE phase always has one)."""
    source = state.pending_from
    assert source is not None, "no card is waiting for a target"
    return source


def _target_card(mask: int) -> Card | None:
    if not mask:
        return None
    return CARDS[(mask & -mask).bit_length() - 1]


def _target_mask(targets: tuple[int, ...], target: Card | None) -> int | None:
    for t in targets:
        if _target_card(t) is target:
            return t
    return None


# --------------------------------------------------------------------------------------------
# Resolving a play, a draw and a choice: one function each, used both by `step` (which trusts
# what it computes) and by `apply` (which compares the event it is given with it).
# --------------------------------------------------------------------------------------------


def _without(hands: tuple[int, ...], seat: int, bit: int) -> tuple[int, ...]:
    h = list(hands)
    h[seat] &= ~bit
    return tuple(h)


def _taken(state: State, card: Card, source: Source) -> int | None:
    """What ``card``, landing from ``source``, takes with it (0: it joins the field), or None
    when its player must choose."""
    targets = capture_targets(state, card.index, source)
    if len(targets) > 1:
        return None
    return targets[0] | card.bit if targets else 0


def _resolve_play(state: State, seat: int, card: Card) -> tuple[CardPlayed, State]:
    """``seat`` plays ``card`` from the hand: the event and the state after it."""
    hands = _without(state.hands, seat, card.bit)
    hooks: Game[Any] = state.hooks
    if hooks.wild_cards & card.bit:
        state = replace(state, hands=hands)
        captured = _taken(state, card, HAND)
        if captured is None:
            return CardPlayed(seat=seat, card=card), replace(
                state, phase=CHOOSE, pending=card.index, pending_from=HAND
            )
        event = CardPlayed(seat=seat, card=card, captured=cards_of(captured) if captured else ())
        return event, hand_done(land(state, seat, card.index, captured, HAND))
    # The ordinary month match, with the card's move in a single copy of the state.
    field = state.field
    matches = field & MONTH_MASKS[card.month - 1]
    count = matches.bit_count()
    if count == 2:
        return CardPlayed(seat=seat, card=card), replace(
            state, hands=hands, phase=CHOOSE, pending=card.index, pending_from=HAND
        )
    # Without a game's own step after the hand, the draw follows in the same copy (`hand_done`).
    stage = HAND if "after_hand_step" in hooks.overrides or not state.pile else DRAW
    if not count:
        after = replace(state, hands=hands, field=field | card.bit, stage=stage)
        return CardPlayed(seat=seat, card=card), after if stage == DRAW else hand_done(after)
    captured = matches | card.bit
    caps = list(state.captures)
    caps[seat] |= captured
    after = replace(state, hands=hands, field=field & ~captured, captures=tuple(caps), stage=stage)
    event = CardPlayed(seat=seat, card=card, captured=cards_of(captured))
    return event, after if stage == DRAW else hand_done(after)


def _resolve_draw(state: State) -> tuple[CardDrawn, State]:
    """The top card of the pile is turned over for ``state.turn``."""
    seat = state.turn
    pile = state.pile
    card = CARDS[pile[0]]
    hooks: Game[Any] = state.hooks
    if hooks.wild_cards & card.bit:
        state = replace(state, pile=pile[1:])
        captured = _taken(state, card, DRAW)
        if captured is None:
            return CardDrawn(seat=seat, card=card), replace(
                state, phase=CHOOSE, pending=card.index, pending_from=DRAW
            )
        event = CardDrawn(seat=seat, card=card, captured=cards_of(captured) if captured else ())
        return event, end_turn(land(state, seat, card.index, captured, DRAW))
    # The ordinary month match; the state goes back to stage HAND (`end_turn`) in the same copy.
    field = state.field
    matches = field & MONTH_MASKS[card.month - 1]
    count = matches.bit_count()
    if count == 2:
        return CardDrawn(seat=seat, card=card), replace(
            state, pile=pile[1:], phase=CHOOSE, pending=card.index, pending_from=DRAW
        )
    if not count:
        return CardDrawn(seat=seat, card=card), turn_over(
            replace(state, pile=pile[1:], field=field | card.bit, stage=HAND)
        )
    captured = matches | card.bit
    caps = list(state.captures)
    caps[seat] |= captured
    after = replace(state, pile=pile[1:], field=field & ~captured, captures=tuple(caps), stage=HAND)
    return CardDrawn(seat=seat, card=card, captured=cards_of(captured)), turn_over(after)


def _resolve_choice(
    state: State, seat: int, mask: int, target: Card | None
) -> tuple[CaptureChosen, State]:
    """The pending card takes ``mask`` (one of its capture targets; 0: it takes nothing)."""
    pending = state.pending
    captured = mask | (1 << pending) if mask else 0
    event = CaptureChosen(
        seat=seat,
        card=CARDS[pending],
        target=target,
        captured=cards_of(captured) if captured else (),
    )
    source = _pending_source(state)
    landed = land(state, seat, pending, captured, source)
    return event, hand_done(landed) if source == HAND else end_turn(landed)


# --------------------------------------------------------------------------------------------
# decide: actions into events
# --------------------------------------------------------------------------------------------


def _act(state: State, action: Action) -> tuple[Event, State]:
    """Validate an action; its event and the state after it."""
    phase = state.phase
    if phase == PLAY:  # `to_act`, inline for the common case
        seat: int | None = state.turn if state.stage == HAND else None
    else:
        seat = to_act(state)
    if seat is None:
        raise IllegalActionError(
            # TRANSLATORS: {phase} is the engine's name of the phase (play, choose); {action}
            # the move, in the engine's English words
            N_("nobody may act now (phase {phase}): {action}"),
            phase=state.phase,
            action=describe_action(action),
        )
    if action.seat != seat:
        raise IllegalActionError(
            N_("it is seat {seat}'s decision, not seat {other}'s: {action}"),
            seat=seat + 1,
            other=action.seat + 1,
            action=describe_action(action),
        )
    game: Game[Any] = state.hooks
    if type(action) is PlayCard:
        if phase != PLAY:
            raise IllegalActionError(
                N_("cannot play a card now (phase {phase}): {action}"),
                phase=state.phase,
                action=describe_action(action),
            )
        card = action.card
        if not state.hands[seat] & card.bit:
            raise IllegalActionError(
                N_("{card} is not in seat {seat}'s hand: {action}"),
                card=card.value,
                seat=seat + 1,
                action=describe_action(action),
            )
        if "playable" in game.overrides and not game.playable(state) & card.bit:
            raise IllegalActionError(
                N_("{card} may not be played now: {action}"),
                card=card.value,
                action=describe_action(action),
            )
        return _resolve_play(state, seat, card)
    if isinstance(action, ChooseCapture):
        if state.phase != CHOOSE:
            raise IllegalActionError(
                N_("there is no capture to choose now: {action}"), action=describe_action(action)
            )
        if action.card.index != state.pending:
            raise IllegalActionError(
                N_("the pending card is {card}: {action}"),
                card=CARDS[state.pending].value,
                action=describe_action(action),
            )
        targets = capture_targets(state, state.pending, _pending_source(state))
        mask = _target_mask(targets, action.target)
        if mask is None:
            raise IllegalActionError(
                N_("{card} cannot take {target}: {action}"),
                card=action.card.value,
                target=action.target,
                action=describe_action(action),
            )
        if game.wild_cards & action.card.bit and "interrupt_choice" in game.overrides:
            interrupt = game.interrupt_choice(state, seat, mask)
            if interrupt is not None:
                return interrupt, apply(state, interrupt)
        return _resolve_choice(state, seat, mask, action.target)
    event = game.decide_extra(state, action)
    return event, apply(state, event)


def _auto(state: State) -> tuple[Event, State] | None:
    """The automatic event due in this state with the state after it, or None."""
    game: Game[Any] = state.hooks
    if "auto_event" in game.overrides:
        event = game.auto_event(state)
        if event is not None:
            return event, _apply_event(state, event)
    phase = state.phase
    if phase == PLAY:
        if state.stage == DRAW:
            return _resolve_draw(state)
        return None
    if phase == SCORING:
        ended = game.score_round(state)
        return ended, _round_ended(state, ended)
    if phase == VOID:
        assert state.void_reason is not None
        redeal = Redeal(reason=state.void_reason)
        return redeal, _apply_event(state, redeal)
    if phase == MATCH_END:
        ended_match = MatchEnded(totals=state.totals, winners=winners(state))
        return ended_match, _apply_event(state, ended_match)
    return None


def next_auto(state: State) -> Event | None:
    """The automatic event due in this state (a draw, a redeal, a score), or None."""
    pair = _auto(state)
    return None if pair is None else pair[0]


def run_auto(state: State) -> list[tuple[Event, State]]:
    """Every automatic event from ``state`` up to the next decision or chance point."""
    out: list[tuple[Event, State]] = []
    pair = _auto(state)
    while pair is not None:
        out.append(pair)
        pair = _auto(pair[1])
    return out


def step(state: State, action: Action) -> list[tuple[Event, State]]:
    """Decide and apply: the events an action causes, each with the state after it."""
    pair: tuple[Event, State] | None = _act(state, action)
    out = []
    while pair is not None:
        out.append(pair)
        pair = _auto(pair[1])
    return out


def decide(state: State, action: Action) -> tuple[Event, ...]:
    """The events a legal action causes; raises `IllegalActionError` naming the action."""
    return tuple(e for e, _ in step(state, action))


# --------------------------------------------------------------------------------------------
# apply: events into states
# --------------------------------------------------------------------------------------------


def _expect_phase(state: State, event: Event, *phases: str) -> None:
    if state.phase not in phases:
        raise CorruptLogError(
            N_("{event} is out of order: the match is in phase {phase}"),
            event=type(event).__name__,
            phase=repr(state.phase),
        )


def _expect_seat(state: State, seat: int, event: Event) -> None:
    if seat != state.turn:
        raise CorruptLogError(
            N_("seat {seat} moved, but it is seat {turn}'s turn"),
            seat=seat + 1,
            turn=state.turn + 1,
        )


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


def _apply_card_played(state: State, ev: CardPlayed) -> State:
    _expect_phase(state, ev, PLAY)
    if state.stage != HAND:
        raise CorruptLogError(N_("a card was played where the draw was due"))
    _expect_seat(state, ev.seat, ev)
    card = ev.card
    if not state.hands[ev.seat] & card.bit:
        raise CorruptLogError(
            N_("{card} is not in seat {seat}'s hand"), card=card.value, seat=ev.seat + 1
        )
    game: Game[Any] = state.hooks
    if "playable" in game.overrides and not game.playable(state) & card.bit:
        raise CorruptLogError(N_("{card} may not be played now"), card=card.value)
    computed, after = _resolve_play(state, ev.seat, card)
    _check_captured(
        ev.captured,
        _mask(computed.captured),
        N_("the play of {card} captured {captured}, but the table says {expected}"),
        card,
    )
    return after


def _apply_card_drawn(state: State, ev: CardDrawn) -> State:
    _expect_phase(state, ev, PLAY)
    if state.stage != DRAW:
        raise CorruptLogError(N_("a card was drawn where a play from the hand was due"))
    _expect_seat(state, ev.seat, ev)
    top = state.pile[0]
    if ev.card.index != top:
        raise CorruptLogError(
            N_("drew {card}, but the top of the draw pile is {top}"),
            card=ev.card.value,
            top=CARDS[top].value,
        )
    computed, after = _resolve_draw(state)
    _check_captured(
        ev.captured,
        _mask(computed.captured),
        N_("the draw of {card} captured {captured}, but the table says {expected}"),
        ev.card,
    )
    return after


def _apply_capture_chosen(state: State, ev: CaptureChosen) -> State:
    _expect_phase(state, ev, CHOOSE)
    now = to_act(state)
    if ev.seat != now:
        if now is None:
            raise CorruptLogError(
                N_("seat {seat} chose, but it is nobody's decision"), seat=ev.seat + 1
            )
        raise CorruptLogError(
            N_("seat {seat} chose, but it is seat {now}'s decision"), seat=ev.seat + 1, now=now + 1
        )
    if ev.card.index != state.pending:
        raise CorruptLogError(
            N_("chose for {card}, but the pending card is {pending}"),
            card=ev.card.value,
            pending=CARDS[state.pending].value,
        )
    targets = capture_targets(state, state.pending, _pending_source(state))
    mask = _target_mask(targets, ev.target)
    if mask is None:
        raise CorruptLogError(
            N_("{card} cannot take {target}"), card=ev.card.value, target=ev.target
        )
    game: Game[Any] = state.hooks
    interrupt = (
        game.interrupt_choice(state, ev.seat, mask) if game.wild_cards & ev.card.bit else None
    )
    if interrupt is not None:  # as in `decide`: that choice is stopped, the interrupt is due
        raise CorruptLogError(
            N_("the choice for {card} is stopped by the rules: {event} is due"),
            card=ev.card.value,
            event=_tag(interrupt),
        )
    computed, after = _resolve_choice(state, ev.seat, mask, ev.target)
    _check_captured(
        ev.captured,
        _mask(computed.captured),
        N_("the choice for {card} captured {captured}, but the table says {expected}"),
        ev.card,
    )
    return after


def dealer_from_draws(draws: Iterable[tuple[Card, ...]]) -> int | None:
    """The seat that deals first from the last attempt of the draw, or None if it tied.

    Earliest month wins; on the same month bright > animal > ribbon > chaff (docs/rules.md §2.1).
    """
    attempt = list(draws)[-1]
    keys = [(c.month, int(c.kind)) for c in attempt]
    best = min(keys)
    if keys.count(best) > 1:
        return None
    return keys.index(best)


def _apply_dealer_drawn(state: State, ev: DealerDrawn) -> State:
    _expect_phase(state, ev, DEALER_DRAW)
    n = len(state.players)
    hooks: Game[Any] = state.hooks
    if hooks.coin_flip_first_dealer(state.rules):
        if ev.draws:
            raise CorruptLogError(N_("a coin flip picks the first dealer: no cards are drawn"))
        if ev.dealer >= n:
            raise CorruptLogError(
                N_(
                    "the coin flip picks seat {seat} ({index} in the log, which counts seats "
                    "from 0), but there are {count} seats"
                ),
                seat=ev.dealer + 1,
                index=ev.dealer,
                count=n,
            )
        return replace(state, phase=DEAL, dealer=ev.dealer)
    if not ev.draws:
        raise CorruptLogError(N_("the dealer draw has no attempts"))
    for i, attempt in enumerate(ev.draws):
        if len(attempt) != n or len(set(attempt)) != n:
            raise CorruptLogError(
                N_("dealer draw attempt {attempt} needs {count} different cards"),
                attempt=i + 1,
                count=n,
            )
        winner = dealer_from_draws(ev.draws[: i + 1])
        last = i == len(ev.draws) - 1
        if (winner is None) == last:
            raise CorruptLogError(
                N_("dealer draw attempt {attempt} ties, so another draw must follow")
                if last
                else N_("dealer draw attempt {attempt} has a winner, so no redraw was due"),
                attempt=i + 1,
            )
        if last and winner is not None and winner != ev.dealer:
            raise CorruptLogError(
                N_("the draw makes seat {winner} the dealer, not seat {dealer}"),
                winner=winner + 1,
                dealer=ev.dealer + 1,
            )
    return replace(state, phase=DEAL, dealer=ev.dealer)


def _apply_dealt(state: State, ev: Dealt) -> State:
    _expect_phase(state, ev, DEAL)
    if ev.round != state.rounds_done + 1:
        raise CorruptLogError(
            N_("dealt round {round}, but round {next} is next"),
            round=ev.round,
            next=state.rounds_done + 1,
        )
    if ev.dealer != state.dealer:
        raise CorruptLogError(
            N_("seat {seat} dealt, but seat {dealer} is the dealer"),
            seat=ev.dealer + 1,
            dealer=state.dealer + 1,
        )
    deck = ev.deck
    if None in deck:
        raise CorruptLogError(
            N_("the dealt deck is redacted (null cards) in a log not marked redacted")
        )
    idx = [c.index for c in deck if c is not None]  # none is, as checked above
    # Every card's index is one of the 48: 48 different indexes are the whole deck.
    if len(idx) != 48 or len(set(idx)) != 48:
        raise CorruptLogError(N_("the dealt deck is not the 48 different cards"))
    game: Game[Any] = state.hooks
    n = len(state.players)
    hand_size, field_size = game.deal_sizes(state.rules, n)
    bits = [1 << i for i in idx]  # all different: a sum of them is their union
    field = sum(bits[:field_size])
    hands = []
    pos = field_size
    for _ in range(n):
        hands.append(sum(bits[pos : pos + hand_size]))
        pos += hand_size
    state = replace(
        state,
        round=ev.round,
        hands=tuple(hands),
        field=field,
        pile=tuple(idx[pos:]),
        captures=(0,) * n,
        turn=ev.dealer,
        turn_no=1,
        stage=HAND,
        pending=-1,
        pending_from=None,
        void_reason=None,
        end_reason=None,
        extra=None,
    )
    reason = game.void_deal(state)
    if reason:
        return replace(state, phase=VOID, void_reason=reason)
    state, then = game.after_deal(replace(state, phase=PLAY))
    return proceed(state, then)


def _apply_redeal(state: State, ev: Redeal) -> State:
    _expect_phase(state, ev, VOID)
    if ev.reason != state.void_reason:
        raise CorruptLogError(
            N_("redeal for {reason}, but the deal is void for {void}"),
            reason=ev.reason,
            void=state.void_reason,
        )
    return replace(state, phase=DEAL, void_reason=None)


def _apply_round_ended(state: State, ev: RoundEnded) -> State:
    _expect_phase(state, ev, SCORING)
    hooks: Game[Any] = state.hooks
    expected = hooks.score_round(state)
    if ev != expected:
        raise CorruptLogError(
            N_(
                "the round's score does not follow from the cards: the log says {points} with "
                "totals {totals}, the rules give {expected} with totals {expected_totals} and "
                "next dealer {next_dealer}"
            ),
            points=list(ev.points),
            totals=list(ev.totals),
            expected=list(expected.points),
            expected_totals=list(expected.totals),
            next_dealer=expected.next_dealer,
        )
    return _round_ended(state, ev)


def _round_ended(state: State, ev: RoundEnded) -> State:
    """The state after a round's (checked) score."""
    state = replace(
        state,
        totals=ev.totals,
        history=(*state.history, ev.points),
        dealer=ev.next_dealer,
        phase=DEAL,
        end_reason=ev.reason,
    )
    hooks: Game[Any] = state.hooks
    if hooks.match_over(state):
        return replace(state, phase=MATCH_END)
    return state


def _apply_match_ended(state: State, ev: MatchEnded) -> State:
    _expect_phase(state, ev, MATCH_END)
    best = winners(state)
    if ev.totals != state.totals or ev.winners != best:
        raise CorruptLogError(
            N_("the match result does not follow: totals {totals}, winners {winners}"),
            totals=list(state.totals),
            winners=list(best),
        )
    return replace(state, phase=OVER)


def _apply_undo(state: State, ev: UndoTaken) -> State:
    """An undo is recorded where a person could have taken it: at a human seat's decision (the
    state the undone events are cut back to), by a human seat, never by a computer seat. The
    seat that asked may differ from the seat to act: an undo that goes back past an earlier
    undo keeps that earlier marker, which then stands at the decision it returned to."""
    n = len(state.players)
    if ev.seat >= n:
        raise CorruptLogError(
            N_(
                "undo by seat {seat} ({index} in the log, which counts seats from 0), but there "
                "are {count} seats"
            ),
            seat=ev.seat + 1,
            index=ev.seat,
            count=n,
        )
    if state.players[ev.seat].kind != "human":
        raise CorruptLogError(
            N_("undo by seat {seat}, a computer player: only people undo"), seat=ev.seat + 1
        )
    seat = to_act(state)
    if seat is None or state.players[seat].kind != "human":
        if seat is None:
            raise CorruptLogError(
                N_(
                    "undo by seat {seat} is out of place: an undo returns to a person's "
                    "decision, and this is nobody's (phase {phase})"
                ),
                seat=ev.seat + 1,
                phase=repr(state.phase),
            )
        raise CorruptLogError(
            N_(
                "undo by seat {seat} is out of place: an undo returns to a person's decision, "
                "and this is seat {now}'s, a computer's (phase {phase})"
            ),
            seat=ev.seat + 1,
            now=seat + 1,
            phase=repr(state.phase),
        )
    if ev.undone:
        _check_variation(state, ev)
    undos = list(state.undos)
    undos[ev.seat] += 1
    return replace(state, undos=tuple(undos))


def _check_variation(state: State, ev: UndoTaken) -> None:
    """The line an undo took back (`UndoTaken.undone`) must have been playable from where the
    marker stands: it opens with a person's decision and each event follows from the one
    before. It changes nothing in the state the marker leaves."""
    first = ev.undone[0]
    if not isinstance(first, DECISION_EVENTS) or first.seat != ev.seat:
        raise CorruptLogError(
            N_(
                "undo by seat {seat}: what it took back must open with a decision of that "
                "seat, not {event}"
            ),
            seat=ev.seat + 1,
            event=_tag(first),
        )
    line: State = state
    for k, event in enumerate(ev.undone, 1):
        try:
            line = apply(line, event)
        except CorruptLogError as exc:
            raise CorruptLogError(
                N_(
                    "undo by seat {seat}: event {index} of what it took back ({event}) does "
                    "not follow: {reason}"
                ),
                seat=ev.seat + 1,
                index=k,
                event=_tag(event),
                reason=exc.message,
            ) from None


#: One handler per event type of the fishing core; a game's own events go to `Game.apply_extra`.
_APPLY: dict[type[Event], Callable[[State, Any], State]] = {
    CardPlayed: _apply_card_played,
    CardDrawn: _apply_card_drawn,
    CaptureChosen: _apply_capture_chosen,
    DealerDrawn: _apply_dealer_drawn,
    Dealt: _apply_dealt,
    Redeal: _apply_redeal,
    RoundEnded: _apply_round_ended,
    MatchEnded: _apply_match_ended,
    UndoTaken: _apply_undo,
}


#: The proof events (`core.events.PROOF_EVENTS`), which leave the state as it is.
_PROOF: frozenset[type[Event]] = frozenset(PROOF_EVENTS)


def start(ev: MatchStarted) -> State:
    """The state of a match that has just begun."""
    game = game_for(ev.rules)
    n = len(ev.players)
    try:
        game.check_players(ev.rules, n)
    except IllegalActionError as exc:
        raise CorruptLogError(exc.template, **exc.params) from None
    return State(
        rules=ev.rules,
        hooks=game,
        players=ev.players,
        totals=game.initial_totals(ev.rules, n),
        undos=(0,) * n,
    )


def winners(state: State) -> tuple[int, ...]:
    """The seats with the best total (more than one: a tie)."""
    best = max(state.totals)
    return tuple(i for i, t in enumerate(state.totals) if t == best)


def apply(state: State | None, event: Event) -> State:
    """The state after one event; raises `CorruptLogError` if the event does not follow.

    Where the rules make the next event automatic (a draw, a draw kept in the hand, a claim, a
    redeal, a forced shobu, a score, the match's end), the event must be exactly that one: the
    engine computes it with the state after it, as `step` would, and compares.
    """
    if state is None:
        if not isinstance(event, MatchStarted):
            raise CorruptLogError(
                N_("a match must begin with match_started, not {event}"),
                event=type(event).__name__,
            )
        return start(event)
    if isinstance(event, MatchStarted):
        raise CorruptLogError(N_("match_started appears twice"))
    if type(event) in _PROOF:
        return state  # a deal's proof: checked by core.proof, nothing to fold
    if state.phase == OVER:
        raise CorruptLogError(N_("{event} after the match ended"), event=_tag(event))
    due = _auto(state)
    if due is not None:
        expected, after = due
        if event != expected:
            raise _not_due(state, event, expected)
        return after
    _check_no_card_twice(event)
    return _apply_event(state, event)


def _apply_event(state: State, event: Event) -> State:
    """Fold one event into a state that is not at an automatic step (see `apply`)."""
    handler = _APPLY.get(type(event))
    if handler is None:
        hooks: Game[Any] = state.hooks
        state, then = hooks.apply_extra(state, event)
        return proceed(state, then)
    return handler(state, event)


def _tag(event: Event) -> str:
    return str(type(event).__struct_config__.tag)


def _shown(value: object) -> str:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
        return "[" + " ".join(v.code for v in value) + "]"
    text = repr(value)
    return text if len(text) <= 80 else text[:79] + "…"


def _not_due(state: State, event: Event, expected: Event) -> CorruptLogError:
    """Why ``event`` is refused where the rules make ``expected`` happen by itself."""
    if type(event) is not type(expected):
        return CorruptLogError(
            N_("{event} is out of order: the rules make the next event {expected} (phase {phase})"),
            event=_tag(event),
            expected=_tag(expected),
            phase=repr(state.phase),
        )
    handler = _APPLY.get(type(event))
    if handler is not None:
        handler(state, event)  # the engine's own check words most differences best
    for name in event.__struct_fields__:
        got, want = getattr(event, name), getattr(expected, name)
        if got != want:
            return CorruptLogError(
                N_("{event} does not follow: its {field} is {got}, the rules give {want}"),
                event=_tag(event),
                field=name,
                got=_shown(got),
                want=_shown(want),
            )
    return CorruptLogError(N_("{event} does not follow"), event=_tag(event))


_CARD_LISTS: dict[type[Event], tuple[str, ...]] = {}


def _card_lists(kind: type[Event]) -> tuple[str, ...]:
    """The fields of an event type that hold a list of cards."""
    names = _CARD_LISTS.get(kind)
    if names is None:
        hints = typing.get_type_hints(kind)
        names = _CARD_LISTS[kind] = tuple(
            name for name in kind.__struct_fields__ if hints[name] == tuple[Card, ...]
        )
    return names


def _check_no_card_twice(event: Event) -> None:
    """No list of cards in an event names a card twice."""
    for name in _card_lists(type(event)):
        value = getattr(event, name)
        if len(value) > 1 and len(set(value)) != len(value):
            raise CorruptLogError(
                N_("{event} lists a card twice in {field}"), event=_tag(event), field=name
            )


def fold(events: Iterable[Event]) -> State:
    """The state after a whole list of events (the first one is MatchStarted)."""
    state: State | None = None
    for event in events:
        state = apply(state, event)
    if state is None:
        raise CorruptLogError(N_("no events"))
    return state
