"""Sakura's round score (docs/rules.md §6.2): each seat or team scores its (pooled) card points
less the penalty for every yaku its opponents hold; and who deals next."""

from __future__ import annotations

from collections.abc import Sequence

from core.cards import SAKURA_POINTS, cards_of, points_of
from core.events import RoundEnded, ScoreLine, SeatScore
from core.games.base import round_ended
from core.games.sakura.rules import SakuraRules
from core.games.sakura.teams import teams_of
from core.games.sakura.yaku import sakura_hits
from core.state import State


def score_round(state: State, rules: SakuraRules) -> RoundEnded:
    """Each unit (seat or team) scores its pooled card total minus the penalty for every
    yaku its opponents hold (docs/rules.md §6.2; the Spanish rule book's example)."""
    n = state.num_players
    units = teams_of(rules.teams, n)
    pools = []
    for unit in units:
        mask = 0
        for s in unit:
            mask |= state.captures[s]
        pools.append(mask)
    hits = [sakura_hits(rules, mask) for mask in pools]
    unit_lines: list[tuple[ScoreLine, ...]] = []
    unit_points: list[int] = []
    for u, unit in enumerate(units):
        pool = pools[u]
        lines = [
            ScoreLine(kind="cards", points=points_of(pool, SAKURA_POINTS), cards=cards_of(pool))
        ]
        if len(unit) > 1:
            lines.append(ScoreLine(kind="note", id="team_pool", seat=unit[0]))
        for hit in hits[u]:  # held: worth nothing here, each opponent pays hit.points
            lines.append(ScoreLine(kind="yaku", id=hit.id, value=hit.points, cards=hit.cards))
        for v, other in enumerate(units):
            if v == u:
                continue
            for hit in hits[v]:
                lines.append(
                    ScoreLine(
                        kind="penalty",
                        id=hit.id,
                        seat=other[0],
                        points=-hit.points,
                        cards=hit.cards,
                    )
                )
        unit_lines.append(tuple(lines))
        unit_points.append(sum(line.points for line in lines))
    unit_of = [0] * n
    for u, unit in enumerate(units):
        for s in unit:
            unit_of[s] = u
    scores = tuple(unit_points[unit_of[s]] for s in range(n))
    counted = unit_points
    if rules.sakura_victory_scoring != "off":
        counted = victories(rules, unit_points)
        for u in range(len(units)):
            round_score = ScoreLine(
                kind="note", id="victory_scoring", value=unit_points[u], points=-unit_points[u]
            )
            unit_lines[u] += (round_score, victory_line(rules, unit_points, counted[u]))
    breakdown = tuple(
        SeatScore(seat=s, lines=unit_lines[unit_of[s]], points=counted[unit_of[s]])
        for s in range(n)
    )
    return round_ended(state, breakdown, next_dealer(state, rules, scores))


def victories(rules: SakuraRules, scores: Sequence[int]) -> list[int]:
    """Victory scoring: the single best round score wins 1; a lead over the next best of 50 or
    more (chu) or 100 or more (basa) wins 2; under chu_basa 50 wins 2 and 100 wins 3. A tie for
    the best wins nothing."""
    best = max(scores)
    if list(scores).count(best) > 1:
        return [0] * len(scores)
    lead = best - max(v for v in scores if v != best)
    mode = rules.sakura_victory_scoring
    if mode == "chu_basa":
        won = 3 if lead >= 100 else 2 if lead >= 50 else 1
    else:  # a double victory needs a lead of 50 (chu) or 100 (basa)
        need = {"chu": 50, "basa": 100}.get(mode)
        won = 2 if need is not None and lead >= need else 1
    return [won if v == best else 0 for v in scores]


def victory_line(rules: SakuraRules, scores: Sequence[int], won: int) -> ScoreLine:
    """The line that says what the round's score is worth in victories."""
    if not won:
        best = max(scores)
        tied = list(scores).count(best) > 1
        return ScoreLine(kind="note", id="no_victory_tie" if tied else "no_victory")
    lead = max(scores) - max(v for v in scores if v != max(scores))
    return ScoreLine(kind="bonus", id="victory", value=lead, points=won)


def next_dealer(state: State, rules: SakuraRules, points: Sequence[int]) -> int:
    """The best round score deals next; a winning team's deal goes to its member earliest in
    turn order after the previous dealer (docs/rules.md §6.2). A tie between seats or
    teams: the previous dealer deals again, or (``tie_next_dealer = turn_order``) the tied
    seat earliest in turn order from the dealer."""
    n = state.num_players
    dealer = state.dealer
    units = teams_of(rules.teams, n)
    best = max(points)
    tied = [unit for unit in units if points[unit[0]] == best]
    if len(tied) == 1:
        members = tied[0]
        if len(members) == 1:
            return members[0]
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            if seat in members:
                return seat
    if rules.tie_next_dealer == "previous_dealer":
        return dealer
    for k in range(n):
        seat = (dealer + k) % n
        if points[seat] == best:
            return seat
    raise AssertionError("unreachable")
