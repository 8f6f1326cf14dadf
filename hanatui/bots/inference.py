"""What the opponent's public plays say about its hand (two-seat koi-koi), for the strong level.

The strong level deals the cards it cannot see at random (`core.view.determinize`). But the
opponent's earlier plays are public: which card it played from its hand, onto which field. A
player who left a bright uncaptured on the field probably held no card of its month. `Reader`
remembers what its seat saw at each of its own hand plays (the field, the captures, its hand) and,
at the next one, works out the opponent's turn in between: the new cards on the table
are our own draw, the opponent's hand card and the opponent's draw, in an order it cannot see, so
it replays the turn on the table for every order and keeps those that give the table it sees now
(often one, sometimes two or three). For each such reading it asks the normal level's heuristic
(`normal.score_actions`, the opponent's view of that table) how it would have rated playing each
card we cannot see instead of the card played: a card the heuristic rates above it was probably not
in that hand, since a hand only shrinks, cards in the opponent's hand now were in it then. Each
unseen card gets a weight, the product over the opponent's turns of the chance that the card
played was preferred to it (a logistic in the difference of the two scores, its slope ``beta``),
and `weighted_determinize` deals the opponent's hand in proportion to those weights.

Only what the seat saw is used: the views of its own decisions and its own actions. A reader
starts afresh at a new round (and knows nothing in a one-off use, such as a hint: the deal is then
uniform, as before). Turns it cannot read (a game variant that moves cards otherwise, the opponent
moving first in the round) teach it nothing.
"""

from __future__ import annotations

import itertools
import math
import random
from typing import NamedTuple

from msgspec.structs import replace

from core.actions import PlayCard
from core.cards import ALL_MASK, CARDS, MONTH_MASKS, iter_bits
from core.state import HAND, PLAY, State
from core.view import View, determinize
from hanatui.bots.normal import params_for, score_actions

#: The default slope of the logistic: how sure a reader is that the opponent played what the
#: heuristic prefers (per point of the heuristic's score).
DEFAULT_BETA = 2.0
#: The chance that the opponent's play is none of the heuristic's business (a search overruling
#: it, a slip): no card's weight falls below it for one turn.
SLIP = 0.05


class _Seen(NamedTuple):
    """What the seat saw when it was to play a card from its hand."""

    turn_no: int
    field: int
    captures: tuple[int, ...]
    hand: int


class Reading(NamedTuple):
    """One way the opponent's turn may have gone: the field it played onto, the card it played
    from its hand, the captures and our hand count then."""

    field: int
    card: int
    captures: tuple[int, ...]


def _public(field: int, captures: tuple[int, ...]) -> int:
    out = field
    for c in captures:
        out |= c
    return out


def _place(field: int, card: int) -> list[tuple[int, int]]:
    """The ways ``card`` may land on ``field``: (field after, cards captured)."""
    bit = 1 << card
    matches = field & MONTH_MASKS[card >> 2]
    n = matches.bit_count()
    if n == 0:
        return [(field | bit, 0)]
    if n == 2:
        return [(field & ~m, m | bit) for m in (matches & -matches, matches & (matches - 1))]
    return [(field & ~matches, matches | bit)]


def read_turn(before: _Seen, view: View) -> list[Reading]:
    """The readings of the opponent's turn between our hand play ``before`` and ``view`` (our
    next hand play), two seats: every order of the cards that came to light (our draw, the
    opponent's hand card, its draw) whose play on the table gives what ``view`` shows."""
    me = view.seat
    opp = 1 - me
    caps = tuple(c.mask for c in view.captures)
    field = view.field.mask
    played = before.hand & ~view.hand.mask  # the card we played (whoever chose it)
    if played.bit_count() != 1 or view.hand.mask & ~before.hand:
        return []
    mine = played.bit_length() - 1
    new = _public(field, caps) & ~_public(before.field, before.captures) & ~played
    if new.bit_count() != 3:
        return []
    mine_gain = caps[me] & ~before.captures[me]
    opp_gain = caps[opp] & ~before.captures[opp]
    out: dict[tuple[int, int], Reading] = {}
    for d1, h, d2 in itertools.permutations(list(iter_bits(new))):
        for f1, c1 in _place(before.field, mine):
            for f2, c2 in _place(f1, d1):
                if c1 | c2 != mine_gain:
                    continue
                for f3, c3 in _place(f2, h):
                    for f4, c4 in _place(f3, d2):
                        if f4 == field and c3 | c4 == opp_gain:
                            then = list(before.captures)
                            then[me] |= mine_gain
                            out[(f2, h)] = Reading(f2, h, tuple(then))
    return list(out.values())


class Reader:
    """A seat's memory of the round (its own hand plays) and what it infers from it."""

    def __init__(self, beta: float = DEFAULT_BETA) -> None:
        self.beta = beta
        self._key: tuple[object, ...] | None = None
        self._last: _Seen | None = None
        self.readings: list[list[Reading]] = []  # per opponent turn read, its readings
        # per opponent turn read: each card's chance that the card played was preferred to it
        self._odds: list[dict[int, float]] = []

    def _same_round(self, view: View) -> bool:
        key = (view.seat, view.rules, view.round, view.dealer, view.totals, view.history)
        last = self._last
        if key != self._key or last is None or view.turn_no < last.turn_no:
            self._key = key
            return False
        caps = tuple(c.mask for c in view.captures)
        return _public(last.field, last.captures) & ~_public(view.field.mask, caps) == 0

    def observe(self, view: View) -> None:
        """Take in ``view`` (a decision of the seat): at a play from the hand, read the
        opponent's turn since the seat's last one, if it can, and remember what it sees."""
        if not self._same_round(view):
            self._last = None
            self.readings = []
            self._odds = []
        if view.num_players != 2 or view.phase != PLAY or view.stage != HAND:
            return
        last = self._last
        if last is not None and view.turn_no == last.turn_no + 2:
            readings = read_turn(last, view)
            if readings:
                self.readings.append(readings)
                self._odds.append(self._preferences(view, readings))
        self._last = _Seen(
            view.turn_no, view.field.mask, tuple(c.mask for c in view.captures), view.hand.mask
        )

    def _preferences(self, view: View, readings: list[Reading]) -> dict[int, float]:
        """Per card unseen now: the chance (averaged over the readings) that the opponent
        preferred the card it played to this one, had it held both.

        The heuristic rates the cards in hands of the opponent's size then: the card played
        and as many unseen cards as the opponent holds now (months mixed), hand after hand
        until every unseen card was rated once."""
        me = view.seat
        opp = 1 - me
        base = determinize(view, random.Random(0))  # only its public parts are used below
        unseen = list(iter_bits(view.unseen.mask))
        size = max(1, view.hand_counts[opp])
        n = -(-len(unseen) // size)
        groups = [unseen[j::n] for j in range(n)]
        params = params_for(view.rules.game)
        odds = dict.fromkeys(unseen, 0.0)
        for r in readings:
            shown = _public(r.field, r.captures) | view.hand.mask
            played = PlayCard(seat=opp, card=CARDS[r.card])
            for group in groups:
                held = 1 << r.card
                for c in group:
                    held |= 1 << c
                hands = [0, 0]
                hands[me] = view.hand.mask
                hands[opp] = held
                st = replace(
                    base,
                    hands=tuple(hands),
                    field=r.field,
                    captures=r.captures,
                    pile=tuple(iter_bits(ALL_MASK & ~shown & ~held)),
                    turn=opp,
                    turn_no=view.turn_no - 1,
                    phase=PLAY,
                    stage=HAND,
                    pending=-1,
                    pending_from=None,
                )
                legal = (played, *(PlayCard(seat=opp, card=CARDS[c]) for c in group))
                scores = score_actions(st, opp, legal, params)
                for c, s_other in zip(group, scores[1:], strict=True):
                    odds[c] += _logistic(self.beta * (scores[0] - s_other)) / len(readings)
        return odds

    def weights(self, view: View) -> dict[int, float] | None:
        """Each unseen card's weight of being in the opponent's hand, or None (nothing
        learned)."""
        if not self._odds:
            return None
        w = dict.fromkeys(iter_bits(view.unseen.mask), 1.0)
        for odds in self._odds:
            for c in w:
                w[c] *= SLIP + (1.0 - SLIP) * odds.get(c, 1.0)
        return w


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class WeightedDealer:
    """`core.view.determinize` with the opponent's hand (two seats) dealt in proportion to
    ``weights``: each unseen card gets an exponential clock of rate its weight, the opponent
    holds the first cards to ring, the rest go to the pile in random order."""

    def __init__(self, view: View, weights: dict[int, float]) -> None:
        self.template = determinize(view, random.Random(0))  # its public parts are kept
        self.opp = 1 - view.seat
        self.k = view.hand_counts[self.opp]
        self.rates = [(i, 1.0 / weights[i]) for i in iter_bits(view.unseen.mask)]

    def __call__(self, rng: random.Random) -> State:
        rnd = rng.random
        log = math.log
        keyed = sorted(self.rates, key=lambda p: -log(1.0 - rnd()) * p[1])
        mask = 0
        for i, _ in keyed[: self.k]:
            mask |= 1 << i
        pile = [i for i, _ in keyed[self.k :]]
        rng.shuffle(pile)
        hands = list(self.template.hands)
        hands[self.opp] = mask
        return replace(self.template, hands=tuple(hands), pile=tuple(pile))


__all__ = [
    "DEFAULT_BETA",
    "Reader",
    "Reading",
    "WeightedDealer",
    "read_turn",
]
