"""Playing the match, not only the hand: what a round's result is worth given the standing.

A seat's standing is public (the totals, the rounds played, the match's rules), so everything
here reads only what every seat can see. From it the bots get a **match utility**: the chance of
winning the match if this round ends with a given relative result (our team's points less the
best other team's), under a simple model of the rounds still to come (each adds a normal spread
of ``SIGMA`` points of relative score, measured per game in normal-against-normal play), and the
early ends of the match (koi-koi's target and zero-sum scoring; the last round).

A single-round match is scored by its points alone: no standing, and the bots maximize points.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from core.state import State
from hanatui.bots.heuristics import profile_for

#: The spread (standard deviation) of one round's relative points between two normal players,
#: per game, measured with `lab/tune_normal.py --sigma --deals 150` and rounded.
SIGMA: dict[str, float] = {"koikoi": 10.0, "bakappana": 50.0, "hana-awase": 100.0, "sakura": 75.0}


class Standing(NamedTuple):
    """The public match standing of one seat's team."""

    lead: float  # our team's total less the best other team's (mean per seat for teams)
    rounds_left: int  # rounds still to play after this one
    sigma: float  # the spread of one round's relative points
    to_win: float | None  # koi-koi target/zero-sum: points that end the match in our favour
    to_lose: float | None  # ... points the others need to end it in theirs


def standing(state: State, seat: int) -> Standing | None:
    """The standing of ``seat`` in ``state`` (public facts only), or None in a one-round match."""
    rules = state.rules
    total_rounds = getattr(rules, "rounds", 1)
    if total_rounds <= 1:
        return None
    n = len(state.players)
    teams = profile_for(rules, n).teams
    totals = state.totals or (0,) * n
    per_team: dict[int, list[int]] = {}
    for s in range(n):
        per_team.setdefault(teams[s], []).append(totals[s])
    means = {t: sum(v) / len(v) for t, v in per_team.items()}
    mine = means[teams[seat]]
    others = [v for t, v in means.items() if t != teams[seat]]
    best_other = max(others) if others else 0.0
    rounds_left = max(0, total_rounds - state.rounds_done - 1)
    sigma = SIGMA.get(rules.game, 10.0)
    to_win = to_lose = None
    scoring = getattr(rules, "match_scoring", "cumulative")
    if scoring == "target":
        target = float(getattr(rules, "target_score", 50))
        to_win, to_lose = target - mine, target - best_other
    elif scoring == "zero_sum":
        to_win, to_lose = best_other, mine  # the other side's stake, or ours, used up
    return Standing(mine - best_other, rounds_left, sigma, to_win, to_lose)


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def win_chance(st: Standing, delta: float) -> float:
    """The chance of winning the match when this round ends ``delta`` points up (relative)."""
    if st.to_win is not None and delta >= st.to_win:
        return 1.0
    if st.to_lose is not None and -delta >= st.to_lose:
        return 0.0
    lead = st.lead + delta
    rounds = st.rounds_left
    if st.to_win is not None and st.to_lose is not None:
        # The match may end before its last round: when a side covers its distance.
        per_round = 0.8 * st.sigma
        left = min(st.to_win - max(delta, 0.0), st.to_lose - max(-delta, 0.0))
        rounds = min(rounds, max(1, math.ceil(left / per_round)))
    # The last round ends it: the sign of the lead, smoothed a little (ties, our estimates).
    spread = st.sigma * math.sqrt(rounds + 0.05)
    return _phi(lead / spread)


def risk_tilt(st: Standing | None) -> float:
    """How far the standing should tilt the play: positive when ahead (play safe: weigh what the
    others may take more), negative when behind (reach: weigh our own yaku chances more);
    0 early in the match or when it is close, within [-1, 1]."""
    if st is None:
        return 0.0
    spread = st.sigma * math.sqrt(st.rounds_left + 1.0)
    return math.tanh(st.lead / spread)


__all__ = ["SIGMA", "Standing", "risk_tilt", "standing", "win_chance"]
