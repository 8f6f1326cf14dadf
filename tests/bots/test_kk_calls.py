"""`lab/kk_calls.py`: the record of a strong player's koi-koi calls, and what a margin would
have changed, read off that record."""

from __future__ import annotations

import json

import pytest

from tests.helpers import lab_script

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab


@pytest.fixture(scope="module")
def kk_calls():
    with lab_script("kk_calls") as module:
        yield module


def _call(shobu: float, koikoi: float, played: str) -> dict:
    return {"seat": 0, "shobu": shobu, "koikoi": koikoi, "played": played, "cards_left": 4}


def test_a_margin_stops_at_the_first_call_it_would_change(kk_calls):
    # Played on at +2 over shobu's 3, then at +0.5 over shobu's 8, and lost 6 in the end.
    hand = {"realized": -6, "calls": [_call(3, 5, "koikoi"), _call(8, 8.5, "koikoi")]}
    assert kk_calls.counterfactual(hand, 0.0) == -6  # no call under the margin: as played
    assert kk_calls.counterfactual(hand, 1.0) == 8  # the second call stops: shobu's 8
    assert kk_calls.counterfactual(hand, 3.0) == 3  # the first call already stops
    # A call that stopped stays stopped; the margin changes only calls that played on.
    stopped = {"realized": 4, "calls": [_call(4, 3.9, "shobu")]}
    assert kk_calls.counterfactual(stopped, 1000.0) == 4


def test_the_report_pairs_the_gains_by_deal(kk_calls):
    deals = [
        [
            {"realized": -6, "calls": [_call(3, 5, "koikoi")]},
            {"realized": 2, "calls": []},
        ],
        [
            {"realized": 10, "calls": [_call(2, 6, "koikoi")]},
            {"realized": 0, "calls": [_call(5, 1, "shobu")]},
        ],
    ]
    out = kk_calls.report(deals)
    assert out["hands"] == 4 and out["calls"] == 3 and out["first_calls_played_on"] == 2
    assert out["realized_less_estimate"][1] == pytest.approx(((-6 - 5) + (10 - 6)) / 2)
    # A margin of 3 stops the first deal's call only (edge 2): that deal gains 9 over its two
    # seatings, 4.5 a hand; the second deal's edge of 4 plays on.
    assert out["margins"]["3.0"]["gain_per_hand"][1] == pytest.approx(4.5 / 2)
    assert out["margins"]["3.0"]["hands_changed"] == 1
    # Always stopping also gives up the second deal's 10 for 2.
    assert out["margins"]["1000.0"]["gain_per_hand"][1] == pytest.approx((4.5 - 4) / 2)


def test_a_real_deal_records_each_call_with_shobus_exact_points(kk_calls, monkeypatch):
    monkeypatch.setattr(kk_calls, "PLAYED_ON_WITHIN", 1000.0)  # every stop is played on too
    small = json.dumps({"playouts": 8})
    seatings = [s for seed in range(6) for s in kk_calls._deal((seed, small, small, 2))]
    assert [s["a_seat"] for s in seatings[:2]] == [0, 1]
    calls = [c for s in seatings for c in s["calls"]]
    assert calls, "six deals at this budget give koi-koi calls"
    for c in calls:
        # The caller holds a yaku, so stopping scores it: whole points, more than none.
        assert c["shobu"] == int(c["shobu"]) >= 1
        assert c["played"] in ("koikoi", "shobu") and 0 <= c["cards_left"] <= 8
    for s in seatings:
        # A hand that stopped scored shobu's points exactly.
        last = s["calls"][-1] if s["calls"] else None
        if last is not None and last["played"] == "shobu":
            assert s["realized"] == last["shobu"]
            # ... and playing on from that table was played out twice, to whole points.
            assert len(last["koikoi_after"]) == 2
            assert all(v == int(v) for v in last["koikoi_after"])
    assert any("koikoi_after" in c for c in calls)


def test_a_margin_below_zero_plays_on_where_the_player_stopped_close(kk_calls):
    close = {"realized": 5, "calls": [_call(5, 4, "shobu") | {"koikoi_after": [9, -3, 12, 6]}]}
    assert kk_calls.counterfactual(close, -0.5) == 5  # an edge of -1: not changed
    assert kk_calls.counterfactual(close, -1.0) == 6  # played on: the mean of the four
    assert kk_calls.counterfactual(close, 1.0) == 5  # a margin above 0 leaves a stop alone
    unplayed = {"realized": 5, "calls": [_call(5, 4, "shobu")]}
    assert kk_calls.counterfactual(unplayed, -2.0) is None  # not measured
    report = kk_calls.report([[close, {"realized": 1, "calls": []}]])
    assert report["margins"]["-1.0"]["gain_per_hand"][1] == pytest.approx(0.5)
    assert report["margins"]["-1.0"]["hands_changed"] == 1
    assert "-1.0" not in kk_calls.report([[unplayed]])["margins"]
