"""The strong level's playout fast path against the engine: from positions of random deals in
every game, option set and table size, `play_out` ends the round exactly as stepping the engine
with the same policy and generator does: the same score event, the same state after it, the
same random numbers used; `play_out_score` gives the same points. The shobu score the koi-koi
decision weighs and the playouts end with (`shobu.shobu_score`, on masks) is the engine's own, in
every preset and sampled option set."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from core.actions import Action, CallShobu
from core.engine import legal_actions, step, to_act
from core.errors import IllegalActionError
from core.events import Event, RoundEnded
from core.games.koikoi.round import KoiKoiRound
from core.rules import AnyRules, find_rules, presets
from core.state import DECIDE, HAND, PLAY, State
from core.view import observe
from hanatui.bots import rollout
from hanatui.bots.fast.calls import (
    POLICIES,
    _normal_call,
    _state_call,
    _table_call,
    decision_key,
    reach,
    reach_of,
    table_call,
)
from hanatui.bots.fast.chance import Dealer, Ties
from hanatui.bots.fast.playout import play_out_score as kk_play_out_score
from hanatui.bots.fast.playout import styled_score
from hanatui.bots.fast.policy import choose_card, choose_target
from hanatui.bots.fast.position import Position
from hanatui.bots.fast.rounds import PLAIN_STYLE, IntRound, Style, round_for
from hanatui.bots.normal import shobu_points
from hanatui.bots.rollout import BLOCKING, PLAIN, Model, play_out, play_out_score, rollout_policy
from hanatui.bots.shobu import shobu_score
from tests.bots.conftest import OPTION_SETS, decision_points, option_id, rules_for
from tests.core.test_koikoi_playouts import sample_options

# Besides the bots' option sets: the wild Lightning only when a Pampas card was dealt, the Gaji
# also wild from the pile or discarded from the first field, the Gaji's claim passed on in play,
# the biggest tables, and hana-awase's wild Lightning with two players.
MORE: list[tuple[str, int, dict[str, object]]] = [
    ("koikoi", 2, {"lightning_wild": "if_susuki_on_initial_field", "play_out_draw_pile": True}),
    ("sakura", 2, {"gaji_wild_on_draw": True, "gaji_initial_field": "discard"}),
    ("sakura", 3, {"gaji_end_claim": "transfer_during_play"}),  # a card hook for every card
    # koi-koi's later options: a raise that may stop (and play on), one koi-koi a round
    ("koikoi", 2, {"koikoi_requires_new_yaku": True, "raise_allows_shobu": True}),
    ("koikoi", 2, {"koikoi_once": True, "kuttsuki_enabled": True, "field_three_redeal": True}),
    ("sakura", 7, {}),
    ("bakappana", 4, {}),
    ("hana-awase", 4, {}),
    ("hana-awase", 2, {"lightning_wild": True, "scoring": "zero_sum"}),
]


def engine_play_out(
    state: State, action: Action, rng: random.Random, model: Model = PLAIN
) -> tuple[Event | None, State]:
    """The reference: step the engine, event by event, with the playout policy."""
    out = step(state, action)
    while True:
        for event, after in out:
            if type(event) is RoundEnded:
                return event, after
        st = out[-1][1]
        actor = to_act(st)
        if actor is None:
            return None, st
        out = step(st, rollout_policy(st, actor, legal_actions(st), rng, model))


def compare_from(state: State, seed: int, model: Model = PLAIN) -> int:
    """Play every legal action of ``state`` out both ways; returns how many were compared."""
    for action in legal_actions(state):
        fast_rng, engine_rng = random.Random(seed), random.Random(seed)
        fast = play_out(state, action, fast_rng, model)
        slow = engine_play_out(state, action, engine_rng, model)
        assert fast == slow, f"the fast path ends the round differently after {action!r}"
        assert fast_rng.getstate() == engine_rng.getstate(), "the policies drew differently"
        score_rng = random.Random(seed)
        assert play_out_score(state, action, score_rng, model) == (slow[0] and slow[0].points)
        assert score_rng.getstate() == engine_rng.getstate()
    return len(legal_actions(state))


@pytest.mark.parametrize("entry", OPTION_SETS + MORE, ids=option_id)
def test_the_fast_path_ends_every_round_as_the_engine_does(entry):
    game, n, options = entry
    rules = rules_for(game, options, rounds=2)
    compared = 0
    for seed in range(3):
        for k, state in enumerate(decision_points(rules, n, seed, limit=40)):
            if k % 4 == 0:  # a spread of positions through each round
                compared += compare_from(state, seed * 100 + k)
    assert compared >= 10


def test_the_fast_path_follows_sampled_koikoi_options():
    """Random combinations of koi-koi's options, as the engine's own playout test samples them."""
    sampler = random.Random(15)
    compared = 0
    for seed in range(12):
        rules = find_rules("koikoi", **sample_options(sampler))
        for k, state in enumerate(decision_points(rules, 2, seed, limit=12)):
            if k % 3 == 0:
                compared += compare_from(state, seed * 100 + k)
    assert compared >= 40


def test_the_fast_path_blocks_as_the_blocking_policy_does():
    """With the blocking denial shares (`rollout.BLOCKING`), the fast path still plays exactly
    as the engine with the same policy, and the shares change the policy's choice somewhere."""
    sampler = random.Random(17)
    changed = 0
    compared = 0
    for seed in range(10):
        options = sample_options(sampler) if seed % 2 else {}
        rules = find_rules("koikoi", **options)
        for k, state in enumerate(decision_points(rules, 2, seed, limit=120)):
            if k % 5 == 0:
                compared += compare_from(state, seed * 100 + k, BLOCKING)
            seat = to_act(state)
            if state.phase == PLAY and seat is not None:
                legal = legal_actions(state)
                plain = rollout_policy(state, seat, legal, random.Random(k))
                blocking = rollout_policy(state, seat, legal, random.Random(k), BLOCKING)
                changed += plain != blocking
    assert compared >= 40
    assert changed >= 1


def test_the_fast_path_runs_the_ordinary_turn_itself(monkeypatch):
    """Ordinary turns do not step the engine: a koi-koi round takes a handful of engine steps
    (the candidate action, the decisions at the end of turns, the score), not one per card."""
    calls = []
    real = rollout.step

    def counted(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(rollout, "step", counted)
    rules = find_rules("koikoi", rounds=1)
    state = next(s for s in decision_points(rules, 2, 4) if s.phase == PLAY and s.turn_no == 1)
    ended, _ = play_out(state, legal_actions(state)[0], random.Random(1))
    assert isinstance(ended, RoundEnded)
    assert len(calls) <= 6
    known = state.hooks.playout_hooks
    assert known is not None and known >= state.hooks.overrides


def engine_shobu(state: State, seat: int) -> RoundEnded | None:
    """The reference: the score event of stepping the engine with the seat's shobu call."""
    try:
        events = step(state, CallShobu(seat=seat))
    except IllegalActionError:
        return None
    return next(e for e, _ in events if type(e) is RoundEnded)


def compare_shobu(rules: AnyRules, seeds: range) -> int:
    """`shobu_score` against the engine for both seats in the positions of random matches:
    returns how many shobu calls were legal (the others must give None too)."""
    legal = 0
    for seed in seeds:
        for state in decision_points(rules, 2, seed, limit=200):
            if state.phase != DECIDE and state.turn_no % 7:
                continue  # every decision, and a spread of the other positions
            for seat in (0, 1):
                expected = engine_shobu(state, seat)
                assert shobu_score(state, seat) == (expected and expected.points)
                if expected is not None:
                    legal += 1
                    points = shobu_points(state, seat)
                    assert points == expected.points[seat] - expected.points[1 - seat]
                    # more koi-koi calls than random play makes (the call bonus's multiplier)
                    extra = state.extra
                    assert isinstance(extra, KoiKoiRound)
                    for calls in ((4, 1), (1, 5)):
                        called = replace(state, extra=replace(extra, koikoi=calls))
                        again = engine_shobu(called, seat)
                        assert again is not None
                        assert shobu_score(called, seat) == again.points
    return legal


@pytest.mark.parametrize("preset", presets("koikoi"))
def test_shobu_is_scored_as_the_engine_scores_it(preset):
    assert compare_shobu(find_rules("koikoi", preset, rounds=3), range(6)) >= 5


def test_shobu_is_scored_as_the_engine_scores_it_under_sampled_options():
    sampler = random.Random(33)
    legal = 0
    for k in range(16):
        legal += compare_shobu(find_rules("koikoi", **sample_options(sampler)), range(k, k + 2))
    assert legal >= 20


# Scoring options the sampled sets leave at their defaults, and combinations of the rest.
SHOBU_OPTIONS: list[dict[str, object]] = [
    {"koikoi_call_bonus": True, "koikoi_multiplier": "none", "double_at_7": False},
    {"viewing_after_koikoi": 3, "viewing_yaku": "on", "koikoi_multiplier": "any_count"},
    {"match_scoring": "zero_sum", "zero_sum_cap": False, "zero_sum_start": 5},
    {"match_scoring": "zero_sum", "zero_sum_cap": True, "zero_sum_start": 5},
    {
        "sake_cup_role": "either",
        "yaku_count_mode": "best_only",
        "winner_scores_opponent_yaku": True,
    },
    {"viewing_weather_block": True, "rain_man_voids_viewing": True, "tsukifuda_enabled": True},
    {"field_bright_multiplier": "per_bright", "koikoi_call_bonus": True},
    {"field_bright_multiplier": "double_if_any", "koikoi_multiplier": "opponent_count"},
]


@pytest.mark.parametrize("options", SHOBU_OPTIONS, ids=str)
def test_shobu_is_scored_as_the_engine_scores_it_under_more_options(options):
    assert compare_shobu(find_rules("koikoi", rounds=3, **options), range(6)) >= 5


# --------------------------------------------------------------------------------------------
# Koi-koi's own playout (`fast.playout`): the whole round on integers
# --------------------------------------------------------------------------------------------


def engine_points(state: State, action: Action, rng: random.Random, policy) -> tuple | None:
    """The reference: the round's points of stepping the engine with ``policy``."""
    out = step(state, action)
    while True:
        for event, _ in out:
            if type(event) is RoundEnded:
                return event.points
        st = out[-1][1]
        actor = to_act(st)
        if actor is None:
            return None
        out = step(st, policy(st, actor, legal_actions(st), rng))


def compare_kk(state: State, seed: int) -> int:
    """Both calls of `fast.playout.play_out_score` against the engine with the same policy, from
    every legal action of ``state``: the same points, the same random numbers used. Returns how
    many playouts were compared (0 where the playout leaves the round to the engine)."""
    compared = 0
    for action in legal_actions(state):
        for call, policy in POLICIES.items():
            kk_rng, engine_rng = random.Random(seed), random.Random(seed)
            got = kk_play_out_score(state, action, kk_rng, call)
            if got is None:
                assert round_for(state) is None
                continue
            assert got == engine_points(state, action, engine_rng, policy), (call, action)
            assert kk_rng.getstate() == engine_rng.getstate(), "the policies drew differently"
            # the cheap tie-breaking generator the search gives these playouts: the same too
            kk_ties, engine_ties = Ties(seed), Ties(seed)
            got = kk_play_out_score(state, action, kk_ties, call)
            assert got == engine_points(state, action, engine_ties, policy), (call, action)
            assert kk_ties.randrange(1 << 30) == engine_ties.randrange(1 << 30)
            compared += 1
    return compared


# Koi-koi option sets the playout plays: every preset's scoring, the call's variants, the draws.
KK_OPTIONS: list[dict[str, object]] = [
    {},
    {"koikoi_requires_new_yaku": True, "raise_allows_shobu": True},
    {"koikoi_once": True, "koikoi_min_points": 3},
    {"exhaustive_draw_last_yaku_scores": True, "koikoi_call_bonus": True},
    {"draw_dealer_points": 6, "match_scoring": "zero_sum", "zero_sum_start": 8},
    {"tsukifuda_enabled": True, "viewing_weather_block": True, "yaku_count_mode": "best_only"},
    {"lightning_wild": "if_susuki_on_initial_field", "koikoi_multiplier": "any_count"},
]


def compare_kk_deals(rules: AnyRules) -> int:
    """`compare_kk` on every third decision of four two-seat deals under ``rules``: how many
    positions koi-koi's own playout played."""
    compared = 0
    for seed in range(4):
        for k, state in enumerate(decision_points(rules, 2, seed, limit=60)):
            if k % 3 == 0:
                compared += compare_kk(state, seed * 100 + k)
    return compared


@pytest.mark.parametrize("preset", presets("koikoi"))
def test_the_koikoi_playout_scores_as_the_engine_in_every_preset(preset):
    assert compare_kk_deals(find_rules("koikoi", preset, rounds=3)) >= 20


@pytest.mark.parametrize("options", KK_OPTIONS, ids=str)
def test_the_koikoi_playout_scores_as_the_engine_under_options(options):
    assert compare_kk_deals(find_rules("koikoi", rounds=3, **options)) >= 20


def test_the_koikoi_playout_leaves_the_turn_variants_to_the_engine():
    rules = find_rules("koikoi", turn_structure="draw_then_play_two")
    state = next(s for s in decision_points(rules, 2, 1) if s.phase == PLAY)
    assert kk_play_out_score(state, legal_actions(state)[0], random.Random(1)) is None


def test_ties_breaks_ties_evenly_and_nothing_else():
    """The playouts' tie-breaking generator: the same numbers from the same seed, spread evenly
    over ``range(n)``, other seeds other numbers; any use but those and `random()` (the noisy
    styles' draws, tests/bots/test_noise.py) raises."""
    ties = Ties(5)
    draws = [ties.randrange(3) for _ in range(3000)]
    again = Ties(5)
    assert [again.randrange(3) for _ in range(3000)] == draws
    assert all(900 < draws.count(k) < 1100 for k in range(3))
    firsts = [Ties(seed).randrange(4) for seed in range(2000)]
    assert all(400 < firsts.count(k) < 600 for k in range(4))
    with pytest.raises(TypeError):
        ties.getrandbits(8)
    with pytest.raises(TypeError):
        ties.shuffle([1, 2, 3])
    with pytest.raises(ValueError):
        ties.randrange(1, 5)


def test_the_koikoi_dealer_deals_what_the_seat_cannot_see_evenly():
    """`fast.chance.Dealer`: every deal agrees with the seat's view (its hand, the field, the
    captures; the opponent's hand count and the pile's size), deals the unseen cards alone, and
    puts each of them in the opponent's hand about as often as its share says."""
    rules = find_rules("koikoi", rounds=1)
    state = next(s for s in decision_points(rules, 2, 3) if s.phase == PLAY and s.turn_no == 3)
    seat = to_act(state)
    assert seat is not None
    view = observe(state, seat)
    dealer = Dealer(view, random.Random(1))
    rng = random.Random(2)
    unseen = view.unseen.mask
    other = 1 - seat
    count = state.hands[other].bit_count()
    held = [0] * 48
    deals = 3000
    for _ in range(deals):
        deal = dealer(rng)
        assert observe(deal, seat) == view
        assert deal.hands[other] | sum(1 << c for c in deal.pile) == unseen
        assert deal.hands[other].bit_count() == count and len(deal.pile) == len(state.pile)
        for c in range(48):
            held[c] += deal.hands[other] >> c & 1
    share = count / unseen.bit_count()
    for c in range(48):
        if unseen >> c & 1:
            assert abs(held[c] / deals - share) < 0.05


# --------------------------------------------------------------------------------------------
# The koi-koi playout's pieces against what they stand for, on random tables: its card choice
# against the fast path's, its call key's reach and early stop against the whole key, its call
# on masks against the policy asked on the state, its deals against sorting (key, card) pairs.
# --------------------------------------------------------------------------------------------


def kk_round(rules: AnyRules) -> tuple[IntRound, State]:
    """The compiled round of a two-seat state in play under ``rules``, and that state."""
    state = next(s for s in decision_points(rules, 2, 3) if s.phase == PLAY)
    kk = round_for(state)
    assert kk is not None
    return kk, state


def random_table(rng: random.Random) -> tuple[int, int, int, int, int]:
    """Disjoint masks: a hand (1 to 8 cards), the field, both piles, the other hand."""
    cards = list(range(48))
    rng.shuffle(cards)
    sizes = [rng.randint(1, 8), rng.randint(0, 12), rng.randint(0, 22), rng.randint(0, 22)]
    sizes.append(rng.randint(0, 8))
    masks = []
    at = 0
    for size in sizes:
        masks.append(sum(1 << c for c in cards[at : at + size]))
        at += size
    hand, field, mine, theirs, other = masks
    return hand, field, mine, theirs, other


KK_RULES = [pytest.param(find_rules("koikoi", preset), id=preset) for preset in presets("koikoi")]
KK_RULES += [
    pytest.param(find_rules("koikoi", "standard", **options), id=str(options))
    for options in KK_OPTIONS
]


@pytest.mark.parametrize("rules", KK_RULES)
def test_the_koikoi_playout_chooses_as_the_fast_path(rules):
    """`fast.policy.choose_card` and `choose_target` against `rollout._choose_play` and
    `_choose_target` of the same table: the same card, the same random numbers used."""
    kk, _ = kk_round(rules)
    rng = random.Random(11)
    ties_seen = 0
    for k in range(1500):
        hand, field, mine, theirs, other_hand = random_table(rng)
        ours, theirs_rng = Ties(k), Ties(k)
        got = choose_card(kk, hand, field, mine, theirs, other_hand.bit_count(), ours)
        assert got == rollout._choose_play(kk.fast, 0, hand, field, [mine, theirs], theirs_rng)
        assert ours._state == theirs_rng._state
        ties_seen += ours._state != Ties(k)._state
        for card in rollout.INDEXES[hand]:
            matches = field & rollout.MONTHS[card]
            if matches.bit_count() == 2:
                bit = 1 << card
                got = choose_target(kk, bit, matches, mine, theirs, ours)
                want = rollout._choose_target(kk.fast, 0, bit, matches, [mine, theirs], theirs_rng)
                assert got == want
                assert ours._state == theirs_rng._state
    assert ties_seen > 10  # the tie-breaks were exercised too


@pytest.mark.parametrize("rules", KK_RULES)
def test_the_call_keys_reach_and_early_stop_are_the_whole_keys(rules):
    """`fast.calls.reach` (its counted targets, its memo) against `reach_of` of every target;
    `_table_call`, which stops computing the key early, against `table_call` of `decision_key`."""
    kk, state = kk_round(rules)
    every = tuple(t.clauses for t in kk.prof.flat)
    rng = random.Random(12)
    for _ in range(1500):
        hand, field, mine, theirs, other = random_table(rng)
        assert reach(kk.prof, mine, theirs) == reach_of(every, mine, theirs)
        assert reach(kk.prof, theirs, mine) == reach_of(every, theirs, mine)
        turn = rng.randrange(2)
        calls = (rng.randrange(3), rng.randrange(3))
        extra = state.extra
        assert isinstance(extra, KoiKoiRound)
        at = Position(
            hand, other, mine, theirs, field, 0, turn, calls, extra.decided, extra.seen, -1
        )
        key = decision_key(kk, state, at)
        for mixed in (False, True):
            got = _table_call(kk, state, at, mixed)
            assert got == table_call(key, mixed)


@pytest.mark.parametrize("rules", KK_RULES)
def test_the_playouts_call_on_masks_is_the_policys_on_the_state(rules):
    """`fast.calls._normal_call` (the normal call weighed on the playout's integers) against
    `_state_call` (the decision's state built, the playout policy asked), both calls seen."""
    kk, state = kk_round(rules)
    rng = random.Random(13)
    extra = state.extra
    assert isinstance(extra, KoiKoiRound)
    called = set()
    for _ in range(300):
        hand, field, mine, theirs, other = random_table(rng)
        turn = rng.randrange(2)
        calls = (rng.randrange(2), rng.randrange(2))
        at = Position(
            hand, other, mine, theirs, field, len(state.pile), turn, calls, extra.decided,
            extra.seen, extra.last_yaku,
        )  # fmt: skip
        got = _normal_call(kk, state, at)
        want = _state_call(kk, state, random.Random(0), at, state.turn_no, False)
        assert got == want
        called.add(got)
    assert called == {True, False}


def test_the_koikoi_dealer_deals_as_sorting_the_cards_by_their_keys():
    """`fast.chance.Dealer`: the opponent's hand and the pile of each deal are the hidden cards
    sorted by the 32-bit keys the generator gives, ties to the lower card."""
    rules = find_rules("koikoi", rounds=1)
    state = next(s for s in decision_points(rules, 2, 5) if s.phase == PLAY and s.turn_no == 2)
    seat = to_act(state)
    assert seat is not None
    view = observe(state, seat)
    dealer = Dealer(view, random.Random(1))
    hidden = dealer.hidden
    count = state.hands[1 - seat].bit_count()
    ours, reference = random.Random(3), random.Random(3)
    for _ in range(200):
        deal = dealer(ours)
        keys = memoryview(reference.randbytes(4 * len(hidden))).cast("I")
        cards = [c for _, c in sorted(zip(keys, hidden, strict=True))]
        assert deal.hands[1 - seat] == sum(1 << c for c in cards[:count])
        assert deal.pile == tuple(cards[count:])


def first_turns(rules: AnyRules, deals: int) -> list[State]:
    """The first play of each of ``deals`` two-seat deals (a card from the hand next)."""
    out = []
    for seed in range(deals):
        state = next(decision_points(rules, 2, seed, limit=1), None)  # None: no play at all
        if state is not None and state.phase == PLAY and state.stage == HAND:
            out.append(state)
    return out


@pytest.mark.parametrize("options", KK_OPTIONS[:4], ids=str)
def test_a_duel_of_plain_styles_is_the_playout_policy_on_the_engine(options):
    """`fast.playout.styled_score` with `rollout_policy`'s weights in both seats plays the round
    as stepping the engine with the policy of its call does: the same points, the same random
    numbers used."""
    rules = find_rules("koikoi", rounds=3, **options)
    plain = (PLAIN_STYLE, PLAIN_STYLE)
    played = 0
    for k, state in enumerate(first_turns(rules, 12)):
        for call, policy in POLICIES.items():
            kk_rng, engine_rng = random.Random(k), random.Random(k)
            got = styled_score(state, kk_rng, plain, call)
            if got is None:
                continue
            first = policy(state, state.turn, legal_actions(state), engine_rng)
            assert got == engine_points(state, first, engine_rng, policy), call
            assert kk_rng.getstate() == engine_rng.getstate()
            played += 1
    assert played >= 20


def test_each_seat_plays_its_own_style():
    """A style that throws its cards away (a discard valued above any capture) loses to the
    playout policy from either seat: each seat's cards are chosen by its own weights."""
    giveaway = Style(risk=(-5.0, -5.0, -5.0, -5.0), mate=0.0)
    plain = PLAIN_STYLE
    states = first_turns(find_rules("koikoi", rounds=1), 60)
    for seat in (0, 1):
        styles = (plain, giveaway) if seat == 0 else (giveaway, plain)
        margin = 0
        for k, state in enumerate(states):
            points = styled_score(state, Ties(k), styles)
            assert points is not None
            margin += points[seat] - points[1 - seat]
        assert margin / len(states) > 1.0, (seat, margin)
