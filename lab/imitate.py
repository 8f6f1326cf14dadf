"""Does koi-koi's playout policy play like the strong player, and can its weights be fitted to?

The strong player's search (`hanatui.bots.strong`) values each candidate by greedy playouts
(`fast.playout`), so it is only as good as the playout policy's model of play. The classic way to
improve a rollout policy is to fit it to the stronger search's own choices, then search with it.

Stage 1, the headroom (``record``): the strong player (``StrongBot(playouts=400)``, its other
settings the defaults) plays both seats of one-round two-seat koi-koi deals (the preset's rules;
one seating per deal: swapped, the same player would play the same round again). At each of its
card plays with two cards or more, and each choice between two capture targets, its seat's view
is written down (its hand, the field, both piles: all the greedy policy reads), with its choice,
its search's estimate of each candidate and the search's prior (the normal level's choice, asked
with random numbers of the recorder's own). The greedy policy's choice on the same table
(`fast.policy.card_values`, `capture_values`; ties count 1/n) is compared with the strong
player's: the agreement, and what the greedy choice loses by the strong player's own estimates.

Stage 2, the fit (``fit``): each candidate's value is a function of `fast.rounds.Style`'s weights
(linear in the near and deny tables, bilinear in risk and near; `forms_of`), extended by
`Style.urgency` (a capture's value times a factor by the cards of its month out of sight; all
1.0, as the policy plays today). The weights and a temperature maximise the likelihood of the
strong player's choices under a softmax of the values (Adam steps on the exact gradient) on the
first 70% of the decisions in the order played; the agreement and log-likelihood are measured
on the rest, for the plain style (its temperature fitted alone) and the fitted one.

    .venv/bin/python lab/imitate.py record --out /tmp/decisions.jsonl --seed 126000 --deals 900
    .venv/bin/python lab/imitate.py fit /tmp/decisions.jsonl --steps 400 --late 4 --passes 2

Result (lab/results/imitate.json; 900 deals, seeds 126000-126899: 11,268 decisions, 10,211
card plays): the greedy policy plays the strong player's card in 67.4% [66.6, 68.3] of its card
plays, its capture target in 77.5% [75.3, 79.7] of its 1,057 choices. Where they differ, by
the strong player's own estimates the greedy card loses 0.22 points (a rough figure: a
candidate dropped early has few playouts). Most differences are two captures (1,551 of 2,793),
then two discards (792), the policy capturing where the strong player discards (415). The
strong player plays its prior, the normal level's choice, in 74% of its card plays; the greedy
policy agrees with that prior in 77%, and with the strong player in only 23% of the plays where
the search overruled the prior.

Fitted on 7,887 decisions, on the 3,062 held-out card plays: the plain weights agree in 67.4%,
the fitted ones (`fast.rounds.IMITATE_STYLE`) in 68.8%, +1.4 points [+0.4, +2.3] (paired); the
log-likelihood per decision -1.131 (plain, temperature fitted: 1.87) against -0.990 (fitted,
0.42), uniform -1.536. The fit makes the near and deny weights about 0, a field card's risk two
to five times the plain one, and a capture of a month with no card out of sight about half as
urgent (0.56). The urgency alone (the plain weights kept) agrees in 68.7%, +1.3 [+0.6, +2.0];
separate weights once the mover holds four cards or fewer, 68.7% (log-likelihood -0.986);
the weights tuned for agreement itself (`fast.rounds.AGREE_STYLE`, two passes of coordinate
search) 69.6%, +2.2 [+1.2, +3.2]. Reweighing what the greedy policy reads moves its agreement
by one or two points of the third it misses.

Stage 3 (lab/results/strong_ab.json, ``lab/strong_ab.py``, seed 120000, 1,600 hands,
200 playouts a side): the strong player with "imitate" playouts measured +0.00 [-0.29, +0.29]
points per hand over the plain ones (29.1 and 28.7 ms a decision), with "agree" +0.05
[-0.23, +0.33] (28.3 and 28.0 ms): within noise.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from core.actions import Action, ChooseCapture, PlayCard
from core.chance import advance
from core.engine import apply, is_chance, legal_actions, step
from core.events import MatchStarted
from core.players import Player
from core.rules import find_rules
from core.state import PLAY, State
from core.view import View, determinize
from hanatui.arena.selfplay import play_match
from hanatui.bots import Bot, StrongBot
from hanatui.bots.fast.position import CAPTURES, INDEXES, MATES, MONTHS
from hanatui.bots.fast.rounds import PLAIN_STYLE, Style, round_for
from hanatui.bots.normal import normal_policy
from hanatui.bots.rollout import scoped_bonus

Json = dict[str, Any]

OUT = Path(__file__).resolve().parent / "results" / "imitate.json"


class Recorder(Bot):
    """The strong player, its seat's view of each real card play and capture choice written
    down with its choice (as one JSON object a line to ``out``)."""

    level = "strong"

    def __init__(self, bot: StrongBot, out: Any, seed: int) -> None:
        self.bot = bot
        self.out = out
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if len(legal) < 2:
            return action
        seat = view.seat
        # The search's prior, the normal level's choice (as the search asks it, with random
        # numbers of its own: the strong player's are left as they were).
        prior = normal_policy(determinize(view, self.rng), seat, legal, self.rng)
        common = {
            "hand": view.hand.mask,
            "field": view.field.mask,
            "mine": view.captures[seat].mask,
            "theirs": view.captures[1 - seat].mask,
        }
        record: Json | None = None
        plays = [a for a in legal if isinstance(a, PlayCard)]
        captures = [a.target for a in legal if isinstance(a, ChooseCapture)]
        if isinstance(action, PlayCard) and len(plays) == len(legal):
            est = {
                e.action.card.index: round(e.mean, 3)
                for e in self.bot.last
                if e.playouts and isinstance(e.action, PlayCard)
            }
            record = {
                "kind": "card",
                **common,
                "choice": action.card.index,
                "prior": prior.card.index if isinstance(prior, PlayCard) else None,
                "estimates": est,
            }
        elif (
            isinstance(action, ChooseCapture)
            and action.target is not None
            and len(captures) == len(legal)
            and None not in captures
        ):
            record = {
                "kind": "target",
                **common,
                "card": action.card.index,
                "targets": [t.index for t in captures if t is not None],
                "choice": action.target.index,
                "prior": prior.target.index
                if isinstance(prior, ChooseCapture) and prior.target is not None
                else None,
            }
        if record is not None:
            self.out.write(json.dumps(record) + "\n")
            self.out.flush()
        return action


def record(path: str, playouts: int, deals: int, seed: int) -> None:
    """Play ``deals`` one-round deals of two-seat koi-koi (seeds ``seed`` on), the strong
    player (at ``playouts``) in both seats, appending its decisions to ``path``. Once per deal:
    the seats swapped, the same player would play the same round again."""
    start = time.perf_counter()
    rules = find_rules("koikoi", rounds=1)
    with open(path, "a") as out:
        for k in range(deals):
            bots = [Recorder(StrongBot(playouts=playouts), out, seed + k) for _ in range(2)]
            play_match(rules, bots, seed=seed + k)
            print(f"deal {k + 1}/{deals}, {time.perf_counter() - start:.0f} s", file=sys.stderr)


# --------------------------------------------------------------------------------------------
# The policy's values as functions of its weights
# --------------------------------------------------------------------------------------------

#: The weights fitted, as a flat vector: near 0-2, deny 0-2, risk 0-3, mate, urgency 0-2.
NAMES = ("near0", "near1", "near2", "deny0", "deny1", "deny2", "risk0", "risk1", "risk2", "risk3",
         "mate", "urgency0", "urgency1", "urgency2")  # fmt: skip
UNITS = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def flat(style: Style) -> list[float]:
    return [*style.near, *style.deny, *style.risk, style.mate, *style.urgency]


def unflat(w: Sequence[float]) -> Style:
    return Style(
        near=tuple(w[0:3]),
        deny=tuple(w[3:6]),
        risk=tuple(w[6:10]),
        mate=w[10],
        urgency=tuple(w[11:14]),
    )


def table_state() -> State:
    """A state of a one-round two-seat koi-koi match in play: the round (its rules, its
    month) the recorded tables are read under."""
    rng = random.Random(0)
    players = (Player(name="A"), Player(name="B"))
    state = apply(None, MatchStarted(rules=find_rules("koikoi", rounds=1), players=players))
    while is_chance(state) or state.phase != PLAY:
        if is_chance(state):
            state = advance(state, rng)[-1][1]
        else:
            state = step(state, legal_actions(state)[0])[-1][1]
    return state


class Discard(NamedTuple):
    """A card given to the field, as a function of the weights: the cards of its month out of
    sight, its worth, the coefficients of the near weights in what it gives the opponent,
    whether the hand holds a card of its month."""

    out: int
    worth: float
    coefs: tuple[float, ...]
    mated: bool


class Option(NamedTuple):
    """One capture: the worth taken, the coefficients of the near weights, of the deny ones."""

    worth: float
    near: tuple[float, ...]
    deny: tuple[float, ...]


class Capture(NamedTuple):
    """A card that captures: the best of its captures, times the urgency of the cards of its
    month out of sight (``unseen``; -1: none, a choice of two targets of one month)."""

    options: tuple[Option, ...]
    unseen: int = -1


Form = Discard | Capture


class Decision(NamedTuple):
    kind: str  # "card" or "target"
    forms: tuple[Form, ...]  # per candidate
    choice: int  # the strong player's, an index of forms
    cards: int  # cards in the mover's hand
    #: per candidate, the strong player's estimate of its points (None: not recorded)
    estimates: tuple[float | None, ...] = ()
    #: the search's prior, the normal level's choice (an index of forms; None: not recorded)
    prior: int | None = None


def _coefs(kk: Any, i: int, held: int) -> tuple[float, ...]:
    """The coefficients of a bonus table's three entries in card ``i``'s bonus for ``held``
    (`rollout.scoped_bonus` is linear in the table)."""
    return tuple(scoped_bonus(kk.prof, i, held, unit) for unit in UNITS)


def _option(kk: Any, cards: Sequence[int], mine: int, theirs: int) -> Option:
    worth = 0.0
    near = [0.0, 0.0, 0.0]
    deny = [0.0, 0.0, 0.0]
    for i in cards:
        scope = kk.fast.scopes[i]
        worth += kk.fast.worth[i]
        for k, c in enumerate(_coefs(kk, i, mine & scope)):
            near[k] += c
        for k, c in enumerate(_coefs(kk, i, theirs & scope)):
            deny[k] += c
    return Option(worth, tuple(near), tuple(deny))


def forms_of(kk: Any, rec: Json) -> Decision:
    """The recorded decision ``rec`` as functions of the weights (`Form`)."""
    hand, field, mine, theirs = rec["hand"], rec["field"], rec["mine"], rec["theirs"]
    forms: list[Form] = []
    if rec["kind"] == "target":
        card = rec["card"]
        targets = sorted(rec["targets"])
        for t in targets:
            forms.append(Capture((_option(kk, sorted((card, t)), mine, theirs),)))
        return Decision("target", tuple(forms), targets.index(rec["choice"]), hand.bit_count())
    unseen = ~(hand | field | mine | theirs)
    cards = INDEXES[hand]
    for idx in cards:
        matches = field & MONTHS[idx]
        if not matches:
            out = (MATES[idx] & unseen).bit_count()
            coefs = _coefs(kk, idx, theirs & kk.fast.scopes[idx])
            forms.append(Discard(out, kk.fast.worth[idx], coefs, bool(hand & MATES[idx])))
        else:
            options = tuple(_option(kk, taken, mine, theirs) for taken in CAPTURES[idx][matches])
            forms.append(Capture(options, (MONTHS[idx] & unseen).bit_count()))
    est = rec.get("estimates", {})
    estimates = tuple(est.get(str(idx)) for idx in cards)
    prior = rec.get("prior")
    return Decision(
        "card",
        tuple(forms),
        cards.index(rec["choice"]),
        hand.bit_count(),
        estimates,
        None if prior is None else cards.index(prior),
    )


Grad = list[tuple[int, float]]


def value(form: Form, w: Sequence[float]) -> tuple[float, Grad]:
    """A candidate's value under the weights ``w`` (`flat`) and its gradient, sparse."""
    if isinstance(form, Discard):
        coefs = form.coefs
        given = form.worth + coefs[0] * w[0] + coefs[1] * w[1] + coefs[2] * w[2]
        risk = w[6 + form.out]
        v = -risk * given
        grad = [(k, -risk * coefs[k]) for k in range(3) if coefs[k]]
        grad.append((6 + form.out, -given))
        if form.mated:
            v += w[10] * form.worth
            grad.append((10, form.worth))
        return v, grad
    best = -math.inf
    best_grad: Grad = []
    for o in form.options:
        v = o.worth
        for k in range(3):
            v += o.near[k] * w[k] + o.deny[k] * w[3 + k]
        if v > best:
            best = v
            best_grad = [(k, o.near[k]) for k in range(3) if o.near[k]]
            best_grad += [(3 + k, o.deny[k]) for k in range(3) if o.deny[k]]
    if form.unseen < 0:
        return best, best_grad
    k = 11 + form.unseen
    return best * w[k], [*((j, g * w[k]) for j, g in best_grad), (k, best)]


def agreement(d: Decision, w: Sequence[float]) -> float:
    """How often the greedy policy weighing by ``w`` plays the strong player's choice: 1 or 0,
    or 1/n when it is among n tied (within 1e-9: the policy breaks ties at random)."""
    vs = [value(f, w)[0] for f in d.forms]
    top = max(vs)
    tied = [i for i, v in enumerate(vs) if v > top - 1e-9]
    return 1.0 / len(tied) if d.choice in tied else 0.0


def _best(d: Decision, w: Sequence[float]) -> list[int]:
    """The candidates the greedy policy weighing by ``w`` plays (several when tied)."""
    vs = [value(f, w)[0] for f in d.forms]
    top = max(vs)
    return [i for i, v in enumerate(vs) if v > top - 1e-9]


def regret(d: Decision, w: Sequence[float]) -> float | None:
    """What the greedy policy's choice loses against the strong player's by the strong
    player's own estimates (points, the mean over tied choices); None where an estimate is
    missing. The estimates of candidates dropped early in the search are few and looked bad:
    a rough, upward-leaning figure."""
    best = _best(d, w)
    chosen = d.estimates[d.choice] if d.estimates else None
    ests = [d.estimates[i] for i in best] if d.estimates else [None]
    if chosen is None or any(e is None for e in ests):
        return None
    return statistics.fmean(chosen - e for e in ests if e is not None)


def confusion(data: Sequence[Decision], w: Sequence[float]) -> Json:
    """The card plays where the greedy policy (by ``w``) and the strong player differ, by
    whether each captures: both capture (another card), the policy captures where the strong
    player gives a card to the field, the other way, both give (another card)."""
    out = {"both_capture": 0, "policy_captures": 0, "strong_captures": 0, "both_discard": 0}
    for d in data:
        if d.kind != "card":
            continue
        best = _best(d, w)
        if d.choice in best:
            continue
        mine = isinstance(d.forms[best[0]], Capture)
        strong = isinstance(d.forms[d.choice], Capture)
        key = ("both_capture" if strong else "policy_captures") if mine else (
            "strong_captures" if strong else "both_discard")  # fmt: skip
        out[key] += 1
    return out


def tune_agreement(data: Sequence[Decision], start: Sequence[float], passes: int) -> list[float]:
    """Coordinate search for weights the greedy choices of which agree most with the strong
    player's on ``data`` (the agreement is a step function of the weights: no gradient)."""
    w = list(start)
    best = statistics.fmean(agreement(d, w) for d in data)
    for _ in range(passes):
        for k in range(len(w)):
            x = w[k]
            for moved in (x * 0.5, x * 0.8, x * 1.25, x * 2.0, x - 0.1, x + 0.1):
                trial = list(w)
                trial[k] = moved
                score = statistics.fmean(agreement(d, trial) for d in data)
                if score > best + 1e-12:
                    best, w = score, trial
        print(f"agreement pass: {best:.4f}", file=sys.stderr)
    return w


def loglik(
    data: Sequence[Decision], w: Sequence[float], log_t: float, fixed: bool = False
) -> tuple[float, list[float], float]:
    """The mean log-likelihood of the strong player's choices under a softmax of the values at
    temperature exp(log_t), its gradient in the weights (zeros when ``fixed``) and in log_t."""
    t = math.exp(log_t)
    total = 0.0
    grad = [0.0] * len(w)
    grad_t = 0.0
    for d in data:
        vals = [value(f, w) for f in d.forms]
        zs = [v / t for v, _ in vals]
        top = max(zs)
        es = [math.exp(z - top) for z in zs]
        norm = sum(es)
        ps = [e / norm for e in es]
        total += zs[d.choice] - top - math.log(norm)
        mean_v = sum(p * v for p, (v, _) in zip(ps, vals, strict=True))
        grad_t += -(vals[d.choice][0] - mean_v) / t
        if not fixed:
            for k, g in vals[d.choice][1]:
                grad[k] += g / t
            for p, (_, gs) in zip(ps, vals, strict=True):
                for k, g in gs:
                    grad[k] -= p * g / t
    n = len(data)
    return total / n, [g / n for g in grad], grad_t / n


def fit(
    data: Sequence[Decision],
    start: Style,
    steps: int,
    fixed: bool = False,
    lr: float = 0.02,
    only: Sequence[int] | None = None,
) -> tuple[list[float], float, float]:
    """Maximise `loglik` from ``start`` (temperature 1) by Adam steps: the weights (``start``'s
    when ``fixed``; ``only``: those weights moved, the others ``start``'s), log_t, and the mean
    log-likelihood reached."""
    w = flat(start)
    log_t = 0.0
    m = [0.0] * (len(w) + 1)
    v = [0.0] * (len(w) + 1)
    b1, b2 = 0.9, 0.999
    ll = -math.inf
    for step_no in range(1, steps + 1):
        ll, gw, gt = loglik(data, w, log_t, fixed)
        grads = [*gw, gt]
        params = [*w, log_t]
        for k, g in enumerate(grads):
            if only is not None and k < len(w) and k not in only:
                continue
            m[k] = b1 * m[k] + (1 - b1) * g
            v[k] = b2 * v[k] + (1 - b2) * g * g
            mh = m[k] / (1 - b1**step_no)
            vh = v[k] / (1 - b2**step_no)
            params[k] += lr * mh / (math.sqrt(vh) + 1e-8)  # ascent
        w, log_t = params[:-1], params[-1]
        if step_no % 50 == 0:
            print(f"step {step_no}: loglik {ll:.4f}, T {math.exp(log_t):.3f}", file=sys.stderr)
    ll, _, _ = loglik(data, w, log_t, fixed)
    return w, log_t, ll


def interval(xs: Sequence[float]) -> list[float]:
    """The mean of ``xs`` and its 95% interval (normal, over the decisions)."""
    n = len(xs)
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(n) if n > 1 else math.inf
    return [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]


def _agreements(data: Sequence[Decision], w: Sequence[float]) -> Json:
    out: Json = {}
    for kind in ("card", "target"):
        xs = [agreement(d, w) for d in data if d.kind == kind]
        if xs:
            out[kind] = {"n": len(xs), "agreement_ci95": interval(xs)}
    lost = [r for r in (regret(d, w) for d in data if d.kind == "card") if r is not None]
    out["card"]["regret_ci95"] = interval(lost)
    out["card"]["regret_n"] = len(lost)
    out["card"]["differ"] = confusion(data, w)
    return out


def evaluate_fit(path: str, train_share: float, steps: int, late: int = 0, passes: int = 0) -> Json:
    """Stages 1-2 on the recorded decisions of ``path``: the plain policy's agreement with the
    strong player on all of them, then the weights fitted on the first ``train_share`` of the
    decisions (in the order played) and both styles' agreement and log-likelihood on the
    rest. ``late``: the same with separate weights where the mover holds that many cards or
    fewer (0: not measured); ``passes``: also that many passes of `tune_agreement`."""
    kk = round_for(table_state())
    assert kk is not None
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    data = [forms_of(kk, r) for r in records]
    cut = int(len(data) * train_share)
    train, test = data[:cut], data[cut:]
    plain = flat(PLAIN_STYLE)
    _, log_t_plain, ll_train_plain = fit(train, PLAIN_STYLE, steps // 2, fixed=True)
    w, log_t, ll_train = fit(train, PLAIN_STYLE, steps)
    fitted = unflat([round(x, 4) for x in w])
    paired = [agreement(d, w) - agreement(d, plain) for d in test if d.kind == "card"]
    uniform = statistics.fmean(-math.log(len(d.forms)) for d in test)
    phases: Json = {}
    if late:
        # The extension measured: separate weights where the mover holds ``late`` cards or
        # fewer, each fitted on its own decisions; the held-out log-likelihood of both together.
        total = 0.0
        agree = []
        for is_late in (False, True):
            part = [d for d in train if (d.cards <= late) == is_late]
            held = [d for d in test if (d.cards <= late) == is_late]
            wp, log_tp, _ = fit(part, PLAIN_STYLE, steps)
            total += loglik(held, wp, log_tp, True)[0] * len(held)
            agree += [agreement(d, wp) for d in held if d.kind == "card"]
            phases["late" if is_late else "early"] = {
                "test": len(held),
                "style": unflat([round(x, 4) for x in wp])._asdict(),
                "temperature": round(math.exp(log_tp), 4),
            }
        phases["loglik"] = round(total / len(test), 4)
        phases["card_agreement_ci95"] = interval(agree)
    # The search's prior: how often the strong player plays the normal level's choice, and
    # how the policies agree with the strong player where it did not.
    priored = [d for d in test if d.kind == "card" and d.prior is not None]
    overruled = [d for d in priored if d.prior != d.choice]
    prior = {
        "n": len(priored),
        "strong_is_prior_ci95": interval([float(d.prior == d.choice) for d in priored]),
        "overruled": len(overruled),
        **{
            name: {
                "agrees_with_prior_ci95": interval(
                    [agreement(d._replace(choice=d.prior or 0), ws) for d in priored]
                ),
                "agreement_where_overruled_ci95": interval([agreement(d, ws) for d in overruled]),
            }
            for name, ws in (("plain", plain), ("fitted", w))
        },
    }
    # The extension alone: the plain weights, the urgency fitted.
    urgent = [NAMES.index(f"urgency{u}") for u in range(3)]
    wu, log_tu, ll_train_u = fit(train, PLAIN_STYLE, steps, only=urgent)
    gain_u = [agreement(d, wu) - agreement(d, plain) for d in test if d.kind == "card"]
    urgency_only = {
        **_agreements(test, wu),
        "temperature": round(math.exp(log_tu), 4),
        "loglik_train": round(ll_train_u, 4),
        "loglik": round(loglik(test, wu, log_tu, True)[0], 4),
        "card_gain_ci95": interval(gain_u),
        "urgency": [round(wu[k], 4) for k in urgent],
    }
    tuned: Json = {}
    if passes:
        # The weights whose greedy choices agree most with the strong player's on the training
        # decisions (from the plain ones), and their agreement on the rest.
        wt = tune_agreement(train, plain, passes)
        gain = [agreement(d, wt) - agreement(d, plain) for d in test if d.kind == "card"]
        tuned = {
            **_agreements(test, wt),
            "card_gain_ci95": interval(gain),
            "style": unflat([round(x, 4) for x in wt])._asdict(),
        }
    return {
        "decisions": len(data),
        "train": len(train),
        "test": len(test),
        "plain_all": _agreements(data, plain),
        "test_plain": {
            **_agreements(test, plain),
            "temperature": round(math.exp(log_t_plain), 4),
            "loglik_train": round(ll_train_plain, 4),
            "loglik": round(loglik(test, plain, log_t_plain, True)[0], 4),
        },
        "test_fitted": {
            **_agreements(test, w),
            "temperature": round(math.exp(log_t), 4),
            "loglik_train": round(ll_train, 4),
            "loglik": round(loglik(test, w, log_t, True)[0], 4),
        },
        "test_card_gain_ci95": interval(paired),
        "test_loglik_uniform": round(uniform, 4),
        "fitted_style": fitted._asdict(),
        "test_urgency_only": urgency_only,
        "test_prior": prior if priored else None,
        **({"phases": {"late_cards": late, **phases}} if late else {}),
        **({"test_tuned_for_agreement": tuned} if passes else {}),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="record the strong player's decisions")
    rec.add_argument("--out", required=True)
    rec.add_argument("--playouts", type=int, default=400)
    rec.add_argument("--deals", type=int, default=100)
    rec.add_argument("--seed", type=int, default=126000)
    fitting = sub.add_parser("fit", help="the agreement, and the weights fitted")
    fitting.add_argument("records")
    fitting.add_argument("--train", type=float, default=0.7, help="the share fitted on")
    fitting.add_argument("--steps", type=int, default=300)
    fitting.add_argument("--late", type=int, default=0, help="also fit early/late weights")
    fitting.add_argument("--passes", type=int, default=0, help="also tune for agreement")
    fitting.add_argument("--save", action="store_true", help=f"write the result to {OUT}")
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.out, args.playouts, args.deals, args.seed)
    else:
        out = evaluate_fit(args.records, args.train, args.steps, args.late, args.passes)
        out["recorded"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(json.dumps(out, indent=1))
        if args.save:
            OUT.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
