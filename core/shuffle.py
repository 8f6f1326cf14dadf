"""The published shuffle: a 32-byte seed to a deck order, by a function anyone can reimplement.

docs/deals.md specifies it byte for byte, with test vectors, and the commit-reveal scheme built
on it. In short: SHA-256 in counter mode, over a label naming what is drawn, the seed and an
8-byte big-endian counter, gives a stream of bytes; each draw of an index below ``n`` reads the
fewest whole bytes that hold ``n - 1`` and rejects a value at or above the largest multiple of
``n`` they can hold; a Fisher-Yates shuffle swaps each position, from the last down to the
second, with one drawn at or below it.

Every chance event of a proved table uses it: a deal is `deck_from_seed`, the dealer draw is a
`SeededRng` on its own label. Pure: no clock, no I/O, no other randomness.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from core.cards import CARDS, Card

T = TypeVar("T")

#: The labels that keep the streams of different uses apart (ASCII; none is a prefix of
#: another, and the seed and counter after it have a fixed length).
DECK_LABEL: Final = b"hanatui deck v1"
DEALER_LABEL: Final = b"hanatui dealer draw v1"
COMMITMENT_LABEL: Final = b"hanatui commitment v1"
SEED_LABEL: Final = b"hanatui seed v1"
#: The length of a seed, a table's secret and a seat's contribution, in bytes.
SEED_BYTES: Final = 32


class Stream:
    """The byte stream of ``label`` and ``seed``: SHA-256(label || seed || counter) for the
    counter 0, 1, 2... (8 bytes, big-endian), one 32-byte block after another."""

    __slots__ = ("_block", "_counter", "_pos", "_prefix")

    def __init__(self, seed: bytes, label: bytes) -> None:
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
        self._prefix = label + seed
        self._counter = 0
        self._block = b""
        self._pos = 0

    def take(self, count: int) -> int:
        """The next ``count`` bytes of the stream as a big-endian number."""
        out = 0
        for _ in range(count):
            if self._pos == len(self._block):
                self._block = hashlib.sha256(
                    self._prefix + self._counter.to_bytes(8, "big")
                ).digest()
                self._counter += 1
                self._pos = 0
            out = out << 8 | self._block[self._pos]
            self._pos += 1
        return out

    def below(self, n: int) -> int:
        """An index in ``range(n)``, unbiased: values at or above the largest multiple of ``n``
        that the bytes can hold are rejected and the next bytes read instead."""
        if n < 1:
            raise ValueError("nothing to draw from")
        if n == 1:
            return 0
        count = ((n - 1).bit_length() + 7) // 8
        span = 1 << (8 * count)
        limit = span - span % n
        while True:
            value = self.take(count)
            if value < limit:
                return value % n


def shuffle_in_place(items: MutableSequence[Any], stream: Stream) -> None:
    """Fisher-Yates from the last position down to the second: position ``i`` swaps with the
    one at ``stream.below(i + 1)`` (perhaps itself)."""
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]


# Each swap of the deck's shuffle: the position, how many it draws among, and the first byte
# value rejected (every draw among 48 or fewer reads one byte).
_DECK_SWAPS = tuple((i, i + 1, 256 - 256 % (i + 1)) for i in range(len(CARDS) - 1, 0, -1))
# The counters of the first two blocks (a deck reads about 50 bytes).
_COUNTER = ((0).to_bytes(8, "big"), (1).to_bytes(8, "big"))


def deck_from_seed(seed: bytes) -> tuple[Card, ...]:
    """The deck order a seed deals: the 48 cards in code order ("01a" ... "12d"), shuffled on
    the stream of `DECK_LABEL`. The same as `shuffle_in_place` on a `Stream` (the tests hold
    them equal), without a method call per byte: the arena deals a lot."""
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
    prefix = DECK_LABEL + seed
    sha256 = hashlib.sha256
    stream = sha256(prefix + _COUNTER[0]).digest() + sha256(prefix + _COUNTER[1]).digest()
    blocks = 2
    pos = 0
    deck = list(CARDS)
    for i, n, limit in _DECK_SWAPS:
        while True:
            if pos == len(stream):
                stream += sha256(prefix + blocks.to_bytes(8, "big")).digest()
                blocks += 1
            value = stream[pos]
            pos += 1
            if value < limit:
                break
        j = value % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


class SeededRng:
    """The engine's `core.chance.Rng` on the published stream: ``shuffle`` is
    `shuffle_in_place`; ``sample(population, k)`` shuffles a copy and keeps its first ``k``.
    Draws continue one stream, so the dealer draw's attempts after a tie come from the same
    seed."""

    def __init__(self, seed: bytes, label: bytes) -> None:
        self.stream = Stream(seed, label)

    def shuffle(self, x: MutableSequence[Any], /) -> None:
        shuffle_in_place(x, self.stream)

    def sample(self, population: Sequence[T], k: int, /) -> list[T]:
        items = list(population)
        shuffle_in_place(items, self.stream)
        return items[:k]


def commitment(secret: bytes) -> str:
    """What a table publishes before a deal: SHA-256(`COMMITMENT_LABEL` || secret), in hex."""
    if len(secret) != SEED_BYTES:
        raise ValueError(f"a secret is {SEED_BYTES} bytes, not {len(secret)}")
    return hashlib.sha256(COMMITMENT_LABEL + secret).hexdigest()


def combined_seed(secret: bytes, contributions: Sequence[bytes]) -> bytes:
    """The seed of a deal: SHA-256(`SEED_LABEL` || secret || each contribution, in seat order)."""
    parts = [SEED_LABEL, secret]
    for value in (secret, *contributions):
        if len(value) != SEED_BYTES:
            raise ValueError(f"a secret or contribution is {SEED_BYTES} bytes, not {len(value)}")
    parts.extend(contributions)
    return hashlib.sha256(b"".join(parts)).digest()


def derive(key: bytes, label: bytes, *numbers: int) -> bytes:
    """A 32-byte value of ``key`` for one purpose: SHA-256(label || key || each number as 8
    bytes big-endian). How a table turns one private key into a secret per deal."""
    data = label + key + b"".join(n.to_bytes(8, "big") for n in numbers)
    return hashlib.sha256(data).digest()


#: How a table's key gives its secret for each chance event, and a person's contribution made in
#: the same program (a local game); and how a numeric seed gives a key.
SECRET_LABEL: Final = b"hanatui table secret v1"
LOCAL_ENTROPY_LABEL: Final = b"hanatui local entropy v1"
KEY_LABEL: Final = b"hanatui table key v1"


def key_of_seed(seed: int) -> bytes:
    """The 32-byte table key of a numeric seed (a session's, an arena match's): as hard to guess
    as the seed is."""
    return hashlib.sha256(KEY_LABEL + str(seed).encode("ascii")).digest()


def table_secret(key: bytes, ordinal: int) -> bytes:
    """A table's secret for the match's chance event number ``ordinal`` (from 0)."""
    return derive(key, SECRET_LABEL, ordinal)


def local_entropy(key: bytes, ordinal: int, seat: int) -> bytes:
    """The contribution of ``seat``, a person playing in the table's own program, to chance
    event ``ordinal``."""
    return derive(key, LOCAL_ENTROPY_LABEL, ordinal, seat)
