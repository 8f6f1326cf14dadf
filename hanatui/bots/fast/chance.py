"""The fast engine's two cheap sources of chance (`strong.evaluate`): `Ties`, a generator
seeded per playout for the policies' tie-breaks (and a noisy style's draws), and `Dealer`, the
determinization of a two-seat view drawn by one sort of random keys.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from core.state import State
from core.view import View, determinize, hidden_indexes
from hanatui.bots.fast.position import BITS


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
