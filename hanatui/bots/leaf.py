"""A learned value at the leaf of koi-koi's own playouts (issue 16; `bench/leafvalue.py`).

Once both hands hold at most ``cards`` cards at a turn from the hand, `kkplayout._run` asks its
`Finish` for the round's value for the mover in place of playing the rest greedily. `Leaf` is
such a finish: a linear function of a few integers of the table (`features`), its weights
fitted by least squares to the round's outcome in the strong player's self-play
(`bench/leafvalue.py`), one set of weights per count of cards in the two hands.
"""

from __future__ import annotations

from core.games.koikoi.game import base_points
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.yaku import Standing
from core.state import State
from hanatui.bots.kkplayout import IntRound, _reach, draw_points
from hanatui.bots.rollout import INDEXES, MONTHS
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
)


def matching(hand: int, field: int) -> int:
    """How many cards of ``hand`` have a card of their month on ``field``."""
    n = 0
    for i in INDEXES[hand]:
        if field & MONTHS[i]:
            n += 1
    return n


def features(
    kk: IntRound,
    st: State,
    hand: int,
    op: int,
    mine: int,
    theirs: int,
    field: int,
    turn: int,
    calls: tuple[int, int],
    last: int,
) -> list[float]:
    """The leaf's inputs for the mover (``turn``, holding ``hand`` and the pile ``mine``; the
    other seat ``op`` and ``theirs``), `NAMES` in order: 1; the round's value for the mover
    were it drawn now (`draw_points`); what each seat would win were the round its now (0
    without a yaku: `win_points` of its pile, its calls, the multipliers); how near each is to
    a further yaku it can still make (`kkplayout._reach`: the fewest cards short, 1, 2 or 3,
    as flags; how many yaku lack one card); each seat's koi-koi calls; how many cards of each
    hand can take a card of the field."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    rules = kk.rules
    yaku = kk.yaku
    other = 1 - turn
    caps = [mine, theirs] if turn == 0 else [theirs, mine]
    seat_calls = [calls[0], calls[1]]
    drawn = draw_points(kk, st, field, caps, seat_calls, last)
    draw = drawn[turn] - drawn[other]
    win_me = 0
    if base_points(rules, _standing(kk, mine, field)):
        win_me = win_points(
            yaku, rules, mine, theirs, field, calls[turn], calls[other], extra.field_brights
        )
    win_op = 0
    if base_points(rules, _standing(kk, theirs, field)):
        win_op = win_points(
            yaku, rules, theirs, mine, field, calls[other], calls[turn], extra.field_brights
        )
    prof = kk.prof
    near_me, ones_me = _reach(prof, mine, theirs)
    near_op, ones_op = _reach(prof, theirs, mine)
    return [
        1.0,
        float(draw),
        float(win_me),
        float(win_op),
        float(near_me == 1),
        float(near_me == 2),
        float(near_me == 3),
        float(ones_me),
        float(near_op == 1),
        float(near_op == 2),
        float(near_op == 3),
        float(ones_op),
        float(calls[turn]),
        float(calls[other]),
        float(matching(hand, field)),
        float(matching(op, field)),
    ]


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

