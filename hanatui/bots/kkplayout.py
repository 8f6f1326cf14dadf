"""Koi-koi's own playout: the whole round on integers, the engine left out.

The strong level's playouts (`rollout.play_out_score`) run the ordinary turn on integers but go
back to the engine whenever a koi-koi seat's yaku change (the game's `after_turn`, the decision,
the score), and the koi-koi call inside a playout is the normal level's (`koikoi_choice`), whose
weighing of both sides' chances is a good part of a playout's cost. Here a two-seat koi-koi
round is played to its end without the engine: the turn as the fast path plays it (the same
card values and ties as `rollout._choose_play`, read from tables by counts where a card's value
reads counts alone), the end of each turn as
`KoiKoi.after_turn` judges it (from the compiled yaku's standing of the mover's pile), the
call, and the round's points as `core.games.koikoi.scoring` gives them (`shobu.win_points`).

The call (``call``): ``"normal"`` asks `koikoi_choice` on a state built for it (today's
playouts exactly); ``"table"`` reads a table of what `koikoi_choice` decided in the playouts of
many searches (`kkcalls.KOIKOI`, keyed by `call_key`: the points shobu scores now, the cards
left in the caller's hand, how near each side is to a further yaku it can still make;
bench/kk_table.py builds it); ``"mixed"`` reads the table where those calls agreed and asks
`koikoi_choice` where they were split (`kkcalls.UNSURE`). Each is an ordinary `Policy`
(`POLICIES`) that stepping the engine plays the same way: tests/bots/test_playout.py checks that
this playout gives the engine's points, with the same random numbers used, on random deals of
every preset.

The search gives these playouts two cheaper sources of chance (`strong.evaluate`): `Ties`, a
generator seeded per playout for the policies' tie-breaks (and a noisy style's draws), and
`Dealer`, the determinization of a two-seat view drawn by one sort of random keys.

The policy may play its cards from the hand with noise (`Style.epsilon`, `Style.temperature`,
`Style.opponent_only`; `_noisy_choose`), off by default: then not one random number more is
drawn, and the playouts are today's.

Supported: two seats, the standard turn (no draw-then-play-two, no kept draw), no wild
Lightning this round, no play-out of the draw pile; anything else returns None and the caller
takes today's path.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple, Protocol

from msgspec.structs import replace

from core.actions import Action, CallKoiKoi, CallShobu, PlayCard
from core.cards import ALL_MASK
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.games.koikoi.game import KoiKoi, base_points, better, newer
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.rules import KoiKoiRules
from core.games.koikoi.yaku import KoiKoiYaku, Standing, compiled_yaku, round_month
from core.state import DECIDE, DRAW, HAND, PLAY, State
from core.view import View, determinize, hidden_indexes
from hanatui.bots.heuristics import Profile, profile_for
from hanatui.bots.kkcalls import KOIKOI, UNSURE
from hanatui.bots.match import Standing as MatchStanding
from hanatui.bots.match import standing as match_standing
from hanatui.bots.match import win_chance
from hanatui.bots.normal import DEFAULT_PARAMS, Table, race_odds, scaled_points
from hanatui.bots.rollout import (
    BITS,
    CAPTURES,
    DENY,
    DISCARD_RISK,
    INDEXES,
    MATES,
    MONTHS,
    NEAR,
    PLAIN,
    Fast,
    decide_phase,
    fast_for,
    remember,
    rollout_policy,
    scoped_bonus,
)
from hanatui.bots.shobu import settle, shobu_score, win_points

#: A playout policy, as `strong.Policy` (strong imports this module, so it is named here too):
#: (state, seat, legal actions, generator) -> the action.
Policy = Callable[[State, int, tuple[Action, ...], random.Random], Action]

#: How near a side is to a further yaku, capped: the fewest cards it lacks of a yaku it does not
#: hold (`rollout._missing`), 1..NEAR_CAP (NEAR_CAP: that many or more, or none left).
NEAR_CAP = 4
#: The points shobu scores now, capped (the table's rows).
POINTS_CAP = 12


Clauses = tuple[tuple[int, int], ...]

#: A target of one clause over this many cards or more (the plains, the seeds, the ribbons) is
#: read by two counts in `_reach`, never remembered: its memo would be keyed by most piles.
COUNTED = 8


class _ReachPlan(NamedTuple):
    """How `_reach` reads a profile's targets."""

    prof: Profile  # kept alongside its id
    scope: int  # the cards of the other targets, whose memo is keyed by both piles' cards here
    memo: dict[int, tuple[int, int]]
    targets: tuple[Clauses, ...]  # the other targets' clauses
    counted: tuple[tuple[int, int], ...]  # the counted targets' one clause each


#: `_reach`'s plan per profile (by identity).
_REACH: dict[int, _ReachPlan] = {}


def _reach_plan(prof: Profile) -> _ReachPlan:
    targets = []
    counted = []
    scope = 0
    for t in prof.flat:
        if len(t.clauses) == 1 and t.clauses[0][0].bit_count() >= COUNTED:
            counted.append(t.clauses[0])
        else:
            targets.append(t.clauses)
            for mask, _ in t.clauses:
                scope |= mask
    return _ReachPlan(prof, scope, {}, tuple(targets), tuple(counted))


def _reach(prof: Profile, caps: int, dead: int) -> tuple[int, int]:
    """`_reach_of` of the profile's targets: the counted ones (`COUNTED`) from their counts,
    the others remembered by both piles' cards among theirs (a few thousand keys, where both
    whole piles seldom came again)."""
    plan = _REACH.get(id(prof))
    if plan is None or plan.prof is not prof:
        if len(_REACH) > 64:
            _REACH.clear()
        plan = _REACH[id(prof)] = _reach_plan(prof)
    scope = plan.scope
    key = caps & scope | (dead & scope) << 48
    found = plan.memo.get(key)
    if found is None:
        if len(plan.memo) > 100_000:
            plan.memo.clear()
        found = plan.memo[key] = _reach_of(plan.targets, caps, dead)
    best, ones = found
    free = ~(caps | dead)
    for mask, need in plan.counted:  # `_reach_of` of a target of one clause
        short = need - (caps & mask).bit_count()
        if 0 < short <= (mask & free).bit_count():
            if short < best:
                best = short
            if short == 1:
                ones += 1
    return best, min(ones, 3)


def _reach_of(targets: tuple[Clauses, ...], caps: int, dead: int) -> tuple[int, int]:
    """How near a pile ``caps`` is to a yaku it does not hold and may still make (the cards
    ``dead``, the opponent's, out of its reach): the fewest cards it lacks (capped at NEAR_CAP)
    and how many such yaku lack one card (capped at 3). ``targets``: the clauses of the
    profile's targets (`Profile.flat`)."""
    best = NEAR_CAP
    ones = 0
    free = ~(caps | dead)  # the cards that may still come to the pile
    for clauses in targets:
        total = 0
        for mask, need in clauses:
            short = need - (caps & mask).bit_count()
            if short > 0:
                if (mask & free).bit_count() < short:
                    total = NEAR_CAP
                    break
                total += short
        if 0 < total < best:
            best = total
        if total == 1:
            ones += 1
    return best, min(ones, 3)


def call_key(prof: Profile, points: int, hand: int, mine: int, theirs: int) -> tuple[int, ...]:
    """The table's key of a koi-koi decision: shobu's points now (capped), the caller's cards
    left in hand, how near it and the opponent are to a further yaku (`_reach`)."""
    near_me, ones_me = _reach(prof, mine, theirs)
    near_op, ones_op = _reach(prof, theirs, mine)
    return (min(points, POINTS_CAP), hand.bit_count(), near_me, near_op, ones_me, ones_op)


def table_call(key: tuple[int, ...], mixed: bool = False) -> bool | None:
    """Koi-koi (True) or shobu, by the table (`kkcalls.KOIKOI`: the keys of koi-koi); with
    ``mixed``, None for the keys where the normal level's calls were split
    (`kkcalls.UNSURE`): the caller asks it."""
    if mixed and key in UNSURE:
        return None
    return key in KOIKOI


#: The keys of the table (`KOIKOI` and `UNSURE`) cut short, so that the playout's call
#: (`_table_call`) stops computing a key once no key of the table begins as it does (then the
#: table says shobu): the caller's cards in hand; with shobu's points; with how near the caller
#: is (near, ones). About a third of the calls stop before the opponent's `_reach`.
_LISTED = KOIKOI | UNSURE
_HANDS = frozenset(k[1] for k in _LISTED)
_PREFIXES = frozenset(k[:2] for k in _LISTED)
_MINE = frozenset((k[0], k[1], k[2], k[4]) for k in _LISTED)


def table_policy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The playout policy with the table's koi-koi call: `rollout_policy` in every other
    decision. Played by stepping the engine it gives what `play_out_score` gives with
    ``call="table"``."""
    return _tabled(state, seat, legal, rng, False)


def mixed_policy(state: State, seat: int, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """`table_policy`, where the table's key was split the normal level's call
    (``call="mixed"``)."""
    return _tabled(state, seat, legal, rng, True)


def _tabled(
    state: State, seat: int, legal: tuple[Action, ...], rng: random.Random, mixed: bool
) -> Action:
    if state.phase == DECIDE and len(legal) > 1:
        koi = next((a for a in legal if type(a) is CallKoiKoi), None)
        shobu = next((a for a in legal if type(a) is CallShobu), None)
        if koi is not None and shobu is not None:
            points = shobu_score(state, seat)
            assert points is not None
            prof = profile_for(state.rules, 2)
            key = call_key(
                prof,
                points[seat],
                state.hands[seat],
                state.captures[seat],
                state.captures[1 - seat],
            )
            koikoi = table_call(key, mixed)
            if koikoi is not None:
                return koi if koikoi else shobu
    return rollout_policy(state, seat, legal, rng)


#: The playout policies of this module, by the name of their call.
POLICIES: dict[str, Policy] = {
    "normal": rollout_policy,
    "table": table_policy,
    "mixed": mixed_policy,
}


class Finish(Protocol):
    """The end of a playout: the value for the mover (its points less the other's) of the
    round from a turn from its hand, exact (`endgame.Finisher`, an int) or learned
    (`leaf.Leaf`, a float), called by `_run` once both hands hold at most ``cards`` cards:
    (kk, the playout's state, the mover's hand, the other's, the mover's pile, the other's,
    the field, the pile left, the mover, the calls, the decided and seen standings, the last
    seat to form a yaku)."""

    cards: int

    def __call__(
        self,
        kk: IntRound,
        st: State,
        hand: int,
        op: int,
        mine: int,
        theirs: int,
        field: int,
        pile: tuple[int, ...],
        turn: int,
        calls: tuple[int, int],
        decided: tuple[Standing, Standing],
        seen: tuple[Standing, Standing],
        last: int,
    ) -> float: ...


class Dealer:
    """`core.view.determinize` of one two-seat view, many times: the unseen cards in a random
    order (sorted by random 32-bit keys, drawn at once: ties, which would favour the lower
    card, come about once in tens of millions of deals), the opponent's hand from the first of
    them, the pile from the rest. A deal is the state of the first one with those two
    changed."""

    def __init__(self, view: View, rng: random.Random) -> None:
        self.base = determinize(view, rng)
        self.hidden = hidden_indexes(view)
        self.places = range(len(self.hidden))
        self.seat = view.seat
        self.count = view.hand_counts[1 - view.seat]
        self.hand = view.hand.mask

    def __call__(self, rng: random.Random) -> State:
        hidden = self.hidden
        keys = memoryview(rng.randbytes(4 * len(hidden))).cast("I").tolist()
        # The places of the hidden cards by their keys: a stable sort, so tied keys keep the
        # lower card first (as sorting (key, card) pairs did, without building the pairs).
        order = sorted(self.places, key=keys.__getitem__)
        count = self.count
        other = 0
        for i in order[:count]:
            other |= BITS[hidden[i]]
        hands = (self.hand, other) if self.seat == 0 else (other, self.hand)
        return replace(self.base, hands=hands, pile=tuple([hidden[i] for i in order[count:]]))


class Ties(random.Random):
    """The playouts' random numbers, which break ties (`randrange(n)`, all the playout policies
    ask) and draw a noisy style's cards (`random()`, `Style.epsilon`): a 64-bit linear
    congruential generator, seeded per playout in well under a microsecond, where seeding a
    `random.Random` costs about as much as a third of a koi-koi playout. Any other use
    raises."""

    def __init__(self, seed: int) -> None:  # no Mersenne Twister state to seed
        self._state = (seed * 0x9E3779B97F4A7C15) & _MASK

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is not None or step != 1 or start <= 0:
            raise ValueError("Ties.randrange(n) only, n > 0")
        state = self._state = (self._state * _MUL + _INC) & _MASK
        return (state >> 33) % start

    def random(self) -> float:
        state = self._state = (self._state * _MUL + _INC) & _MASK
        return (state >> 11) * _UNIT  # the high 53 bits (an LCG's low bits are its weakest)

    def getrandbits(self, k: int, /) -> int:
        raise TypeError("Ties draws randrange(n) and random() alone")

    def seed(self, *args: object, **kwargs: object) -> None:
        raise TypeError("Ties is seeded when it is made")


_MASK = (1 << 64) - 1
_MUL = 6364136223846793005  # Knuth's MMIX multiplier
_INC = 1442695040888963407
_UNIT = 1.0 / (1 << 53)


class IntRound(NamedTuple):
    """What the playout needs of one round's rules (the same for every playout of a search)."""

    rules: KoiKoiRules
    yaku: KoiKoiYaku
    fast: Fast
    prof: Profile
    field_free: bool  # a pile's yaku do not depend on the field (no weather blocks)
    style: Style  # the weights of the playout policy
    neg_risk: tuple[float, ...]  # `Style.risk`, negated once (negation is exact)
    #: `Style.urgency`, None when it changes nothing and no fitted input weighs (`fitted`)
    urgency: tuple[float, ...] | None
    values: _Values  # `_choose`'s memos of the cards' bonuses
    cards: tuple[_Card, ...]  # per card, what `_choose` reads of it (`_cards`)
    standings: dict[int, Standing]  # `yaku.standing` by the pile, where the field plays no part
    fitted: tuple[float, float, float] | None  # `Style.own`, ``wait``, ``discard``; None: all 0
    noisy: bool  # the card from the hand is `_noisy_choose`'s (`Style.epsilon`, `.temperature`)
    greedy: IntRound | None  # a noisy style's: the round of its weights without the noise


#: A card's bonus by the count of a pile's cards in its one mask (`_Values`), or None.
ByCount = tuple[float, ...] | None
#: A value by two counts (``[first][second]``), or None.
ByCounts = tuple[tuple[float, ...], ...] | None

#: What `_choose` reads of a card it might play, in one tuple (one lookup and an unpacking
#: where seven tuple lookups were): its month, its mates (`rollout.MATES`), its worth, its scope
#: (`Fast.scopes`), its value given to the field by counts or else its memo of `Style.near`
#: (`_Values`), and `Style.mate` of its worth (a discard's bonus when the hand holds a mate).
_Card = tuple[int, int, float, int, ByCounts, dict[int, float], float]


class Style(NamedTuple):
    """The weights of the playout policy's card values. The search's playouts play the default,
    `rollout_policy`'s; `styled_score` plays others, for `bench/tune_playout.py`, which found
    the default a local optimum of the policy's duels with itself."""

    #: the share of a yaku credited to a card that leaves the taker 0, 1 or 2 cards short
    near: tuple[float, ...] = NEAR
    #: ... and for taking a card the opponent, 1 or 2 short before, needs (`rollout.DENY`)
    deny: tuple[float, ...] = DENY
    #: what a card given to the field risks, by the cards of its month out of sight
    risk: tuple[float, ...] = DISCARD_RISK
    #: a discard's bonus, as a share of its worth, when the hand holds a card of its month
    mate: float = 0.25
    #: a capture's value times this, by the cards of its month out of sight (0: no one else can
    #: take the month's cards on the field, the capture may wait); all 1.0, as the policy plays
    urgency: tuple[float, ...] = (1.0, 1.0, 1.0)
    #: a card given to the field risks its worth times this and its NEAR bonus for the opponent
    #: (both times `risk`); 1.0, as the policy plays
    given_worth: float = 1.0
    #: the inputs fitted to the search's values (`bench/valuefit.py`), all 0.0 as the policy
    #: plays: a capture's value plus ``own`` times the value of the card played (the mover's,
    #: to take later), plus ``wait`` times the value of the field's cards taken times the chance
    #: that the opponent holds no card of their month (a capture no one else can make may
    #: wait); a discard's value plus ``discard`` (`_choose` takes it off captures instead)
    own: float = 0.0
    wait: float = 0.0
    discard: float = 0.0
    #: Noise in the card played from the hand (`_noisy_choose`; 0 and 0: none, the greedy policy
    #: and not one random number more): with probability ``epsilon`` a card of the hand at
    #: random, evenly ...
    epsilon: float = 0.0
    #: ... else, with a temperature above 0, a card drawn by the softmax of the cards' values
    #: (`card_values`) at that temperature (in points), in place of the highest valued.
    temperature: float = 0.0
    #: The noise is the opponent's alone in the search's playouts (`play_out_score`): the seat
    #: that searches plays these weights greedily, the other seat with the noise.
    opponent_only: bool = False


#: `rollout_policy`'s weights.
PLAIN_STYLE = Style()

#: The weights fitted to the strong player's choices (`bench/imitate.py`: the likelihood of its
#: card plays and capture choices under a softmax of the policy's values, 7,887 decisions of
#: ``StrongBot(playouts=400)``): on 3,062 held-out card plays it agrees with the strong player
#: in 68.8% of them, the plain weights in 67.4% (+1.4 points, 95% [+0.4, +2.3]).
IMITATE_STYLE = Style(
    near=(0.0278, -0.0093, 0.0139),
    deny=(-0.0001, -0.0275, 0.036),
    risk=(-0.0481, 1.0411, 1.101, 3.2623),
    mate=0.1336,
    urgency=(0.5639, 0.7955, 1.3502),
)

#: ... and the weights whose greedy choices agree most with them (coordinate search on the same
#: decisions, from the plain weights): 69.6% on the held-out plays (+2.2 points, [+1.2, +3.2]).
AGREE_STYLE = Style(
    near=(1.6, 0.6, 0.125),
    deny=(0.0, 0.2, 0.0938),
    risk=(0.1, 0.175, 0.6, 1.5),
    mate=0.25,
    urgency=(0.25, 0.5, 1.0),
)

#: The weights fitted to the search's values of every candidate (`bench/valuefit.py style`:
#: least squares of the values of 12,626 card plays of ``StrongBot(playouts=400)`` on the parts
#: of the plain value a style can weigh and the two cheapest new inputs, ``own`` and ``wait``;
#: bench/results/valuefit_style.json): on 5,412 held-out plays the value the playout's choice
#: loses against the search's falls from 0.291 to 0.255 points (-0.036 [-0.047, -0.026], -12%),
#: its agreement with the search's choice rises from 67.6% by 2.8 points [+2.1, +3.5]. Its
#: playouts cost 20% more than the plain ones (`_choose` 30%; off, nothing more).
VALUEFIT_STYLE = Style(
    deny=(0.0, 0.0779, 0.0234),
    risk=(0.0, 0.1599, 0.2284, 0.2741),
    mate=0.5278,
    given_worth=2.9977,
    own=-0.8847,
    wait=-0.9208,
    discard=-0.5955,
)

#: The styles the strong player's playouts may take by name (`StrongBot(style=...)`): no
#: fitted one made the search stronger (`strong`, within noise of the plain weights;
#: "valuefit" -0.15 [-0.43, +0.12] points per hand at 200 playouts, 1,600 hands, seed 141000).
STYLES: dict[str, Style] = {
    "plain": PLAIN_STYLE,
    "imitate": IMITATE_STYLE,
    "agree": AGREE_STYLE,
    "valuefit": VALUEFIT_STYLE,
}


def greedy(style: Style) -> Style:
    """``style``'s weights without its noise (`Style.epsilon`, `Style.temperature`)."""
    if not style.epsilon and not style.temperature and not style.opponent_only:
        return style
    return style._replace(epsilon=0.0, temperature=0.0, opponent_only=False)


class _Values(NamedTuple):
    """`_choose`'s values of its cards (`rollout.scoped_bonus` and what it adds to it).

    A card whose targets read one mask alone (a plain card's: the plains; most seeds' and
    ribbons': theirs) has its bonuses from the pile's count in that mask alone: its values are
    computed once per count (``given``, ``taken``: tables by counts), where memos keyed by the
    pile's cards in the card's scope (`rollout.Fast`) missed on most new piles (the plains'
    subsets are millions). `_choose` values cards in the hand or on the field, never in a pile,
    so the card itself is never among those counted. Every other card keeps memos of its NEAR
    bonus and its denial keyed by the cards in its scope (``near``, ``deny``)."""

    near: list[dict[int, float]]
    deny: list[dict[int, float]]
    #: per card, its value given to the field: ``[count in the opponent's pile][count of its
    #: mates out of sight]``, as `_choose` computes it (`IntRound.neg_risk` times worth and bonus)
    given: tuple[ByCounts, ...]
    #: per card, its value taken: ``[count in the mover's pile][count in the opponent's]``, its
    #: worth, NEAR bonus and denial added as `_choose` adds them
    taken: tuple[ByCounts, ...]


def _by_count(prof: Profile, i: int, table: tuple[float, ...]) -> ByCount:
    """Card ``i``'s bonus (`scoped_bonus` with ``table``) for a pile of each count of the
    cards of its one mask (not the card itself), or None when its targets read more masks."""
    masks = {mask for k in prof.card_targets[i] for mask, _ in prof.flat[k].clauses}
    if len(masks) != 1:
        return None
    others = INDEXES[masks.pop() & ~(1 << i)]
    # The bonus reads the count alone: any cards of the mask, that many, give it.
    return tuple(
        scoped_bonus(prof, i, sum(1 << c for c in others[:n]), table)
        for n in range(len(others) + 1)
    )


def _values(fast: Fast, style: Style, neg_risk: tuple[float, ...]) -> _Values:
    prof = fast.prof
    worth = fast.worth
    given: list[ByCounts] = []
    taken: list[ByCounts] = []
    for i in range(48):
        near = _by_count(prof, i, style.near)
        deny = _by_count(prof, i, style.deny)
        if near is None or deny is None:
            given.append(None)
            taken.append(None)
            continue
        risked = style.given_worth * worth[i]
        given.append(tuple(tuple(risk * (risked + b) for risk in neg_risk) for b in near))
        taken.append(tuple(tuple(worth[i] + b + d for d in deny) for b in near))
    return _Values([{} for _ in range(48)], [{} for _ in range(48)], tuple(given), tuple(taken))


def _cards(fast: Fast, values: _Values, style: Style) -> tuple[_Card, ...]:
    worth = fast.worth
    return tuple(
        (
            MONTHS[i],
            MATES[i],
            style.given_worth * worth[i],
            fast.scopes[i],
            values.given[i],
            values.near[i],
            style.mate * worth[i],
        )
        for i in range(48)
    )


_ROUNDS: dict[tuple[object, ...], IntRound | None] = {}


def round_for(state: State, style: Style = PLAIN_STYLE) -> IntRound | None:
    """The round's rules compiled for the playout (its policy weighing by ``style``), or None
    when it does not play them."""
    rules = state.rules
    extra = state.extra
    if (
        not isinstance(rules, KoiKoiRules)
        or type(state.hooks) is not KoiKoi
        or not isinstance(extra, KoiKoiRound)
        or extra.wild
        or len(state.players) != 2
    ):
        return None
    month = round_month(state.round) if rules.tsukifuda_enabled else None
    key = (rules, month, style)
    if key not in _ROUNDS and greedy(style) is not style:
        # A noisy style plays the greedy one's compiled round (its memos shared) but its noise.
        plain = round_for(state, greedy(style))
        noisy = bool(style.epsilon or style.temperature)
        _ROUNDS[key] = (
            None if plain is None else plain._replace(style=style, noisy=noisy, greedy=plain)
        )
    if key not in _ROUNDS:
        fast = fast_for(state)
        supported = (
            fast is not None
            and fast.two
            and fast.flat
            and rules.turn_structure == "standard"
            and not rules.unmatched_draw_to_hand
            and not rules.play_out_draw_pile
        )
        if len(_ROUNDS) > 64:
            _ROUNDS.clear()
        _ROUNDS[key] = (
            _compile(rules, month, fast, style) if supported and fast is not None else None
        )
    return _ROUNDS[key]


def _compile(rules: KoiKoiRules, month: int | None, fast: Fast, style: Style) -> IntRound:
    yaku = compiled_yaku(rules, month)
    neg_risk = tuple(-r for r in style.risk)
    values = _values(fast, style, neg_risk)
    fitted = (style.own, style.wait, style.discard)
    plain_urgency = all(u == 1.0 for u in style.urgency)
    return IntRound(
        rules,
        yaku,
        fast,
        profile_for(rules, 2),
        not (yaku.filtered and yaku.weather),
        style,
        neg_risk,
        # The fitted inputs are added where urgency multiplies (`_choose`): off, neither is.
        None if plain_urgency and not any(fitted) else style.urgency,
        values,
        _cards(fast, values, style),
        {},
        fitted if any(fitted) else None,
        False,
        None,
    )


def play_out_score(
    state: State,
    action: Action,
    rng: random.Random,
    call: str = "normal",
    finish: Finish | None = None,
    style: Style = PLAIN_STYLE,
) -> tuple[float, ...] | None:
    """Play ``action``, then the playout policy with the koi-koi ``call`` for both seats to
    the end of the round: the round's points, exactly as stepping the engine with
    ``POLICIES[call]`` gives them. None when this playout does not play the round (the caller
    takes the engine's path). ``finish``: the playout's end is exact once the hands are small
    (`_run`; the points are then only good for their difference). ``style``: the policy's
    weights from the first turn from a hand on (the decisions stepped before it, after a
    capture choice or a call searched, are `rollout_policy`'s)."""
    kk = round_for(state, style)
    if kk is None:
        return None
    seats: tuple[IntRound, IntRound] | None = None
    if kk.noisy and style.opponent_only:
        # The seat that searches (that acts now) plays greedily, the other with the noise.
        plain = kk.greedy
        assert plain is not None
        seats = (plain, kk) if to_act(state) == 0 else (kk, plain)
        kk = plain
    policy = POLICIES[call]
    if (
        state.phase == PLAY
        and state.stage == HAND
        and type(action) is PlayCard
        and state.hands[state.turn] & action.card.bit
    ):
        return _run(kk, state, rng, call, action.card.index, False, finish, seats)
    out = step(state, action)
    while True:
        for ev, _ in out:
            if type(ev) is RoundEnded:
                return ev.points
        st = out[-1][1]
        if st.phase == PLAY and st.hands[st.turn]:  # a turn the integers take on from here
            return _run(kk, st, rng, call, -1, st.stage == DRAW, finish, seats)
        actor = to_act(st)
        if actor is None:
            return None  # the round ended without a score (should not happen)
        out = step(st, policy(st, actor, legal_actions(st), rng))


def styled_score(
    state: State, rng: random.Random, styles: tuple[Style, Style], call: str = "mixed"
) -> tuple[float, ...] | None:
    """The round from ``state`` (a turn in play, a card from the hand next) to its points,
    each seat's cards played by the policy weighing by its own style (``styles[seat]``), both
    calls ``call``'s: a duel of two playout policies (`bench/tune_playout.py`). None when this
    playout does not play the round."""
    seats = tuple(round_for(state, style) for style in styles)
    if seats[0] is None or seats[1] is None or state.phase != PLAY or state.stage != HAND:
        return None
    return _run(seats[0], state, rng, call, seats=(seats[0], seats[1]))


def greedy_card(state: State, rng: random.Random) -> int | None:
    """The card (an index) the playout policy plays from the hand of the seat whose turn it is
    (as `rollout_policy` chooses it, on integers), or None when this playout does not play the
    round."""
    kk = round_for(state)
    if kk is None:
        return None
    turn = state.turn
    caps = state.captures
    hands = state.hands
    return _choose(
        kk, hands[turn], state.field, caps[turn], caps[1 - turn], hands[1 - turn].bit_count(), rng
    )


def card_values(
    state: State,
    hand: int,
    field: int,
    mine: int,
    theirs: int,
    style: Style = PLAIN_STYLE,
    op_cards: int | None = None,
) -> dict[int, float] | None:
    """The values the playout policy weighing by ``style`` compares to choose a card from
    ``hand`` (`_choose`: it plays the highest, ties within 1e-9 broken at random), by card, on
    a table of ``state``'s round (its rules and month; the cards are the masks given: the
    mover's hand, the field, the mover's pile and the other's; ``op_cards``: the other's cards
    in hand, which a style with fitted inputs needs). None when this playout does not play the
    round. For the fitting of `Style` to a stronger player's choices
    (`bench/imitate.py`); the playouts' own loop is `_choose`, the same values written out."""
    kk = round_for(state, style)
    if kk is None:
        return None
    if kk.fitted is not None and op_cards is None:
        raise ValueError("a style with fitted inputs values cards by the other's cards in hand")
    unseen = ~(hand | field | mine | theirs)
    return {
        i: _card_value(kk, i, hand, field, mine, theirs, unseen, op_cards or 0)
        for i in INDEXES[hand]
    }


def capture_values(
    state: State, card: int, matches: int, mine: int, theirs: int, style: Style = PLAIN_STYLE
) -> tuple[float, float] | None:
    """The values the playout policy weighing by ``style`` compares when ``card`` may take
    either of the two field cards ``matches`` (`_target`, the lower card's first: the higher
    value is taken, a tie within 1e-9 broken at random), the mover's pile ``mine``; None when
    this playout does not play the round."""
    kk = round_for(state, style)
    if kk is None:
        return None
    first = matches & -matches
    bit = BITS[card]
    return _gain(kk, first | bit, mine, theirs), _gain(kk, (matches ^ first) | bit, mine, theirs)


def _card_value(
    kk: IntRound,
    idx: int,
    hand: int,
    field: int,
    mine: int,
    theirs: int,
    unseen: int,
    op_cards: int,
) -> float:
    """`_choose`'s value of the card ``idx`` of ``hand`` (the body of its loop, one card)."""
    month, mates, worth, scope, given, near, quarter = kk.cards[idx]
    matches = field & month
    if not matches:
        held = theirs & scope
        if given is not None:
            v = given[held.bit_count()][(mates & unseen).bit_count()]
        else:
            found = near.get(held)
            if found is None:
                found = remember(near, held, scoped_bonus(kk.fast.prof, idx, held, kk.style.near))
            v = kk.neg_risk[(mates & unseen).bit_count()] * (worth + found)
        if hand & mates:
            v += quarter
        return v
    # The best capture: `_gain` adds its cards' values lowest first, as `_choose` does.
    v = max(
        _gain(kk, sum(BITS[i] for i in taken), mine, theirs) for taken in CAPTURES[idx][matches]
    )
    if kk.urgency is None:
        return v
    k = (month & unseen).bit_count()
    if kk.fitted is not None:
        v = _fitted(kk, kk.fitted, v, idx, mine, theirs, k, unseen, op_cards)
    return v * kk.urgency[k]


#: ``NONE_HELD[u][h][k]``: the chance that a hand of ``h`` cards dealt from the ``u`` cards out
#: of sight holds none of ``k`` given ones among them (k <= 4).
NONE_HELD = tuple(
    tuple(
        tuple(math.comb(u - k, h) / math.comb(u, h) if h <= u and k <= u else 1.0 for k in range(5))
        for h in range(49)
    )
    for u in range(49)
)


def _fitted(
    kk: IntRound,
    fitted: tuple[float, float, float],
    v: float,
    idx: int,
    mine: int,
    theirs: int,
    k: int,
    unseen: int,
    op_cards: int,
) -> float:
    """A capture's value ``v`` (card ``idx`` taking field cards of its month, ``k`` of the
    month's cards out of sight) with the style's fitted inputs (`Style.own`, ``wait``,
    ``discard``): the value of the card played, and of the field's cards times the chance the
    other's ``op_cards`` cards hold none of the month's, weighed in; the discards' bonus taken
    off instead (the same choices)."""
    own_w, wait_w, discard = fitted
    own = _gain(kk, BITS[idx], mine, theirs)
    none = NONE_HELD[(ALL_MASK & unseen).bit_count()][op_cards][k]
    return v + own_w * own + wait_w * (v - own) * none - discard


def _choose(
    kk: IntRound, hand: int, field: int, mine: int, theirs: int, op_cards: int, rng: random.Random
) -> int:
    """`rollout._choose_play` of a two-seat round with yaku to steer for (the same values,
    added in the same order, the same ties): the card (an index) to play; ``op_cards``: the
    other seat's cards in hand (read by a style's fitted inputs alone).

    The playouts' innermost loop, about half of a playout: a card's facts come from one tuple
    (`_cards`), its bonuses from memos that rarely miss (`_Values`), and the tied cards are
    listed only when there is a tie."""
    if not hand & (hand - 1):
        return hand.bit_length() - 1
    fast = kk.fast
    cards = kk.cards
    worths = fast.worth
    scopes = fast.scopes
    nears, denies, _, taken_by_counts = kk.values
    prof = fast.prof
    style = kk.style
    urgency = kk.urgency
    unseen = ~(hand | field | mine | theirs)
    best_v = -1e18
    best = -1
    tied: list[int] | None = None
    for idx in INDEXES[hand]:
        month, mates, worth, scope, given, near, quarter = cards[idx]
        matches = field & month
        if not matches:
            # What the card left on the field is worth to them, by the risk they take it.
            held = theirs & scope
            if given is not None:
                v = given[held.bit_count()][(mates & unseen).bit_count()]
            else:
                found = near.get(held)
                if found is None:
                    found = remember(near, held, scoped_bonus(prof, idx, held, style.near))
                v = kk.neg_risk[(mates & unseen).bit_count()] * (worth + found)
            if hand & mates:
                v += quarter
        else:
            # The gain of each capture it may make: its cards' values added lowest first, the
            # best capture counts.
            v = -1e300
            for taken in CAPTURES[idx][matches]:
                total = 0.0
                for i in taken:
                    scope = scopes[i]
                    by_counts = taken_by_counts[i]
                    if by_counts is not None:
                        total += by_counts[(mine & scope).bit_count()][(theirs & scope).bit_count()]
                        continue
                    held = mine & scope
                    found = nears[i].get(held)
                    if found is None:
                        bonus = scoped_bonus(prof, i, held, style.near)
                        found = remember(nears[i], held, bonus)
                    x = worths[i] + found
                    held = theirs & scope
                    found = denies[i].get(held)
                    if found is None:
                        bonus = scoped_bonus(prof, i, held, style.deny)
                        found = remember(denies[i], held, bonus)
                    total += x + found
                if total > v:
                    v = total
            if urgency is not None:  # off in the plain style: no cost
                k = (month & unseen).bit_count()
                fitted = kk.fitted
                if fitted is not None:  # `_fitted`, written out
                    by_counts = taken_by_counts[idx]
                    if by_counts is None:
                        own = _gain(kk, BITS[idx], mine, theirs)
                    else:
                        scope = scopes[idx]
                        own = by_counts[(mine & scope).bit_count()][(theirs & scope).bit_count()]
                    none = NONE_HELD[(ALL_MASK & unseen).bit_count()][op_cards][k]
                    own_w, wait_w, discard = fitted
                    v = v + own_w * own + wait_w * (v - own) * none - discard
                v *= urgency[k]
        if v > best_v + 1e-9:
            best_v = v
            best = idx
            tied = None
        elif v > best_v - 1e-9:
            if tied is None:
                tied = [best, idx]
            else:
                tied.append(idx)
    return best if tied is None else tied[rng.randrange(len(tied))]


def _noisy_choose(
    kk: IntRound, hand: int, field: int, mine: int, theirs: int, op_cards: int, rng: random.Random
) -> int:
    """`_choose` with its style's noise (`Style.epsilon`, `Style.temperature`): with
    probability epsilon a card of the hand at random, evenly; else, with a temperature, a card
    drawn by the softmax of the cards' values (`_card_value`, `_choose`'s); else `_choose`'s
    card. A hand of one card draws nothing. ``op_cards``: as `_choose`'s."""
    if not hand & (hand - 1):
        return hand.bit_length() - 1
    style = kk.style
    cards = INDEXES[hand]
    if style.epsilon and rng.random() < style.epsilon:
        return cards[rng.randrange(len(cards))]
    heat = style.temperature
    if heat <= 0.0:
        return _choose(kk, hand, field, mine, theirs, op_cards, rng)
    unseen = ~(hand | field | mine | theirs)
    values = [_card_value(kk, i, hand, field, mine, theirs, unseen, op_cards) for i in cards]
    top = max(values)
    weights = [math.exp((v - top) / heat) for v in values]
    x = rng.random() * sum(weights)
    for card, w in zip(cards, weights, strict=True):
        x -= w
        if x < 0.0:
            return card
    return cards[-1]  # rounding left x at 0 or above: the last card


def _target(
    kk: IntRound, bit: int, matches: int, mine: int, theirs: int, rng: random.Random
) -> int:
    """`rollout._choose_target` of a two-seat round, the mover's pile ``mine``: which of the two
    field cards ``matches`` the card ``bit`` takes (the same values, the same tie)."""
    first = matches & -matches
    second = matches ^ first
    a = _gain(kk, first | bit, mine, theirs)
    b = _gain(kk, second | bit, mine, theirs)
    if b > a + 1e-9:
        return second
    if b > a - 1e-9:
        return (first, second)[rng.randrange(2)]
    return first


def _gain(kk: IntRound, mask: int, mine: int, theirs: int) -> float:
    """`rollout._gain`: the values of the cards of ``mask`` added lowest first, each as
    `_choose` values a card taken (from `_choose`'s memos)."""
    fast = kk.fast
    nears, denies, _, taken_by_counts = kk.values
    total = 0.0
    for i in INDEXES[mask]:
        scope = fast.scopes[i]
        by_counts = taken_by_counts[i]
        if by_counts is not None:
            total += by_counts[(mine & scope).bit_count()][(theirs & scope).bit_count()]
            continue
        held = mine & scope
        bonus = nears[i].get(held)
        if bonus is None:
            bonus = remember(nears[i], held, scoped_bonus(fast.prof, i, held, kk.style.near))
        x = fast.worth[i] + bonus
        held = theirs & scope
        bonus = denies[i].get(held)
        if bonus is None:
            table = kk.style.deny
            bonus = remember(denies[i], held, scoped_bonus(fast.prof, i, held, table))
        total += x + bonus
    return total


def _run(
    kk: IntRound,
    st: State,
    rng: random.Random,
    call: str,
    first: int = -1,
    drawing: bool = False,
    finish: Finish | None = None,
    seats: tuple[IntRound, IntRound] | None = None,
) -> tuple[float, ...]:
    """The round from ``st`` (a turn in play, from its hand, or from its draw when
    ``drawing``) on integers, to its points. ``first``: the card the mover plays first.
    ``finish``: from the first turn from the hand (after ``first``) where both hands hold at
    most ``finish.cards`` cards, the round's value for the mover is ``finish``'s (`Finish`),
    and the points returned are that value and 0 (their difference is the value).
    ``seats``: each seat's cards chosen by its own compiled policy (else ``kk``'s)."""
    rules = kk.rules
    standing = kk.yaku.standing
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    turn = st.turn
    # The mover's policy and the other seat's (the same but in a duel of styles).
    moving, waiting = (kk, kk) if seats is None else (seats[turn], seats[1 - turn])
    # The mover's hand and pile, and the other seat's: swapped at the end of each turn (plain
    # locals where the seats' lists were indexed a dozen times a turn).
    hand, op_hand = st.hands[turn], st.hands[1 - turn]
    mine, theirs = st.captures[turn], st.captures[1 - turn]
    field = st.field
    pile = st.pile
    pos = 0
    end = len(pile)
    turn_no = st.turn_no
    calls = list(extra.koikoi)
    decided: list[Standing] = list(extra.decided)
    seen: list[Standing] = list(extra.seen)
    last_yaku = extra.last_yaku
    requires_new = rules.koikoi_requires_new_yaku
    field_free = kk.field_free
    # The end of a turn asks the mover's standing; where the field plays no part it is
    # remembered here by the pile (a dict lookup, where the call to `standing` costs more).
    standings = kk.standings
    while True:
        # The pile of the mover before its turn (-1: not known, its draw is next).
        took = -1
        if drawing:
            drawing = False
        else:
            took = mine
            if first >= 0:
                card = first
                first = -1
            else:
                if (
                    finish is not None
                    and hand.bit_count() <= finish.cards
                    and op_hand.bit_count() <= finish.cards
                ):
                    value = finish(
                        kk, st, hand, op_hand, mine, theirs, field, pile[pos:], turn,
                        (calls[0], calls[1]), (decided[0], decided[1]), (seen[0], seen[1]),
                        last_yaku,
                    )  # fmt: skip
                    return (value, 0) if turn == 0 else (0, value)
                op_cards = op_hand.bit_count()
                if moving.noisy:
                    card = _noisy_choose(moving, hand, field, mine, theirs, op_cards, rng)
                else:
                    card = _choose(moving, hand, field, mine, theirs, op_cards, rng)
            bit = BITS[card]
            hand ^= bit
            matches = field & MONTHS[card]
            if matches:
                if matches.bit_count() == 2:
                    matches = _target(moving, bit, matches, mine, theirs, rng)
                mine |= matches | bit
                field &= ~matches
            else:
                field |= bit
        if pos < end:
            card = pile[pos]
            pos += 1
            bit = BITS[card]
            matches = field & MONTHS[card]
            if matches:
                if matches.bit_count() == 2:
                    matches = _target(moving, bit, matches, mine, theirs, rng)
                mine |= matches | bit
                field &= ~matches
            else:
                field |= bit
        # The end of the turn (`KoiKoi.after_turn`): a pile that took nothing holds the yaku it
        # held after the seat's last turn, unless the field matters.
        now: Standing | None = None  # None: the pile holds what it held (below)
        if not field_free:
            now = standing(mine, field)
        elif mine != took:
            now = standings.get(mine)
            if now is None:
                if len(standings) > 100_000:
                    standings.clear()
                now = standings[mine] = standing(mine, field)
        if now is not None and now != seen[turn]:
            if better(now, seen[turn]):
                last_yaku = turn
            seen[turn] = now
            before = decided[turn]
            play_on = False
            if requires_new:
                decision = newer(now, before)
                if not decision and rules.raise_allows_shobu and better(now, before):
                    decision = play_on = True
            else:
                decision = better(now, before)
            if decision:
                forced = not hand
                if not forced and rules.koikoi_once:
                    forced = calls != [0, 0]
                if not forced and rules.koikoi_min_points:
                    forced = base_points(rules, now) < rules.koikoi_min_points
                if not forced:
                    hands = [hand, op_hand] if turn == 0 else [op_hand, hand]
                    caps = [mine, theirs] if turn == 0 else [theirs, mine]
                    go_on = _call(
                        kk, st, call, rng, hands, field, pile[pos:], caps, turn, turn_no,
                        calls, decided, seen, last_yaku, play_on,
                    )  # fmt: skip
                if forced or not go_on:
                    won = win_points(
                        kk.yaku,
                        rules,
                        mine,
                        theirs,
                        field,
                        calls[turn],
                        calls[1 - turn],
                        extra.field_brights,
                    )
                    return settle(rules, turn, won, st.totals[1 - turn])
                if not play_on:
                    calls[turn] += 1
                decided[turn] = now
        # The next turn (`core.turns.next_turn`): the round is over when both hands are.
        if not op_hand:
            if hand:  # not in the standard turn; the engine would pass the turn over
                raise AssertionError("koi-koi playout: a seat without cards is to play")
            caps = [mine, theirs] if turn == 0 else [theirs, mine]
            return draw_points(kk, st, field, caps, calls, last_yaku)
        turn = 1 - turn
        moving, waiting = waiting, moving
        hand, op_hand = op_hand, hand
        mine, theirs = theirs, mine
        turn_no += 1


def draw_points(
    kk: IntRound, st: State, field: int, caps: list[int], calls: list[int], last_yaku: int
) -> tuple[int, ...]:
    """`score_round` of the exhaustive draw: the last seat to form a yaku wins it (when the
    rules say so), or the dealer's privilege, or nothing."""
    rules = kk.rules
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    if rules.exhaustive_draw_last_yaku_scores and last_yaku >= 0:
        other = 1 - last_yaku
        won = win_points(
            kk.yaku,
            rules,
            caps[last_yaku],
            caps[other],
            field,
            calls[last_yaku],
            calls[other],
            extra.field_brights,
        )
        return settle(rules, last_yaku, won, st.totals[other])
    if rules.draw_dealer_points:
        dealer = st.dealer
        return settle(rules, dealer, rules.draw_dealer_points, st.totals[1 - dealer])
    return (0, 0)


def shobu_now(
    kk: IntRound, st: State, field: int, caps: list[int], turn: int, calls: list[int]
) -> tuple[int, ...]:
    """The round's points if ``turn`` called shobu now (`shobu._koikoi_points`, on masks)."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    other = 1 - turn
    won = win_points(
        kk.yaku,
        kk.rules,
        caps[turn],
        caps[other],
        field,
        calls[turn],
        calls[other],
        extra.field_brights,
    )
    return settle(kk.rules, turn, won, st.totals[other])


def _key(
    kk: IntRound,
    st: State,
    hands: list[int],
    field: int,
    caps: list[int],
    turn: int,
    calls: list[int],
) -> tuple[int, ...]:
    """`call_key` of the decision of ``turn`` (its shobu's points computed on masks)."""
    points = shobu_now(kk, st, field, caps, turn, calls)[turn]
    return call_key(kk.prof, points, hands[turn], caps[turn], caps[1 - turn])


def _table_call(
    kk: IntRound,
    st: State,
    hands: list[int],
    field: int,
    caps: list[int],
    turn: int,
    calls: list[int],
    mixed: bool,
) -> bool | None:
    """`table_call` of `_key`, the same answer, where the key is computed only as far as some
    key of the table begins as it does (`_HANDS`, `_PREFIXES`, `_MINE`): past that, shobu."""
    hand = hands[turn].bit_count()
    if hand not in _HANDS:
        return False
    points = min(shobu_now(kk, st, field, caps, turn, calls)[turn], POINTS_CAP)
    if (points, hand) not in _PREFIXES:
        return False
    mine = caps[turn]
    theirs = caps[1 - turn]
    prof = kk.prof
    near_me, ones_me = _reach(prof, mine, theirs)
    if (points, hand, near_me, ones_me) not in _MINE:
        return False
    near_op, ones_op = _reach(prof, theirs, mine)
    return table_call((points, hand, near_me, near_op, ones_me, ones_op), mixed)


def _call(
    kk: IntRound,
    st: State,
    call: str,
    rng: random.Random,
    hands: list[int],
    field: int,
    pile: tuple[int, ...],
    caps: list[int],
    turn: int,
    turn_no: int,
    calls: list[int],
    decided: list[Standing],
    seen: list[Standing],
    last_yaku: int,
    play_on: bool,
) -> bool:
    """The playout's koi-koi call (True) or shobu at the end of ``turn``."""
    if call != "normal":
        koikoi = _table_call(kk, st, hands, field, caps, turn, calls, call == "mixed")
        if koikoi is not None:
            return koikoi
    if _RACE:
        return _normal_call(kk, st, hands, field, caps, turn, calls)
    return _state_call(kk, st, rng, hands, field, pile, caps, turn, turn_no, calls, decided, seen,
                       last_yaku, play_on)  # fmt: skip


#: `_normal_call` plays the normal level's call as `koikoi_choice` weighs it by default.
_RACE = DEFAULT_PARAMS.koikoi_model == "race"


def _normal_call(
    kk: IntRound,
    st: State,
    hands: list[int],
    field: int,
    caps: list[int],
    turn: int,
    calls: list[int],
) -> bool:
    """`normal.koikoi_choice` (the playout policy's call) at the end of ``turn``, on masks: what
    it reads of the decision's state (`shobu_points`, `read_table`, the calls, the match
    standing) taken from the playout's integers, then its race and its weighing, step by step
    (the same floats). About half the cost of building the state and asking it (most calls
    are new to `rollout.decide_phase`'s memo). The differential tests check it against the engine
    with the policy."""
    params = DEFAULT_PARAMS
    rules = kk.rules
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    other = 1 - turn
    mine = caps[turn]
    theirs = caps[other]
    # `shobu_points`: shobu's score, relative (`relative_points`).
    points = shobu_now(kk, st, field, caps, turn, calls)
    now = points[turn] - float(points[other])
    # `read_table` of a two-seat decision (no card pending).
    hand = hands[turn]
    t = Table(
        prof=kk.prof,
        seat=turn,
        hand=hand,
        field=field,
        mine=mine,
        opps=(theirs,),
        unseen=ALL_MASK & ~(hand | field | mine | theirs | extra.out_of_play),
        next_opp_hand=hands[other].bit_count(),
        hand_count=hand.bit_count(),
    )
    # `koikoi_outlook`
    first_me, gain, first_op, v_op = race_odds(t, params)
    called = (calls[turn] + 1, calls[other])
    base = now  # `_base_points`
    if rules.koikoi_multiplier == "opponent_flat" and calls[other]:
        base /= 2
    if rules.double_at_7 and base >= 2 * rules.double_threshold:
        base /= 2
    win = scaled_points(rules, base + gain, True, called)
    lose = scaled_points(rules, max(v_op, 1.0), False, (called[0], called[1]))
    # `koikoi_choice`'s race
    standing = _match_standing(st, turn) if params.match_aware else None
    if standing is None:
        return first_me * win - first_op * lose > now * (1.0 + params.koikoi_margin)
    shrink = 1.0 + params.koikoi_margin
    rest = max(0.0, 1.0 - first_me - first_op)
    koi_value = (
        first_me * win_chance(standing, win / shrink)
        + first_op * win_chance(standing, -lose / shrink)
        + rest * win_chance(standing, 0.0)
    )
    return koi_value > win_chance(standing, now) + 1e-9


#: `match.standing` per seat, of the last match standing asked: what it reads of a state (its
#: rules, the match totals, the rounds done; two seats) is the same in every playout of a
#: search, where the states (the deals) differ.
_MATCH: list[object] = [None, None, None, None, None]


def _match_standing(st: State, seat: int) -> MatchStanding | None:
    """`match.standing` of ``st`` for ``seat``, remembered for the last standing asked."""
    if _MATCH[0] is not st.rules or _MATCH[1] != st.totals or _MATCH[2] != st.rounds_done:
        _MATCH[:] = [
            st.rules,
            st.totals,
            st.rounds_done,
            match_standing(st, 0),
            match_standing(st, 1),
        ]
    found = _MATCH[3 + seat]
    assert found is None or isinstance(found, MatchStanding)
    return found


def _state_call(
    kk: IntRound,
    st: State,
    rng: random.Random,
    hands: list[int],
    field: int,
    pile: tuple[int, ...],
    caps: list[int],
    turn: int,
    turn_no: int,
    calls: list[int],
    decided: list[Standing],
    seen: list[Standing],
    last_yaku: int,
    play_on: bool,
) -> bool:
    """The playout policy's call asked on the decision's state, built."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    deciding = replace(
        st,
        hands=tuple(hands),
        field=field,
        pile=pile,
        captures=tuple(caps),
        turn=turn,
        turn_no=turn_no,
        phase=DECIDE,
        stage=HAND,
        pending=-1,
        pending_from=None,
        extra=replace(
            extra,
            koikoi=(calls[0], calls[1]),
            decided=(decided[0], decided[1]),
            seen=(seen[0], seen[1]),
            last_yaku=last_yaku,
            forced=False,
            play_on=play_on,
        ),
    )
    legal = legal_actions(deciding)
    return type(decide_phase(deciding, turn, legal, rng, PLAIN)) is CallKoiKoi
