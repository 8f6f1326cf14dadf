"""Koi-koi's score: a round won by shobu, a lucky hand or a draw (docs/rules.md §5.3), and the
match's scoring modes (P29): cumulative, zero-sum, or first to a target.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from core.cards import cards_of
from core.events import RoundEnded, ScoreLine, SeatScore
from core.games.base import round_ended
from core.games.koikoi.lucky import LuckyKind, lucky_cards
from core.games.koikoi.round import round_of
from core.games.koikoi.rules import KoiKoiRules
from core.games.koikoi.yaku import compiled_yaku, round_month
from core.state import State
from core.yaku import YakuHit


def counted_hits(rules: KoiKoiRules, hits: Sequence[YakuHit]) -> list[YakuHit]:
    """The hits that score under ``yaku_count_mode`` (P32: the single best one)."""
    if rules.yaku_count_mode == "best_only" and len(hits) > 1:
        best = max(h.points for h in hits)
        return [next(h for h in hits if h.points == best)]
    return list(hits)


VIEWING = ("hanamizake", "tsukimizake")


def _yaku_line(
    rules: KoiKoiRules, hit: YakuHit, calls: int, holder: int | None = None
) -> ScoreLine:
    """A yaku's score line (``holder``: the opponent whose yaku the winner scores, P33); a viewing
    yaku is worth ``viewing_after_koikoi`` once its holder has called koi-koi (``calls``, then
    the line's value)."""
    if rules.viewing_after_koikoi and calls and hit.id in VIEWING:
        return ScoreLine(
            kind="yaku",
            id=hit.id,
            seat=holder,
            value=calls,
            points=rules.viewing_after_koikoi,
            cards=hit.cards,
        )
    return ScoreLine(kind="yaku", id=hit.id, seat=holder, points=hit.points, cards=hit.cards)


def win_lines(state: State, rules: KoiKoiRules, seat: int) -> list[ScoreLine]:
    """The score of ``seat`` winning the round by its yaku: one line per yaku, then the bonus
    for the winner's own koi-koi calls, then one line per multiplier (a multiplier line's points
    are what it adds)."""
    extra = round_of(state)
    yaku = compiled_yaku(rules, round_month(state.round) if rules.tsukifuda_enabled else None)
    mine, theirs = extra.koikoi[seat], extra.koikoi[1 - seat]
    lines: list[ScoreLine] = []
    for h in counted_hits(rules, yaku.hits(state.captures[seat], state.field)):
        lines.append(_yaku_line(rules, h, mine))
    other = 1 - seat
    if rules.winner_scores_opponent_yaku:
        for h in counted_hits(rules, yaku.hits(state.captures[other], state.field)):
            lines.append(_yaku_line(rules, h, theirs, other))
    base = sum(x.points for x in lines)
    factors: list[ScoreLine] = []  # each with its factor; the points are added below
    running = base
    if rules.koikoi_call_bonus and 0 < mine <= 3:
        lines.append(ScoreLine(kind="bonus", id="koikoi_calls", value=mine, points=mine))
        running += mine
    elif rules.koikoi_call_bonus and mine > 3:
        factors.append(_times_line("koikoi_calls", mine - 2, value=mine))
    if rules.double_at_7 and base >= rules.double_threshold:
        factors.append(_times_line("double_at_7", 2, value=base))
    mode = rules.koikoi_multiplier
    if mode == "self_flat" and mine:
        factors.append(_times_line(mode, 2, seat=seat))
    elif mode == "opponent_flat" and theirs:
        factors.append(_times_line(mode, 2, seat=other))
    elif mode == "any_flat" and mine + theirs:
        factors.append(_times_line(mode, 2))
    elif mode == "opponent_count" and theirs:
        factors.append(_times_line(mode, theirs + 1, seat=other, value=theirs))
    elif mode == "any_count" and mine + theirs:
        n = mine + theirs
        factors.append(_times_line(mode, n + 1, value=n))
    brights = extra.field_brights
    if rules.field_bright_multiplier == "double_if_any" and brights:
        factors.append(_times_line("field_brights", 2, value=brights))
    elif rules.field_bright_multiplier == "per_bright" and brights:
        factors.append(_times_line("field_brights", brights + 1, value=brights))
    for line in factors:
        lines.append(msgspec.structs.replace(line, points=running * (line.factor - 1)))
        running *= line.factor
    return lines


def _times_line(
    reason: str, factor: int, *, seat: int | None = None, value: int | None = None
) -> ScoreLine:
    """A multiplier line (its points, what it adds, are filled in once the order is known)."""
    return ScoreLine(kind="multiplier", id=reason, seat=seat, value=value, factor=factor)


def score_round(state: State, rules: KoiKoiRules) -> RoundEnded:
    """The round's score: the winner's yaku and multipliers (docs/rules.md §5.3), a lucky hand,
    or a draw; zero-sum moves the points from the loser."""
    extra = round_of(state)
    reason = state.end_reason
    assert reason is not None
    dealer = state.dealer
    winner = -1
    lines: list[list[ScoreLine]] = [[], []]
    if reason == "shobu":
        winner = extra.winner
        lines[winner] = win_lines(state, rules, winner)
        next_dealer = winner
    elif reason == "lucky_hand":
        winner = 0 if extra.lucky[0] else 1
        lines[winner] = [
            *lucky_lines(state.hands[winner], extra.lucky[winner]),
            ScoreLine(kind="note", id="lucky_not_multiplied"),
        ]
        next_dealer = winner
    elif (
        reason == "exhaustive_draw"
        and rules.exhaustive_draw_last_yaku_scores
        and extra.last_yaku >= 0
    ):
        winner = extra.last_yaku
        lines[winner] = [
            ScoreLine(kind="note", id="last_yaku_scores"),
            *win_lines(state, rules, winner),
        ]
        next_dealer = winner
    else:  # a draw: exhaustive, or both players lucky
        note = ScoreLine(kind="note", id=reason)  # exhaustive_draw or both_lucky
        lines = [[note], [note]]
        if rules.draw_dealer_points:
            winner = dealer
            lines[dealer].append(
                ScoreLine(kind="bonus", id="dealer_privilege", points=rules.draw_dealer_points)
            )
        next_dealer = dealer if rules.draw_next_dealer == "same" else 1 - dealer
    points = [sum(x.points for x in lines[0]), sum(x.points for x in lines[1])]
    if winner >= 0 and rules.match_scoring == "zero_sum":
        loser = 1 - winner
        gain = points[winner]
        paid = min(gain, max(state.totals[loser], 0)) if rules.zero_sum_cap else gain
        if paid < gain:
            lines[winner].append(
                ScoreLine(
                    kind="note", id="zero_sum_cap", seat=loser, value=paid, points=paid - gain
                )
            )
        if paid:
            lines[loser].append(
                ScoreLine(kind="penalty", id="zero_sum_paid", seat=winner, points=-paid)
            )
        points[winner] = paid
        points[loser] = -paid
    elif winner >= 0 and not lines[1 - winner]:
        lines[1 - winner] = [ScoreLine(kind="note", id="opponent_won", seat=winner)]
    breakdown = tuple(SeatScore(seat=s, lines=tuple(lines[s]), points=points[s]) for s in (0, 1))
    return round_ended(state, breakdown, next_dealer)


def lucky_lines(hand: int, kind: LuckyKind) -> list[ScoreLine]:
    """The lines of a lucky hand: teshi and kuttsuki 6 each (both, under lucky_hands_stack)."""
    lines = []
    if kind in ("teshi", "both"):
        cards = lucky_cards(hand, "teshi")
        lines.append(ScoreLine(kind="yaku", id="teshi", points=6, cards=cards_of(cards)))
    if kind in ("kuttsuki", "both"):
        lines.append(
            ScoreLine(kind="yaku", id="kuttsuki", points=6, cards=cards_of(lucky_cards(hand, kind)))
        )
    return lines


def initial_totals(rules: KoiKoiRules, n: int) -> tuple[int, ...]:
    """Zero-sum: each seat starts with the stake; otherwise with nothing."""
    if rules.match_scoring == "zero_sum":
        return (rules.zero_sum_start,) * n
    return (0,) * n


def match_over(state: State, rules: KoiKoiRules) -> bool:
    """Zero-sum: a seat has nothing left; target: a seat reached it; else the rounds are played."""
    if rules.match_scoring == "zero_sum" and min(state.totals) <= 0:
        return True
    if rules.match_scoring == "target" and max(state.totals) >= rules.target_score:
        return True
    return state.rounds_done >= rules.rounds
