"""The learned leaf value of koi-koi's own playouts (`fast.leaf`, ``StrongBot(leaf=C)``):
its features on hand-built tables, the playout ending with it exactly from the first turn from
the hand where both hands hold at most C cards, and the player without it today's."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from core.actions import Action
from core.cards import mask_of
from core.chance import advance
from core.engine import apply, is_chance, legal_actions, step, to_act
from core.events import MatchStarted, RoundEnded
from core.games.koikoi.round import KoiKoiRound
from core.rules import find_rules
from core.state import HAND, PLAY, State
from core.view import observe
from hanatui.bots.fast import leaf
from hanatui.bots.fast.calls import POLICIES
from hanatui.bots.fast.chance import Ties
from hanatui.bots.fast.leaf import NAMES, WEIGHTS, Leaf, bucket, features
from hanatui.bots.fast.playout import play_out_score
from hanatui.bots.fast.position import Position, position_of
from hanatui.bots.fast.rounds import round_for
from hanatui.bots.strong import StrongBot
from tests.bots.conftest import decision_points, rules_for
from tests.bots.test_endgame import endgames
from tests.helpers import players


def _card(code: str) -> int:
    return mask_of([code]).bit_length() - 1


@pytest.fixture(scope="module")
def table() -> State:
    """A one-round two-seat koi-koi state in play, no bright on its first field (no
    multiplier): its rules and round are what the features read of it."""
    rng = random.Random(0)
    state = apply(None, MatchStarted(rules=find_rules("koikoi", rounds=1), players=players(2)))
    while is_chance(state) or state.phase != PLAY:
        if is_chance(state):
            state = advance(state, rng)[-1][1]
        else:
            state = step(state, legal_actions(state)[0])[-1][1]
    extra = state.extra
    assert isinstance(extra, KoiKoiRound)
    return replace(state, extra=replace(extra, field_brights=0))


def _named(
    table: State,
    hand: int,
    op: int,
    mine: int,
    theirs: int,
    field: int,
    pile: tuple[int, ...],
    turn: int,
    calls: tuple[int, int],
) -> dict[str, float]:
    """`features` by name, the mover ``turn``, no seat having formed a yaku yet."""
    kk = round_for(table)
    assert kk is not None
    extra = table.extra
    assert isinstance(extra, KoiKoiRound)
    at = Position(hand, op, mine, theirs, field, 0, turn, calls, extra.decided, extra.seen, -1)
    x = features(kk, replace(table, pile=pile), at)
    return dict(zip(NAMES, x, strict=True))


def test_the_features_of_a_hand_built_table(table):
    """Seat 0 holds two poetry ribbons and the third in hand, a March card on the field to
    take it with: it strikes for the poetry ribbons' 5 points. Seat 1 holds three brights (5
    points) and called koi-koi once: seat 0's strike is doubled from its side, and its own
    draw (the December chaff) would take the Paulownia bright for four brights."""
    hand = mask_of(["03b", "05c", "07d"])
    op = mask_of(["09c", "10c", "11d"])
    mine = mask_of(["01b", "02b"])
    theirs = mask_of(["01a", "03a", "08a"])
    field = mask_of(["03c", "12a", "12b"])
    pile = (_card("12c"), _card("05a"))
    me = _named(table, hand, op, mine, theirs, field, pile, 0, (0, 0))
    assert me["win_me"] == 0 and me["win_op"] == 5
    assert me["near1_me"] and not me["near2_me"] and me["ones_me"] == 1
    assert me["match_me"] == 1 and me["match_op"] == 0
    assert me["strike_me"] == 5 and me["can_strike_me"]
    assert me["strike_op"] == 0 and not me["can_strike_op"]
    assert me["draw_me"] == 0  # the December chaff takes nothing the ribbons need
    # The other seat's turn, after its koi-koi call: its own pile wins 5, the ribbons'
    # strike against it is doubled by its call, and its draw takes the fourth bright.
    them = _named(table, op, hand, theirs, mine, field, pile, 1, (0, 1))
    assert them["win_me"] == 5 and them["win_op"] == 0
    assert them["calls_me"] == 1 and them["calls_op"] == 0
    assert them["strike_op"] == 10 and them["strike_me"] == 0
    assert them["draw_me"] > them["win_me"]
    assert them["ones_me"] >= 1


def test_no_strike_without_a_capture_that_raises_the_points(table):
    """Captures of chaff by a seat with empty piles: two cards of the field taken, no strike
    (nothing near is completed), though every two-card yaku (the sake cup's) is two short."""
    hand = mask_of(["04c", "06c"])
    field = mask_of(["04d", "06d"])
    x = _named(table, hand, mask_of(["09c", "10c"]), 0, 0, field, (), 0, (0, 0))
    assert x["match_me"] == 2
    assert x["strike_me"] == 0 and x["draw_me"] == 0
    assert not x["near1_me"] and x["near2_me"] and x["ones_me"] == 0


def test_buckets_are_distinct():
    """One row of weights per pair of hand counts the leaf meets (the mover holds as many
    cards as the other or one more)."""
    seen = {bucket(h, o) for o in range(6) for h in (o, o + 1) if h >= 1}
    assert len(seen) == len([(h, o) for o in range(6) for h in (o, o + 1) if h >= 1])
    for cards, rows in WEIGHTS.items():
        assert len(rows) == 2 * cards + 1
        assert all(len(r) == len(NAMES) for r in rows)


def _leaf_value(cards: int, st: State) -> float:
    """The leaf value of a state in play, computed here from the weights and the features."""
    kk = round_for(st)
    assert kk is not None
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    t = st.turn
    hand, op = st.hands[t], st.hands[1 - t]
    x = features(kk, st, position_of(st))
    w = WEIGHTS[cards][bucket(hand.bit_count(), op.bit_count())]
    return sum(wi * xi for wi, xi in zip(w, x, strict=True))


def leaf_reference(state: State, action: Action, seat: int, cards: int, ties: Ties) -> float:
    """A playout ending with the leaf value, by the engine: ``action``, then the playout policy
    (the mixed call) for both seats until a turn from the hand where both hands hold at most
    ``cards`` cards, then the leaf value there (for the mover; for ``seat``)."""
    policy = POLICIES["mixed"]
    out = step(state, action)
    while True:
        for event, _ in out:
            if type(event) is RoundEnded:
                return event.points[seat] - event.points[1 - seat]
        st = out[-1][1]
        if st.phase == PLAY and st.stage == HAND and max(h.bit_count() for h in st.hands) <= cards:
            value = _leaf_value(cards, st)
            return value if st.turn == seat else -value
        actor = to_act(st)
        assert actor is not None
        out = step(st, policy(st, actor, legal_actions(st), ties))


@pytest.mark.parametrize("cards", sorted(WEIGHTS))
def test_a_playout_ends_with_the_leaf_from_the_first_small_turn(cards):
    """`fast.playout.play_out_score` with `Leaf`: the greedy playout to the first turn from the
    hand where both hands hold at most ``cards`` cards, then the leaf value, as the engine
    stepped with the same policy and ties gives it; the leaf was asked in most playouts."""
    rules = find_rules("koikoi", rounds=1)
    compared = asked = 0
    for k, state in enumerate(endgames(rules, 7, 4)):
        seat = to_act(state)
        assert seat is not None
        for action in legal_actions(state):
            finish = Leaf(cards)
            points = play_out_score(state, action, Ties(k), "mixed", finish)
            assert points is not None
            want = leaf_reference(state, action, seat, cards, Ties(k))
            assert points[seat] - points[1 - seat] == want, action
            compared += 1
            asked += finish.calls
            assert finish.calls <= 1
    assert compared >= 100
    assert asked >= compared // 4


def test_without_the_leaf_the_player_is_todays(monkeypatch):
    """Off by default (and ``leaf=0``): the leaf is never asked and every estimate is
    today's, estimate for estimate; on, the estimates change."""

    def refuse(self: Leaf, *args: object) -> float:
        raise AssertionError("the default player asked the leaf")

    rules = rules_for("koikoi", {})
    seen = changed = 0
    states = [
        s
        for k, s in enumerate(decision_points(rules, 2, 5, limit=120))
        if k % 3 == 0 and to_act(s) is not None and len(legal_actions(s)) >= 2
    ]
    with monkeypatch.context() as m:
        m.setattr(Leaf, "__call__", refuse)
        for k, state in enumerate(states):
            seat = to_act(state)
            assert seat is not None
            view = observe(state, seat)
            legal = legal_actions(state)
            a, b = StrongBot(playouts=15), StrongBot(playouts=15, leaf=0)
            assert a.choose(view, legal, random.Random(k)) == b.choose(
                view, legal, random.Random(k)
            )
            assert a.last == b.last
            seen += 1
    for k, state in enumerate(states):
        seat = to_act(state)
        assert seat is not None
        view = observe(state, seat)
        legal = legal_actions(state)
        a, c = StrongBot(playouts=15), StrongBot(playouts=15, leaf=max(WEIGHTS))
        a.choose(view, legal, random.Random(k))
        c.choose(view, legal, random.Random(k))
        changed += a.last != c.last
    assert seen > 5
    assert changed > 0


def test_an_unknown_leaf_size_is_refused():
    with pytest.raises(ValueError, match="no leaf weights"):
        StrongBot(leaf=99)
    assert leaf.Leaf(max(WEIGHTS)).cards == max(WEIGHTS)


def test_the_leaf_ends_the_playouts_of_the_earlier_decisions_only(monkeypatch):
    """``leaf=C``: a decision whose seat holds more than C + ``leaf_gap`` cards asks the
    leaf; one holding fewer plays its playouts out, estimate for estimate as today's."""
    asked = [0]
    real = Leaf.__call__

    def counted(self: Leaf, *args: object) -> float:
        asked[0] += 1
        return real(self, *args)

    monkeypatch.setattr(Leaf, "__call__", counted)
    rules = rules_for("koikoi", {})
    early = late = 0
    for k, state in enumerate(decision_points(rules, 2, 7, limit=200)):
        seat = to_act(state)
        legal = legal_actions(state)
        if seat is None or len(legal) < 2 or state.phase != PLAY:
            continue
        view = observe(state, seat)
        cards = len(view.hand)
        bot = StrongBot(playouts=15, leaf=3, leaf_gap=1)
        before = asked[0]
        bot.choose(view, legal, random.Random(k))
        if cards > 4:
            early += 1
            assert asked[0] > before
        else:
            late += 1
            assert asked[0] == before
            today = StrongBot(playouts=15)
            today.choose(view, legal, random.Random(k))
            assert today.last == bot.last
    assert early > 3 and late > 3
