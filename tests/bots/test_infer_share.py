"""`lab/infer_share.py`: the share of the opponent's hand a reading deals."""

from __future__ import annotations

import pytest

from core.rules import find_rules
from core.state import HAND, PLAY
from core.view import observe
from tests.bots.conftest import decision_points
from tests.helpers import lab_script

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab


@pytest.fixture(scope="module")
def infer_share():
    with lab_script("infer_share") as module:
        yield module


def _position():
    rules = find_rules("koikoi", rounds=1)
    state = next(s for s in decision_points(rules, 2, 3) if s.phase == PLAY and s.stage == HAND)
    view = observe(state, state.turn)
    return view, state.hands[1 - state.turn]


def test_the_uniform_deal_holds_its_share_and_the_truth_holds_all(infer_share):
    view, truth = _position()
    unseen = view.unseen.mask
    uniform = infer_share.share(view, None, truth, 100)
    assert uniform == truth.bit_count() / unseen.bit_count()
    # Equal weights deal uniformly: the sampled share is near the exact one.
    even = {i: 1.0 for i in range(48) if unseen >> i & 1}
    assert abs(infer_share.share(view, even, truth, 4000) - uniform) < 0.02
    # Weights that single out the true hand deal it: the oracle's share, 1.
    told = {i: (1e9 if truth >> i & 1 else 1.0) for i in range(48) if unseen >> i & 1}
    assert infer_share.share(view, told, truth, 200) > 0.99
    # ... and weights against it deal none of it where the unseen cards allow.
    wrong = {i: (1e-9 if truth >> i & 1 else 1.0) for i in range(48) if unseen >> i & 1}
    assert infer_share.share(view, wrong, truth, 200) < 0.01


def test_every_slope_is_measured_on_the_same_decisions(infer_share):
    out = infer_share.measure(
        deals=2, seed=5, betas=[2.0, 1e6], player={"playouts": 20}, samples=50
    )
    assert out["decisions"] >= 10
    base = out["uniform"]
    assert 0.0 < base < 0.5
    for entry in out["betas"].values():
        low, high = entry["of_gap_ci95"]
        assert low <= entry["of_gap"] <= high
        assert entry["of_gap"] == pytest.approx((entry["share"] - base) / (1 - base), abs=1e-3)
    # The readers read the opponent's plays: the sharpest finds more of its hand than none.
    assert out["betas"]["1000000.0"]["share"] > base
