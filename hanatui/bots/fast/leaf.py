"""A learned value at the leaf of koi-koi's own playouts (issue 16; `lab/leafvalue.py`).

Once both hands hold at most ``cards`` cards at a turn from the hand, `playout.play_round` asks its
`Finish` for the round's value for the mover in place of playing the rest greedily. `Leaf` is
such a finish: a linear function of a few integers of the table (`features`), its weights
fitted by least squares to the round's outcome in the strong player's self-play
(`lab/leafvalue.py`), one set of weights per count of cards in the two hands.
"""

from __future__ import annotations

from core.cards import ANIMALS, CHAFF, RIBBONS
from core.games.koikoi.game import base_points
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.yaku import Standing
from core.state import State
from hanatui.bots.fast.calls import reach
from hanatui.bots.fast.leafweights import WEIGHTS
from hanatui.bots.fast.position import BITS, INDEXES, MONTHS, Position
from hanatui.bots.fast.rounds import IntRound, draw_points
from hanatui.bots.shobu import win_points

#: The features' names (`features`), in order.
NAMES = (
    "bias",
    "draw",
    "win_me",
    "win_op",
    "near1_me",
    "near2_me",
    "near3_me",
    "ones_me",
    "near1_op",
    "near2_op",
    "near3_op",
    "ones_op",
    "calls_me",
    "calls_op",
    "match_me",
    "match_op",
    "strike_me",
    "strike_op",
    "can_strike_me",
    "can_strike_op",
    "draw_me",
    "draw_op",
    "plains_me",
    "plains_op",
    "ribbons_me",
    "ribbons_op",
    "seeds_me",
    "seeds_op",
)


def matching(hand: int, field: int) -> int:
    """How many cards of ``hand`` have a card of their month on ``field``."""
    n = 0
    for i in INDEXES[hand]:
        if field & MONTHS[i]:
            n += 1
    return n


def features(kk: IntRound, st: State, p: Position) -> list[float]:
    """The leaf's inputs for the mover of ``p`` (the pile drawn from is ``st``'s), `NAMES` in
    order: 1; the round's value for the mover
    were it drawn now (`draw_points`); what each seat would win were the round its now (0
    without a yaku: `win_points` of its pile, its calls, the multipliers); how near each is to
    a further yaku it can still make (`calls.reach`: the fewest cards short, 1, 2 or 3,
    as flags; how many yaku lack one card); each seat's koi-koi calls; how many cards of each
    hand can take a card of the field."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    hand, op, mine, theirs, field, pos, turn, calls, _, _, _ = p
    pile = st.pile
    rules = kk.rules
    yaku = kk.yaku
    other = 1 - turn
    calls_me = calls[turn]
    calls_op = calls[other]
    brights = extra.field_brights
    drawn = draw_points(kk, st, p)
    prof = kk.prof
    near_me, ones_me = reach(prof, mine, theirs)
    near_op, ones_op = reach(prof, theirs, mine)
    pts_me = base_points(rules, _standing(kk, mine, field))
    pts_op = base_points(rules, _standing(kk, theirs, field))
    win_me = win_op = strike_me = strike_op = draw_me = draw_op = 0
    if pts_me:
        win_me = win_points(yaku, rules, mine, theirs, field, calls_me, calls_op, brights)
    if pts_op:
        win_op = win_points(yaku, rules, theirs, mine, field, calls_op, calls_me, brights)
    # A capture adds two cards to a pile (three or four when a month's three are on the field,
    # seldom, left out): a seat without a yaku more than two cards short strikes with none.
    # The pile's next two cards are the mover's draw and the other's (as the playout dealt them).
    if pts_me or near_me <= 2:
        strike_me = strike(kk, hand, mine, theirs, field, pts_me, calls_me, calls_op, brights)
        if pos < len(pile):
            draw_me = strike(
                kk, BITS[pile[pos]], mine, theirs, field, pts_me, calls_me, calls_op, brights
            )
    if pts_op or near_op <= 2:
        strike_op = strike(kk, op, theirs, mine, field, pts_op, calls_op, calls_me, brights)
        if pos + 1 < len(pile):
            draw_op = strike(
                kk, BITS[pile[pos + 1]], theirs, mine, field, pts_op, calls_op, calls_me, brights
            )
    return [
        1,
        drawn[turn] - drawn[other],
        win_me,
        win_op,
        near_me == 1,
        near_me == 2,
        near_me == 3,
        ones_me,
        near_op == 1,
        near_op == 2,
        near_op == 3,
        ones_op,
        calls_me,
        calls_op,
        matching(hand, field),
        matching(op, field),
        strike_me,
        strike_op,
        strike_me > 0,
        strike_op > 0,
        draw_me,
        draw_op,
        (mine & CHAFF).bit_count(),
        (theirs & CHAFF).bit_count(),
        (mine & RIBBONS).bit_count(),
        (theirs & RIBBONS).bit_count(),
        (mine & ANIMALS).bit_count(),
        (theirs & ANIMALS).bit_count(),
    ]


def strike(
    kk: IntRound,
    cards: int,
    mine: int,
    theirs: int,
    field: int,
    now: int,
    calls: int,
    their_calls: int,
    brights: int,
) -> int:
    """What a seat would win by shobu after its best capture with one of ``cards`` on ``field``
    that raises its yaku's points (``now``; two cards of a month on the field: the better;
    three: all), its pile ``mine``, the other's ``theirs``; 0 when none does."""
    rules = kk.rules
    best = 0
    for i in INDEXES[cards]:
        matches = field & MONTHS[i]
        if not matches:
            continue
        if matches.bit_count() == 2:
            takes = (matches & -matches, matches & (matches - 1))
        else:
            takes = (matches, 0)
        for take in takes:
            if not take:
                break
            pile = mine | take | BITS[i]
            if base_points(rules, _standing(kk, pile, field)) > now:
                won = win_points(kk.yaku, rules, pile, theirs, field, calls, their_calls, brights)
                if won > best:
                    best = won
    return best


def _standing(kk: IntRound, pile: int, field: int) -> Standing:
    """The yaku of ``pile`` (remembered by the pile where the field plays no part)."""
    if not kk.field_free:
        return kk.yaku.standing(pile, field)
    found = kk.standings.get(pile)
    if found is None:
        if len(kk.standings) > 100_000:
            kk.standings.clear()
        found = kk.standings[pile] = kk.yaku.standing(pile, field)
    return found


def bucket(hand: int, op: int) -> int:
    """The weights' index of a leaf whose mover holds ``hand`` cards and the other ``op``."""
    return 2 * op + (hand - op)


class Leaf:
    """A playout's learned end (`fast.playout.Finish`): once both hands hold at most ``cards``
    cards, the round's value for the mover is the fitted weights' (`WEIGHTS[cards]`, one row per
    `bucket`) times its `features`. ``calls``: how many times it was asked."""

    def __init__(self, cards: int) -> None:
        if cards not in WEIGHTS:
            raise ValueError(f"no leaf weights for {cards} cards ({', '.join(map(str, WEIGHTS))})")
        self.cards = cards
        self.weights = WEIGHTS[cards]
        self.calls = 0

    def __call__(self, kk: IntRound, st: State, p: Position) -> float:
        self.calls += 1
        x = features(kk, st, p)
        w = self.weights[bucket(p.hand.bit_count(), p.op.bit_count())]
        total = 0.0
        for wi, xi in zip(w, x, strict=True):
            total += wi * xi
        return total
