"""Bakappana end to end (docs/rules.md §2, §3): random playouts with the engine invariants, and
scripted deals whose outcome is known."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from core.actions import ChooseCapture, PlayCard
from core.cards import CARDS, Card, mask_of
from core.engine import apply, decide, fold, legal_actions, step, to_act
from core.errors import CorruptLogError, IllegalActionError, RulesError
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    MatchStarted,
    Redeal,
    RoundEnded,
)
from core.rules import find_rules
from core.state import CHOOSE, DEAL, DRAW, OVER, PLAY, VOID
from core.timeline import Timeline
from tests.helpers import assert_replays, check_zones, players, random_playout


def _playout_checked(rules, n, seed):
    def check(event, state):
        check_zones(state)
        if isinstance(event, RoundEnded):
            caps = sum(c.bit_count() for c in state.captures)
            if caps == 48:
                total = sum(s.lines[0].points for s in event.breakdown)
                assert total == (264 if rules.chaff_value == 1 else 240)
            if rules.scoring == "zero_sum":
                assert caps == 48
                assert sum(event.points) == 0

    events, states = random_playout(rules, n, seed, check=check)
    assert states[-1].phase == OVER
    assert states[-1].rounds_done == rules.rounds
    assert_replays(events, states)
    return events, states


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts_keep_every_invariant(n):
    for seed in range(200):
        rules = find_rules(
            "bakappana",
            rounds=1 + seed % 3,
            scoring="zero_sum" if seed % 2 else "simple",
            chaff_value=1 if seed % 5 else 0,
        )
        _playout_checked(rules, n, seed)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_zero_sum_totals_are_zero_over_a_match(n):
    for seed in range(20):
        _events, states = _playout_checked(
            find_rules("bakappana", scoring="zero_sum", rounds=3), n, seed
        )
        assert sum(states[-1].totals) == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_undo_back_to_the_start_reproduces_every_cached_state(n):
    for seed in range(200):
        events, states = random_playout(find_rules("bakappana", rounds=1 + seed % 2), n, seed)
        timeline = Timeline(events)
        decisions = [i for i, e in enumerate(events) if isinstance(e, (CardPlayed, CaptureChosen))]
        for index in reversed(decisions):
            seat = events[index].seat
            # undo every other seat's later decisions first, as the game would
            while timeline.last_decision(seat) is not None and timeline.last_decision(seat) > index:
                timeline.undo(seat)
            for other in range(len(states[0].players)):
                while (d := timeline.last_decision(other)) is not None and d > index:
                    timeline.undo(other)
            timeline.undo(seat)
            got = timeline.last
            want = states[index - 1]
            assert replace(got, undos=want.undos) == want
            if index % 7 == 0:  # the undone log itself replays to the same state
                assert fold(timeline.events) == got
        assert timeline.can_undo(0) is False
        assert fold(timeline.events) == timeline.last


def test_redo_restores_the_undone_future():
    events, _ = random_playout(find_rules("bakappana", rounds=1), 3, 7)
    timeline = Timeline(events[:40])
    before = timeline.last
    seat = to_act(before) if to_act(before) is not None else 0
    dropped = timeline.undo(1)
    assert dropped and timeline.can_redo()
    timeline.redo()
    assert replace(timeline.last, undos=before.undos) == before
    assert timeline.last.undos[1] == 1
    assert seat is not None


def _deck(field, hands, pile):
    order = [
        Card.parse(c) for c in field.split() + [c for h in hands for c in h.split()] + pile.split()
    ]
    rest = [c for c in CARDS if c not in order]
    return tuple(order + rest)


def _dealt_state(n, deck, **options):
    rules = find_rules("bakappana", rounds=1, **options)
    state = apply(None, MatchStarted(rules=rules, players=players(n)))
    state = apply(
        state,
        DealerDrawn(
            draws=((Card.parse("01a"), *(CARDS[4 + 4 * i] for i in range(n - 1))),), dealer=0
        ),
    )
    return apply(state, Dealt(round=1, dealer=0, deck=deck))


def test_a_played_card_captures_its_single_match_and_the_draw_follows():
    deck = _deck(
        "01a 02c 03c 04c 05c 06c 07c 08c",
        ["01b 02a 03a 04a 05a 06a 07a 08a", "09a 09b 09c 09d 10a 10b 10c 10d"],
        "11a",
    )
    state = _dealt_state(2, deck)
    events = decide(state, PlayCard(seat=0, card=Card.parse("01b")))
    assert events[0] == CardPlayed(
        seat=0, card=Card.parse("01b"), captured=(Card.parse("01a"), Card.parse("01b"))
    )
    assert events[1] == CardDrawn(seat=0, card=Card.parse("11a"), captured=())
    after = step(state, PlayCard(seat=0, card=Card.parse("01b")))[-1][1]
    assert after.captures[0] == mask_of(["01a", "01b"])
    assert after.field & Card.parse("11a").bit
    assert to_act(after) == 1


def test_two_matches_make_the_player_choose_and_three_take_all_four():
    deck = _deck(
        "01a 01c 02a 02b 02c 03c 04c 05c",
        ["01b 02d 06a 06b 06c 07a 07b 07c", "09a 09b 09c 09d 10a 10b 10c 10d"],
        "01d",
    )
    state = _dealt_state(2, deck)
    # 01b finds 01a and 01c: a choice
    ((ev, after),) = step(state, PlayCard(seat=0, card=Card.parse("01b")))
    assert ev.captured == () and after.phase == CHOOSE
    assert legal_actions(after) == (
        ChooseCapture(seat=0, card=Card.parse("01b"), target=Card.parse("01a")),
        ChooseCapture(seat=0, card=Card.parse("01b"), target=Card.parse("01c")),
    )
    pairs = step(after, ChooseCapture(seat=0, card=Card.parse("01b"), target=Card.parse("01c")))
    assert pairs[0][0].captured == (Card.parse("01b"), Card.parse("01c"))
    # the draw, 01d, then takes the last Pine card
    assert pairs[1][0] == CardDrawn(
        seat=0, card=Card.parse("01d"), captured=(Card.parse("01a"), Card.parse("01d"))
    )
    # 02d finds three Plum cards on the field: takes all four
    state2 = _dealt_state(2, deck)
    pairs = step(state2, PlayCard(seat=0, card=Card.parse("02d")))
    assert set(pairs[0][0].captured) == {Card.parse(c) for c in ("02a", "02b", "02c", "02d")}


def test_the_drawn_card_with_two_matches_is_a_choice_too():
    deck = _deck(
        "05a 05b 02c 03c 04c 06c 07c 08c",
        ["12a 12b 12c 12d 11a 11b 11c 11d", "09a 09b 09c 09d 10a 10b 10c 10d"],
        "05c",
    )
    state = _dealt_state(2, deck)
    pairs = step(state, PlayCard(seat=0, card=Card.parse("12a")))
    assert isinstance(pairs[-1][0], CardDrawn) and pairs[-1][0].captured == ()
    after = pairs[-1][1]
    assert after.phase == CHOOSE and after.pending_from == DRAW and to_act(after) == 0
    pairs = step(after, ChooseCapture(seat=0, card=Card.parse("05c"), target=Card.parse("05b")))
    assert pairs[0][0].captured == (Card.parse("05b"), Card.parse("05c"))
    assert to_act(pairs[-1][1]) == 1


def test_illegal_actions_are_refused_naming_the_action():
    deck = _deck(
        "01a 02c 03c 04c 05c 06c 07c 08c",
        ["01b 02a 03a 04a 05a 06a 07a 08a", "09a 09b 09c 09d 10a 10b 10c 10d"],
        "11a",
    )
    state = _dealt_state(2, deck)
    with pytest.raises(IllegalActionError, match="not in seat 1's hand"):
        decide(state, PlayCard(seat=0, card=Card.parse("09a")))
    with pytest.raises(
        IllegalActionError, match="seat 1's decision, not seat 2's: play 09a Sake Cup"
    ):
        decide(state, PlayCard(seat=1, card=Card.parse("09a")))
    with pytest.raises(IllegalActionError, match="no capture to choose"):
        decide(state, ChooseCapture(seat=0, card=Card.parse("01b"), target=Card.parse("01a")))


def test_four_of_a_month_on_the_field_is_a_misdeal_and_the_same_dealer_redeals():
    deck = _deck("03a 03b 03c 03d 05c 06c 07c 08c", [], "")
    state = _dealt_state(2, deck)
    assert state.phase == VOID and to_act(state) is None
    from core.engine import run_auto

    ((ev, after),) = run_auto(state)
    assert ev == Redeal(reason="four_of_a_month_on_field")
    assert after.phase == DEAL and after.dealer == 0 and after.rounds_done == 0


def test_first_dealer_is_the_earliest_month_then_the_higher_kind():
    rules = find_rules("bakappana")
    start = apply(None, MatchStarted(rules=rules, players=players(3)))
    c = Card.parse
    ok = apply(start, DealerDrawn(draws=((c("05a"), c("02c"), c("02a")),), dealer=2))
    assert ok.dealer == 2
    # a tie on month and kind must be redrawn
    tie = ((c("02c"), c("02d"), c("05a")), (c("04a"), c("12a"), c("04b")))
    assert apply(start, DealerDrawn(draws=tie, dealer=0)).dealer == 0
    with pytest.raises(CorruptLogError, match="not seat 2"):
        apply(start, DealerDrawn(draws=((c("05a"), c("02c"), c("02a")),), dealer=1))
    with pytest.raises(CorruptLogError, match="another draw must follow"):
        apply(start, DealerDrawn(draws=(tie[0],), dealer=0))


def test_next_dealer_is_the_highest_score_and_ties_go_to_the_dealer_side():
    from core.games.base import highest_deals

    state = replace(_dealt_state(3, _deck("", [], "")), dealer=1)
    assert highest_deals(state, (10, 20, 30)) == 2
    assert highest_deals(state, (30, 20, 30)) == 2  # seat 2 comes before seat 0 after dealer 1
    assert highest_deals(state, (30, 30, 10)) == 1


def test_two_player_round_plays_out_the_draw_pile_unless_ending_at_empty_hands():
    for seed in range(10):
        events, states = random_playout(find_rules("bakappana", rounds=1), 2, seed)
        draw_only = [e for e in events if isinstance(e, CardDrawn)]
        assert len(draw_only) == 24  # the 24-card pile is drawn out: 16 turns + 8 draw-only
        assert sum(c.bit_count() for c in states[-1].captures) == 48
        events, states = random_playout(
            find_rules("bakappana", rounds=1, end_at_empty_hands=True), 2, seed
        )
        assert len([e for e in events if isinstance(e, CardDrawn)]) == 16
        assert len(states[-1].pile) == 8
        assert next(e for e in events if isinstance(e, RoundEnded)).reason == "hands_empty"


def test_ten_card_hands_use_the_whole_pile_with_the_hands():
    events, states = random_playout(find_rules("bakappana", rounds=1, hand_size_2p=10), 2, 3)
    dealt = next(e for e in events if isinstance(e, Dealt))
    first = next(s for s in states if s.phase == PLAY)
    assert [h.bit_count() for h in first.hands] == [10, 10] and len(first.pile) == 20
    assert dealt.round == 1


def test_zero_sum_scores_against_par_and_chaff_value_zero_changes_par():
    events, _ = random_playout(find_rules("bakappana", rounds=1, scoring="zero_sum"), 3, 11)
    ended = next(e for e in events if isinstance(e, RoundEnded))
    for seat_score in ended.breakdown:
        assert seat_score.lines[1].points == -88
    events, _ = random_playout(
        find_rules("bakappana", rounds=1, scoring="zero_sum", chaff_value=0), 4, 11
    )
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert all(s.lines[1].points == -60 for s in ended.breakdown)
    assert sum(ended.points) == 0


def test_rules_validation():
    with pytest.raises(RulesError, match="unknown option"):
        find_rules("bakappana", nonsense=1)
    with pytest.raises(RulesError, match="unknown preset"):
        find_rules("bakappana", "nope")
    with pytest.raises(RulesError, match="unknown game"):
        find_rules("poker")
    with pytest.raises(RulesError):
        find_rules("bakappana", scoring="zero_sum", end_at_empty_hands=True)
    with pytest.raises(RulesError):
        find_rules("bakappana", rounds=0)
    assert find_rules("bakappana", "eighty").chaff_value == 0


def test_a_match_of_many_rounds_passes_the_deal_to_the_round_winner():
    events, states = random_playout(find_rules("bakappana", rounds=6), 3, 5)
    ends = [e for e in events if isinstance(e, RoundEnded)]
    deals = [e for e in events if isinstance(e, Dealt)]
    assert len(ends) == 6
    for ended, next_deal in zip(ends, deals[1:], strict=False):  # the last round: none
        assert next_deal.dealer == ended.next_dealer
        assert ended.points[ended.next_dealer] == max(ended.points)
    assert states[-1].totals == tuple(sum(p) for p in zip(*(e.points for e in ends), strict=True))
