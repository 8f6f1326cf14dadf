"""The greedy playout policy on integers: the card from the hand and the capture choice.

The same card values and ties as `rollout._choose_play` (read from tables by counts where a
card's value reads counts alone), with the weights of a `rounds.Style`; a noisy style may play
its cards from the hand with noise (`Style.epsilon`, `Style.temperature`,
`Style.opponent_only`; `noisy_card`), off by default: then not one random number more is
drawn. tests/bots/test_playout.py checks `choose_card` and `choose_target` against the fast
path's choices.
"""

from __future__ import annotations

import math
import random

from core.cards import ALL_MASK
from core.state import State
from hanatui.bots.fast.position import BITS, CAPTURES, INDEXES
from hanatui.bots.fast.rounds import PLAIN_STYLE, IntRound, Style, round_for
from hanatui.bots.rollout import remember, scoped_bonus


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
    return choose_card(
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
    ``hand`` (`choose_card`: it plays the highest, ties within 1e-9 broken at random), by card, on
    a table of ``state``'s round (its rules and month; the cards are the masks given: the
    mover's hand, the field, the mover's pile and the other's; ``op_cards``: the other's cards
    in hand, which a style with fitted inputs needs). None when this playout does not play the
    round. For the fitting of `Style` to a stronger player's choices
    (`lab/imitate.py`); the playouts' own loop is `choose_card`, the same values written out."""
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
    either of the two field cards ``matches`` (`choose_target`, the lower card's first: the higher
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
    """`choose_card`'s value of the card ``idx`` of ``hand`` (the body of its loop, one card)."""
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
    # The best capture: `_gain` adds its cards' values lowest first, as `choose_card` does.
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


def choose_card(
    kk: IntRound, hand: int, field: int, mine: int, theirs: int, op_cards: int, rng: random.Random
) -> int:
    """`rollout._choose_play` of a two-seat round with yaku to steer for (the same values,
    added in the same order, the same ties): the card (an index) to play; ``op_cards``: the
    other seat's cards in hand (read by a style's fitted inputs alone).

    The playouts' innermost loop, about half of a playout: a card's facts come from one tuple
    (`rounds.IntRound.cards`), its bonuses from memos that rarely miss
    (`rounds.IntRound.values`), and the tied cards are listed only when there is a tie."""
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


def noisy_card(
    kk: IntRound, hand: int, field: int, mine: int, theirs: int, op_cards: int, rng: random.Random
) -> int:
    """`choose_card` with its style's noise (`Style.epsilon`, `Style.temperature`): with
    probability epsilon a card of the hand at random, evenly; else, with a temperature, a card
    drawn by the softmax of the cards' values (`_card_value`, `choose_card`'s); else `choose_card`'s
    card. A hand of one card draws nothing. ``op_cards``: as `choose_card`'s."""
    if not hand & (hand - 1):
        return hand.bit_length() - 1
    style = kk.style
    cards = INDEXES[hand]
    if style.epsilon and rng.random() < style.epsilon:
        return cards[rng.randrange(len(cards))]
    heat = style.temperature
    if heat <= 0.0:
        return choose_card(kk, hand, field, mine, theirs, op_cards, rng)
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


def choose_target(
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
    `choose_card` values a card taken (from `choose_card`'s memos)."""
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
