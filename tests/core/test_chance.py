"""The deal's own shuffle against `random.Random.shuffle`: a seed deals the same decks as before
it (logs, sims and tests keep their deals) and leaves the generator where shuffle would."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

from core.cards import CARDS
from core.chance import deal
from core.rules import find_rules


def test_deal_shuffles_as_random_shuffle_does() -> None:
    rules = find_rules("koikoi")
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        dealt = deal(rules, ours)
        deck = list(CARDS)
        theirs.shuffle(deck)
        assert dealt.deck == tuple(deck)
        assert ours.getstate() == theirs.getstate()


class _Reversing(random.Random):
    """A generator of its own kind: the deal must use its shuffle, not the fast path."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        x.reverse()


def test_deal_uses_a_generators_own_shuffle() -> None:
    dealt = deal(find_rules("koikoi"), _Reversing(1))
    assert dealt.deck == tuple(reversed(CARDS))
