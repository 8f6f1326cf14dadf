"""Koi-koi's score: a round won by shobu, a lucky hand or a draw (docs/rules.md §5.3), and the
match's scoring modes (P29): cumulative, zero-sum, or first to a target.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.cards import CARDS, cards_of
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


def _yaku_line(rules: KoiKoiRules, hit: YakuHit, calls: int, whose: str = "") -> ScoreLine:
    """A yaku's score line; a viewing yaku is worth ``viewing_after_koikoi`` once its holder has
    called koi-koi (``calls``)."""
    points = hit.points
    label = hit.name + whose
    if rules.viewing_after_koikoi and calls and hit.id in VIEWING:
        points = rules.viewing_after_koikoi
        label += f" ({points} after a koi-koi call)"
    return ScoreLine(kind="yaku", label=label, id=hit.id, points=points, cards=hit.cards)


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
    if rules.winner_scores_opponent_yaku:
        other = yaku.hits(state.captures[1 - seat], state.field)
        for h in counted_hits(rules, other):
            lines.append(_yaku_line(rules, h, theirs, " (the opponent's)"))
    base = sum(x.points for x in lines)
    factors: list[tuple[int, str]] = []
    running = base
    if rules.koikoi_call_bonus and 0 < mine <= 3:
        lines.append(
            ScoreLine(
                kind="bonus",
                label=f"+{mine}: the winner called koi-koi {_times(mine)}",
                points=mine,
            )
        )
        running += mine
    elif rules.koikoi_call_bonus and mine > 3:
        factors.append((mine - 2, f"x{mine - 2}: the winner called koi-koi {mine} times"))
    if rules.double_at_7 and base >= rules.double_threshold:
        factors.append((2, f"x2: {base} points, {rules.double_threshold} or more"))
    mode = rules.koikoi_multiplier
    if mode == "self_flat" and mine:
        factors.append((2, "x2: the winner called koi-koi"))
    elif mode == "opponent_flat" and theirs:
        factors.append((2, "x2: the opponent called koi-koi"))
    elif mode == "any_flat" and mine + theirs:
        factors.append((2, "x2: koi-koi was called"))
    elif mode == "opponent_count" and theirs:
        factors.append((theirs + 1, f"x{theirs + 1}: the opponent called koi-koi {theirs} times"))
    elif mode == "any_count" and mine + theirs:
        n = mine + theirs
        factors.append((n + 1, f"x{n + 1}: koi-koi was called {n} times"))
    brights = extra.field_brights
    if rules.field_bright_multiplier == "double_if_any" and brights:
        factors.append((2, f"x2: {brights} bright(s) on the initial field"))
    elif rules.field_bright_multiplier == "per_bright" and brights:
        factors.append((brights + 1, f"x{brights + 1}: {brights} bright(s) on the initial field"))
    for factor, label in factors:
        lines.append(
            ScoreLine(kind="multiplier", label=label, factor=factor, points=running * (factor - 1))
        )
        running *= factor
    return lines


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
            ScoreLine(kind="note", label="a lucky hand is not multiplied"),
        ]
        next_dealer = winner
    elif (
        reason == "exhaustive_draw"
        and rules.exhaustive_draw_last_yaku_scores
        and extra.last_yaku >= 0
    ):
        winner = extra.last_yaku
        lines[winner] = [
            ScoreLine(
                kind="note", label="exhaustive draw: the last player to make a yaku scores it"
            ),
            *win_lines(state, rules, winner),
        ]
        next_dealer = winner
    else:  # a draw: exhaustive, or both players lucky
        note = (
            "exhaustive draw: nobody scores"
            if reason == "exhaustive_draw"
            else "both players hold a lucky hand: a draw"
        )
        lines = [[ScoreLine(kind="note", label=note)], [ScoreLine(kind="note", label=note)]]
        if rules.draw_dealer_points:
            winner = dealer
            lines[dealer].append(
                ScoreLine(
                    kind="bonus",
                    label="the dealer's privilege (oya-ken)",
                    points=rules.draw_dealer_points,
                )
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
                    kind="note",
                    label=f"capped: the opponent has only {paid} left",
                    points=paid - gain,
                )
            )
        if paid:
            lines[loser].append(
                ScoreLine(kind="penalty", label="paid to the winner (zero-sum)", points=-paid)
            )
        points[winner] = paid
        points[loser] = -paid
    elif winner >= 0 and not lines[1 - winner]:
        lines[1 - winner] = [ScoreLine(kind="note", label="the opponent won the round")]
    breakdown = tuple(SeatScore(seat=s, lines=tuple(lines[s]), points=points[s]) for s in (0, 1))
    return round_ended(state, breakdown, next_dealer)


def lucky_lines(hand: int, kind: LuckyKind) -> list[ScoreLine]:
    """The lines of a lucky hand: teshi and kuttsuki 6 each (both, under lucky_hands_stack)."""
    lines = []
    if kind in ("teshi", "both"):
        cards = lucky_cards(hand, "teshi")
        month = CARDS[(cards & -cards).bit_length() - 1].month_name
        lines.append(
            ScoreLine(
                kind="yaku",
                label=f"teshi: the four {month} cards in hand",
                id="teshi",
                points=6,
                cards=cards_of(cards),
            )
        )
    if kind in ("kuttsuki", "both"):
        lines.append(
            ScoreLine(
                kind="yaku",
                label="kuttsuki: four pairs in hand",
                id="kuttsuki",
                points=6,
                cards=cards_of(lucky_cards(hand, kind)),
            )
        )
    return lines


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


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
