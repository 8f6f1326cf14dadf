"""What calling shobu scores, without stepping the engine: the koi-koi decision weighs it in
every playout of the strong level, and most playouts end with it.

For koi-koi (docs/rules.md §5.3) the round's points follow from the masks: the yaku each pile
holds, as the game's compiled yaku tell them (`compiled_yaku`, remembered per pile), then the
bonus and the multipliers of `core.games.koikoi.scoring.win_lines` and the zero-sum transfer of
its `score_round`, as plain integers (a multiplier line adds what the running total gains, so
the lines add up to the running total). Anything else asks the engine.
tests/bots/test_playout.py checks both against the engine's own score, in every preset and in
sampled option sets.
"""

from __future__ import annotations

from core.actions import CallShobu
from core.engine import step, to_act
from core.errors import IllegalActionError
from core.events import RoundEnded
from core.games.koikoi.game import KoiKoi
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.rules import KoiKoiRules
from core.games.koikoi.yaku import KoiKoiYaku, compiled_yaku, round_month
from core.state import DECIDE, State

_last: tuple[State, int, tuple[int, ...] | None] | None = None


def shobu_score(state: State, seat: int) -> tuple[int, ...] | None:
    """Each seat's points (`RoundEnded.points`) when ``seat`` calls shobu in ``state``, or None
    when it is not that seat's to call. The last state asked about is remembered: a player
    weighs shobu, then often calls it."""
    global _last
    last = _last
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    extra = state.extra
    rules = state.rules
    if (
        isinstance(state.hooks, KoiKoi)
        and isinstance(extra, KoiKoiRound)
        and isinstance(rules, KoiKoiRules)
        and len(state.players) == 2
    ):
        if state.phase != DECIDE or extra.forced or to_act(state) != seat:
            points = None  # as the engine refuses the call
        else:
            points = _koikoi_points(state, rules, extra, seat)
    else:
        points = _engine_points(state, seat)
    _last = (state, seat, points)
    return points


def _engine_points(state: State, seat: int) -> tuple[int, ...] | None:
    try:
        events = step(state, CallShobu(seat=seat))
    except IllegalActionError:
        return None
    for ev, _ in events:
        if type(ev) is RoundEnded:
            return ev.points
    return None


def _yaku_points(
    yaku: KoiKoiYaku, rules: KoiKoiRules, captured: int, field: int, calls: int
) -> int:
    """The points of the yaku lines of a pile (`win_lines`): every yaku held, or the best one
    alone (``yaku_count_mode``); a viewing yaku worth ``viewing_after_koikoi`` once its holder
    has called koi-koi."""
    held = yaku.standing(captured, field)
    if yaku.best_only and len(held) > 1:
        best = max(v for _, _, v in held)
        held = (next(h for h in held if h[2] == best),)
    total = 0
    for slot, _, points in held:
        if rules.viewing_after_koikoi and calls and slot in (yaku.hanami, yaku.tsukimi):
            total += rules.viewing_after_koikoi
        else:
            total += points
    return total


def _koikoi_points(
    state: State, rules: KoiKoiRules, extra: KoiKoiRound, seat: int
) -> tuple[int, ...]:
    """`core.games.koikoi.scoring.score_round` of a shobu called by ``seat``, on masks."""
    yaku = compiled_yaku(rules, round_month(state.round) if rules.tsukifuda_enabled else None)
    other = 1 - seat
    caps = state.captures
    won = win_points(
        yaku,
        rules,
        caps[seat],
        caps[other],
        state.field,
        extra.koikoi[seat],
        extra.koikoi[other],
        extra.field_brights,
    )
    return settle(rules, seat, won, state.totals[other])


def win_points(
    yaku: KoiKoiYaku,
    rules: KoiKoiRules,
    captured: int,
    other_captured: int,
    field: int,
    mine: int,
    theirs: int,
    field_brights: int,
) -> int:
    """What a seat holding ``captured`` wins the round for (`win_lines` added up): its yaku,
    the bonus for its ``mine`` koi-koi calls, then the multipliers (``theirs``: the opponent's
    calls; ``field_brights``: the brights of the round's first field)."""
    base = _yaku_points(yaku, rules, captured, field, mine)
    if rules.winner_scores_opponent_yaku:
        base += _yaku_points(yaku, rules, other_captured, field, theirs)
    running = base
    factors: list[int] = []
    if rules.koikoi_call_bonus and 0 < mine <= 3:
        running += mine
    elif rules.koikoi_call_bonus and mine > 3:
        factors.append(mine - 2)
    if rules.double_at_7 and base >= rules.double_threshold:
        factors.append(2)
    mode = rules.koikoi_multiplier
    doubled = (
        (mode == "self_flat" and mine)
        or (mode == "opponent_flat" and theirs)
        or (mode == "any_flat" and mine + theirs)
    )
    if doubled:
        factors.append(2)
    elif mode == "opponent_count" and theirs:
        factors.append(theirs + 1)
    elif mode == "any_count" and mine + theirs:
        factors.append(mine + theirs + 1)
    if rules.field_bright_multiplier == "double_if_any" and field_brights:
        factors.append(2)
    elif rules.field_bright_multiplier == "per_bright" and field_brights:
        factors.append(field_brights + 1)
    for factor in factors:
        running *= factor
    return running


def settle(rules: KoiKoiRules, winner: int, won: int, loser_total: int) -> tuple[int, int]:
    """Each seat's points when ``winner`` wins ``won``: zero-sum moves them from the loser (as
    much as it has, under ``zero_sum_cap``; ``loser_total``: its match total)."""
    points = [0, 0]
    if rules.match_scoring == "zero_sum":
        paid = min(won, max(loser_total, 0)) if rules.zero_sum_cap else won
        points[winner] = paid
        points[1 - winner] = -paid
    else:
        points[winner] = won
    return (points[0], points[1])
