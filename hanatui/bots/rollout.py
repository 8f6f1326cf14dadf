"""The cheap policy the strong bot plays its playouts with.

It is greedy, like `easy`, but values a card by what it does for the yaku of both sides right
now: a card that completes a yaku for the player is worth the yaku; one that brings it within
one or two cards is worth a share of it; and capturing a card an opponent needs denies it. A card
given to the field costs what it would be worth to the opponents. Koi-koi decisions use the
normal policy's rule. It reads only what the acting seat could see (its hand, the field, the
captures), so playouts do not cheat either.
"""

from __future__ import annotations

import random

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.cards import MONTH_MASKS
from core.state import DECIDE, State
from core.turns import capture_targets
from hanatui.bots.heuristics import Profile, profile_for
from hanatui.bots.normal import koikoi_choice

# Share of a yaku's points credited to a card that leaves it 0, 1 or 2 cards short.
NEAR = (1.0, 0.3, 0.1)
DENY = (0.0, 0.5, 0.15)  # ...and for taking a card an opponent 1 or 2 short needs
# What a card given to the field risks, by how many cards of its month are out of sight.
DISCARD_RISK = (0.0, 0.35, 0.5, 0.6)

WILD = 43  # 11d, the only card a game makes wild (Sakura's Gaji, koi-koi's wild Lightning)


def _missing(prof: Profile, caps: int) -> list[int]:
    """Per target of the profile: how many cards a team holding ``caps`` still lacks."""
    memo = prof.cache if prof.cache is not None else {}
    hit = memo.get(caps)
    if hit is not None:
        return hit
    if len(memo) > 4096:
        memo.clear()
    out = []
    for t in prof.flat:
        miss = 0
        for mask, need in t.clauses:
            short = need - (caps & mask).bit_count()
            if short > 0:
                miss += short
        out.append(miss)
    memo[caps] = out
    return out


def _targets(state: State, idx: int) -> tuple[int, ...]:
    """`core.engine.capture_targets` of a card played from the hand, without the game hook
    for the cards no game makes wild."""
    if idx == WILD:
        return capture_targets(state, idx, "hand")
    matches = state.field & MONTH_MASKS[idx >> 2]
    if not matches:
        return ()
    if matches.bit_count() == 2:
        low = matches & -matches
        return (low, matches ^ low)
    return (matches,)


def _card_bonus(
    prof: Profile, i: int, caps: int, miss: list[int], table: tuple[float, ...]
) -> float:
    """What card ``i`` does for the targets of a team holding ``caps`` with ``miss`` missing."""
    bonus = 0.0
    bit = 1 << i
    if caps & bit:
        return 0.0
    flat = prof.flat
    for k in prof.card_targets[i]:
        m = miss[k]
        if m <= 0 or m > len(table):
            continue
        t = flat[k]
        helps = False
        for mask, need in t.clauses:
            if mask & bit and (caps & mask).bit_count() < need:
                helps = True
                break
        if helps:
            bonus += t.points * table[m - 1]
    return bonus


def rollout_policy(
    state: State, seat: int, legal: tuple[Action, ...], rng: random.Random
) -> Action:
    """A cheap greedy choice for ``seat`` in a playout."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == DECIDE:
        if any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
            return koikoi_choice(state, seat, legal)
        return legal[rng.randrange(len(legal))]
    n = len(state.players)
    prof = profile_for(state.rules, n)
    teams = prof.teams
    team = teams[seat]
    mine = 0
    theirs = 0
    for s in range(n):
        if teams[s] == team:
            mine |= state.captures[s]
        else:
            theirs |= state.captures[s]
    worth = prof.worth
    miss_me = _missing(prof, mine) if prof.flat else []
    miss_op = _missing(prof, theirs) if prof.flat else []
    cache: dict[int, float] = {}

    def gain(mask: int) -> float:
        total = 0.0
        while mask:
            low = mask & -mask
            mask ^= low
            i = low.bit_length() - 1
            v = cache.get(i)
            if v is None:
                v = worth[i]
                if miss_me:
                    v += _card_bonus(prof, i, mine, miss_me, NEAR)
                    v += _card_bonus(prof, i, theirs, miss_op, DENY)
                cache[i] = v
            total += v
        return total

    def given(i: int) -> float:
        v = worth[i]
        if miss_op:
            v += _card_bonus(prof, i, theirs, miss_op, NEAR)
        return v

    hand = state.hands[seat]
    seen = hand | state.field | mine | theirs
    best_v = -1e18
    best: list[Action] = []
    for a in legal:
        if isinstance(a, PlayCard):
            idx = a.card.index
            targets = _targets(state, idx)
            if not targets:
                month = MONTH_MASKS[idx >> 2]
                # the month's cards we cannot see are the ones that could take it from the field
                open_cards = (month & ~(seen | (1 << idx))).bit_count()
                v = -DISCARD_RISK[open_cards] * given(idx)
                if hand & month & ~(1 << idx):
                    v += 0.25 * worth[idx]  # we hold its mate: we may take it back
            else:
                v = max(gain(m | (1 << idx)) for m in targets)
        elif isinstance(a, ChooseCapture):
            v = 0.0 if a.target is None else gain(a.target.bit | a.card.bit)
        else:
            v = 1.0
        if v > best_v + 1e-9:
            best_v = v
            best = [a]
        elif v > best_v - 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
