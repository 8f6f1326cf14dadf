"""A koi-koi call in the last round of a match is judged as the strong player makes it: by the
match it wins, not by the points alone. Ahead with the last round's shobu in hand, stopping wins
the match for sure; playing on expects more points but can only lose it, so stopping is no
blunder (it was called one before)."""

from __future__ import annotations

from core.actions import CallShobu
from core.logfile import LogRead, header_for
from core.rules import find_rules
from core.view import observe
from hanatui.analysis.run import analyse_position, decision_points
from hanatui.arena.selfplay import play_match
from hanatui.bots import NormalBot
from hanatui.bots.match import standing


def last_round_shobu() -> tuple[LogRead, int]:
    """`hanatui sim koikoi --bots normal --seed 104`: in the last round the first player, 33 to
    22 up, stops with 6 points."""
    rules = find_rules("koikoi")
    timeline = play_match(rules, [NormalBot(), NormalBot()], seed=104)
    log = LogRead(
        header=header_for(timeline.events), events=timeline.events, states=timeline.states
    )
    last = rules.rounds - 1
    (point,) = [
        p
        for p in decision_points(log)
        if p.kind == "koikoi" and log.states[p.index - 1].rounds_done == last
    ]
    return log, point.index


def test_stopping_ahead_in_the_last_round_is_not_a_blunder() -> None:
    log, index = last_round_shobu()
    before = log.states[index - 1]
    seat = 0
    assert before.totals == (33, 22)
    st = standing(before, seat)
    assert st is not None and st.rounds_left == 0 and st.lead == 11
    view = observe(before, seat)
    decision = analyse_position(view, CallShobu(seat=seat), index=index)
    shobu = decision.candidates[decision.made]
    koikoi = decision.candidates[1 - decision.made]
    assert shobu.expected == 6.0
    # playing on does expect more points this round ...
    assert koikoi.expected > shobu.expected + 5
    # ... but the shobu wins the match for sure: it is the best call, nothing is lost
    assert decision.best == decision.made
    assert decision.loss == 0.0
