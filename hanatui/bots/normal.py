"""The `normal` level: a one-move heuristic that knows the yaku.

Each legal action is scored by what it does to a value model of the table (`heuristics`): the
card points and yaku it captures, the yaku progress it makes, the opponents' near-complete yaku
it denies, and what it leaves exposed on the field for the next opponent (weighted by the chance
that the opponent holds a matching card, from the cards still unseen, and what its draw may
take). In koi-koi, the koi-koi / shobu decision weighs the points in hand against the chances of
raising them before an opponent's threats land. The weights are per game (`GAME_PARAMS`).

In a match of several rounds the public standing counts too (`match`): the koi-koi call weighs
the chance of winning the match each outcome gives, and a player ahead weighs the field's threats
more, one behind less.

The policy works on a `State` but reads only what the deciding seat can see: its own hand, the
field, the captures and the counts of hidden cards. `NormalBot` feeds it a determinization of
its View (the hidden cards at random, which it never looks at); the strong bot uses the same
policy inside its playouts.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.cards import ALL_MASK, MONTH_MASKS
from core.engine import step
from core.errors import IllegalActionError
from core.events import Event
from core.state import CHOOSE, DECIDE, State
from core.turns import capture_targets
from core.view import View, determinize
from hanatui.bots.base import Bot
from hanatui.bots.heuristics import (
    Profile,
    Target,
    TeamEval,
    held_value,
    hold_probability,
    profile_for,
)
from hanatui.bots.match import risk_tilt, standing, win_chance
from hanatui.bots.shobu import shobu_score


class Params(NamedTuple):
    """Tunable weights of the normal policy."""

    exposure: float = 2.0  # weight of what the next opponent may take from the field
    follow_up: float = 0.0  # weight of a card given to the field that we can take back
    draw_gain: float = 0.0  # weight of what our own draw may take
    koikoi_margin: float = 0.5  # koi-koi only when its estimate beats shobu by this fraction
    p_pair: float = 0.75  # our chance to capture a card we can match now
    p_hand: float = 0.5  # ... a hand card with no match on the field
    p_field: float = 0.35  # ... a field card we cannot match
    p_unseen: float = 0.25  # ... an unseen card
    op_field: float = 0.4  # an opponent's chance to capture a field card
    op_unseen: float = 0.3  # ... an unseen card
    op_hand: float = 0.12  # ... a card in our hand
    denial: float = 1.0  # weight of the yaku chances a capture takes from the opponents
    match_aware: bool = True  # weigh the match standing (scores, rounds left, its end rules)
    match_risk: float = 0.5  # how far the standing tilts play toward safety (ahead) or reach
    koikoi_model: str = "race"  # "race" (a turn-by-turn race of both sides) or "simple"
    op_draw: float = 0.0  # weight of the next opponent's draw among the field's threats
    feed: float = 0.0  # weight of what the field offers our next teammate (team games)
    potential: float = -1.0  # weight of the yaku within reach (negative: the game profile's)


DEFAULT_PARAMS = Params()

#: Per game, the weights that differ from the defaults: tuned by self-play with
#: `lab/tune_normal.py` (coordinate search on seat-swapped duels against the easy level and the
#: default weights, common seeds), then checked on fresh seeds by `lab/arena.py`.
GAME_PARAMS: dict[str, Params] = {
    # The card-point races (bakappana, hana-awase, Sakura's 240 points less 50 per yaku): what
    # the field is left offering the next player, to its hand and to its draw, weighs double.
    # The other weights gained nothing measurable over the fresh seeds (the tuning log is in
    # lab/results/tune_normal.txt).
    "bakappana": Params(exposure=4.0, op_draw=1.0),
    "hana-awase": Params(exposure=4.0, op_draw=1.0),
    # With teams, a card left on the field for the teammate who plays after the next opponent
    # counts for us (the feed weight; no effect without teams).
    "sakura": Params(exposure=4.0, op_draw=1.0, feed=1.0),
}


def params_for(game: str) -> Params:
    """The normal level's weights for a game."""
    return GAME_PARAMS.get(game, DEFAULT_PARAMS)


class Table(NamedTuple):
    """The public facts of one decision, as masks."""

    prof: Profile
    seat: int
    hand: int
    field: int
    mine: int  # our team's captures
    opps: tuple[int, ...]  # each other team's captures
    unseen: int
    next_opp_hand: int  # cards in the next opponent's hand
    hand_count: int
    mate_hand: int = 0  # cards in the hand of our next teammate to play (0: none)


def read_table(state: State, seat: int) -> Table:
    """The public facts of ``state`` as ``seat`` sees them."""
    n = len(state.players)
    prof = profile_for(state.rules, n)
    teams = prof.teams
    caps = state.captures
    mate = 0
    if teams == (0, 1):  # two seats, each a team of its own: what the loops below give
        other = 1 - seat
        mine = caps[seat]
        opps: tuple[int, ...] = (caps[other],)
        all_caps = mine | caps[other]
        next_opp = state.hands[other].bit_count()
    else:
        team = teams[seat]
        mine = 0
        others: dict[int, int] = {}
        for s in range(n):
            if teams[s] == team:
                mine |= caps[s]
            else:
                others[teams[s]] = others.get(teams[s], 0) | caps[s]
        opps = tuple(others.values())
        all_caps = mine
        for c in opps:
            all_caps |= c
        next_opp = 0
        seen_opp = False
        for k in range(1, n):
            s = (seat + k) % n
            if teams[s] != team:
                if not seen_opp:
                    next_opp = state.hands[s].bit_count()
                    seen_opp = True
            elif seen_opp:  # a teammate who plays after the next opponent
                mate = state.hands[s].bit_count()
                break
    hand = state.hands[seat]
    pending = (1 << state.pending) if state.pending >= 0 else 0
    out_of_play = state.extra.out_of_play if state.extra is not None else 0
    unseen = ALL_MASK & ~(hand | state.field | all_caps | pending | out_of_play)
    return Table(
        prof=prof,
        seat=seat,
        hand=hand,
        field=state.field,
        mine=mine,
        opps=opps,
        unseen=unseen,
        next_opp_hand=next_opp,
        hand_count=hand.bit_count(),
        mate_hand=mate,
    )


_MONTH_FIRSTS = int("0001" * 12, 2)  # the first card of each month


def _month_cover(mask: int) -> int:
    """The union of the month masks of the cards in ``mask``."""
    return ((mask | mask >> 1 | mask >> 2 | mask >> 3) & _MONTH_FIRSTS) * 0b1111


def my_levels(t: Table, params: Params = DEFAULT_PARAMS) -> list[tuple[float, int]]:
    """Our chances of capturing each card still free, best first."""
    hand_months = _month_cover(t.hand)
    field_months = _month_cover(t.field)
    time = min(1.0, 0.35 + t.hand_count / 8.0)
    return [
        (params.p_pair, (t.field & hand_months) | (t.hand & field_months)),
        (params.p_hand, t.hand & ~field_months),
        (params.p_field * time, t.field & ~hand_months),
        (params.p_unseen * time, t.unseen),
    ]


def opp_levels(t: Table, params: Params = DEFAULT_PARAMS) -> list[tuple[float, int]]:
    """An opponent's chances of capturing each card still free, as far as we can tell."""
    time = min(1.0, 0.35 + t.next_opp_hand / 8.0)
    return [
        (params.op_field * time, t.field),
        (params.op_unseen * time, t.unseen),
        (params.op_hand, t.hand),
    ]


class _Outcome(NamedTuple):
    taken: int  # cards our team captures by the action
    field: int  # the field after it
    played: int = 0  # the card given to the field, if any


def _outcomes(state: State, t: Table, action: Action) -> list[_Outcome]:
    """What an action may do at once (before the draw); several entries when a choice follows."""
    if isinstance(action, PlayCard):
        idx = action.card.index
        bit = 1 << idx
        targets = capture_targets(state, idx, "hand")
        if not targets:
            return [_Outcome(0, t.field | bit, bit)]
        return [_Outcome(m | bit, t.field & ~m) for m in targets]
    if isinstance(action, ChooseCapture):
        bit = action.card.bit
        if action.target is None:
            return [_Outcome(0, t.field | bit, bit)]
        tb = action.target.bit
        # A wild card's capture later also claims the rest of the target's month (Sakura).
        return [_Outcome(tb | bit, t.field & ~tb)]
    # Anything else (a hiki, a game's own action): play it out on the state and look.
    after = step(state, action)[0][1]
    n = len(state.players)
    teams = t.prof.teams
    mine_after = 0
    for s in range(n):
        if teams[s] == teams[t.seat]:
            mine_after |= after.captures[s]
    return [_Outcome(mine_after & ~t.mine, after.field)]


def score_actions(
    state: State, seat: int, legal: tuple[Action, ...], params: Params = DEFAULT_PARAMS
) -> list[float]:
    """The heuristic score of each of ``legal`` (play and capture decisions)."""
    t = read_table(state, seat)
    prof = t.prof
    if params.potential >= 0 and not prof.koikoi:
        prof = prof._replace(potential=params.potential)
    if params.match_aware and params.match_risk:
        tilt = params.match_risk * risk_tilt(standing(state, seat))
        if tilt:
            # Ahead: weigh what the field offers the others, and their yaku, more; behind: less.
            params = params._replace(
                exposure=params.exposure * (1.0 + tilt), denial=params.denial * (1.0 + tilt)
            )
    lv_me = my_levels(t, params)
    lv_op = opp_levels(t, params)
    ev_me = TeamEval(prof, t.mine, lv_me)
    ev_op = [TeamEval(prof, o, lv_op) for o in t.opps]
    base_me = ev_me.base
    n_op = max(1, len(t.opps))
    denial = params.denial

    # Per card: what it is worth to the next opponent and to us if captured (with denial).
    worth_op: dict[int, float] = {}
    worth_me: dict[int, float] = {}
    first = ev_op[0] if ev_op else None
    relevant = t.field | t.hand
    if state.phase == CHOOSE and state.pending >= 0:
        relevant |= 1 << state.pending
    m = relevant
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        loss_me = base_me - ev_me.without(low)
        if first is not None:
            worth_op[i] = first.with_caps(low) - first.base + loss_me
            gain_op = denial * (first.base - first.without(low))
        else:
            worth_op[i] = loss_me
            gain_op = 0.0
        worth_me[i] = ev_me.with_caps(low) - base_me + gain_op

    unseen = t.unseen
    u_total = unseen.bit_count()
    scores = []
    for action in legal:
        best = None
        for out in _outcomes(state, t, action):
            v = ev_me.with_caps(out.taken) - base_me
            if out.taken:
                for e in ev_op:
                    v += denial * (e.base - e.without(out.taken)) / n_op
            v -= _exposure(t, out, worth_op, worth_me, unseen, u_total, params)
            if best is None or v > best:
                best = v
        scores.append(best if best is not None else 0.0)
    return scores


def _exposure(
    t: Table,
    out: _Outcome,
    worth_op: dict[int, float],
    worth_me: dict[int, float],
    unseen: int,
    u_total: int,
    params: Params,
) -> float:
    """Expected loss from what the field offers the next opponent, less our own chances."""
    field = out.field
    hand_after = t.hand & ~out.taken
    threats: list[tuple[float, float]] = []
    mine = 0.0
    for mm in MONTH_MASKS:
        f = field & mm
        if not f:
            continue
        cnt = f.bit_count()
        if cnt == 1:
            i = f.bit_length() - 1
            g_op = worth_op.get(i, 0.0)
            g_me = worth_me.get(i, 0.0)
        else:
            g_op = 0.0
            g_me = 0.0
            vals_op = []
            vals_me = []
            x = f
            while x:
                low = x & -x
                x ^= low
                i = low.bit_length() - 1
                vals_op.append(worth_op.get(i, 0.0))
                vals_me.append(worth_me.get(i, 0.0))
            if cnt == 2:
                g_op, g_me = max(vals_op), max(vals_me)
            else:
                g_op, g_me = sum(vals_op), sum(vals_me)
        u_m = (unseen & mm).bit_count()
        p_draw = u_m / u_total if u_total else 0.0
        p = 0.0
        if g_op > 0:
            p = hold_probability(u_total, u_m, t.next_opp_hand)
            if params.op_draw:
                p = 1.0 - (1.0 - p) * (1.0 - params.op_draw * p_draw)
        if g_me > 0:
            mine += params.draw_gain * p_draw * g_me
            if params.feed and t.mate_hand:
                # the teammate playing after the next opponent may take it, if it is still there
                p_mate = hold_probability(u_total, u_m, t.mate_hand)
                mine += params.feed * g_me * p_mate * (1.0 - p)
            if f & out.played and hand_after & mm:
                # we gave this card to the field holding its mate: we may take it back
                mine += params.follow_up * g_me * (1.0 - p)
        if p > 0:
            threats.append((g_op, p))
    loss = 0.0
    if threats:
        threats.sort(reverse=True)
        rest = 1.0
        for g, p in threats:
            loss += g * p * rest
            rest *= 1.0 - p
    return params.exposure * loss - mine


# --------------------------------------------------------------------------------------------
# Koi-koi: play on or stop
# --------------------------------------------------------------------------------------------


def shobu_points(state: State, seat: int) -> float | None:
    """What calling shobu scores now, relative to the others: the engine's score, on masks for
    koi-koi (`shobu.shobu_score`)."""
    points = shobu_score(state, seat)
    if points is None:  # shobu is not this seat's to call now
        return None
    return relative_points(state, points, seat)


_last_shobu: tuple[State, int, list[tuple[Event, State]] | None] | None = None


def shobu_step(state: State, seat: int) -> list[tuple[Event, State]] | None:
    """The events (with their states) of ``seat`` calling shobu in ``state``, or None when it is
    not that seat's to call. The last state asked about is remembered: a player weighs shobu
    (`shobu_points`), then often calls it."""
    global _last_shobu
    last = _last_shobu
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    try:
        events: list[tuple[Event, State]] | None = step(state, CallShobu(seat=seat))
    except IllegalActionError:
        events = None
    _last_shobu = (state, seat, events)
    return events


def relative_points(state: State, points: tuple[float, ...], seat: int) -> float:
    """A seat's round points less the mean of the other teams' (teammates share a score)."""
    prof = profile_for(state.rules, len(state.players))
    teams = prof.teams
    if teams == (0, 1):  # two seats, each a team of its own: what the loop below gives
        return points[seat] - float(points[1 - seat])
    team = teams[seat]
    others: dict[int, list[float]] = {}
    for s, p in enumerate(points):
        if teams[s] != team:
            others.setdefault(teams[s], []).append(p)
    if not others:
        return float(points[seat])
    opp = sum(sum(v) / len(v) for v in others.values()) / len(others)
    return points[seat] - opp


#: A target as `_completion_chances` reads it: (points, clauses, per_extra, extra_mask, itself).
_Plain = tuple[float, tuple[tuple[int, int], ...], float, int, Target]

#: Per profile (by identity, the profile kept alongside): its targets as plain tuples, which
#: read faster than the named tuples.
_PLAIN: dict[int, tuple[Profile, tuple[_Plain, ...]]] = {}


def _plain_targets(prof: Profile) -> tuple[_Plain, ...]:
    hit = _PLAIN.get(id(prof))
    if hit is not None and hit[0] is prof:
        return hit[1]
    plain = tuple((t.points, t.clauses, t.per_extra, t.extra_mask, t) for t in prof.flat)
    if len(_PLAIN) > 64:
        _PLAIN.clear()
    _PLAIN[id(prof)] = (prof, plain)
    return plain


def _completion_chances(
    prof: Profile, caps: int, levels: list[tuple[float, int]]
) -> tuple[float, float]:
    """(chance of a new or raised yaku, its expected points) for a team, roughly.

    Per target not yet held: the chance `target_value` gives (with weight 1), written out
    here in one pass over its clauses (the koi-koi decision of every playout asks this)."""
    miss = 1.0
    value = 0.0
    weight = 0.0
    # The cards that may still come: where the levels do not overlap (as ours never do), a
    # clause short of more cards than that is out of reach, without weighing its chances.
    free = 0
    count = 0
    for _, lm in levels:
        free |= lm
        count += lm.bit_count()
    disjoint = count == free.bit_count()
    free &= ~caps
    exp = math.exp
    for points, clauses, per_extra, extra_mask, target in _plain_targets(prof):
        held = True
        prob = 1.0
        for mask, need in clauses:
            short = need - (caps & mask).bit_count()
            if short <= 0:
                continue
            held = False
            if disjoint and (free & mask).bit_count() < short:
                prob = 0.0  # out of reach
                break
            cand = mask & ~caps
            chance = 1.0
            lam = 0.0
            n = 0
            for p, lm in levels:
                k = (cand & lm).bit_count()
                if k:
                    n += k
                    lam += k * p
                    chance *= p if k == 1 else p**k  # the same float
            if n < short:
                prob = 0.0
                break
            if n > short:  # P(X >= short) for X ~ Poisson(lam), as `target_value`
                term = exp(-lam)
                below = term
                for j in range(1, short):
                    term *= lam / j
                    below += term
                chance = max(0.0, 1.0 - below)
            prob *= chance
            if prob <= 0.0:
                break
        if held:
            if not per_extra:
                continue
            cand = extra_mask & ~caps
            p_any = 0.0
            for p, lm in levels:
                k = (cand & lm).bit_count()
                if k:
                    p_any = 1.0 - (1.0 - p_any) * (1.0 - p) ** k
            p, v = p_any, per_extra
        else:
            if prob <= 0.0 or not points:
                continue
            # `target_value`'s value over the points: its held value when the chance is 1
            worth = held_value(target, caps) if prob >= 1.0 else points * prob
            p = worth / points
            v = points
        if p <= 0:
            continue
        miss *= 1.0 - p
        value += p * v
        weight += p
    chance = 1.0 - miss
    return chance, (value / weight if weight else 0.0)


def _race(q_me: float, q_op: float, turns_me: int, turns_op: int) -> tuple[float, float]:
    """(P(we score first), P(the opponent scores first)) when the opponent moves next and each
    side scores on one of its turns with the given chance."""
    p_me = p_op = 0.0
    alive = 1.0
    for k in range(max(turns_me, turns_op)):
        if k < turns_op:
            p_op += alive * q_op
            alive *= 1.0 - q_op
        if k < turns_me:
            p_me += alive * q_me
            alive *= 1.0 - q_me
    return p_me, p_op


def scaled_points(rules: object, base: float, mine: bool, called: tuple[int, int]) -> float:
    """A winner's score from its base points, with the multipliers that would apply."""
    points = base
    if getattr(rules, "double_at_7", False) and base >= getattr(rules, "double_threshold", 7):
        points *= 2
    mode = getattr(rules, "koikoi_multiplier", "none")
    me, them = called
    if (mode in ("self_flat", "any_flat") and mine and me) or (
        mode in ("opponent_flat", "any_flat") and not mine and me
    ):
        points *= 2
    elif mode == "opponent_count" and not mine:
        points *= me + 1
    elif mode == "any_count":
        points *= me + them + 1
    return points


class KoiKoiOutlook(NamedTuple):
    """What stopping scores now, and the race that playing on starts (relative points)."""

    now: float  # shobu's score now
    first_me: float  # the chance we score first after koi-koi ...
    win: float  # ... and what we would then score
    first_op: float  # the chance the opponent scores first ...
    lose: float  # ... and what we would then lose

    @property
    def ev(self) -> float:
        """The expected points of koi-koi."""
        return self.first_me * self.win - self.first_op * self.lose


def koikoi_estimate(
    state: State, seat: int, params: Params = DEFAULT_PARAMS
) -> tuple[float, float] | None:
    """(what shobu scores now, a rough estimate of what koi-koi will score), relative points."""
    out = koikoi_outlook(state, seat, params)
    return None if out is None else (out.now, out.ev)


def koikoi_outlook(
    state: State, seat: int, params: Params = DEFAULT_PARAMS
) -> KoiKoiOutlook | None:
    """Shobu's score now and the race of koi-koi (None when shobu is not ours to call)."""
    s = shobu_points(state, seat)
    if s is None:
        return None
    first_me, gain, first_op, v_op = race_odds(read_table(state, seat), params)
    calls = getattr(state.extra, "koikoi", (0, 0))
    called = (calls[seat] + 1, calls[1 - seat]) if len(calls) == 2 else (1, 0)
    base = _base_points(state, seat, s)
    win = scaled_points(state.rules, base + gain, True, called)
    lose = scaled_points(state.rules, max(v_op, 1.0), False, (called[0], called[1]))
    return KoiKoiOutlook(s, first_me, win, first_op, lose)


def race_odds(t: Table, params: Params) -> tuple[float, float, float, float]:
    """The race of a koi-koi call: (the chance we complete a yaku first, what it would add, the
    chance the most dangerous opponent completes one first, what theirs would be worth)."""
    p_me, gain, p_op, v_op = _threats(t, params)
    turns_me = max(1, t.hand_count)
    turns_op = max(1, t.next_opp_hand)
    q_me = 1.0 - (1.0 - min(p_me, 0.999)) ** (1.0 / turns_me)
    q_op = 1.0 - (1.0 - min(p_op, 0.999)) ** (1.0 / turns_op)
    first_me, first_op = _race(q_me, q_op, turns_me, turns_op)
    return first_me, gain, first_op, v_op


def _threats(t: Table, params: Params) -> tuple[float, float, float, float]:
    """(our chance to complete a yaku, what it would add, the most dangerous opponent's chance,
    what theirs would be worth)."""
    p_me, gain = _completion_chances(t.prof, t.mine, my_levels(t, params))
    p_op = 0.0
    v_op = 0.0
    for o in t.opps:
        p, v = _completion_chances(t.prof, o, opp_levels(t, params))
        if p > p_op:
            p_op, v_op = p, v
    return p_me, gain, p_op, v_op


def _base_points(state: State, seat: int, shobu: float) -> float:
    """The base (unmultiplied) yaku points behind a shobu score, roughly."""
    rules = state.rules
    base = shobu
    calls = getattr(state.extra, "koikoi", (0, 0))
    if (
        getattr(rules, "koikoi_multiplier", "") == "opponent_flat"
        and len(calls) == 2
        and calls[1 - seat]
    ):
        base /= 2
    if getattr(rules, "double_at_7", False) and base >= 2 * getattr(rules, "double_threshold", 7):
        base /= 2
    return base


def koikoi_choice(
    state: State, seat: int, legal: tuple[Action, ...], params: Params = DEFAULT_PARAMS
) -> Action:
    """Koi-koi or shobu, from the points in hand against the race of threats."""
    koi = next((a for a in legal if isinstance(a, CallKoiKoi)), None)
    shobu = next((a for a in legal if isinstance(a, CallShobu)), None)
    if koi is None or shobu is None:
        return koi or shobu or legal[0]
    if params.koikoi_model == "race":
        out = koikoi_outlook(state, seat, params)
        if out is None:
            return shobu
        st = standing(state, seat) if params.match_aware else None
        if st is None:
            return koi if out.ev > out.now * (1.0 + params.koikoi_margin) else shobu
        # The match: the chance of winning it after each outcome (koi-koi's outcomes shrunk by
        # the margin, so that a flat match utility gives the points rule above).
        shrink = 1.0 + params.koikoi_margin
        rest = max(0.0, 1.0 - out.first_me - out.first_op)
        koi_value = (
            out.first_me * win_chance(st, out.win / shrink)
            + out.first_op * win_chance(st, -out.lose / shrink)
            + rest * win_chance(st, 0.0)
        )
        return koi if koi_value > win_chance(st, out.now) + 1e-9 else shobu
    t = read_table(state, seat)
    if t.hand_count < 2:
        return shobu
    s = shobu_points(state, seat)
    if s is None:
        return shobu
    p_me, gain, p_op, v_op = _threats(t, params)
    me_first = p_me * (1.0 - 0.5 * p_op)
    op_first = p_op * (1.0 - 0.5 * p_me)
    ev_koikoi = me_first * (s + gain) - op_first * 2.0 * max(v_op, 1.0)
    if ev_koikoi > s * (1.0 + params.koikoi_margin):
        return koi
    return shobu


# --------------------------------------------------------------------------------------------
# The policy and the bot
# --------------------------------------------------------------------------------------------


def normal_policy(
    state: State,
    seat: int,
    legal: tuple[Action, ...],
    rng: random.Random,
    params: Params | None = None,
) -> Action:
    """The normal level's choice in ``state`` for ``seat``, from public facts only."""
    if len(legal) == 1:
        return legal[0]
    if params is None:
        params = params_for(state.rules.game)
    if state.phase == DECIDE and any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
        return koikoi_choice(state, seat, legal, params)
    scores = score_actions(state, seat, legal, params)
    best = max(scores)
    options = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
    return options[0] if len(options) == 1 else options[rng.randrange(len(options))]


class NormalBot(Bot):
    level = "normal"
    description = "plays for points and yaku, blocks the others', minds the match standing"

    def __init__(self, params: Params | None = None) -> None:
        self.params = params

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, rng)
        params = self.params or params_for(view.rules.game)
        return normal_policy(state, view.seat, legal, rng, params)
