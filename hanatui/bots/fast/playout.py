"""Koi-koi's own playout: the whole round on integers, the engine left out.

The strong level's playouts (`rollout.play_out_score`) run the ordinary turn on integers but go
back to the engine whenever a koi-koi seat's yaku change (the game's `after_turn`, the decision,
the score). Here a two-seat koi-koi round is played to its end without the engine
(`play_round`): the turn as the fast path plays it (`policy`), the end of each turn as
`KoiKoi.after_turn` judges it (from the compiled yaku's standing of the mover's pile), the call
(`calls`), and the round's points (`rounds.draw_points`, `shobu.win_points`). A playout may end
early with an exact or a learned value (`Finish`: `endgame.Finisher`, `leaf.Leaf`), asked with
the playout's `position.Position`.
"""

from __future__ import annotations

import random
from typing import Protocol

from core.actions import Action, PlayCard
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.games.koikoi.game import base_points, better, newer
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.yaku import Standing
from core.state import DRAW, HAND, PLAY, State
from hanatui.bots.fast.calls import POLICIES, koikoi_call
from hanatui.bots.fast.policy import choose_card, choose_target, noisy_card
from hanatui.bots.fast.position import BITS, MONTHS, Position
from hanatui.bots.fast.rounds import PLAIN_STYLE, IntRound, Style, draw_points, round_for
from hanatui.bots.shobu import settle, win_points


class Finish(Protocol):
    """The end of a playout: the value for the mover (its points less the other's) of the
    round from a turn from its hand, exact (`endgame.Finisher`, an int) or learned
    (`leaf.Leaf`, a float), called by `play_round` once both hands hold at most ``cards``
    cards, with the round (``kk``), the playout's state (its pile is the playout's) and the
    position reached."""

    cards: int

    def __call__(self, kk: IntRound, st: State, p: Position) -> float: ...


def play_out_score(
    state: State,
    action: Action,
    rng: random.Random,
    call: str = "normal",
    finish: Finish | None = None,
    style: Style = PLAIN_STYLE,
) -> tuple[float, ...] | None:
    """Play ``action``, then the playout policy with the koi-koi ``call`` for both seats to
    the end of the round: the round's points, exactly as stepping the engine with
    ``POLICIES[call]`` gives them. None when this playout does not play the round (the caller
    takes the engine's path). ``finish``: the playout's end is exact once the hands are small
    (`play_round`; the points are then only good for their difference). ``style``: the policy's
    weights from the first turn from a hand on (the decisions stepped before it, after a
    capture choice or a call searched, are `rollout_policy`'s)."""
    kk = round_for(state, style)
    if kk is None:
        return None
    seats: tuple[IntRound, IntRound] | None = None
    if kk.noisy and style.opponent_only:
        # The seat that searches (that acts now) plays greedily, the other with the noise.
        plain = kk.greedy
        assert plain is not None
        seats = (plain, kk) if to_act(state) == 0 else (kk, plain)
        kk = plain
    policy = POLICIES[call]
    if (
        state.phase == PLAY
        and state.stage == HAND
        and type(action) is PlayCard
        and state.hands[state.turn] & action.card.bit
    ):
        return play_round(kk, state, rng, call, action.card.index, False, finish, seats)
    out = step(state, action)
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return ev.points
        st = out[-1][1]
        if st.phase == PLAY and st.hands[st.turn]:  # a turn the integers take on from here
            return play_round(kk, st, rng, call, -1, st.stage == DRAW, finish, seats)
        actor = to_act(st)
        if actor is None:
            return None  # the round ended without a score (should not happen)
        out = step(st, policy(st, actor, legal_actions(st), rng))


def styled_score(
    state: State, rng: random.Random, styles: tuple[Style, Style], call: str = "mixed"
) -> tuple[float, ...] | None:
    """The round from ``state`` (a turn in play, a card from the hand next) to its points,
    each seat's cards played by the policy weighing by its own style (``styles[seat]``), both
    calls ``call``'s: a duel of two playout policies (`lab/tune_playout.py`). None when this
    playout does not play the round."""
    seats = tuple(round_for(state, style) for style in styles)
    if seats[0] is None or seats[1] is None or state.phase != PLAY or state.stage != HAND:
        return None
    return play_round(seats[0], state, rng, call, seats=(seats[0], seats[1]))


def play_round(
    kk: IntRound,
    st: State,
    rng: random.Random,
    call: str,
    first: int = -1,
    drawing: bool = False,
    finish: Finish | None = None,
    seats: tuple[IntRound, IntRound] | None = None,
) -> tuple[float, ...]:
    """The round from ``st`` (a turn in play, from its hand, or from its draw when
    ``drawing``) on integers, to its points. ``first``: the card the mover plays first.
    ``finish``: from the first turn from the hand (after ``first``) where both hands hold at
    most ``finish.cards`` cards, the round's value for the mover is ``finish``'s (`Finish`),
    and the points returned are that value and 0 (their difference is the value).
    ``seats``: each seat's cards chosen by its own compiled policy (else ``kk``'s)."""
    rules = kk.rules
    standing = kk.yaku.standing
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    turn = st.turn
    # The mover's policy and the other seat's (the same but in a duel of styles).
    moving, waiting = (kk, kk) if seats is None else (seats[turn], seats[1 - turn])
    # The mover's hand and pile, and the other seat's: swapped at the end of each turn (plain
    # locals where the seats' lists were indexed a dozen times a turn).
    hand, op_hand = st.hands[turn], st.hands[1 - turn]
    mine, theirs = st.captures[turn], st.captures[1 - turn]
    field = st.field
    pile = st.pile
    pos = 0
    end = len(pile)
    turn_no = st.turn_no
    calls = list(extra.koikoi)
    decided: list[Standing] = list(extra.decided)
    seen: list[Standing] = list(extra.seen)
    last_yaku = extra.last_yaku
    requires_new = rules.koikoi_requires_new_yaku
    field_free = kk.field_free
    # The end of a turn asks the mover's standing; where the field plays no part it is
    # remembered here by the pile (a dict lookup, where the call to `standing` costs more).
    standings = kk.standings
    while True:
        # The pile of the mover before its turn (-1: not known, its draw is next).
        took = -1
        if drawing:
            drawing = False
        else:
            took = mine
            if first >= 0:
                card = first
                first = -1
            else:
                if (
                    finish is not None
                    and hand.bit_count() <= finish.cards
                    and op_hand.bit_count() <= finish.cards
                ):
                    at = Position(
                        hand, op_hand, mine, theirs, field, pos, turn, (calls[0], calls[1]),
                        (decided[0], decided[1]), (seen[0], seen[1]), last_yaku,
                    )  # fmt: skip
                    value = finish(kk, st, at)
                    return (value, 0) if turn == 0 else (0, value)
                op_cards = op_hand.bit_count()
                if moving.noisy:
                    card = noisy_card(moving, hand, field, mine, theirs, op_cards, rng)
                else:
                    card = choose_card(moving, hand, field, mine, theirs, op_cards, rng)
            bit = BITS[card]
            hand ^= bit
            matches = field & MONTHS[card]
            if matches:
                if matches.bit_count() == 2:
                    matches = choose_target(moving, bit, matches, mine, theirs, rng)
                mine |= matches | bit
                field &= ~matches
            else:
                field |= bit
        if pos < end:
            card = pile[pos]
            pos += 1
            bit = BITS[card]
            matches = field & MONTHS[card]
            if matches:
                if matches.bit_count() == 2:
                    matches = choose_target(moving, bit, matches, mine, theirs, rng)
                mine |= matches | bit
                field &= ~matches
            else:
                field |= bit
        # The end of the turn (`KoiKoi.after_turn`): a pile that took nothing holds the yaku it
        # held after the seat's last turn, unless the field matters.
        now: Standing | None = None  # None: the pile holds what it held (below)
        if not field_free:
            now = standing(mine, field)
        elif mine != took:
            now = standings.get(mine)
            if now is None:
                if len(standings) > 100_000:
                    standings.clear()
                now = standings[mine] = standing(mine, field)
        if now is not None and now != seen[turn]:
            if better(now, seen[turn]):
                last_yaku = turn
            seen[turn] = now
            before = decided[turn]
            play_on = False
            if requires_new:
                decision = newer(now, before)
                if not decision and rules.raise_allows_shobu and better(now, before):
                    decision = play_on = True
            else:
                decision = better(now, before)
            if decision:
                forced = not hand
                if not forced and rules.koikoi_once:
                    forced = calls != [0, 0]
                if not forced and rules.koikoi_min_points:
                    forced = base_points(rules, now) < rules.koikoi_min_points
                if not forced:
                    at = Position(
                        hand, op_hand, mine, theirs, field, pos, turn, (calls[0], calls[1]),
                        (decided[0], decided[1]), (seen[0], seen[1]), last_yaku,
                    )  # fmt: skip
                    go_on = koikoi_call(kk, st, call, rng, at, turn_no, play_on)
                if forced or not go_on:
                    won = win_points(
                        kk.yaku,
                        rules,
                        mine,
                        theirs,
                        field,
                        calls[turn],
                        calls[1 - turn],
                        extra.field_brights,
                    )
                    return settle(rules, turn, won, st.totals[1 - turn])
                if not play_on:
                    calls[turn] += 1
                decided[turn] = now
        # The next turn (`core.turns.next_turn`): the round is over when both hands are.
        if not op_hand:
            if hand:  # not in the standard turn; the engine would pass the turn over
                raise AssertionError("koi-koi playout: a seat without cards is to play")
            at = Position(
                hand, op_hand, mine, theirs, field, pos, turn, (calls[0], calls[1]),
                (decided[0], decided[1]), (seen[0], seen[1]), last_yaku,
            )  # fmt: skip
            return draw_points(kk, st, at)
        turn = 1 - turn
        moving, waiting = waiting, moving
        hand, op_hand = op_hand, hand
        mine, theirs = theirs, mine
        turn_no += 1
