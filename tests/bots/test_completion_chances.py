"""`normal._completion_chances` writes `heuristics.target_value`'s chance out inline (it runs in
every playout's koi-koi decision); this holds the two equal, so a change to one that the other
does not follow fails here rather than skewing the bots silently."""

from __future__ import annotations

import random

import pytest

from core.cards import ALL_MASK
from core.rules import find_rules
from hanatui.bots.heuristics import Profile, profile_for, target_value
from hanatui.bots.normal import _completion_chances


def reference(prof: Profile, caps: int, levels: list[tuple[float, int]]) -> tuple[float, float]:
    """The chances as `target_value` gives them, target by target (the plain definition)."""
    miss, value, weight = 1.0, 0.0, 0.0
    for t in prof.flat:
        if all((caps & mask).bit_count() >= need for mask, need in t.clauses):
            if not t.per_extra:
                continue
            cand = t.extra_mask & ~caps
            p = 0.0
            for q, lm in levels:
                k = (cand & lm).bit_count()
                if k:
                    p = 1.0 - (1.0 - p) * (1.0 - q) ** k
            v = t.per_extra
        else:
            p = target_value(t, caps, levels, 1.0) / t.points if t.points else 0.0
            v = t.points
        if p <= 0:
            continue
        miss *= 1.0 - p
        value += p * v
        weight += p
    return 1.0 - miss, (value / weight if weight else 0.0)


def _cards(rng: random.Random, mask: int, share: float) -> int:
    return sum(1 << i for i in range(48) if mask >> i & 1 and rng.random() < share)


@pytest.mark.parametrize("game", ["koikoi", "bakappana", "hana-awase", "sakura"])
@pytest.mark.parametrize("overlap", [False, True], ids=["disjoint", "overlapping"])
def test_inline_chances_equal_target_value(game, overlap):
    prof = profile_for(find_rules(game), 2)
    rng = random.Random(f"{game}{overlap}")
    for _ in range(400):
        caps = _cards(rng, ALL_MASK, rng.choice([0.1, 0.25, 0.45]))
        free = ALL_MASK & ~caps
        levels = []
        for p in (0.75, 0.5, 0.35, 0.2):
            lm = _cards(rng, free, 0.3)
            if not overlap:
                free &= ~lm
            levels.append((p * rng.uniform(0.5, 1.0), lm))
        assert _completion_chances(prof, caps, levels) == reference(prof, caps, levels)
