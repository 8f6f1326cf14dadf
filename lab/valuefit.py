"""A playout policy with new inputs, fitted to the search's value differences (issue 16).

`lab/imitate.py` fitted the playout policy's existing weights to the strong player's choices
and the search gained nothing from them. Here the fit is to how much better the search finds
each candidate than the others, with new inputs the greedy policy lacks.

Stage 1 (``record``): the strong player (``StrongBot(playouts=400)``, its other settings the
defaults, both seats of one-round two-seat koi-koi deals) at each of its card plays with two
cards or more: the table as the playout sees it (hand, field, both piles, the opponent's card
count) and the search's value of every candidate, paired: a candidate dropped early is compared
with the search's choice on the samples it was played on (common random numbers), its value
the choice's mean plus that difference (``value``), with its samples (``n``) and the
difference's standard error (``se``).

Stage 2 (`features`): eleven new inputs on the playout's integers, among them what the field
after the play offers the opponent's next card (``expose``) and the yaku it would complete
(``expose_yaku``), the mover's best capture the turn after that the opponent cannot hold a card
against (``keep``), what the mover's own draw may take (``draw``), the played card's own share
of a capture's value (``own``: a card in the hand is the mover's to take later) and the field
cards' share times the chance the opponent holds none of their month (``wait``).

Stage 3 (``fit``): the plain policy's value in its parts (`parts`: a capture's worth, NEAR
bonuses, denial; a discard's risked worth and bonus, its mate bonus; whether it discards) and
the new inputs, weighted by least squares of the candidates' values centred within each
decision (their pairwise differences; each candidate weighted by 1 / (se^2 + `TAU2`)), on the
first 70% of the decisions in the order played. On the rest: the agreement with the search's
choice, the value lost (the search's best estimate less the value of the model's choice, as
issue 16 measures it; it holds the noise of a maximum of estimates: the search's own choice
loses 0.066 by it) and the value behind the search's choice (paired with it: no maximum in it),
each against the plain policy's on the same decisions.

    .venv/bin/python lab/valuefit.py record --out /tmp/valuefit-a.jsonl --seed 143000 --deals 800
    .venv/bin/python lab/valuefit.py record --out /tmp/valuefit-b.jsonl --seed 146000 --deals 800
    .venv/bin/python lab/valuefit.py fit /tmp/valuefit-a.jsonl /tmp/valuefit-b.jsonl --save

Result (lab/results/valuefit.json; 1,600 deals, seeds 143000-143799 and 146000-146799:
18,038 card plays, 12,626 fitted on, 5,412 held out). The plain policy agrees with the search
in 67.6% [66.4, 68.8] of the held-out plays, loses 0.291 [0.274, 0.307] points a decision
and plays 0.225 [0.209, 0.242] behind the search's choice. Its parts refitted alone change
nothing (-0.001 [-0.009, +0.006]). All inputs: agreement 69.5% [68.4, 70.7], value lost
0.240, -0.051 [-0.064, -0.038] (-17%), behind 0.174 (-23%). Five new inputs selected forward
on the training decisions (``keep``, ``own``, ``wait``, ``expose``, ``draw``): -0.048
[-0.061, -0.035] (-16%). The two cheapest (``own``, ``wait``: no loop over the field) -0.036
[-0.047, -0.025] (-12%); with ``keep`` and ``draw``, -0.050 [-0.063, -0.037] (-17%). Alone,
``keep`` gives most (-0.027), then ``own`` (-0.021). What the fit says (the parts with
``own`` and ``wait``: a capture's worth 0.79, ``own`` -0.65, ``wait`` -0.69): a capture is
worth far less for the card played from the hand (0.79 - 0.65: the card in hand is the
mover's later) and for field cards the opponent cannot take (0.79 - 0.69 when it holds no card
of their month for sure, 0.79 when it surely does): a capture no one else can make may wait.
Separate weights for hands of five cards or more and of four or fewer did no better
(``phases``); nor, on the first 7,800 decisions, a fit for the expected value of a softmax
choice (`expected_value`) or a ranking loss weighted by the value gaps (`pairwise`).

The value lost falls by a sixth, short of the third set as the bar for a screen; the full
inputs, as written here, cost about 40 times `fast.policy.choose_card` per decision (0.44 ms against
0.01 ms). The cheapest pair is in the playout all the same, as a style (``style``):

    .venv/bin/python lab/valuefit.py style /tmp/valuefit-a.jsonl /tmp/valuefit-b.jsonl --save

Stage 4 (``style``): `fast.rounds.Style` weighs ``own`` and ``wait`` (`Style.own`, ``wait``) in
`_choose`'s loop, and of the parts what its tables can: the denial relative to the worth and
NEAR bonuses (one weight for both: `Style.deny` scaled), a discard's risked worth and risked
NEAR bonus apart (`Style.risk` scaled, `Style.given_worth`), the mate bonus, a discard's bonus
(`Style.discard`, taken off captures in the loop: the same choices). The denial's weight is
also in ``own`` and ``wait`` as the playout computes them (the played card's value, the
capture's), so it is searched (golden section on the squared error, `style_fit`), the others
fitted by least squares for each. Measured by the playout's own values (`fast.policy.card_values`
under the style, the choices `_choose` makes) on the held-out plays
(lab/results/valuefit_style.json): the value lost -0.036 [-0.047, -0.026] (-12%), the
agreement with the search's choice +2.8 points [+2.1, +3.5]: as much as the unconstrained fit
of the parts with ``own`` and ``wait``. The weights (the worth's 1): the denial 0.156, a
discard's risked worth 1.37 and risked NEAR bonus 0.46, the mate bonus 0.53, a discard -0.60,
``own`` -0.88, ``wait`` -0.92: a capture counts for little more than what it takes from the
opponent's reach (the played card's own value weighs 0.12, field cards the opponent surely
cannot take 0.08), a discard's risked worth more than the plain policy's, its risked NEAR
bonus less. It is
``StrongBot(style="valuefit")`` (`fast.rounds.VALUEFIT_STYLE`). Off (the plain style) `_choose`
costs what it did (the same process, batches alternated, process time: 3.229 against 3.235 us
a call, 100 batches; a whole playout 81.7 against 81.4 us, 30 batches); on, a call costs 30%
more on random tables, a playout 20% more.

The screen (lab/strong_ab.py, lab/results/strong_ab.json): ``{"playouts": 200, "style":
"valuefit"}`` against ``{"playouts": 200}``, 1,600 seat-swapped hands from seed 141000, two
workers on a machine loaded 5-6 on its 2 cores (another helper's screen alongside): -0.15
[-0.43, +0.12] points per hand, within noise and at 10% more CPU a decision (32.4 against
29.6 ms). An eighth less value lost per decision against a 400-playout search is not a
stronger search at 200 playouts, as the styles fitted to the choices were not (`strong`).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from unittest.mock import patch

from imitate import interval, table_state

from core.actions import Action, PlayCard
from core.cards import ALL_MASK, MONTH_MASKS
from core.games.koikoi.game import base_points
from core.view import View
from hanatui.arena.selfplay import play_match
from hanatui.bots import Bot, StrongBot
from hanatui.bots import strong as strong_module
from hanatui.bots.fast.policy import NONE_HELD, _gain, card_values
from hanatui.bots.fast.position import BITS, CAPTURES, INDEXES, MATES, MONTHS
from hanatui.bots.fast.rounds import PLAIN_STYLE, IntRound, Style, round_for
from hanatui.bots.rollout import scoped_bonus
from hanatui.bots.strong import Evaluation

Json = dict[str, Any]

OUT = Path(__file__).resolve().parent / "results" / "valuefit.json"
#: The playout style's fit (``style``).
STYLE_OUT = OUT.with_name("valuefit_style.json")

#: The last evaluation of the search (`strong.evaluate`), as the spy below saw it.
_LAST: list[Evaluation | None] = [None]


def _spy(real: Callable[..., Evaluation]) -> Callable[..., Evaluation]:
    def evaluate(*args: Any, **kwargs: Any) -> Evaluation:
        out = real(*args, **kwargs)
        _LAST[0] = out
        return out

    return evaluate


def paired(ev: Evaluation, ref: int) -> list[tuple[float, int, float]]:
    """Each candidate's value, paired with ``ref`` (a finalist, played on every sample): the
    reference's mean plus the candidate's mean difference from it on the samples it was played
    on (the first ones: a dropped candidate stops), its samples and that difference's
    standard error (0 for the reference itself; inf with fewer than two samples)."""
    base = ev.values[ref]
    top = statistics.fmean(base)
    out = []
    for vs in ev.values:
        n = len(vs)
        if n == 0:
            out.append((math.nan, 0, math.inf))
            continue
        d = [x - y for x, y in zip(vs, base[:n], strict=True)]
        mean = statistics.fmean(d)
        se = statistics.stdev(d) / math.sqrt(n) if n > 1 else math.inf
        out.append((top + mean, n, se))
    return out


class Recorder(Bot):
    """The strong player, its card plays (two cards or more) written down with the search's
    paired values of every candidate (one JSON object a line to ``out``)."""

    level = "strong"

    def __init__(self, bot: StrongBot, out: Any) -> None:
        self.bot = bot
        self.out = out

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        _LAST[0] = None
        action = self.bot.choose(view, legal, rng)
        ev = _LAST[0]
        if (
            len(legal) < 2
            or not isinstance(action, PlayCard)
            or not all(isinstance(a, PlayCard) for a in legal)
            or ev is None
            or ev.legal != legal
        ):
            return action
        seat = view.seat
        ref = legal.index(action)
        if ref not in ev.finalists:  # the choice is always a finalist; guard the pairing
            ref = ev.finalists[0]
        cands = []
        for a, (value, n, se) in zip(legal, paired(ev, ref), strict=True):
            assert isinstance(a, PlayCard)
            cands.append([a.card.index, round(value, 4), n, round(min(se, 99.0), 4)])
        record = {
            "hand": view.hand.mask,
            "field": view.field.mask,
            "mine": view.captures[seat].mask,
            "theirs": view.captures[1 - seat].mask,
            "op_cards": view.hand_counts[1 - seat],
            "pile": view.pile_count,
            "choice": action.card.index,
            "cands": cands,
        }
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()
        return action


def record(path: str, playouts: int, deals: int, seed: int) -> None:
    """Play ``deals`` one-round deals of two-seat koi-koi (seeds ``seed`` on), the strong
    player (at ``playouts``) in both seats, appending its card plays to ``path``."""
    from core.rules import find_rules

    start = time.perf_counter()
    rules = find_rules("koikoi", rounds=1)
    spy = patch.object(strong_module, "evaluate", _spy(strong_module.evaluate))
    with spy, open(path, "a") as out:
        for k in range(deals):
            bots = [Recorder(StrongBot(playouts=playouts), out) for _ in range(2)]
            play_match(rules, bots, seed=seed + k)
            print(f"deal {k + 1}/{deals}, {time.perf_counter() - start:.0f} s", file=sys.stderr)


# --------------------------------------------------------------------------------------------
# The new inputs
# --------------------------------------------------------------------------------------------

#: The new features' names (`features`).
FEATURES = (
    "yaku", "expose", "expose_yaku", "keep", "pairs", "own", "wait", "closed", "draw", "yaku_race",
    "yaku_closed",
)  # fmt: skip


#: ``HOLDS[u][k][h]``: the chance that a hand of ``h`` cards dealt from the ``u`` out of sight
#: holds one or more of ``k`` given ones among them (k <= 4, h <= 8): the complement of the
#: playout's `fast.policy.NONE_HELD`.
HOLDS = tuple(
    tuple(tuple(1.0 - NONE_HELD[u][h][k] for h in range(9)) for k in range(5)) for u in range(49)
)


def _expected_max(options: list[tuple[float, float]]) -> float:
    """The expected best of ``options`` (value, chance it is there), taken as independent:
    each value counts when it is there and no better one is."""
    total = 0.0
    none_better = 1.0
    for v, p in sorted(options, reverse=True):
        if v <= 0.0:
            break
        total += v * p * none_better
        none_better *= 1.0 - p
    return total


def features(
    kk: IntRound, idx: int, hand: int, field: int, mine: int, theirs: int, op_cards: int
) -> tuple[float, ...]:
    """The new inputs of playing card ``idx`` of ``hand`` (`FEATURES`), on the playout's
    integers: the mover's hand, the field, its pile, the other's, the other's cards in hand.

    - ``yaku``: the points of the yaku the play's capture completes (the mover's pile's base
      points after it less before; the draw left out);
    - ``expose``: what the field after the play offers the opponent's next card: per month on
      it, the opponent's best capture of its cards (the policy's value of them, the roles
      swapped) with the chance its hand holds a card of the month (``op_cards`` cards dealt from
      those out of sight), the best of them expected (`_expected_max`);
    - ``expose_yaku``: the same of the points of the yaku the opponent's pile would complete;
    - ``keep``: the mover's best capture the turn after, from the rest of its hand on that
      field, times the chance the opponent holds no card of its month (the policy's value);
    - ``pairs``: the months of which the rest of the hand holds two cards or more, none on the
      field after the play (a capture kept for later);
    - ``own``: of a capture, the policy's value of the card played itself (a card in the hand
      is the mover's to take later, where the field's may be the opponent's);
    - ``wait``: of a capture, the value of the field's cards taken times the chance the
      opponent holds no card of their month (a capture that may wait);
    - ``closed``: the value of a capture of a month with no card out of sight (no one else
      can take it: it may wait);
    - ``draw``: what the mover's own draw, next, may take from the field after the play: per
      month on it, the chance the draw is of that month times the mover's value of its best
      capture there, added;
    - ``yaku_race``: ``yaku`` where the opponent's pile scores already (it called koi-koi:
      a yaku ends the round);
    - ``yaku_closed``: ``yaku`` where the capture is ``closed`` (the yaku may wait)."""
    bit = BITS[idx]
    month = MONTHS[idx]
    matches = field & month
    rest = hand & ~bit
    unseen = ALL_MASK & ~(hand | field | mine | theirs)
    u = unseen.bit_count()
    h = min(op_cards, 8)
    yaku = own = wait = closed = 0.0
    if matches:
        best = max(CAPTURES[idx][matches], key=lambda t: _gain(kk, _mask(t), mine, theirs))
        taken = _mask(best)
        after_mine = mine | taken
        after_field = field & ~taken
        yaku = float(_points(kk, after_mine, after_field) - _points(kk, mine, field))
        own = _gain(kk, bit, mine, theirs)
        k = (month & unseen).bit_count()
        whole = _gain(kk, taken, mine, theirs)
        wait = (whole - own) * (1.0 - HOLDS[u][k][h])
        if not k:
            closed = whole
    else:
        after_mine = mine
        after_field = field | bit
    theirs_now = _points(kk, theirs, after_field)
    offers: list[tuple[float, float]] = []
    yakus: list[tuple[float, float]] = []
    draw = 0.0
    for m in MONTH_MASKS:
        there = after_field & m
        if not there:
            continue
        k = (m & unseen).bit_count()
        if not k:
            continue
        p = HOLDS[u][k][h]
        # The mover's draw, next, takes them with the chance it is a card of their month (the
        # best of two, by the policy's values).
        if u:
            ways = [BITS[c] for c in INDEXES[there]] if there.bit_count() == 2 else [there]
            draw += k / u * max(_gain(kk, o, after_mine, theirs) for o in ways)
        # Of two cards of the month the opponent takes either; of one or three, all.
        opts = [BITS[c] for c in INDEXES[there]] if there.bit_count() == 2 else [there]
        offers.append((max(_gain(kk, o, theirs, after_mine) for o in opts), p))
        gained = max(_points(kk, theirs | o, after_field & ~o) for o in opts) - theirs_now
        if gained > 0:
            yakus.append((float(gained), p))
    keep = 0.0
    for j in INDEXES[rest]:
        there = after_field & MONTHS[j]
        if not there:
            continue
        v = max(_gain(kk, _mask(t), after_mine, theirs) for t in CAPTURES[j][there])
        k = (MONTHS[j] & unseen).bit_count()
        v *= 1.0 - HOLDS[u][k][h]
        if v > keep:
            keep = v
    pairs = 0
    for m in MONTH_MASKS:
        if (rest & m).bit_count() >= 2 and not after_field & m:
            pairs += 1
    offered = _expected_max(offers)
    race = yaku if theirs_now else 0.0
    late = yaku if closed else 0.0
    exposed = _expected_max(yakus)
    return (yaku, offered, exposed, keep, float(pairs), own, wait, closed, draw, race, late)


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= BITS[c]
    return out


def _points(kk: IntRound, pile: int, field: int) -> int:
    """A pile's base points (its yaku's, as the round counts them)."""
    return base_points(kk.rules, kk.yaku.standing(pile, field))


# --------------------------------------------------------------------------------------------
# The fit
# --------------------------------------------------------------------------------------------

#: The plain policy's value in its parts: of a capture (its best, as `_choose` takes it) the
#: worth of the cards taken, their NEAR bonuses, their denial; of a discard, the risk times the
#: card's worth, times its NEAR bonus for the opponent (both negative), its worth when the hand
#: holds a card of its month (`Style.mate` its weight); and whether it is a discard.
PARTS = ("cap_worth", "cap_near", "cap_deny", "dis_worth", "dis_near", "dis_mate", "is_discard")

#: The model's inputs: the plain value's parts, the new features.
INPUTS = (*PARTS, *FEATURES)


def parts(kk: IntRound, idx: int, hand: int, field: int, mine: int, theirs: int) -> list[float]:
    """The plain value of playing ``idx`` in its parts (`PARTS`): with the plain weights
    (`PLAIN_W`) they add up to `fast.policy.card_values`'s value."""
    prof = kk.fast.prof
    worth = kk.fast.worth
    scopes = kk.fast.scopes
    style = kk.style
    matches = field & MONTHS[idx]
    if not matches:
        unseen = ~(hand | field | mine | theirs)
        risk = style.risk[(MATES[idx] & unseen).bit_count()]
        near = scoped_bonus(prof, idx, theirs & scopes[idx], style.near)
        mate = worth[idx] if hand & MATES[idx] else 0.0
        return [0.0, 0.0, 0.0, -risk * worth[idx], -risk * near, mate, 1.0]
    best = max(CAPTURES[idx][matches], key=lambda t: _gain(kk, _mask(t), mine, theirs))
    out = [0.0] * len(PARTS)
    for i in best:
        out[0] += worth[i]
        out[1] += scoped_bonus(prof, i, mine & scopes[i], style.near)
        out[2] += scoped_bonus(prof, i, theirs & scopes[i], style.deny)
    return out


class Row(NamedTuple):
    """One candidate of a recorded decision."""

    card: int
    value: float  # the search's paired value
    n: int  # its samples
    se: float  # its paired difference's standard error
    x: tuple[float, ...]  # its inputs (`INPUTS`)


class Choice(NamedTuple):
    rows: tuple[Row, ...]
    choice: int  # the search's choice, an index of rows
    cards: int  # the mover's cards in hand


def decision_of(kk: IntRound, rec: Json) -> Choice:
    hand, field, mine, theirs = rec["hand"], rec["field"], rec["mine"], rec["theirs"]
    rows = []
    for card, value, n, se in rec["cands"]:
        x = (
            *parts(kk, card, hand, field, mine, theirs),
            *features(kk, card, hand, field, mine, theirs, rec["op_cards"]),
        )
        rows.append(Row(card, value, n, se, x))
    choice = [r.card for r in rows].index(rec["choice"])
    return Choice(tuple(rows), choice, hand.bit_count())


def load(paths: Sequence[str]) -> list[Choice]:
    """The recorded decisions of ``paths``, with their inputs: the files interleaved deal by
    deal would mix the order played; each file's decisions are kept in order, the files one
    after another."""
    kk = round_for(table_state())
    assert kk is not None
    return [decision_of(kk, rec) for rec in _records(paths)]


#: The noise of the model's fit itself (points squared), added to each value's own variance.
TAU2 = 0.5


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small system), a ridge of 1e-6 added."""
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for i in range(n):
        m[i][i] += 1e-6
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def least_squares(data: Sequence[Choice], use: Sequence[int]) -> list[float]:
    """Weights of the inputs ``use`` (indexes of `INPUTS`) fitting the candidates' values
    centred within each decision (as the differences between them), each candidate weighted
    by 1 / (its standard error squared + `TAU2`); the other inputs weigh 0."""
    k = len(use)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for d in data:
        ws = [1.0 / (r.se * r.se + TAU2) for r in d.rows]
        total = sum(ws)
        ybar = sum(w * r.value for w, r in zip(ws, d.rows, strict=True)) / total
        xbar = [sum(w * r.x[j] for w, r in zip(ws, d.rows, strict=True)) / total for j in use]
        for wr, r in zip(ws, d.rows, strict=True):
            xs = [r.x[j] - xb for j, xb in zip(use, xbar, strict=True)]
            y = r.value - ybar
            for p in range(k):
                b[p] += wr * xs[p] * y
                for q in range(k):
                    a[p][q] += wr * xs[p] * xs[q]
    out = [0.0] * len(INPUTS)
    for j, s in zip(use, _solve(a, b), strict=True):
        out[j] = s
    return out


def expected_value(
    data: Sequence[Choice], w: Sequence[float], use: Sequence[int]
) -> tuple[float, list[float]]:
    """The mean over ``data`` of the search's value of the model's choice played at random by a
    softmax of its scores (the scale of ``w`` its inverse temperature), less the decision's
    mean value, and its gradient in the weights ``use``."""
    total = 0.0
    grad = [0.0] * len(w)
    for d in data:
        s = _scores(d, w)
        top = max(s)
        es = [math.exp(x - top) for x in s]
        norm = sum(es)
        ps = [e / norm for e in es]
        vbar = statistics.fmean(r.value for r in d.rows)
        ev = sum(p * (r.value - vbar) for p, r in zip(ps, d.rows, strict=True))
        total += ev
        for j in use:
            xp = sum(p * r.x[j] for p, r in zip(ps, d.rows, strict=True))
            grad[j] += sum(
                p * (r.value - vbar - ev) * (r.x[j] - xp) for p, r in zip(ps, d.rows, strict=True)
            )
    n = len(data)
    return total / n, [g / n for g in grad]


def pairwise(
    data: Sequence[Choice], w: Sequence[float], use: Sequence[int]
) -> tuple[float, list[float]]:
    """The mean over ``data`` of a ranking loss weighted by value: for each pair of candidates
    the search values apart, the gap between their values times log(1 + exp(-(the better's
    score less the worse's))), and its gradient in the weights ``use``."""
    total = 0.0
    grad = [0.0] * len(w)
    for d in data:
        s = _scores(d, w)
        rows = d.rows
        for i, a in enumerate(rows):
            for j, b in enumerate(rows):
                gap = a.value - b.value
                if gap <= 0.0:
                    continue
                z = s[i] - s[j]
                if z > 30.0:
                    continue
                total += gap * math.log1p(math.exp(-z))
                sig = gap / (1.0 + math.exp(z))  # -d loss / dz
                for k in use:
                    grad[k] += sig * (a.x[k] - b.x[k])
    n = len(data)
    return -total / n, [g / n for g in grad]


def fit_value(
    data: Sequence[Choice],
    start: Sequence[float],
    use: Sequence[int],
    steps: int,
    lr: float = 0.05,
    ridge: float = 1e-3,
    objective: Callable[
        [Sequence[Choice], Sequence[float], Sequence[int]], tuple[float, list[float]]
    ] = expected_value,
) -> list[float]:
    """Maximise ``objective`` (`expected_value`, `pairwise`; less ``ridge`` times the moved
    weights squared) from ``start`` by Adam steps on the weights ``use``."""
    w = list(start)
    m = [0.0] * len(w)
    v = [0.0] * len(w)
    b1, b2 = 0.9, 0.999
    for step_no in range(1, steps + 1):
        ev, g = objective(data, w, use)
        for k in use:
            gk = g[k] - 2 * ridge * (w[k] - start[k])
            m[k] = b1 * m[k] + (1 - b1) * gk
            v[k] = b2 * v[k] + (1 - b2) * gk * gk
            mh = m[k] / (1 - b1**step_no)
            vh = v[k] / (1 - b2**step_no)
            w[k] += lr * mh / (math.sqrt(vh) + 1e-8)
        if step_no % 25 == 0:
            print(f"step {step_no}: objective {ev:.4f}", file=sys.stderr)
    return w


def _scores(d: Choice, w: Sequence[float]) -> list[float]:
    return [sum(wi * xi for wi, xi in zip(w, r.x, strict=True)) for r in d.rows]


def _picks(d: Choice, w: Sequence[float]) -> list[int]:
    """The candidates the model by ``w`` plays (several when tied within 1e-9)."""
    s = _scores(d, w)
    top = max(s)
    return [i for i, v in enumerate(s) if v > top - 1e-9]


def agree(d: Choice, w: Sequence[float]) -> float:
    picks = _picks(d, w)
    return 1.0 / len(picks) if d.choice in picks else 0.0


def lost(d: Choice, w: Sequence[float]) -> float:
    """The search's best value less the value of the model's choice (the mean over ties)."""
    best = max(r.value for r in d.rows)
    return statistics.fmean(best - d.rows[i].value for i in _picks(d, w))


#: The plain policy: its value's parts added (`parts`), the new features weighing 0.
PLAIN_W = (1.0, 1.0, 1.0, 1.0, 1.0, 0.25, 0.0, *([0.0] * len(FEATURES)))


def behind(d: Choice, w: Sequence[float]) -> float:
    """The value of the search's choice less that of the model's (the mean over ties): paired
    with the choice, no maximum of noisy estimates in it (`lost` has one)."""
    return statistics.fmean(d.rows[d.choice].value - d.rows[i].value for i in _picks(d, w))


def _measure(test: Sequence[Choice], w: Sequence[float], plain: Sequence[float]) -> Json:
    lost_plain = statistics.fmean(lost(d, plain) for d in test)
    behind_plain = statistics.fmean(behind(d, plain) for d in test)
    lost_change = interval([lost(d, w) - lost(d, plain) for d in test])
    behind_change = interval([behind(d, w) - behind(d, plain) for d in test])
    return {
        "agreement_ci95": interval([agree(d, w) for d in test]),
        "agreement_gain_ci95": interval([agree(d, w) - agree(d, plain) for d in test]),
        "lost_ci95": interval([lost(d, w) for d in test]),
        "lost_change_ci95": lost_change,
        "lost_change_share": round(lost_change[0] / lost_plain, 3) if lost_plain else None,
        "behind_ci95": interval([behind(d, w) for d in test]),
        "behind_change_ci95": behind_change,
        "behind_change_share": round(behind_change[0] / behind_plain, 3) if behind_plain else None,
    }


def select(train: Sequence[Choice], most: int) -> list[int]:
    """Forward selection of up to ``most`` new inputs (indexes of `INPUTS`), the plain value's
    parts always in: each step adds the input whose least-squares fit on the first 70% of
    ``train`` loses least on the rest (`lost`), while it loses less."""
    cut = int(len(train) * 0.7)
    fit_on, check = train[:cut], train[cut:]
    use = list(range(len(PARTS)))

    def score(inputs: list[int]) -> float:
        w = least_squares(fit_on, inputs)
        return statistics.fmean(lost(d, w) for d in check)

    best = score(use)
    while len(use) - len(PARTS) < most:
        rest = [j for j in range(len(PARTS), len(INPUTS)) if j not in use]
        if not rest:
            break
        got, j = min((score([*use, j]), j) for j in rest)
        if got >= best:
            break
        best = got
        use.append(j)
        print(f"selected {INPUTS[j]}: {got:.4f}", file=sys.stderr)
    return use


def _weights(w: Sequence[float]) -> Json:
    return {n: round(x, 4) for n, x in zip(INPUTS, w, strict=True) if x}


def evaluate_fit(paths: Sequence[str], train_share: float, steps: int, most: int) -> Json:
    """Stages 2-3 on the recorded decisions of ``paths``: the models fitted on the first
    ``train_share`` of them (in the order played), measured on the rest against the plain
    policy: the parts alone refitted, all inputs, each new input added alone and dropped
    alone, up to ``most`` selected (`select`), separate weights for the mover's hand of five
    cards or more and four or fewer; ``steps`` (0: not run) of the value-weighted ranking fit
    (`pairwise`) from the least-squares weights."""
    data = load(paths)
    cut = int(len(data) * train_share)
    train, test = data[:cut], data[cut:]
    plain = list(PLAIN_W)
    everything = list(range(len(INPUTS)))
    old = list(range(len(PARTS)))
    lsq = least_squares(train, everything)
    refit = least_squares(train, old)
    chosen = select(train, most)
    selected = least_squares(train, chosen)
    added = {
        INPUTS[j]: _measure(test, least_squares(train, [*old, j]), plain)
        for j in range(len(PARTS), len(INPUTS))
    }
    dropped = {
        INPUTS[j]: _measure(test, least_squares(train, [k for k in everything if k != j]), plain)
        for j in range(len(PARTS), len(INPUTS))
    }
    phases: Json = {}
    for name, late in (("early", False), ("late", True)):
        part = [d for d in train if (d.cards <= 4) == late]
        held = [d for d in test if (d.cards <= 4) == late]
        w_phase = least_squares(part, everything)
        phases[name] = {
            "test": len(held),
            "weights": _weights(w_phase),
            "shared_weights": _measure(held, lsq, plain),
            **_measure(held, w_phase, plain),
        }
    ranked: Json = {}
    if steps:
        w_rank = fit_value(train, lsq, everything, steps, objective=pairwise)
        ranked = {"steps": steps, "weights": _weights(w_rank), **_measure(test, w_rank, plain)}
    return {
        "decisions": len(data),
        "train": len(train),
        "test": len(test),
        "inputs": list(INPUTS),
        "tau2": TAU2,
        # What the search's own choice loses by its estimates: the maximum's noise, about.
        "test_search_choice_lost_ci95": interval(
            [max(r.value for r in d.rows) - d.rows[d.choice].value for d in test]
        ),
        "test_plain": _measure(test, plain, plain),
        "parts_refit": {"weights": _weights(refit), **_measure(test, refit, plain)},
        "least_squares": {"weights": _weights(lsq), **_measure(test, lsq, plain)},
        "selected": {
            "inputs": [INPUTS[j] for j in chosen[len(PARTS) :]],
            "weights": _weights(selected),
            **_measure(test, selected, plain),
        },
        "one_added": added,
        "one_dropped": dropped,
        "phases": phases,
        "subsets": {
            "+".join(names): _measure(
                test, least_squares(train, [*old, *(INPUTS.index(n) for n in names)]), plain
            )
            for names in (("own", "wait"), ("own", "wait", "keep"), ("own", "wait", "keep", "draw"))
        },
        **({"ranking_fit": ranked} if steps else {}),
    }


# --------------------------------------------------------------------------------------------
# The playout's style (`fast.rounds.Style`: ``own``, ``wait`` and the parts it can weigh)
# --------------------------------------------------------------------------------------------

#: The style fit's inputs per candidate (`style_rows`): the capture's worth and NEAR bonuses
#: (their weight the scale), its denial; a discard's risked worth, its risked NEAR bonus, its
#: mate bonus, 1 for a discard; of a capture the played card's worth and NEAR bonus, its
#: denial, the chance the opponent holds no card of the month (``own`` and ``wait`` are built
#: from these with the fitted denial's weight, as the playout builds them).
STYLE_INPUTS = ("worth", "deny", "dis_worth", "dis_near", "mate", "discard", "own", "wait")


class StyleRow(NamedTuple):
    value: float
    se: float
    cap: tuple[float, float]  # the capture's worth + NEAR bonuses, its denial
    dis: tuple[float, float, float, float]  # risked worth, risked NEAR, mate's worth, 1
    own: tuple[float, float]  # the played card's worth + NEAR bonus, its denial (captures)
    none: float  # the chance the opponent holds no card of the month (captures)


def style_rows(kk: IntRound, rec: Json) -> list[StyleRow]:
    """`StyleRow`s of a recorded decision's candidates, under the plain weights."""
    hand, field, mine, theirs = rec["hand"], rec["field"], rec["mine"], rec["theirs"]
    unseen = ALL_MASK & ~(hand | field | mine | theirs)
    prof = kk.fast.prof
    worth = kk.fast.worth
    scopes = kk.fast.scopes
    out = []
    for card, value, _, se in rec["cands"]:
        x = parts(kk, card, hand, field, mine, theirs)
        own = (0.0, 0.0)
        none = 0.0
        if field & MONTHS[card]:
            near = scoped_bonus(prof, card, mine & scopes[card], kk.style.near)
            deny = scoped_bonus(prof, card, theirs & scopes[card], kk.style.deny)
            own = (worth[card] + near, deny)
            k = (MONTHS[card] & unseen).bit_count()
            none = NONE_HELD[unseen.bit_count()][rec["op_cards"]][k]
        out.append(StyleRow(value, se, (x[0] + x[1], x[2]), (x[3], x[4], x[5], x[6]), own, none))
    return out


def _style_x(r: StyleRow, deny: float) -> list[float]:
    """The inputs of `STYLE_INPUTS`, ``own`` and ``wait`` with the denial weighed by ``deny``
    (relative to the worth), as the playout computes them."""
    own = r.own[0] + deny * r.own[1]
    whole = r.cap[0] + deny * r.cap[1]
    wait = (whole - own) * r.none  # none is 0 for a discard
    return [*r.cap, *r.dis, own, wait]


def _style_normal(
    train: Sequence[list[StyleRow]], deny: float
) -> tuple[list[list[float]], list[float], float]:
    """The weighted normal equations (as `least_squares`: centred within each decision, each
    candidate weighted by 1 / (se^2 + `TAU2`)) of the values on `STYLE_INPUTS` with the
    denial's weight relative to the worth's fixed at ``deny`` (the worth and the denial one
    input, ``own`` and ``wait`` built with it), and the values' weighted sum of squares."""
    k = len(STYLE_INPUTS) - 1
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    yy = 0.0
    for rows in train:
        ws = [1.0 / (r.se * r.se + TAU2) for r in rows]
        total = sum(ws)
        xs = []
        for r in rows:
            x = _style_x(r, deny)
            xs.append([x[0] + deny * x[1], *x[2:]])
        ybar = sum(w * r.value for w, r in zip(ws, rows, strict=True)) / total
        xbar = [sum(w * x[j] for w, x in zip(ws, xs, strict=True)) / total for j in range(k)]
        for w, r, x in zip(ws, rows, xs, strict=True):
            xc = [x[j] - xbar[j] for j in range(k)]
            y = r.value - ybar
            yy += w * y * y
            for p in range(k):
                b[p] += w * xc[p] * y
                for q in range(k):
                    a[p][q] += w * xc[p] * xc[q]
    return a, b, yy


def style_fit(train: Sequence[list[StyleRow]], lo: float = 0.0, hi: float = 1.5) -> list[float]:
    """The least squares weights of `STYLE_INPUTS` (as `least_squares`), the denial's weight
    relative to the worth's the same in the capture's value as in ``own`` and ``wait`` (as the
    playout weighs them): for each such weight (a golden-section search between ``lo`` and
    ``hi`` for the least squared error) the other weights by least squares; all divided by the
    worth's."""

    def solve(deny: float) -> tuple[float, list[float]]:
        a, b, yy = _style_normal(train, deny)
        beta = _solve(a, b)
        err = yy - sum(x * y for x, y in zip(beta, b, strict=True))  # at the solution
        return err, beta

    golden = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - golden * (hi - lo), lo + golden * (hi - lo)
    f1, f2 = solve(x1)[0], solve(x2)[0]
    while hi - lo > 0.01:
        if f1 < f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - golden * (hi - lo)
            f1 = solve(x1)[0]
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + golden * (hi - lo)
            f2 = solve(x2)[0]
        print(f"style fit: denial {lo:.3f}-{hi:.3f}", file=sys.stderr)
    deny = (lo + hi) / 2
    _, beta = solve(deny)
    return [1.0, deny, *(x / beta[0] for x in beta[1:])]


def style_of(w: Sequence[float]) -> Style:
    """The playout's `Style` of `style_fit`'s weights: the denial and the risk tables scaled,
    the risked worth relative to the risked NEAR bonus, the mate bonus, the discards' bonus,
    ``own`` and ``wait``."""
    _, deny, dis_worth, dis_near, mate, discard, own, wait = w
    return Style(
        deny=tuple(round(d * deny, 4) for d in PLAIN_STYLE.deny),
        risk=tuple(round(r * dis_near, 4) for r in PLAIN_STYLE.risk),
        mate=round(mate, 4),
        given_worth=round(dis_worth / dis_near, 4),
        own=round(own, 4),
        wait=round(wait, 4),
        discard=round(discard, 4),
    )


def _records(paths: Sequence[str]) -> list[Json]:
    """The records of ``paths`` whose every candidate was played out, in `load`'s order."""
    out = []
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    if all(c[2] > 0 for c in rec["cands"]):
                        out.append(rec)
    return out


def _played(rec: Json, values: dict[int, float]) -> tuple[float, float]:
    """The agreement (1/n of n tied) and the value lost (the mean over ties) of playing the
    highest of ``values`` in the recorded decision."""
    top = max(values.values())
    picks = [c for c, v in values.items() if v > top - 1e-9]
    by_card = {c[0]: c[1] for c in rec["cands"]}
    best = max(by_card.values())
    agreed = 1.0 / len(picks) if rec["choice"] in picks else 0.0
    return agreed, statistics.fmean(best - by_card[c] for c in picks)


def evaluate_style(paths: Sequence[str], train_share: float) -> Json:
    """The style fit (`style_fit`) on the first ``train_share`` of the decisions, measured on
    the rest by the playout's own values (`fast.policy.card_values` under the fitted `Style`,
    the choices `_choose` makes) against the plain style's."""
    state = table_state()
    kk = round_for(state)
    assert kk is not None
    recs = _records(paths)
    cut = int(len(recs) * train_share)
    w = style_fit([style_rows(kk, rec) for rec in recs[:cut]])
    style = style_of(w)
    plain_lost, lost_change, plain_agree, agree_change = [], [], [], []
    for rec in recs[cut:]:
        table = (rec["hand"], rec["field"], rec["mine"], rec["theirs"])
        plain = card_values(state, *table)
        fitted = card_values(state, *table, style, rec["op_cards"])
        assert plain is not None and fitted is not None
        a0, l0 = _played(rec, plain)
        a1, l1 = _played(rec, fitted)
        plain_lost.append(l0)
        lost_change.append(l1 - l0)
        plain_agree.append(a0)
        agree_change.append(a1 - a0)
    lost = interval(lost_change)
    return {
        "decisions": len(recs),
        "train": cut,
        "test": len(recs) - cut,
        "inputs": list(STYLE_INPUTS),
        "weights": {n: round(x, 4) for n, x in zip(STYLE_INPUTS, w, strict=True)},
        "style": style._asdict(),
        "test_plain_lost_ci95": interval(plain_lost),
        "test_lost_change_ci95": lost,
        "test_lost_change_share": round(lost[0] / statistics.fmean(plain_lost), 3),
        "test_plain_agreement_ci95": interval(plain_agree),
        "test_agreement_gain_ci95": interval(agree_change),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record the strong player's card plays and values")
    rec.add_argument("--out", required=True)
    rec.add_argument("--playouts", type=int, default=400)
    rec.add_argument("--deals", type=int, default=100)
    rec.add_argument("--seed", type=int, default=143000)
    fitting = sub.add_parser("fit", help="fit the model, measure it held out")
    fitting.add_argument("records", nargs="+")
    fitting.add_argument("--train", type=float, default=0.7, help="the share fitted on")
    fitting.add_argument("--steps", type=int, default=0, help="ranking fit steps (0: none)")
    fitting.add_argument("--most", type=int, default=5, help="new inputs selected at most")
    fitting.add_argument("--source", default="", help="what the records are, for the result")
    fitting.add_argument("--save", action="store_true", help=f"write the result to {OUT}")
    styling = sub.add_parser("style", help="fit the playout's style, measure it held out")
    styling.add_argument("records", nargs="+")
    styling.add_argument("--train", type=float, default=0.7, help="the share fitted on")
    styling.add_argument("--save", action="store_true", help=f"write the result to {STYLE_OUT}")
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.out, args.playouts, args.deals, args.seed)
        return 0
    if args.command == "style":
        result = evaluate_style(args.records, args.train)
        result["recorded"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(json.dumps(result, indent=1))
        if args.save:
            STYLE_OUT.write_text(json.dumps(result, indent=1) + "\n")
        return 0
    out = {"source": args.source} if args.source else {}
    out.update(evaluate_fit(args.records, args.train, args.steps, args.most))
    out["recorded"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(json.dumps(out, indent=1))
    if args.save:
        OUT.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
