"""The published shuffle (core/shuffle.py) against its specification in docs/deals.md: the test
vectors read from that page, a second implementation written here from the page's words, and a
chi-square test of every position of the deck over many seeds."""

from __future__ import annotations

import hashlib
import math
import struct
import time
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from core.cards import CARDS
from core.shuffle import (
    DEALER_LABEL,
    DECK_LABEL,
    SeededRng,
    Stream,
    combined_seed,
    commitment,
    deck_from_seed,
    shuffle_in_place,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "deals.md"


def _vector_blocks() -> list[list[tuple[str, str]]]:
    """The ```vectors blocks of docs/deals.md, each a list of (key, value) lines."""
    blocks: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.strip() == "```vectors":
            current = []
        elif line.strip() == "```" and current is not None:
            blocks.append(current)
            current = None
        elif current is not None:
            key, _, value = line.partition(" ")
            current.append((key, value))
    return blocks


# --- a second implementation, from the words of docs/deals.md ---------------------------------

CODES = [f"{month:02d}{letter}" for month in range(1, 13) for letter in "abcd"]


def _stream(label: str, seed: bytes) -> Iterator[int]:
    counter = 0
    while True:
        yield from hashlib.sha256(
            label.encode("ascii") + seed + struct.pack(">Q", counter)
        ).digest()
        counter += 1


def _index(source: Iterator[int], n: int) -> int:
    assert 1 <= n <= 256  # one byte holds every index this game needs
    if n == 1:
        return 0
    cutoff = (256 // n) * n
    while True:
        byte = next(source)
        if byte < cutoff:
            return byte % n


def _their_permutation(label: str, seed: bytes, size: int) -> list[int]:
    """Positions hold indexes into the unshuffled list; the draws first, the swaps after."""
    source = _stream(label, seed)
    draws = [(top, _index(source, top + 1)) for top in range(size - 1, 0, -1)]
    order = list(range(size))
    for top, other in draws:
        order[top], order[other] = order[other], order[top]
    return order


def their_deck(seed: bytes) -> list[str]:
    return [CODES[k] for k in _their_permutation("hanatui deck v1", seed, 48)]


def _seeds(count: int, salt: bytes = b"") -> Iterator[bytes]:
    """Fixed, well spread seeds (so every run tests the same ones)."""
    for i in range(count):
        yield hashlib.sha256(b"test seed" + salt + i.to_bytes(4, "big")).digest()


def test_the_unshuffled_deck_is_the_codes_in_order() -> None:
    assert [c.value for c in CARDS] == CODES


def test_the_vectors_of_the_page() -> None:
    blocks = _vector_blocks()
    assert len(blocks) == 2
    decks = blocks[0]
    assert len(decks) >= 10
    for (k1, seed_hex), (k2, deck) in zip(decks[::2], decks[1::2], strict=True):
        assert (k1, k2) == ("seed", "deck")
        assert " ".join(c.value for c in deck_from_seed(bytes.fromhex(seed_hex))) == deck
        assert " ".join(their_deck(bytes.fromhex(seed_hex))) == deck
    whole = blocks[1]
    values = dict(whole)
    secret = bytes.fromhex(values["secret"])
    entropy = [bytes.fromhex(v) for k, v in whole if k == "entropy"]
    assert len(entropy) == 2
    assert commitment(secret) == values["commitment"]
    seed = combined_seed(secret, entropy)
    assert seed.hex() == values["seed"]
    assert (
        hashlib.sha256(b"hanatui seed v1" + secret + b"".join(entropy)).hexdigest()
        == values["seed"]
    )
    assert " ".join(c.value for c in deck_from_seed(seed)) == values["deck"]
    dealer = SeededRng(seed, DEALER_LABEL).sample(CARDS, 2)
    assert " ".join(c.value for c in dealer) == values["dealer"]
    assert [CODES[k] for k in _their_permutation("hanatui dealer draw v1", seed, 48)[:2]] == (
        values["dealer"].split()
    )


def test_the_first_bytes_of_the_stream_are_those_of_the_page() -> None:
    text = DOC.read_text(encoding="utf-8")
    stream = Stream(bytes(32), DECK_LABEL)
    shown = " ".join(f"{stream.take(1):02x}" for _ in range(12))
    assert f"`{shown}`" in text


def test_the_two_implementations_agree_on_ten_thousand_seeds() -> None:
    began = time.perf_counter()
    for seed in _seeds(10_000):
        assert [c.value for c in deck_from_seed(seed)] == their_deck(seed)
    assert time.perf_counter() - began < 30  # about 1 s on a laptop core


def test_an_index_reads_more_bytes_only_beyond_256() -> None:
    stream, again = Stream(bytes(32), b"x"), Stream(bytes(32), b"x")
    value = stream.below(1000)  # two bytes, big-endian, below 65000
    raw = again.take(2)
    assert raw < 65000 and value == raw % 1000
    assert Stream(bytes(32), b"x").below(1) == 0


def _wilson_hilferty(dof: int, z: float) -> float:
    """The chi-square value with ``dof`` degrees of freedom exceeded with the normal tail of
    ``z`` standard deviations (the Wilson-Hilferty approximation, good to a few percent)."""
    a = 2 / (9 * dof)
    return float(dof * (1 - a + z * math.sqrt(a)) ** 3)


def _position_counts(decks: Iterator[list[int]]) -> list[list[int]]:
    counts = [[0] * 48 for _ in range(48)]
    for deck in decks:
        for position, card in enumerate(deck):
            counts[position][card] += 1
    return counts


def _worst_chi_square(counts: list[list[int]], samples: int) -> float:
    expected = samples / 48
    return max(sum((o - expected) ** 2 / expected for o in row) for row in counts)


#: Seeds for the chi-square test: 200 expected per (position, card) cell.
SAMPLES = 9600
#: Each of the 48 positions' chi-square (47 degrees of freedom) must stay below the value a fair
#: shuffle exceeds with probability about 1e-8 (z = 5.6): with 48 positions, the test's false
#: alarm rate for a fair shuffle is below one in a million.
THRESHOLD = _wilson_hilferty(47, 5.6)


def test_no_position_of_the_deck_favours_a_card() -> None:
    index = {c: i for i, c in enumerate(CARDS)}
    counts = _position_counts(
        [index[c] for c in deck_from_seed(seed)] for seed in _seeds(SAMPLES, b"chi")
    )
    assert _worst_chi_square(counts, SAMPLES) < THRESHOLD


def test_the_chi_square_test_catches_a_biased_shuffle() -> None:
    """The same test fails the classic off-by-one shuffle (each position swapped with one
    strictly below it, so no card can stay where it was): the threshold sees a bias."""

    def naive(seed: bytes) -> list[int]:
        source = _stream("naive", seed)
        order = list(range(48))
        for top in range(47, 0, -1):
            other = _index(source, top)
            order[top], order[other] = order[other], order[top]
        return order

    counts = _position_counts(naive(seed) for seed in _seeds(SAMPLES, b"chi"))
    assert _worst_chi_square(counts, SAMPLES) > THRESHOLD


secrets = st.binary(min_size=32, max_size=32)


@settings(max_examples=60, deadline=None)
@given(
    secret=secrets,
    contributions=st.lists(secrets, min_size=1, max_size=4),
    which=st.integers(min_value=0),
    flip=st.integers(min_value=1, max_value=255),
    byte=st.integers(min_value=0, max_value=31),
)
def test_changing_any_contribution_or_the_secret_changes_the_deck(
    secret: bytes, contributions: list[bytes], which: int, flip: int, byte: int
) -> None:
    deck = deck_from_seed(combined_seed(secret, contributions))

    def changed(value: bytes) -> bytes:
        out = bytearray(value)
        out[byte] ^= flip
        return bytes(out)

    other = list(contributions)
    k = which % len(other)
    other[k] = changed(other[k])
    assert deck_from_seed(combined_seed(secret, other)) != deck
    assert deck_from_seed(combined_seed(changed(secret), contributions)) != deck
    # leaving a contribution out changes it too
    assert deck_from_seed(combined_seed(secret, contributions[:k] + contributions[k + 1 :])) != deck


def test_the_decks_fast_path_is_the_stream_shuffle() -> None:
    for seed in _seeds(2000, b"fast"):
        cards = list(CARDS)
        shuffle_in_place(cards, Stream(seed, DECK_LABEL))
        assert deck_from_seed(seed) == tuple(cards)
