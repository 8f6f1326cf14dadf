"""The `strong` level: determinized Monte Carlo search.

For each of many samples, the cards the bot cannot see are dealt at random consistently with its
View (`determinize`), and every candidate action is played out to the end of the round on that
same sample, with the same playout randomness (common random numbers: candidates are compared on
equal deals, so their difference is measured far more precisely than their values). Playouts use
a cheap greedy policy (`rollout`) for every seat. Candidates that fall behind are dropped between
rounds of sampling (successive halving), so the budget goes to the close calls.

The normal level's choice is the prior: the search plays something else only when it beats
that choice by a clear margin on the paired samples (``z`` standard errors), so sampling noise
alone never overrules a sound heuristic move.

With ``infer`` (two-seat koi-koi), the deals are not uniform: the opponent's earlier plays this
round are public, and a player who left a bright on the field probably held no card of its month.
The bot remembers what its seat saw at its own decisions and deals the opponent's hand by how
likely those plays make each card (`inference`). It is off by default: its gain over the uniform
deal was within noise at equal CPU (docs/opponents.md).

Two koi-koi options change what the playouts model, both off by default (each measured within
noise of today's player, docs/opponents.md): ``block`` has the playout policy take the
card that would complete the opponent's yaku (`rollout.BLOCKING_DENY`), and ``reply`` has the
normal level answer the move searched (the opponent's next cards from its hand) before the fast
playout takes over, at about four times the cost of a playout.

In two-seat koi-koi the playouts take koi-koi's own path (``kk``, `fast.playout`: the round on
integers, never the engine, the playout's koi-koi call from a table of the normal level's calls
where they agreed and the normal call where they were split), at under half the CPU per
decision, and the search spends what it saves on more playouts (``KOIKOI_SCALE`` times the
budget, or ``kk_playouts``). At equal CPU (1.6 times the budget, before that playout was made
1.3 times cheaper) it measured +0.34 [+0.04, +0.64] points per hand over the player with
today's path, over 1,600 hands; at 2.05 times the budget, the default since, +0.05
[-0.24, +0.34] over 1,600 more; all six such runs pooled, +0.24 [+0.07, +0.42] over 4,800 hands
(docs/opponents.md). ``kk=None`` plays that player.

Two-seat koi-koi's searches may stop early (``settle``, off by default; `Settle`): a decision
stops sampling once its choice is settled, the move it would play being ahead of every other
candidate still searched by ``settle`` standard errors of the paired differences, less
``settle_margin`` points; ``settle_scale`` times the budget is then its cap, so the close calls
get the playouts the clear ones leave. At 1,600 playouts, a z 2 stop ends 54% of the searches
early, saves 36% of the playouts and chooses as the full search in 98% of the decisions
(`lab/settle.py`). With margin 0.1 and a 1.9x cap, at equal mean CPU, it measured
+0.13 [-0.14, +0.41] points per hand over today's player over 1,600 hands, within noise
(docs/opponents.md), so it stays off.

Two-seat koi-koi's card plays may be searched deeper (``tree``, off by default; `ismcts`):
information-set MCTS from the view (``"ucb"``), or the flat search with a tree of the card plays
after each candidate in place of its greedy playout (``"flat"``); ``tree_playouts`` is then the
budget (an iteration costs about twice a koi-koi playout). The koi-koi call keeps the flat
search, which is exact for shobu.

Two-seat koi-koi's small endgames may be solved exactly (``solve``, off by default; `endgame`):
a decision whose seat holds ``solve`` cards or fewer values each candidate on each deal by the
round's minimax value after it, every card known, in place of the greedy playout (the paired
samples, the successive halving, the normal prior and ``z`` stay); ``solve_playouts`` is then
the budget, in solves. The solve is perfect-information ("double dummy"): within one deal each
side plays knowing the other's hand and the draws to come (strategy fusion), so it measures
whether that model beats the greedy one, not an exact value of the decision. With ``solve``
4 and 400 solves (equal CPU) it measured +0.14 [-0.01, +0.29] points per hand over today's
player over 2,400 hands, and +0.24 [-0.06, +0.54] over the first version's over 1,600, both
within noise; ``solve`` 5 with 2,200 playouts, at the first version's time, -0.26 [-0.71,
+0.18] over 800 hands against it (docs/opponents.md). So it stays off.

Two-seat koi-koi's own playouts may weigh their cards by other weights (``style``, a name in
`fast.rounds.STYLES`; "plain", today's, by default): "imitate", fitted to the strong player's own
choices, and "agree", tuned to agree with them most (`lab/imitate.py`: 68.8% and 69.6% of
its held-out card plays, the plain weights 67.4%). At 200 playouts, over 1,600 hands and at
the same CPU, "imitate" measured +0.00 [-0.29, +0.29] points per hand over the plain weights
and "agree" +0.05 [-0.23, +0.33], both within noise, so the plain weights stay. "valuefit",
fitted to the search's values of every candidate with two new inputs (`lab/valuefit.py`:
12% less value lost per held-out card play), measured -0.15 [-0.43, +0.12] at 200 playouts
over 1,600 hands, at 10% more CPU a decision: within noise too.

Two-seat koi-koi's own playouts may play their cards from the hand with noise, both seats'
or, with ``noise_opponent``, the opponent's alone (the searching seat's own later plays
greedy): ``epsilon``, the chance of a card of the hand at random, and ``temperature``, a card
drawn by the softmax of the policy's card values (`fast.rounds.Style`), so that the search does
not exploit a predictable greedy opponent it will not face. Off by default (the greedy
playouts, not one random number more). At 200 playouts, over 1,600 hands each, against the
greedy playouts: epsilon 0.1 -0.13 [-0.39, +0.14], 0.25 +0.11 [-0.17, +0.38], 0.4 -0.11
[-0.42, +0.20], 0.2 for the opponent alone +0.05 [-0.23, +0.33], at 4-9% more CPU per
decision; temperature 0.5 +0.02 [-0.28, +0.32], and for the opponent alone +0.02 [-0.26,
+0.29], at 46% and 34% more (the softmax values every card of the hand). All within noise
(docs/opponents.md), so the playouts stay greedy.

Two-seat koi-koi's own playouts may end with a learned value (``leaf``, off by default;
`leaf.Leaf`): once both hands hold ``leaf`` cards or fewer, the round's value for the mover is
a linear function of cheap features of the table (each seat's strikes, what its next draw
would take, how near it is to a further yaku, its captured counts, ...), fitted to the
outcome of the strong player's self-play (`lab/leafvalue.py`), in the searches of the
decisions whose seat holds more than ``leaf`` + ``leaf_gap`` cards. Held out, it predicts
the self-play outcome far better than one greedy playout, but worse than the mean of 32 (its
bias at the leaf is larger than the playout's, and a search averages the playouts' variance
away). At 200 playouts' CPU, over 1,600 hands: ``leaf`` 3 (218 playouts) -0.01 [-0.34,
+0.31] points per hand, ``leaf`` 4 (245) -0.12 [-0.44, +0.20], ``leaf`` 5 (270) +0.02 [-0.30,
+0.35]. All within noise, so it stays off.

Koi-koi or shobu in a match of several rounds is weighed by the chance of winning the match each
playout's result gives (`match.win_chance`, from the public standing), not by its points.

The budget is a number of playouts (deterministic under a seeded rng) and optionally a time
limit in seconds (for interactive play).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from core.actions import Action, CallShobu, PlayCard
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.state import State
from core.view import View, determinize, hidden_indexes
from hanatui.bots.base import Bot
from hanatui.bots.fast.chance import Dealer, Ties
from hanatui.bots.fast.endgame import Finisher, value_after
from hanatui.bots.fast.playout import Finish
from hanatui.bots.fast.playout import play_out_score as kk_play_out_score
from hanatui.bots.fast.rounds import PLAIN_STYLE, STYLES, Style
from hanatui.bots.inference import DEFAULT_BETA, Reader, WeightedDealer
from hanatui.bots.ismcts import (
    DEFAULT_BIAS,
    DEFAULT_C,
    DEFAULT_DEPTH,
    DEFAULT_ROOT_BIAS,
    DEFAULT_TREE,
    DEFAULT_WIDEN,
    Tree,
    TreeSearch,
    TreeSettings,
    advance,
)
from hanatui.bots.match import standing, win_chance
from hanatui.bots.normal import normal_policy, relative_points
from hanatui.bots.rollout import (
    BLOCKING_DENY,
    DENY,
    PLAIN,
    Model,
    play_out_score,
    rollout_policy,
)

Policy = Callable[[State, int, tuple[Action, ...], random.Random], Action]

#: The default budget: playouts per decision (well under a second on a small machine).
DEFAULT_PLAYOUTS = 1000
#: The playout cap of a strong player given a time budget instead (the time ends it first).
TIMED_PLAYOUTS = 1_000_000
#: How many standard errors a candidate must beat the prior by.
DEFAULT_Z = 1.0
#: Two-seat koi-koi's playouts take koi-koi's own path by default, with this koi-koi call
#: (`fast.playout`; None: the engine's fast path, as the other games) ...
KOIKOI_CALL: str | None = "mixed"
#: ... and this many times the decision's budget of playouts, which costs no more CPU than the
#: budget on the other path: 1.6 did (1.65 measured 2% more), and the playout made 1.32 times
#: cheaper since, 2.05 costs 3% less than 1.6 did then and 2.1 the same (docs/opponents.md).
KOIKOI_SCALE = 2.05

POLICIES: dict[str, Policy] = {"fast": rollout_policy, "normal": normal_policy}


def playout(
    state: State,
    action: Action,
    seat: int,
    policy: Policy,
    rng: random.Random,
    model: Model = PLAIN,
    reply: int = 0,
    call: str | None = None,
    finish: Finish | None = None,
    style: Style = PLAIN_STYLE,
) -> float:
    """Play ``action`` then ``policy`` for every seat to the end of the round; the round's
    points for ``seat`` less the other teams' mean. The cheap policy's playouts take the fast
    path (`rollout.play_out_score`, with its options ``model``), which gives the same as
    stepping the engine (`engine_playout`). ``reply``: the other seats' first that many cards
    from the hand (and every decision before them) are the normal level's (`replied_playout`).
    ``call``: a two-seat koi-koi round is played on integers to its end (`fast.playout`, with that
    koi-koi call: ``"normal"``, today's, ``"table"`` or ``"mixed"``), where that playout plays
    it; ``finish``: its end is the exact solve (`endgame.Finisher`) or a learned value
    (`leaf.Leaf`) once both hands are small; ``style``: its policy's weights
    (`fast.rounds.Style`; the other paths play the plain ones).
    """
    if call is not None and policy is rollout_policy and not reply and model == PLAIN:
        points = kk_play_out_score(state, action, rng, call, finish, style)
        if points is not None:
            return relative_points(state, points, seat)
    if reply and policy is rollout_policy:
        return replied_playout(state, action, seat, rng, model, reply)
    if policy is rollout_policy:
        points = play_out_score(state, action, rng, model)
        return 0.0 if points is None else relative_points(state, points, seat)
    return engine_playout(state, action, seat, policy, rng)


def replied_playout(
    state: State, action: Action, seat: int, rng: random.Random, model: Model, reply: int
) -> float:
    """`playout` with the cheap policy, where the decisions right after ``action`` are the
    normal level's, until the other seats have played ``reply`` cards from their hands: the
    answer to the move searched is the one a sound player would give, and the rest of the
    round takes the fast path."""
    out = step(state, action)
    plays = 0
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return relative_points(state, ev.points, seat)
        st = out[-1][1]
        actor = to_act(st)
        if actor is None:
            return 0.0
        legal = legal_actions(st)
        if plays >= reply:
            first = rollout_policy(st, actor, legal, rng, model)
            points = play_out_score(st, first, rng, model)
            return 0.0 if points is None else relative_points(state, points, seat)
        choice = normal_policy(st, actor, legal, rng)
        if actor != seat and type(choice) is PlayCard:
            plays += 1
        out = step(st, choice)


def engine_playout(
    state: State, action: Action, seat: int, policy: Policy, rng: random.Random
) -> float:
    """`playout` by stepping the engine, every event and state built: any policy."""
    out = step(state, action)
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return relative_points(state, ev.points, seat)
        st = out[-1][1]
        actor = to_act(st)
        if actor is None:
            return 0.0  # the round ended without a score event (should not happen)
        legal = legal_actions(st)
        out = step(st, policy(st, actor, legal, rng))


def tree_playout(tree: Tree, state: State, action: Action, rng: random.Random) -> float:
    """`playout` of ``action``, the card plays after it searched by ``tree`` (of ``action``'s
    seat, from the states after it) before the playout takes over."""
    after = advance(state, action, rng)
    return tree.run(after, rng) if isinstance(after, State) else after


class Estimate(NamedTuple):
    """The search's verdict on one candidate."""

    action: Action
    mean: float
    playouts: int


class Evaluation(NamedTuple):
    """What the search measured: each candidate's result on every sample it was played on.

    All candidates are played on the same samples (deals and playout randomness) while they are
    searched, so ``values[i][:n]`` and ``values[j][:n]`` are paired for any ``n`` up to the
    shorter length (a dropped candidate's list stops at the samples before it was dropped). The
    ``finalists`` were never dropped: they were played on every sample."""

    legal: tuple[Action, ...]
    values: list[list[float]]
    finalists: list[int]


class Settle(NamedTuple):
    """When a search may stop before its budget is spent (`settled`): the choice it would make
    now (the prior, or the leader that beats it by ``z``) is ahead of every other candidate
    still searched by ``z_stop`` standard errors of the paired differences, less ``margin``
    points (a candidate that could be better by no more than ``margin`` is as good). Checked
    every ``every`` samples, from ``min_samples`` on."""

    z_stop: float = 2.0
    margin: float = 0.0
    min_samples: int = 48
    every: int = 16


def settled(values: list[list[float]], alive: list[int], p: int, z: float, rule: Settle) -> bool:
    """Whether more samples would hardly change the choice among the ``alive`` candidates (all
    played on every sample so far; ``p`` the prior's index, or -1): see `Settle`."""
    if len(alive) < 2:
        return True
    leader = max(alive, key=lambda i: _mean(values[i]))
    choice = leader
    if p >= 0 and leader != p and not _beats(values[leader], values[p], z):
        choice = p
    return all(
        _beats(values[choice], values[j], rule.z_stop, -rule.margin) for j in alive if j != choice
    )


def evaluate(
    view: View,
    legal: tuple[Action, ...],
    rng: random.Random,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    seconds: float | None = None,
    policy: Policy = rollout_policy,
    keep: Action | None = None,
    worth: Callable[[float], float] | None = None,
    deal: Callable[[random.Random], State] | None = None,
    model: Model = PLAIN,
    reply: int = 0,
    call: str | None = None,
    settle: Settle | None = None,
    z: float = DEFAULT_Z,
    trees: list[Tree] | None = None,
    solve: bool = False,
    finish: Finish | None = None,
    style: Style = PLAIN_STYLE,
) -> Evaluation:
    """Play the candidates out on sampled deals within the playout (and time) budget, dropping
    the weaker half between rounds of sampling; ``keep`` (one of ``legal``) is never dropped.
    ``deal`` samples the hidden cards (default: uniformly, `determinize`).

    ``settle``: stop before the budget is spent once the choice is settled (`settled`, with
    ``z`` the margin by which a candidate must beat ``keep`` to be chosen instead).

    ``trees`` (one per candidate, two-seat koi-koi): after each candidate, the card plays of
    the round are searched by that candidate's tree (`ismcts.Tree`) before the playout takes
    over, in place of the greedy playout from the candidate on.

    ``solve`` (two-seat koi-koi): each candidate is valued on each deal by the exact value of
    the round after it (`endgame.value_after`: both seats play their best knowing the deal's
    cards) in place of the greedy playout. ``finish``: koi-koi's own playouts end with the
    exact solve (`endgame.Finisher`) or a learned value (`leaf.Leaf`) once both hands are
    small. ``style``: the weights of
    koi-koi's own playout policy (`fast.rounds.Style`)."""
    seat = view.seat
    k = len(legal)
    deadline = None if seconds is None else time.perf_counter() + seconds
    hidden = hidden_indexes(view)
    p = legal.index(keep) if keep is not None and keep in legal else -1
    alive = list(range(k))
    # The playouts' generator: koi-koi's own playouts break their ties with `Ties`, seeded far
    # more cheaply than a `random.Random` (today's playouts keep theirs).
    ties: Callable[[int], random.Random] = random.Random if call is None else Ties
    if call is not None and deal is None and view.num_players == 2:
        deal = Dealer(view, rng)  # the same deals, sampled faster
    # Stopping now (shobu) scores the same on every sample: one playout tells it exactly.
    exact: dict[int, float | None] = {
        i: None for i, a in enumerate(legal) if isinstance(a, CallShobu)
    }
    # values[i][j]: candidate i's result on sample j (None once it was dropped)
    values: list[list[float]] = [[] for _ in range(k)]
    rounds = max(1, math.ceil(math.log2(k))) if k > 1 else 1
    spent = 0
    out_of_time = False
    stop = False
    # Settledness is checked every `check` samples once every alive candidate has `min_samples`.
    check = 0 if settle is None else settle.every
    for r in range(rounds):
        remaining = playouts - spent
        if remaining <= 0:
            break
        searched = [i for i in alive if i not in exact]
        per = max(1, remaining // ((rounds - r) * max(1, len(searched))))
        for _ in range(per):
            det = determinize(view, rng, hidden=hidden) if deal is None else deal(rng)
            seed = rng.getrandbits(32)
            for i in alive:
                if i in exact:
                    value = exact[i]
                    if value is None:
                        value = playout(det, legal[i], seat, policy, ties(seed), model, reply, call)
                        value = exact[i] = value if worth is None else worth(value)
                    values[i].append(value)
                else:
                    solved = value_after(det, legal[i], seat) if solve else None
                    if solved is not None:
                        value = float(solved)
                    elif trees is None and finish is None and style is PLAIN_STYLE:
                        value = playout(det, legal[i], seat, policy, ties(seed), model, reply, call)
                    elif trees is None:
                        tie = ties(seed)
                        value = playout(
                            det, legal[i], seat, policy, tie, model, reply, call, finish, style
                        )
                    else:
                        value = tree_playout(trees[i], det, legal[i], ties(seed))
                    values[i].append(value if worth is None else worth(value))
            spent += max(1, len(searched))
            if deadline is not None and time.perf_counter() > deadline:
                out_of_time = True
                break
            n = len(values[alive[0]])
            if settle and n % check == 0 and n >= settle.min_samples:
                stop = settled(values, alive, p, z, settle)
                if stop:
                    break
        if out_of_time or stop:
            break
        if r < rounds - 1 and len(alive) > 2:
            keep_n = max(2, math.ceil(len(alive) / 2))
            alive.sort(key=lambda i: -_mean(values[i]))
            survivors = alive[:keep_n]
            if p >= 0 and p not in survivors:
                survivors = [*survivors[:-1], p]
            alive = survivors
    return Evaluation(legal, values, alive)


def search(
    view: View,
    legal: tuple[Action, ...],
    rng: random.Random,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    seconds: float | None = None,
    policy: Policy = rollout_policy,
    prior: Action | None = None,
    z: float = DEFAULT_Z,
    evaluate_single: bool = False,
    worth: Callable[[float], float] | None = None,
    deal: Callable[[random.Random], State] | None = None,
    model: Model = PLAIN,
    reply: int = 0,
    call: str | None = None,
    settle: Settle | None = None,
    trees: list[Tree] | None = None,
    solve: bool = False,
    finish: Finish | None = None,
    style: Style = PLAIN_STYLE,
) -> list[Estimate]:
    """Estimates of every legal action, best first, within the playout (and time) budget.

    ``prior`` (one of ``legal``) is kept to the end and stays first unless another candidate
    beats it by ``z`` standard errors of the paired differences. With a single legal action
    nothing is searched (estimate 0 from 0 playouts) unless ``evaluate_single`` is set."""
    k = len(legal)
    if k == 1 and not evaluate_single:
        return [Estimate(legal[0], 0.0, 0)]
    p = legal.index(prior) if prior is not None and prior in legal else -1
    result = evaluate(
        view,
        legal,
        rng,
        playouts=playouts,
        seconds=seconds,
        policy=policy,
        keep=prior,
        worth=worth,
        deal=deal,
        model=model,
        reply=reply,
        call=call,
        settle=settle,
        z=z,
        trees=trees,
        solve=solve,
        finish=finish,
        style=style,
    )
    values = result.values
    means = [_mean(v) if v else -math.inf for v in values]
    alive_set = set(result.finalists)
    order = sorted(range(k), key=lambda i: (i not in alive_set, -means[i], i))
    if p >= 0 and order[0] != p and not _beats(values[order[0]], values[p], z):
        order.remove(p)
        order.insert(0, p)
    return [Estimate(legal[i], means[i], len(values[i])) for i in order]


def tree_play(seat: int, call: str | None) -> Callable[[State, Action, random.Random], float]:
    """The playout below a tree's nodes (`ismcts.Playout`): koi-koi's own, with ``call``, for
    ``seat``."""

    def play(state: State, action: Action, ties: random.Random) -> float:
        return playout(state, action, seat, rollout_policy, ties, PLAIN, 0, call)

    return play


def tree_search(
    view: View,
    legal: tuple[Action, ...],
    rng: random.Random,
    *,
    iterations: int,
    seconds: float | None = None,
    prior: Action | None = None,
    z: float = DEFAULT_Z,
    settings: TreeSettings = DEFAULT_TREE,
    call: str = "mixed",
) -> list[Estimate]:
    """Estimates of every legal action of a two-seat koi-koi view, best first: information-set
    MCTS (`ismcts.TreeSearch`) from the view, ``iterations`` of it (and at most ``seconds``),
    on deals of the hidden cards by `fast.chance.Dealer`, koi-koi's own playout (with ``call``)
    from the node each iteration adds."""
    seat = view.seat
    deadline = None if seconds is None else time.perf_counter() + seconds
    deal = Dealer(view, rng)

    tree = TreeSearch(seat, legal, tree_play(seat, call), prior, settings)
    for _ in range(iterations):
        det = deal(rng)
        tree.run(det, Ties(rng.getrandbits(32)))
        if deadline is not None and time.perf_counter() > deadline:
            break
    tops = [t.root for t in tree.children]
    return [Estimate(legal[i], tops[i].mean, tops[i].n) for i in tree.order(z)]


def _mean(v: list[float]) -> float:
    return sum(v) / len(v) if v else -math.inf


def paired_difference(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of ``a`` less ``b`` over their common samples, and its standard error: two
    candidates' lists of an `Evaluation` (two or more samples in common). Both begin with the
    same samples; a dropped candidate's ends where it was dropped, so the pairs are the first
    ones."""
    n = min(len(a), len(b))
    d = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def _beats(a: list[float], b: list[float], z: float, by: float = 0.0) -> bool:
    """Whether ``a`` beats ``b`` by ``z`` standard errors on their common (first) samples
    (more than ``by`` points more: with ``by`` below 0, whether ``a`` is surely no more than
    ``-by`` worse)."""
    if min(len(a), len(b)) < 2:
        return _mean(a) - _mean(b) > by
    mean, se = paired_difference(a, b)
    return mean - by > z * se


def own_playout(
    view: View, playouts: int, seconds: float | None, kk: str | None = KOIKOI_CALL
) -> tuple[int, str | None]:
    """The playouts and the playout's koi-koi call of a search from ``view``: two-seat koi-koi
    plays koi-koi's own playout (`fast.playout`) with the call ``kk``, at `KOIKOI_SCALE` times the
    budget (a time budget stays the time alone); every other table, or ``kk`` None, the budget
    on the fast path (call None)."""
    if kk is None or view.rules.game != "koikoi" or view.num_players != 2:
        return playouts, None
    return (playouts if seconds is not None else round(playouts * KOIKOI_SCALE)), kk


class StrongBot(Bot):
    level = "strong"
    description = "plays each move out on many guesses of the hidden cards"

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        rollout: str = "fast",
        z: float = DEFAULT_Z,
        koikoi_z: float | None = None,
        koikoi_rollout: str | None = None,
        koikoi_playouts: int | None = None,
        infer: bool = False,
        beta: float = DEFAULT_BETA,
        block: bool = False,
        reply: int = 0,
        kk: str | None = KOIKOI_CALL,
        kk_playouts: int | None = None,
        settle: float | None = None,
        settle_margin: float = 0.0,
        settle_scale: float = 1.0,
        tree: str | None = None,
        tree_playouts: int | None = None,
        tree_c: float = DEFAULT_C,
        tree_bias: float = DEFAULT_BIAS,
        tree_root_bias: float = DEFAULT_ROOT_BIAS,
        tree_depth: int = DEFAULT_DEPTH,
        tree_widen: int = DEFAULT_WIDEN,
        solve: int = 0,
        solve_playouts: int | None = None,
        solve_tail: int = 0,
        style: str = "plain",
        epsilon: float = 0.0,
        temperature: float = 0.0,
        noise_opponent: bool = False,
        leaf: int = 0,
        leaf_gap: int = 0,
    ) -> None:
        self.playouts = playouts
        self.seconds = seconds
        self.policy = POLICIES[rollout]
        self.z = z
        # The koi-koi/shobu call's own search settings (None: those of the other decisions).
        self.koikoi_z = z if koikoi_z is None else koikoi_z
        self.koikoi_policy = self.policy if koikoi_rollout is None else POLICIES[koikoi_rollout]
        self.koikoi_playouts = playouts if koikoi_playouts is None else koikoi_playouts
        self.last: list[Estimate] = []
        # Two-seat koi-koi: read the opponent's hand from its public plays (`inference`).
        self.infer = infer
        self.beta = beta
        self._readers: dict[int, Reader] = {}
        # Playouts where a card that would complete the opponent's yaku is worth taking
        # (`rollout.BLOCKING_DENY`); off: the policy's denial as it always was.
        self.block = block
        # Koi-koi playouts: the other seats' first ``reply`` cards are the normal level's.
        self.reply = reply
        self.model = Model(deny=BLOCKING_DENY if block else DENY)
        # Two-seat koi-koi: its own playout (`fast.playout`) with this koi-koi call, and the
        # playouts it affords per decision (None: KOIKOI_SCALE times the budget of the decision;
        # a time budget is the time alone).
        self.kk = kk
        self.kk_playouts = kk_playouts
        # Stop a decision's search once its choice is settled (`Settle`: ``settle`` standard
        # errors, less ``settle_margin`` points); None: every decision spends its budget.
        self.settle = None if settle is None else Settle(settle, settle_margin)
        # ... which affords a larger cap at the same mean CPU: ``settle_scale`` times the budget
        # (a time budget stays the time alone).
        self.settle_scale = settle_scale
        # Two-seat koi-koi's card plays searched deeper (`ismcts`): None, the flat search;
        # "ucb", information-set MCTS from the view; "flat", the flat search with a tree below
        # each candidate. ``tree_playouts``: its budget (None: the playouts koi-koi's own
        # playout affords; a time budget is the time alone). The koi-koi call keeps the flat
        # search (exact for shobu).
        if tree not in (None, "ucb", "flat"):
            raise ValueError(f"unknown tree search: {tree!r} (None, 'ucb' or 'flat')")
        self.tree = tree
        self.tree_playouts = tree_playouts
        self.tree_settings = TreeSettings(tree_c, tree_bias, tree_root_bias, tree_depth, tree_widen)
        # Two-seat koi-koi on koi-koi's own path: a decision whose seat holds ``solve`` cards or
        # fewer values each candidate on each deal by the round's exact solve after it
        # (`endgame`, perfect-information: see its caveat) in place of the greedy playout; 0,
        # never. ``solve_playouts``: the budget of those decisions, in solves (None: the
        # decision's budget of playouts; a time budget is the time alone).
        self.solve = solve
        self.solve_playouts = solve_playouts
        # ... and koi-koi's own playouts end with the exact solve once both hands hold
        # ``solve_tail`` cards or fewer (`endgame.Finisher`); 0, never.
        # ... or, with ``leaf`` (and no ``solve_tail``), end with a learned value once both
        # hands hold ``leaf`` cards or fewer (`leaf.Leaf`, fitted to the strong player's
        # self-play), in the searches of the decisions whose seat holds more than ``leaf`` +
        # ``leaf_gap`` cards (the later ones play their playouts out: they cost little, and
        # the leaf would judge their candidates a turn after them); 0, never.
        self.finish: Finish | None = None
        self.leaf_above = -1  # every decision (the exact end, or none)
        if solve_tail:
            self.finish = Finisher(solve_tail)
        elif leaf:
            from hanatui.bots.fast.leaf import Leaf

            self.finish = Leaf(leaf)
            self.leaf_above = leaf + leaf_gap
        # Koi-koi's own playouts weigh their cards by this style (`fast.rounds.STYLES`): "plain",
        # `rollout_policy`'s weights.
        if style not in STYLES:
            raise ValueError(f"unknown playout style: {style!r} ({', '.join(STYLES)})")
        self.style = STYLES[style]
        # ... with noise in the playouts' card plays (`Style.epsilon`: a random card with that
        # probability; `Style.temperature`: the softmax of the cards' values), both seats' or,
        # with ``noise_opponent``, the opponent's alone (the searching seat plays greedily).
        # None of it by default: the greedy playouts, not one random number more.
        if not 0.0 <= epsilon <= 1.0 or temperature < 0.0:
            raise ValueError(
                f"playout noise out of range: epsilon {epsilon}, temperature {temperature}"
            )
        if epsilon or temperature:
            self.style = self.style._replace(
                epsilon=epsilon, temperature=temperature, opponent_only=noise_opponent
            )

    @classmethod
    def timed(cls, seconds: float) -> StrongBot:
        """A strong player that searches for ``seconds`` per decision (the playouts are then
        bounded only by the time, so a faster machine plays stronger)."""
        return cls(playouts=TIMED_PLAYOUTS, seconds=seconds)

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        reader = self._reader(view)
        if reader is not None:
            reader.observe(view)
        weights = None if reader is None else reader.weights(view)
        return self._choose(
            view, legal, rng, None if weights is None else WeightedDealer(view, weights)
        )

    def _reader(self, view: View) -> Reader | None:
        if not self.infer or view.num_players != 2 or view.rules.game != "koikoi":
            return None
        reader = self._readers.get(view.seat)
        if reader is None:
            reader = self._readers[view.seat] = Reader(self.beta)
        return reader

    def _choose(
        self,
        view: View,
        legal: tuple[Action, ...],
        rng: random.Random,
        deal: Callable[[random.Random], State] | None,
    ) -> Action:
        """The search's choice, the hidden cards dealt by ``deal`` (None: uniformly)."""
        if len(legal) == 1:
            return legal[0]
        sample = determinize(view, rng)
        prior = normal_policy(sample, view.seat, legal, rng)
        # Koi-koi or shobu in a match: the round's results are weighed by the chance of winning
        # the match they give (from the public standing), not by their points.
        call = any(type(a) is CallShobu for a in legal)
        st = standing(sample, view.seat) if call else None
        koikoi = view.rules.game == "koikoi"
        # Koi-koi's own playout plays the plain policy (no `block`, no `reply`).
        plain = not self.block and not self.reply
        playouts, kk = own_playout(
            view,
            self.koikoi_playouts if call else self.playouts,
            self.seconds,
            self.kk if plain else None,
        )
        if kk is not None and self.kk_playouts is not None:
            playouts = self.kk_playouts
        # The early stop is two-seat koi-koi's (measured there only).
        settle = self.settle if koikoi and view.num_players == 2 else None
        if settle is not None and self.seconds is None:
            playouts = round(playouts * self.settle_scale)
        solving = kk is not None and 0 < len(view.hand) <= self.solve
        if solving and self.solve_playouts is not None and self.seconds is None:
            playouts = self.solve_playouts
        tree = self.tree if kk is not None and not call and not solving else None
        if tree is not None and self.tree_playouts is not None and self.seconds is None:
            playouts = self.tree_playouts
        if tree == "ucb" and kk is not None:
            self.last = tree_search(
                view,
                legal,
                rng,
                iterations=playouts,
                seconds=self.seconds,
                prior=prior,
                z=self.z,
                settings=self.tree_settings,
                call=kk,
            )
            return self.last[0].action
        trees = None
        if tree == "flat":
            play = tree_play(view.seat, kk)
            trees = [Tree(view.seat, play, self.tree_settings) for _ in legal]
        self.last = search(
            view,
            legal,
            rng,
            playouts=playouts,
            seconds=self.seconds,
            policy=self.koikoi_policy if call else self.policy,
            prior=prior,
            z=self.koikoi_z if call else self.z,
            worth=None if st is None else partial(win_chance, st),
            deal=deal,
            model=self.model if koikoi else PLAIN,
            reply=self.reply if koikoi else 0,
            call=kk,
            settle=settle,
            trees=trees,
            solve=solving,
            finish=self.finish if len(view.hand) > self.leaf_above else None,
            style=self.style,
        )
        return self.last[0].action
