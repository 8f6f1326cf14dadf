"""`lab/tune_playout.py`: the self-play duel of two playout styles, and its weights' steps."""

from __future__ import annotations

import pytest

from hanatui.bots.fast.rounds import PLAIN_STYLE, Style
from tests.helpers import lab_script

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab


@pytest.fixture(scope="module")
def tune():
    with lab_script("tune_playout") as module:
        yield module


def test_a_step_changes_one_weight_alone(tune):
    moved = tune.with_weight(PLAIN_STYLE, "deny", 2, 0.3)
    assert moved.deny == (PLAIN_STYLE.deny[0], PLAIN_STYLE.deny[1], 0.3)
    assert moved._replace(deny=PLAIN_STYLE.deny) == PLAIN_STYLE
    assert tune.with_weight(PLAIN_STYLE, "mate", None, 0.5).mate == 0.5
    assert tune.get(moved, "deny", 2) == 0.3


def test_the_duel_scores_the_first_style_from_both_seats(tune):
    tune._start(seed=77, deals=30)
    deals = len(tune._DEALS)
    assert deals >= 25  # a deal ended by a hand yaku is left out
    giveaway = Style(risk=(-5.0, -5.0, -5.0, -5.0), mate=0.0)
    # Each deal's figure is the mean of its two seatings, the first style's side.
    ahead = tune._duel((PLAIN_STYLE, giveaway, 0, deals, 3))
    behind = tune._duel((giveaway, PLAIN_STYLE, 0, deals, 3))
    assert ahead == [-d for d in behind]
    assert sum(ahead) / deals > 1.0
    # A style against itself: the same round from either seat.
    assert tune._duel((PLAIN_STYLE, PLAIN_STYLE, 0, deals, 3)) == [0.0] * deals
