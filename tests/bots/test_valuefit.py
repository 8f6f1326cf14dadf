"""`lab/valuefit.py`: the search's paired values recorded, the plain value's parts, the new
inputs on hand-built tables, and the fits. The study's own tests are marked lab (`make
lab-test`); those of the shipped playout against it (its fitted inputs, the saved style) run in
every suite."""

from __future__ import annotations

import json
import math
import random

import pytest

from core.cards import Card
from hanatui.bots import rollout
from hanatui.bots.fast.policy import _gain, card_values
from hanatui.bots.fast.rounds import STYLES, VALUEFIT_STYLE, Style, round_for
from hanatui.bots.strong import Evaluation
from tests.bots.test_playout import random_table
from tests.helpers import lab_script

INDEX = {c.value: i for i, c in enumerate(Card)}


def mask(*cards: str) -> int:
    return sum(1 << INDEX[c] for c in cards)


@pytest.fixture(scope="module")
def vf():
    with lab_script("valuefit") as module:
        yield module


@pytest.fixture(scope="module")
def kk(vf):
    found = round_for(vf.table_state())
    assert found is not None
    return found


@pytest.mark.lab
def test_the_parts_add_up_to_the_plain_value(vf, kk):
    """With the plain weights the parts of a play's value are `fast.policy.card_values`'s value,
    on random tables."""
    state = vf.table_state()
    rng = random.Random(3)
    checked = 0
    for _ in range(400):
        hand, field, mine, theirs, _ = random_table(rng)
        want = card_values(state, hand, field, mine, theirs)
        assert want is not None
        for card in rollout.INDEXES[hand]:
            x = vf.parts(kk, card, hand, field, mine, theirs)
            got = sum(w * v for w, v in zip(vf.PLAIN_W, x, strict=False))
            assert got == pytest.approx(want[card], abs=1e-9)
            assert x[vf.PARTS.index("is_discard")] == (0.0 if field & rollout.MONTHS[card] else 1.0)
            checked += 1
    assert checked > 1000


@pytest.mark.lab
def test_the_chances_and_the_expected_best(vf):
    # one of 10 cards, a hand of 3 dealt from them: 1 - C(9,3)/C(10,3) = 0.3
    assert vf.HOLDS[10][1][3] == pytest.approx(0.3)
    assert vf.HOLDS[10][0][3] == 0.0
    assert vf.HOLDS[5][2][5] == 1.0
    # the better is there half the time, the other always: 2 * 0.5 + 1 * 0.5
    assert vf._expected_max([(1.0, 1.0), (2.0, 0.5)]) == pytest.approx(1.5)
    assert vf._expected_max([(0.0, 1.0)]) == 0.0


def _features(vf, kk, card, hand, field, mine, theirs, op_cards=1):
    values = vf.features(kk, INDEX[card], hand, field, mine, theirs, op_cards)
    return dict(zip(vf.FEATURES, values, strict=True))


@pytest.mark.lab
def test_a_closed_yaku_capture_and_the_discard_that_keeps_it(vf, kk):
    """The sake cup takes the last September card on the field, the curtain in the pile: a
    five-point yaku, of a month with no card out of sight (the opponent took the other two).
    Discarding the plum instead keeps that capture for the next turn, whole."""
    hand, field = mask("09a", "02d"), mask("09d", "01c")
    mine, theirs = mask("03a"), mask("09b", "09c")
    take = _features(vf, kk, "09a", hand, field, mine, theirs)
    whole = _gain(kk, mask("09a", "09d"), mine, theirs)
    own = _gain(kk, mask("09a"), mine, theirs)
    assert take["yaku"] == 5.0 and take["yaku_closed"] == 5.0 and take["yaku_race"] == 0.0
    assert take["closed"] == pytest.approx(whole)
    assert take["own"] == pytest.approx(own)
    assert take["wait"] == pytest.approx(whole - own)  # no one else can take the month
    assert take["keep"] == 0.0  # the plum has no card on the field
    give = _features(vf, kk, "02d", hand, field, mine, theirs)
    assert give["keep"] == pytest.approx(whole)
    assert give["yaku"] == give["own"] == give["wait"] == give["closed"] == 0.0
    # Out of sight: 48 less the hands, the field, the piles (2 + 2 + 1 + 2): 41 cards, three of
    # January and three of February; September's none (its card on the field counts for
    # neither the opponent nor the draw).
    u = 41
    p = 3 / u  # the opponent holds one card
    jan = _gain(kk, mask("01c"), theirs, mine)
    feb = _gain(kk, mask("02d"), theirs, mine)
    hi, lo = max(jan, feb), min(jan, feb)
    assert give["expose"] == pytest.approx(hi * p + lo * p * (1 - p))
    assert take["expose"] == pytest.approx(jan * p)
    mine_jan = _gain(kk, mask("01c"), mine, theirs)
    mine_feb = _gain(kk, mask("02d"), mine, theirs)
    assert give["draw"] == pytest.approx(3 / u * mine_jan + 3 / u * mine_feb)
    assert give["expose_yaku"] == take["expose_yaku"] == 0.0


@pytest.mark.lab
def test_what_the_field_offers_the_opponents_yaku(vf, kk):
    """The curtain given to the field completes the opponent's three brights if it holds a
    March card; a plain card completes nothing."""
    hand, field = mask("03a", "04d"), mask("07c")
    mine, theirs = 0, mask("01a", "08a")
    u = 48 - 2 - 1 - 2
    curtain = _features(vf, kk, "03a", hand, field, mine, theirs, op_cards=4)
    assert curtain["expose_yaku"] == pytest.approx(5.0 * vf.HOLDS[u][3][4])
    assert _features(vf, kk, "04d", hand, field, mine, theirs, op_cards=4)["expose_yaku"] == 0.0
    # The opponent scores already (it called koi-koi): the yaku made now is a race's.
    hand, field, theirs = mask("09a", "04d"), mask("09d"), mask("01a", "08a", "12a")
    race = _features(vf, kk, "09a", hand, field, mask("03a"), theirs)
    assert race["yaku"] == race["yaku_race"] == 5.0


@pytest.mark.lab
def test_pairs_kept_in_hand(vf, kk):
    hand, field = mask("05a", "05b", "06a"), mask("07a")
    assert _features(vf, kk, "06a", hand, field, 0, 0)["pairs"] == 1.0
    assert _features(vf, kk, "05a", hand, field, 0, 0)["pairs"] == 0.0
    # a pair whose month is on the field is a capture now, not one kept
    assert _features(vf, kk, "06a", hand, mask("05c"), 0, 0)["pairs"] == 0.0


@pytest.mark.lab
def test_the_values_are_paired_with_the_choice(vf):
    """A candidate dropped after two samples is the choice's mean plus its difference from the
    choice on those two samples."""
    ev = Evaluation((), [[1.0, 3.0, 5.0, 7.0], [2.0, 1.0], []], [0])
    (v0, n0, se0), (v1, n1, se1), (_, n2, _) = vf.paired(ev, 0)
    assert (v0, n0, se0) == (4.0, 4, 0.0)
    # differences 1 and -2: mean -0.5, their standard error 1.5
    assert v1 == pytest.approx(3.5) and n1 == 2 and se1 == pytest.approx(1.5)
    assert n2 == 0


def _synthetic(vf, weights, rng, n=200):
    data = []
    k = len(vf.INPUTS)
    for _ in range(n):
        rows = []
        for c in range(rng.randint(2, 6)):
            x = tuple(rng.uniform(-1, 1) for _ in range(k))
            value = sum(w * v for w, v in zip(weights, x, strict=True)) + 3.0
            rows.append(vf.Row(c, value, 100, rng.uniform(0.0, 1.0), x))
        choice = max(range(len(rows)), key=lambda i: rows[i].value)
        data.append(vf.Choice(tuple(rows), choice, 8))
    return data


@pytest.mark.lab
def test_least_squares_recovers_the_weights_of_the_differences(vf):
    rng = random.Random(4)
    truth = [rng.uniform(-2, 2) for _ in vf.INPUTS]
    data = _synthetic(vf, truth, rng)
    use = list(range(len(vf.INPUTS)))
    assert vf.least_squares(data, use) == pytest.approx(truth, abs=1e-4)
    # the inputs left out weigh 0
    part = vf.least_squares(data, [0, 3])
    assert part[1] == part[2] == 0.0 and part[0] != 0.0
    # the true weights agree with every choice and lose nothing
    assert all(vf.agree(d, truth) == 1.0 and vf.lost(d, truth) == 0.0 for d in data)


@pytest.mark.lab
def test_the_value_fits_climb_their_objectives(vf):
    """The expected value of the softmax choice and the value-weighted ranking loss: their
    gradients are their slopes, and a few steps improve them from the plain weights."""
    rng = random.Random(5)
    truth = [rng.uniform(-2, 2) for _ in vf.INPUTS]
    data = _synthetic(vf, truth, rng, 60)
    use = list(range(len(vf.INPUTS)))
    start = list(vf.PLAIN_W)
    for objective in (vf.expected_value, vf.pairwise):
        base, grad = objective(data, start, use)
        for k in (0, 5, len(vf.PARTS) + 1):
            moved = list(start)
            moved[k] += 1e-6
            slope = (objective(data, moved, use)[0] - base) / 1e-6
            assert slope == pytest.approx(grad[k], rel=1e-3, abs=1e-6)
        w = vf.fit_value(data, start, use, 30, objective=objective)
        assert objective(data, w, use)[0] > base


@pytest.mark.lab
def test_the_recorder_writes_every_card_play_with_its_candidates(vf, tmp_path):
    path = tmp_path / "rec.jsonl"
    vf.record(str(path), playouts=24, deals=1, seed=149999)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) >= 8
    for rec in records:
        cards = sorted(c[0] for c in rec["cands"])
        assert cards == list(rollout.INDEXES[rec["hand"]]) and len(cards) >= 2
        chosen = next(c for c in rec["cands"] if c[0] == rec["choice"])
        assert chosen[3] == 0.0  # the reference of the pairing
        assert chosen[2] == max(c[2] for c in rec["cands"])
        assert all(c[2] > 0 and math.isfinite(c[1]) for c in rec["cands"])
        assert not (rec["hand"] & rec["field"] or rec["mine"] & rec["theirs"])


@pytest.mark.lab
def test_behind_is_paired_with_the_search_choice(vf):
    rows = tuple(
        vf.Row(c, v, 100, 0.1, (float(c),) * len(vf.INPUTS)) for c, v in enumerate((1.0, 3.0, 2.0))
    )
    d = vf.Choice(rows, 2, 8)
    # the model by the first input plays card 2 (the search's choice): nothing behind, but the
    # best estimate is card 1's
    w = [1.0] + [0.0] * (len(vf.INPUTS) - 1)
    assert vf.behind(d, w) == 0.0 and vf.lost(d, w) == 1.0 and vf.agree(d, w) == 1.0
    w = [-1.0] + [0.0] * (len(vf.INPUTS) - 1)  # plays card 0
    assert vf.behind(d, w) == 1.0 and vf.lost(d, w) == 2.0 and vf.agree(d, w) == 0.0


@pytest.mark.lab
def test_the_fit_runs_on_records(vf, tmp_path):
    path = tmp_path / "rec.jsonl"
    vf.record(str(path), playouts=24, deals=4, seed=149990)
    out = vf.evaluate_fit([str(path)], 0.5, 2, 2)
    assert out["decisions"] == out["train"] + out["test"] > 20
    assert out["test_plain"]["lost_change_ci95"] == [0.0, 0.0, 0.0]
    assert set(out["least_squares"]["weights"]) <= set(vf.INPUTS)
    assert len(out["selected"]["inputs"]) <= 2
    assert set(out["one_added"]) == set(vf.FEATURES) == set(out["one_dropped"])


def test_the_playouts_fitted_inputs_on_a_hand_built_table(vf, kk):
    """The sake cup takes the curtain's month mate from the field: its value under a style
    with fitted inputs is the plain value, plus ``own`` times the cup's own value, plus
    ``wait`` times the field card's value times the chance that the opponent's five cards
    hold none of September's one card out of sight (the other is in the opponent's pile),
    less ``discard``. The plum given to the field keeps its plain value, its worth weighed
    by ``given_worth``."""
    state = vf.table_state()
    hand, field = mask("09a", "02d"), mask("09d", "01c")
    mine, theirs = mask("03a"), mask("09b")
    style = Style(own=-0.5, wait=-0.75, discard=0.3, given_worth=2.0)
    plain = card_values(state, hand, field, mine, theirs)
    got = card_values(state, hand, field, mine, theirs, style, op_cards=5)
    assert plain is not None and got is not None
    cup, plum = INDEX["09a"], INDEX["02d"]
    whole = _gain(kk, mask("09a", "09d"), mine, theirs)
    own = _gain(kk, mask("09a"), mine, theirs)
    assert plain[cup] == pytest.approx(whole)
    # 48 less 2 in hand, 2 on the field, 1 + 1 in the piles: 42 out of sight, 09c among them.
    none = math.comb(41, 5) / math.comb(42, 5)
    assert none == pytest.approx(37 / 42)
    assert got[cup] == pytest.approx(whole - 0.5 * own - 0.75 * (whole - own) * none - 0.3)
    x = vf.parts(kk, plum, hand, field, mine, theirs)
    assert x[3] < 0.0  # the plum risks its worth
    assert got[plum] == pytest.approx(2.0 * x[3] + x[4] + 0.25 * x[5])
    assert plain[plum] == pytest.approx(x[3] + x[4] + 0.25 * x[5])
    # the fitted inputs need the opponent's cards in hand
    with pytest.raises(ValueError):
        card_values(state, hand, field, mine, theirs, style)


def test_the_playouts_inputs_are_the_benchs(vf, kk):
    """On random tables, a style's fitted inputs change a capture's value by ``own`` and
    ``wait`` as `features` computes them (times their weights, less ``discard``); a
    discard's by ``given_worth`` of its risked worth (`parts`)."""
    state = vf.table_state()
    style = Style(own=-0.8, wait=-0.9, discard=-0.6, given_worth=3.0)
    rng = random.Random(17)
    captures = 0
    for _ in range(400):
        hand, field, mine, theirs, other = random_table(rng)
        op_cards = other.bit_count()
        plain = card_values(state, hand, field, mine, theirs)
        got = card_values(state, hand, field, mine, theirs, style, op_cards)
        assert plain is not None and got is not None
        for card in rollout.INDEXES[hand]:
            f = dict(
                zip(
                    vf.FEATURES,
                    vf.features(kk, card, hand, field, mine, theirs, op_cards),
                    strict=True,
                )
            )
            if field & rollout.MONTHS[card]:
                want = plain[card] - 0.8 * f["own"] - 0.9 * f["wait"] + 0.6
                captures += f["wait"] > 0.0
            else:
                x = vf.parts(kk, card, hand, field, mine, theirs)
                want = 3.0 * x[3] + x[4] + 0.25 * x[5]
            assert got[card] == pytest.approx(want, abs=1e-9)
    assert captures > 100


@pytest.mark.lab
def test_the_style_of_the_fit_weighs_as_the_fit(vf, kk):
    """`style_of` of `style_fit`-shaped weights: the playout's values under that style differ
    between a decision's candidates as the weights' scores of `style_rows` do (the discards'
    bonus taken off captures instead: the same differences)."""
    state = vf.table_state()
    w = [1.0, 0.6, 1.5, 0.5, 0.6, -0.7, -0.8, -0.9]
    style = vf.style_of(w)
    assert style.given_worth == 3.0 and style.own == -0.8 and style.wait == -0.9
    rng = random.Random(23)
    for _ in range(300):
        hand, field, mine, theirs, other = random_table(rng)
        rec = {
            "hand": hand,
            "field": field,
            "mine": mine,
            "theirs": theirs,
            "op_cards": other.bit_count(),
            "cands": [[c, 0.0, 1, 0.0] for c in rollout.INDEXES[hand]],
        }
        rows = vf.style_rows(kk, rec)
        scores = [sum(a * b for a, b in zip(w, vf._style_x(r, w[1]), strict=True)) for r in rows]
        got = card_values(state, hand, field, mine, theirs, style, rec["op_cards"])
        assert got is not None
        values = [got[c[0]] for c in rec["cands"]]
        for s, v in zip(scores, values, strict=True):
            assert v - values[0] == pytest.approx(s - scores[0], abs=1e-6)


@pytest.mark.lab
def test_the_style_fit_recovers_its_weights(vf, kk):
    """Values made by the style's own scores (and noise) are fitted back to their weights."""
    w = [1.0, 0.5, 1.5, 0.5, 0.6, -0.7, -0.8, -0.9]
    rng = random.Random(29)
    data = []
    for _ in range(300):
        hand, field, mine, theirs, other = random_table(rng)
        cands = [[c, 0.0, 1, 0.1] for c in rollout.INDEXES[hand]]
        rec = {"hand": hand, "field": field, "mine": mine, "theirs": theirs}
        rows = vf.style_rows(kk, {**rec, "op_cards": other.bit_count(), "cands": cands})
        base = rng.uniform(-3, 3)
        data.append(
            [
                r._replace(
                    value=base + sum(a * b for a, b in zip(w, vf._style_x(r, w[1]), strict=True))
                )
                for r in rows
            ]
        )
    got = vf.style_fit(data)
    assert got == pytest.approx(w, abs=0.02)


@pytest.mark.lab
def test_the_style_fit_runs_on_records(vf, tmp_path):
    path = tmp_path / "rec.jsonl"
    vf.record(str(path), playouts=16, deals=3, seed=149980)
    out = vf.evaluate_style([str(path)], 0.6)
    assert out["decisions"] == out["train"] + out["test"] > 10
    assert out["weights"]["worth"] == 1.0
    assert set(out["style"]) == set(Style._fields)


def test_the_valuefit_style_is_the_saved_fit(vf):
    """`fast.rounds.VALUEFIT_STYLE` (``StrongBot(style="valuefit")``) is the style
    lab/results/valuefit_style.json saved."""
    saved = json.loads(vf.STYLE_OUT.read_text())["style"]
    style = Style(**{k: tuple(v) if isinstance(v, list) else v for k, v in saved.items()})
    assert STYLES["valuefit"] == VALUEFIT_STYLE == style
