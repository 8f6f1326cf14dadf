"""A deeper search for the strong level in two-seat koi-koi: information-set MCTS (one observer).

The flat search (`strong.evaluate`) plays each candidate out with the greedy policy for both
seats, so it judges a move as if both sides played greedily after it. Here the moves after it
are searched too: a tree of card plays from the bot's information set (its view), shared by all
the sampled deals of the hidden cards (single-observer ISMCTS). Each iteration deals the hidden
cards (the flat search's sampler), which also fixes every draw from the pile; descends the tree
by UCB among the card plays legal in that deal (a node's availability counts how often its card
could be played when its parent was visited, and replaces the parent's visits in the bound, so
a card seldom in the opponent's hand is not starved); adds one node; plays the rest of the round
out with the flat search's playout; and backs the result up (the bot's points less the
opponent's: a node of the opponent's turn picks what is best for the opponent).

Only the card plays from the hand are nodes. Between them the engine steps the turn, and the
turn's other decisions (which of two field cards a card takes, koi-koi or shobu) are the
playout policy's: a node's children stay few (at most eight cards), so the search reaches a
few turns deep within a decision's budget. The greedy policy's card is the prior at every node,
as the normal level's choice is at the root, so that a search of few iterations plays about
what the flat search plays: a node tries the greedy card of the deal first and another card
only once those it tried were visited enough (progressive widening), and the greedy card's
bound gets a bonus that fades as it is visited (progressive bias).

Two shapes of the root (`TreeSearch.root`):

- ``"ucb"``: the root is a node like the others (UCB over the bot's candidates, the normal
  level's choice with a larger bonus); the most visited candidate is played, unless the prior
  is within ``z`` standard errors of it.
- ``"flat"``: every candidate is played on every deal, as the flat search does (common random
  numbers, successive halving, the prior kept unless beaten by ``z`` standard errors of the
  paired differences), each with a tree of its own below it in place of the greedy playout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from core.actions import Action, PlayCard
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.state import HAND, PLAY, State
from hanatui.bots.fast.calls import mixed_policy
from hanatui.bots.fast.policy import greedy_card
from hanatui.bots.normal import relative_points
from hanatui.bots.rollout import rollout_policy

#: A playout's result from a state with the action to play first: the round's points for the
#: searching seat less the other's.
Playout = Callable[[State, Action, random.Random], float]

#: The exploration constant of UCB, in points (a round's points spread over several points).
DEFAULT_C = 2.0
#: The bonus of the greedy policy's card at a node, in points, divided by its visits plus one.
DEFAULT_BIAS = 2.0
#: The bonus of the normal level's choice at the root (``"ucb"``), likewise.
DEFAULT_ROOT_BIAS = 4.0
#: The card plays a descent goes below the root at most, before the playout takes over.
DEFAULT_DEPTH = 4
#: Progressive widening: a node tries a card other than the greedy one only once the cards it
#: tried that are playable in this deal were played this many times each, on average (0: every
#: card at once).
DEFAULT_WIDEN = 8


class TreeSettings(NamedTuple):
    """The tree search's knobs (`Tree`, `TreeSearch`): UCB's exploration ``c``, the greedy
    card's ``bias``, the normal level's choice's ``root_bias`` at a ``"ucb"`` root, the
    ``depth`` below the root, the progressive widening ``widen``."""

    c: float = DEFAULT_C
    bias: float = DEFAULT_BIAS
    root_bias: float = DEFAULT_ROOT_BIAS
    depth: int = DEFAULT_DEPTH
    widen: int = DEFAULT_WIDEN


#: The tree search's default knobs.
DEFAULT_TREE = TreeSettings()


class Node:
    """A card play in the tree: its visits, the sum of its results (the searching seat's
    points), how often it was available, its children by card index."""

    __slots__ = ("avail", "children", "n", "sq", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.sq = 0.0
        self.avail = 0
        self.children: dict[int, Node] = {}

    @property
    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0


def advance(state: State, action: Action, rng: random.Random) -> State | float:
    """Play ``action``, then the playout policy's decisions of the turn (a capture's target,
    koi-koi or shobu) and the draws, up to the next card play from a hand: that state, or the
    round's points for the seat that played ``action`` less the other's if the round ended."""
    seat = action.seat
    out = step(state, action)
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return relative_points(state, ev.points, seat)
        st = out[-1][1]
        if st.phase == PLAY and st.stage == HAND:
            return st
        actor = to_act(st)
        if actor is None:
            return 0.0  # the round ended without a score (should not happen)
        out = step(st, mixed_policy(st, actor, legal_actions(st), rng))


class Tree:
    """The tree of card plays below one state of the round, for ``seat``'s search."""

    def __init__(self, seat: int, playout: Playout, settings: TreeSettings = DEFAULT_TREE) -> None:
        self.seat = seat
        self.playout = playout
        self.c = settings.c
        self.bias = settings.bias
        self.depth = settings.depth
        self.widen = settings.widen
        self.root = Node()

    def run(self, state: State, rng: random.Random, path: list[Node] | None = None) -> float:
        """One iteration from ``state`` (a deal, at a card play from a hand): descend, expand
        one node, play out, back up through this tree's nodes (and ``path``, the nodes above
        it). The result, the searching seat's points less the other's."""
        nodes = [] if path is None else path
        node = self.root
        st = state
        for _ in range(self.depth + 1):
            legal = legal_actions(st)
            if not legal:
                value = 0.0  # the round ended without a score (should not happen)
                break
            actor = legal[0].seat
            greedy = _greedy(st, actor, legal, rng)
            if any(type(a) is not PlayCard for a in legal):  # a game's own action: not here
                value = self.playout(st, greedy, rng)
                break
            action, child, fresh = self._select(node, legal, greedy, actor == self.seat, rng)
            nodes.append(child)
            if fresh or len(nodes) > self.depth:
                value = self.playout(st, action, rng)
                break
            nxt = advance(st, action, rng)
            if not isinstance(nxt, State):
                value = nxt if actor == self.seat else -nxt
                break
            node, st = child, nxt
        else:
            value = 0.0  # not reached: the loop breaks at the depth
        for nd in nodes:
            nd.n += 1
            nd.w += value
            nd.sq += value * value
        return value

    def _select(
        self,
        node: Node,
        legal: tuple[Action, ...],
        greedy: Action,
        mine: bool,
        rng: random.Random,
    ) -> tuple[Action, Node, bool]:
        """The play to make at ``node`` among ``legal`` (UCB with the availability counts, the
        greedy card's bonus), its node, and whether the node is new."""
        children = node.children
        fresh: list[Action] = []
        known: list[Action] = []
        visits = 0
        for a in legal:
            child = children.get(_key(a))
            if child is None:
                fresh.append(a)
            else:
                child.avail += 1
                known.append(a)
                visits += child.n
        if fresh and (greedy in fresh or visits >= self.widen * len(known)):
            action = greedy if greedy in fresh else fresh[rng.randrange(len(fresh))]
            child = children[_key(action)] = Node()
            child.avail = 1
            return action, child, True
        sign = 1.0 if mine else -1.0
        best = -math.inf
        chosen = known[0]
        c = self.c
        for a in known:
            child = children[_key(a)]
            n = child.n
            score = sign * child.w / n + c * math.sqrt(math.log(child.avail) / n)
            if a is greedy or a == greedy:
                score += self.bias / (n + 1)
            if score > best:
                best = score
                chosen = a
        return chosen, children[_key(chosen)], False


def _greedy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The playout policy's choice: on integers where koi-koi's own playout plays the round."""
    if len(legal) == 1:
        return legal[0]
    card = greedy_card(state, rng)
    if card is not None:
        for a in legal:
            if type(a) is PlayCard and a.card.index == card:
                return a
    return rollout_policy(state, seat, legal, rng)


def _key(action: Action) -> int:
    """A node's key among its siblings: the card played (`Tree.run` makes nodes of card plays
    alone)."""
    return action.card.index if type(action) is PlayCard else -1


class TreeSearch:
    """``"ucb"``: the root's candidates searched by UCB, each with its tree below it."""

    def __init__(
        self,
        seat: int,
        legal: tuple[Action, ...],
        playout: Playout,
        prior: Action | None,
        settings: TreeSettings = DEFAULT_TREE,
    ) -> None:
        self.seat = seat
        self.legal = legal
        self.playout = playout
        self.prior = legal.index(prior) if prior is not None and prior in legal else -1
        self.c = settings.c
        self.root_bias = settings.root_bias
        self.children = [Tree(seat, playout, settings) for _ in legal]
        self.iterations = 0

    def run(self, state: State, rng: random.Random) -> float:
        """One iteration on ``state`` (a deal of the view)."""
        self.iterations += 1
        i = self._pick()
        tree = self.children[i]
        top = tree.root
        action = self.legal[i]
        if top.n == 0:
            value = self.playout(state, action, rng)
            top.n, top.w, top.sq = 1, value, value * value
            return value
        nxt = advance(state, action, rng)
        if isinstance(nxt, State):
            return tree.run(nxt, rng, [top])
        top.n += 1
        top.w += nxt
        top.sq += nxt * nxt
        return nxt

    def _pick(self) -> int:
        """The root candidate of this iteration: each once (the prior first), then UCB."""
        tops = [t.root for t in self.children]
        if self.prior >= 0 and tops[self.prior].n == 0:
            return self.prior
        for i, top in enumerate(tops):
            if top.n == 0:
                return i
        log_n = math.log(self.iterations)
        best = -math.inf
        chosen = 0
        for i, top in enumerate(tops):
            score = top.w / top.n + self.c * math.sqrt(log_n / top.n)
            if i == self.prior:
                score += self.root_bias / (top.n + 1)
            if score > best:
                best, chosen = score, i
        return chosen

    def order(self, z: float) -> list[int]:
        """The candidates, the one to play first: the most visited (the better mean among
        equals), unless the prior is within ``z`` standard errors of it."""
        tops = [t.root for t in self.children]
        order = sorted(range(len(tops)), key=lambda i: (-tops[i].n, -tops[i].mean, i))
        p = self.prior
        if p >= 0 and order[0] != p and not _clearly_better(tops[order[0]], tops[p], z):
            order.remove(p)
            order.insert(0, p)
        return order


def _clearly_better(a: Node, b: Node, z: float) -> bool:
    """Whether ``a``'s mean beats ``b``'s by ``z`` standard errors of the difference (their
    samples unpaired)."""
    if a.n < 2 or b.n < 2:
        return a.mean > b.mean
    var = _variance(a) / a.n + _variance(b) / b.n
    return a.mean - b.mean > z * math.sqrt(var)


def _variance(node: Node) -> float:
    return max(0.0, (node.sq - node.w * node.w / node.n) / (node.n - 1))
