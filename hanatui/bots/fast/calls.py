"""The koi-koi call inside the fast engine's playouts, and the playout policies it plays.

The call (``call``): ``"normal"`` asks `koikoi_choice` on a state built for it (the engine's
playouts exactly); ``"table"`` reads a table of what `koikoi_choice` decided in the playouts of
many searches (`kkcalls.KOIKOI`, keyed by `call_key`: the points shobu scores now, the cards
left in the caller's hand, how near each side is to a further yaku it can still make;
scripts/kk_table.py builds it); ``"mixed"`` reads the table where those calls agreed and asks
`koikoi_choice` where they were split (`kkcalls.UNSURE`). Each is an ordinary `Policy`
(`POLICIES`) that stepping the engine plays the same way: tests/bots/test_playout.py checks that
the fast playout gives the engine's points, with the same random numbers used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from msgspec.structs import replace

from core.actions import Action, CallKoiKoi, CallShobu
from core.cards import ALL_MASK
from core.engine import legal_actions
from core.games.koikoi.round import KoiKoiRound
from core.state import DECIDE, HAND, State
from hanatui.bots.fast.kkcalls import KOIKOI, UNSURE
from hanatui.bots.fast.position import Position
from hanatui.bots.fast.rounds import IntRound, shobu_now
from hanatui.bots.heuristics import Profile, profile_for
from hanatui.bots.match import Standing as MatchStanding
from hanatui.bots.match import standing as match_standing
from hanatui.bots.match import win_chance
from hanatui.bots.normal import DEFAULT_PARAMS, Table, race_odds, scaled_points
from hanatui.bots.rollout import (
    PLAIN,
    decide_phase,
    rollout_policy,
)
from hanatui.bots.shobu import shobu_score

#: A playout policy, as `strong.Policy` (strong imports this module, so it is named here too):
#: (state, seat, legal actions, generator) -> the action.
Policy = Callable[[State, int, tuple[Action, ...], random.Random], Action]


#: How near a side is to a further yaku, capped: the fewest cards it lacks of a yaku it does not
#: hold (`rollout._missing`), 1..NEAR_CAP (NEAR_CAP: that many or more, or none left).
NEAR_CAP = 4


#: The points shobu scores now, capped (the table's rows).
POINTS_CAP = 12


Clauses = tuple[tuple[int, int], ...]


#: A target of one clause over this many cards or more (the plains, the seeds, the ribbons) is
#: read by two counts in `reach`, never remembered: its memo would be keyed by most piles.
COUNTED = 8


class _ReachPlan(NamedTuple):
    """How `reach` reads a profile's targets."""

    prof: Profile  # kept alongside its id
    scope: int  # the cards of the other targets, whose memo is keyed by both piles' cards here
    memo: dict[int, tuple[int, int]]
    targets: tuple[Clauses, ...]  # the other targets' clauses
    counted: tuple[tuple[int, int], ...]  # the counted targets' one clause each


#: `reach`'s plan per profile (by identity).
_REACH: dict[int, _ReachPlan] = {}


def _reach_plan(prof: Profile) -> _ReachPlan:
    targets = []
    counted = []
    scope = 0
    for t in prof.flat:
        if len(t.clauses) == 1 and t.clauses[0][0].bit_count() >= COUNTED:
            counted.append(t.clauses[0])
        else:
            targets.append(t.clauses)
            for mask, _ in t.clauses:
                scope |= mask
    return _ReachPlan(prof, scope, {}, tuple(targets), tuple(counted))


def reach(prof: Profile, caps: int, dead: int) -> tuple[int, int]:
    """`reach_of` of the profile's targets: the counted ones (`COUNTED`) from their counts,
    the others remembered by both piles' cards among theirs (a few thousand keys, where both
    whole piles seldom came again)."""
    plan = _REACH.get(id(prof))
    if plan is None or plan.prof is not prof:
        if len(_REACH) > 64:
            _REACH.clear()
        plan = _REACH[id(prof)] = _reach_plan(prof)
    scope = plan.scope
    key = caps & scope | (dead & scope) << 48
    found = plan.memo.get(key)
    if found is None:
        if len(plan.memo) > 100_000:
            plan.memo.clear()
        found = plan.memo[key] = reach_of(plan.targets, caps, dead)
    best, ones = found
    free = ~(caps | dead)
    for mask, need in plan.counted:  # `reach_of` of a target of one clause
        short = need - (caps & mask).bit_count()
        if 0 < short <= (mask & free).bit_count():
            if short < best:
                best = short
            if short == 1:
                ones += 1
    return best, min(ones, 3)


def reach_of(targets: tuple[Clauses, ...], caps: int, dead: int) -> tuple[int, int]:
    """How near a pile ``caps`` is to a yaku it does not hold and may still make (the cards
    ``dead``, the opponent's, out of its reach): the fewest cards it lacks (capped at NEAR_CAP)
    and how many such yaku lack one card (capped at 3). ``targets``: the clauses of the
    profile's targets (`Profile.flat`)."""
    best = NEAR_CAP
    ones = 0
    free = ~(caps | dead)  # the cards that may still come to the pile
    for clauses in targets:
        total = 0
        for mask, need in clauses:
            short = need - (caps & mask).bit_count()
            if short > 0:
                if (mask & free).bit_count() < short:
                    total = NEAR_CAP
                    break
                total += short
        if 0 < total < best:
            best = total
        if total == 1:
            ones += 1
    return best, min(ones, 3)


def call_key(prof: Profile, points: int, hand: int, mine: int, theirs: int) -> tuple[int, ...]:
    """The table's key of a koi-koi decision: shobu's points now (capped), the caller's cards
    left in hand, how near it and the opponent are to a further yaku (`reach`)."""
    near_me, ones_me = reach(prof, mine, theirs)
    near_op, ones_op = reach(prof, theirs, mine)
    return (min(points, POINTS_CAP), hand.bit_count(), near_me, near_op, ones_me, ones_op)


def table_call(key: tuple[int, ...], mixed: bool = False) -> bool | None:
    """Koi-koi (True) or shobu, by the table (`kkcalls.KOIKOI`: the keys of koi-koi); with
    ``mixed``, None for the keys where the normal level's calls were split
    (`kkcalls.UNSURE`): the caller asks it."""
    if mixed and key in UNSURE:
        return None
    return key in KOIKOI


#: The keys of the table (`KOIKOI` and `UNSURE`) cut short, so that the playout's call
#: (`_table_call`) stops computing a key once no key of the table begins as it does (then the
#: table says shobu): the caller's cards in hand; with shobu's points; with how near the caller
#: is (near, ones). About a third of the calls stop before the opponent's `reach`.
_LISTED = KOIKOI | UNSURE


_HANDS = frozenset(k[1] for k in _LISTED)


_PREFIXES = frozenset(k[:2] for k in _LISTED)


_MINE = frozenset((k[0], k[1], k[2], k[4]) for k in _LISTED)


def table_policy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The playout policy with the table's koi-koi call: `rollout_policy` in every other
    decision. Played by stepping the engine it gives what `play_out_score` gives with
    ``call="table"``."""
    return _tabled(state, seat, legal, rng, False)


def mixed_policy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """`table_policy`, where the table's key was split the normal level's call
    (``call="mixed"``)."""
    return _tabled(state, seat, legal, rng, True)


def _tabled(
    state: State, seat: int, legal: tuple[Action, ...], rng: random.Random, mixed: bool
) -> Action:
    if state.phase == DECIDE and len(legal) > 1:
        koi = next((a for a in legal if type(a) is CallKoiKoi), None)
        shobu = next((a for a in legal if type(a) is CallShobu), None)
        if koi is not None and shobu is not None:
            points = shobu_score(state, seat)
            assert points is not None
            prof = profile_for(state.rules, 2)
            key = call_key(
                prof,
                points[seat],
                state.hands[seat],
                state.captures[seat],
                state.captures[1 - seat],
            )
            koikoi = table_call(key, mixed)
            if koikoi is not None:
                return koi if koikoi else shobu
    return rollout_policy(state, seat, legal, rng)


#: The playout policies of this module, by the name of their call.
POLICIES: dict[str, Policy] = {
    "normal": rollout_policy,
    "table": table_policy,
    "mixed": mixed_policy,
}


def decision_key(kk: IntRound, st: State, p: Position) -> tuple[int, ...]:
    """`call_key` of the mover's decision at ``p`` (its shobu's points computed on masks)."""
    points = shobu_now(kk, st, p)[p.turn]
    return call_key(kk.prof, points, p.hand, p.mine, p.theirs)


def _table_call(kk: IntRound, st: State, p: Position, mixed: bool) -> bool | None:
    """`table_call` of `decision_key`, the same answer, where the key is computed only as far
    as some key of the table begins as it does (`_HANDS`, `_PREFIXES`, `_MINE`): past that,
    shobu."""
    hand = p.hand.bit_count()
    if hand not in _HANDS:
        return False
    points = min(shobu_now(kk, st, p)[p.turn], POINTS_CAP)
    if (points, hand) not in _PREFIXES:
        return False
    mine = p.mine
    theirs = p.theirs
    prof = kk.prof
    near_me, ones_me = reach(prof, mine, theirs)
    if (points, hand, near_me, ones_me) not in _MINE:
        return False
    near_op, ones_op = reach(prof, theirs, mine)
    return table_call((points, hand, near_me, near_op, ones_me, ones_op), mixed)


def koikoi_call(
    kk: IntRound,
    st: State,
    call: str,
    rng: random.Random,
    p: Position,
    turn_no: int,
    play_on: bool,
) -> bool:
    """The playout's koi-koi call (True) or shobu of the mover at the end of its turn, at
    ``p`` (the playout's pile is ``st``'s; ``turn_no``: the turn's number)."""
    if call != "normal":
        koikoi = _table_call(kk, st, p, call == "mixed")
        if koikoi is not None:
            return koikoi
    if _RACE:
        return _normal_call(kk, st, p)
    return _state_call(kk, st, rng, p, turn_no, play_on)


#: `_normal_call` plays the normal level's call as `koikoi_choice` weighs it by default.
_RACE = DEFAULT_PARAMS.koikoi_model == "race"


def _normal_call(kk: IntRound, st: State, p: Position) -> bool:
    """`normal.koikoi_choice` (the playout policy's call) at the end of the mover's turn at
    ``p``, on masks: what
    it reads of the decision's state (`shobu_points`, `read_table`, the calls, the match
    standing) taken from the playout's integers, then its race and its weighing, step by step
    (the same floats). About half the cost of building the state and asking it (most calls
    are new to `rollout.decide_phase`'s memo). The differential tests check it against the engine
    with the policy."""
    params = DEFAULT_PARAMS
    rules = kk.rules
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    hand, op, mine, theirs, field, _, turn, calls, _, _, _ = p
    other = 1 - turn
    # `shobu_points`: shobu's score, relative (`relative_points`).
    points = shobu_now(kk, st, p)
    now = points[turn] - float(points[other])
    # `read_table` of a two-seat decision (no card pending).
    t = Table(
        prof=kk.prof,
        seat=turn,
        hand=hand,
        field=field,
        mine=mine,
        opps=(theirs,),
        unseen=ALL_MASK & ~(hand | field | mine | theirs | extra.out_of_play),
        next_opp_hand=op.bit_count(),
        hand_count=hand.bit_count(),
    )
    # `koikoi_outlook`
    first_me, gain, first_op, v_op = race_odds(t, params)
    called = (calls[turn] + 1, calls[other])
    base = now  # `_base_points`
    if rules.koikoi_multiplier == "opponent_flat" and calls[other]:
        base /= 2
    if rules.double_at_7 and base >= 2 * rules.double_threshold:
        base /= 2
    win = scaled_points(rules, base + gain, True, called)
    lose = scaled_points(rules, max(v_op, 1.0), False, (called[0], called[1]))
    # `koikoi_choice`'s race
    standing = _match_standing(st, turn) if params.match_aware else None
    if standing is None:
        return first_me * win - first_op * lose > now * (1.0 + params.koikoi_margin)
    shrink = 1.0 + params.koikoi_margin
    rest = max(0.0, 1.0 - first_me - first_op)
    koi_value = (
        first_me * win_chance(standing, win / shrink)
        + first_op * win_chance(standing, -lose / shrink)
        + rest * win_chance(standing, 0.0)
    )
    return koi_value > win_chance(standing, now) + 1e-9


#: `match.standing` per seat, of the last match standing asked: what it reads of a state (its
#: rules, the match totals, the rounds done; two seats) is the same in every playout of a
#: search, where the states (the deals) differ.
_MATCH: list[object] = [None, None, None, None, None]


def _match_standing(st: State, seat: int) -> MatchStanding | None:
    """`match.standing` of ``st`` for ``seat``, remembered for the last standing asked."""
    if _MATCH[0] is not st.rules or _MATCH[1] != st.totals or _MATCH[2] != st.rounds_done:
        _MATCH[:] = [
            st.rules,
            st.totals,
            st.rounds_done,
            match_standing(st, 0),
            match_standing(st, 1),
        ]
    found = _MATCH[3 + seat]
    assert found is None or isinstance(found, MatchStanding)
    return found


def _state_call(
    kk: IntRound, st: State, rng: random.Random, p: Position, turn_no: int, play_on: bool
) -> bool:
    """The playout policy's call asked on the decision's state, built."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    turn = p.turn
    deciding = replace(
        st,
        hands=(p.hand, p.op) if turn == 0 else (p.op, p.hand),
        field=p.field,
        pile=st.pile[p.pos :],
        captures=(p.mine, p.theirs) if turn == 0 else (p.theirs, p.mine),
        turn=turn,
        turn_no=turn_no,
        phase=DECIDE,
        stage=HAND,
        pending=-1,
        pending_from=None,
        extra=replace(
            extra,
            koikoi=p.calls,
            decided=p.decided,
            seen=p.seen,
            last_yaku=p.last,
            forced=False,
            play_on=play_on,
        ),
    )
    legal = legal_actions(deciding)
    return type(decide_phase(deciding, turn, legal, rng, PLAIN)) is CallKoiKoi
