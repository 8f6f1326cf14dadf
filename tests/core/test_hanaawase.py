"""Hana-awase (docs/rules.md §4): the three scoring modes, the variants as options, a scripted
3-player deal, and random playouts over sampled options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.cards import ALL_MASK, CARDS, Card, mask_of
from core.chance import advance
from core.engine import apply, fold, legal_actions, run_auto, step
from core.errors import RulesError
from core.events import DealerDrawn, Dealt, Event, MatchStarted, RoundEnded
from core.games.hanaawase.game import GAME
from core.games.hanaawase.rules import HanaAwaseRules
from core.games.hanaawase.scoring import HanaAwaseRound
from core.logfile import encode_log, header_for, read_log
from core.players import Player
from core.rules import find_rules, option_docs, presets
from core.state import CHOOSE, DEAL, DEALER_DRAW, OVER, SCORING, RoundState, State


def players(n: int) -> tuple[Player, ...]:
    return tuple(Player(name=f"P{i + 1}") for i in range(n))


def scored(
    rules: HanaAwaseRules, *piles: str, extra: RoundState | None = None, dealer: int = 0
) -> RoundEnded:
    """The score of a finished round in which seat i captured ``piles[i]``; the rest of the deck
    goes to the last seat, so that every card is captured."""
    masks = [mask_of(p.split()) for p in piles]
    rest = ALL_MASK
    for m in masks:
        rest &= ~m
    masks[-1] |= rest
    n = len(masks)
    state = State(
        rules=rules,
        hooks=GAME,
        players=players(n),
        phase=SCORING,
        dealer=dealer,
        totals=(0,) * n,
        round=1,
        hands=(0,) * n,
        field=0,
        pile=(),
        captures=tuple(masks),
        turn=0,
        end_reason="cards_exhausted",
        extra=extra,
    )
    return GAME.score_round(state)


def lines(ended: RoundEnded, seat: int) -> list[tuple[str, str | None, int]]:
    return [(x.kind, x.id, x.points) for x in ended.breakdown[seat].lines]


# Seat 0: akatan (40) and 35 card points; seat 1: nothing special; seat 2 gets everything else.
AKA = "01b 02b 03b 01c 01d 02c 02d 03c 03d 04c 04d 05c 05d 06c 06d 07c 07d 08c 08d 09c 09d 10c 10d"


def test_seed_scoring_multiplies_yaku_by_players_minus_one() -> None:
    rules = find_rules("hana-awase")
    ended = scored(rules, AKA, "02a", "")
    assert lines(ended, 0) == [
        ("cards", None, 35),
        ("yaku", "akatan", 40),
        ("multiplier", "yaku_by_players", 40),
    ]
    assert ended.points[0] == 35 + 40 * 2
    assert ended.points[1] == 10
    all_yaku = sum(x.points for b in ended.breakdown for x in b.lines if x.kind == "yaku")
    assert sum(ended.points) == 264 + 2 * all_yaku  # every card is captured once
    two = scored(rules, AKA, "")
    assert two.points[0] == 35 + 40  # x1 with two players
    four = scored(rules, AKA, "02a", "04a", "")
    assert four.points[0] == 35 + 40 * 3
    assert four.breakdown[0].lines[-1].factor == 3


def test_plain_scoring_adds_yaku_once() -> None:
    ended = scored(find_rules("hana-awase", scoring="plain"), AKA, "02a", "")
    assert ended.points[0] == 35 + 40
    assert not any(x.kind == "multiplier" for x in ended.breakdown[0].lines)


def test_zero_sum_scoring() -> None:
    rules = find_rules("hana-awase", scoring="zero_sum")
    ended = scored(rules, AKA, "02a", "")
    # (cards - 88) + 2 x own yaku - the others' yaku, with 3 players.
    seat2_cards = 264 - 35 - 10
    seat2_yaku = sum(x.points for x in ended.breakdown[2].lines if x.kind == "yaku")
    assert ended.points[0] == (35 - 88) + 2 * 40 - seat2_yaku
    assert ended.points[1] == (10 - 88) - 40 - seat2_yaku
    assert ended.points[2] == (seat2_cards - 88) + 2 * seat2_yaku - 40
    assert sum(ended.points) == 0
    assert ("par", None, -88) in lines(ended, 1)
    two = scored(rules, AKA, "")
    assert sum(two.points) == 0 and ("par", None, -132) in lines(two, 0)


def test_chaff_value_zero() -> None:
    rules = find_rules("hana-awase", chaff_value=0, scoring="zero_sum")
    ended = scored(rules, AKA, "02a", "")
    assert lines(ended, 0)[0] == ("cards", None, 15) and ("par", None, -80) in lines(ended, 0)
    assert sum(ended.points) == 0
    assert scored(find_rules("hana-awase", chaff_value=0), AKA, "02a", "").points[0] == 15 + 80


def test_fuke_threshold() -> None:
    rules = find_rules("hana-awase", fuke_threshold=20)
    ended = scored(rules, AKA, "02a", "")  # seat 1 took only 10 card points
    assert ended.points == (0, 0, 0)
    fuke = ended.breakdown[0].lines[0]
    assert (fuke.kind, fuke.id, fuke.seat, fuke.value) == ("note", "fuke", 1, 10)
    assert ended.next_dealer == 0  # a draw: the tie goes to the dealer
    assert scored(rules, AKA, "02a 04a 05a", "").points[1] == 30  # 30 > 20: no fuke
    assert scored(find_rules("hana-awase"), AKA, "02a", "").points[1] == 10


def test_willow_row_variants() -> None:
    willows = "11a 11b 11c 11d"
    seat2 = "06b 09b 10b"  # aotan for seat 2 (besides the rest of the deck)
    base = find_rules("hana-awase", scoring="plain")
    ended = scored(base, AKA, willows, seat2)
    assert ("yaku", "yanagi_shima", 10) in lines(ended, 1) and ("yaku", "akatan", 40) in lines(
        ended, 0
    )
    cancel = scored(
        find_rules("hana-awase", scoring="plain", willow_row="cancel_all"), AKA, willows, seat2
    )
    assert not any(x.kind == "yaku" for s in range(3) for x in cancel.breakdown[s].lines)
    assert cancel.points[0] == 35
    owner = scored(
        find_rules("hana-awase", scoring="plain", willow_row="owner_only"), AKA, willows, seat2
    )
    assert ("yaku", "yanagi_shima", 10) in lines(owner, 1)
    assert not any(x.kind == "yaku" for s in (0, 2) for x in owner.breakdown[s].lines)
    assert owner.points[1] == 20 + 10 + 5 + 1 + 10


def test_rainman_blocks_viewing_in_the_score() -> None:
    rules = find_rules("hana-awase", rainman_blocks_viewing=True, scoring="plain")
    assert ("yaku", "nomi", 40) not in lines(scored(rules, "03a 08a 09a 11a", ""), 0)
    assert ("yaku", "nomi", 40) in lines(scored(rules, "03a 08a 09a", "11a"), 0)


def test_teyaku_chaff() -> None:
    rules = find_rules("hana-awase", teyaku_chaff=True)
    six = mask_of(["01c", "01d", "02c", "02d", "03c", "03d"])
    seven = mask_of(["04c", "04d", "05c", "05d", "06c", "06d", "07c"])
    ended = scored(rules, AKA, "02a", "", extra=HanaAwaseRound(shown=(six, 0, seven)))
    assert ("bonus", "teyaku", 40) in lines(ended, 0)
    assert ("penalty", "pays_teyaku", -30) in lines(ended, 0)
    assert ("bonus", "teyaku", 60) in lines(ended, 2)
    assert ("penalty", "pays_teyaku", -20) in lines(ended, 2)
    # each payment names the seat it is paid to
    assert [(x.seat, x.points) for x in ended.breakdown[1].lines if x.kind == "penalty"] == [
        (0, -20),
        (2, -30),
    ]
    assert [x.points for x in ended.breakdown[1].lines if x.kind == "penalty"] == [-20, -30]
    plain = scored(find_rules("hana-awase"), AKA, "02a", "")
    assert [a - b for a, b in zip(ended.points, plain.points, strict=True)] == [
        40 - 30,
        -50,
        60 - 20,
    ]
    # The deal records what each seat showed: 6 or more chaff in the opening hand.
    deck = [Card.parse(c) for c in ["08a", "08b", "09a", "09b", "10a", "10b"]]
    deck += [
        Card.parse(c) for c in ["01c", "01d", "02c", "02d", "03c", "03d", "11a"]
    ]  # seat 0: six chaff
    deck += [Card.parse(c) for c in ["04a", "04b", "05a", "05b", "06a", "06b", "07a"]]
    deck += [c for c in CARDS if c not in deck]
    events = [
        MatchStarted(rules=rules, players=players(3)),
        DealerDrawn(draws=((Card.parse("01a"), Card.parse("02a"), Card.parse("03a")),), dealer=0),
        Dealt(round=1, dealer=0, deck=tuple(deck)),
    ]
    state = fold(events)
    assert state.extra == HanaAwaseRound(shown=(six, 0, 0))


def _one_round(rules: HanaAwaseRules, n: int, seed: int) -> tuple[RoundEnded, State]:
    rng = random.Random(seed)
    state = apply(None, MatchStarted(rules=rules, players=players(n)))
    ended = None
    while ended is None:
        if state.phase in (DEALER_DRAW, DEAL):
            pairs = advance(state, rng)
        else:
            pairs = step(state, legal_actions(state)[0])
        for event, after in pairs:
            if isinstance(event, RoundEnded):
                return event, state
            state = after
    raise AssertionError


def test_two_players_play_out_the_pile_unless_ending_at_empty_hands() -> None:
    ended, before = _one_round(find_rules("hana-awase", rounds=1), 2, 3)
    assert ended.reason == "cards_exhausted" and not before.pile
    assert sum(before.captures[s].bit_count() for s in range(2)) + before.field.bit_count() == 48
    ended, before = _one_round(find_rules("hana-awase", rounds=1, end_at_empty_hands=True), 2, 3)
    assert ended.reason == "hands_empty" and len(before.pile) == 8
    ended, before = _one_round(find_rules("hana-awase", rounds=1, hand_size_2p=10), 2, 3)
    assert ended.reason == "cards_exhausted" and not before.pile and not any(before.hands)


def test_hand_size_and_end_at_empty_hands() -> None:
    assert GAME.deal_sizes(find_rules("hana-awase", hand_size_2p=10), 2) == (10, 8)
    assert GAME.deal_sizes(find_rules("hana-awase"), 3) == (7, 6)
    with pytest.raises(RulesError):
        find_rules("hana-awase", end_at_empty_hands=True, scoring="zero_sum")


def test_presets_and_option_docs() -> None:
    assert set(presets("hana-awase")) >= {"standard", "ja"}
    assert find_rules("hana-awase", preset="ja").yaku_table == "ja"
    docs = {doc.key: (doc.default, doc.explanation) for doc in option_docs("hana-awase")}
    for key, default in {
        "yaku_table": "fudawiki",
        "scoring": "seed",
        "fuke_threshold": 0,
        "willow_row": "yaku",
        "rainman_blocks_viewing": False,
        "chaff_value": 1,
        "teyaku_chaff": False,
    }.items():
        assert docs[key][0] == default and docs[key][1]


# ------------------------------------------------------------------------------------------
# A scripted 3-player deal and random playouts
# ------------------------------------------------------------------------------------------


def test_scripted_three_player_round() -> None:
    rules = find_rules("hana-awase", rounds=1)
    rng = random.Random(11)
    deck = list(CARDS)
    rng.shuffle(deck)
    events = [
        MatchStarted(rules=rules, players=players(3)),
        DealerDrawn(draws=((Card.parse("05a"), Card.parse("01b"), Card.parse("09c")),), dealer=1),
        Dealt(round=1, dealer=1, deck=tuple(deck)),
    ]
    state = fold(events)
    assert state.turn == 1 and [h.bit_count() for h in state.hands] == [7, 7, 7]
    while state.phase not in ("over",):
        pairs = step(state, legal_actions(state)[0]) if legal_actions(state) else run_auto(state)
        events += [e for e, _ in pairs]
        state = pairs[-1][1]
    ended = next(e for e in events if isinstance(e, RoundEnded))
    caps = fold(events[: events.index(ended)]).captures
    for seat in range(3):
        total = sum(c.points for c in CARDS if caps[seat] & c.bit)
        yaku = sum(x.points for x in ended.breakdown[seat].lines if x.kind == "yaku")
        assert ended.points[seat] == total + 2 * yaku
    assert sum(ended.points) == 264 + 2 * sum(
        x.points for b in ended.breakdown for x in b.lines if x.kind == "yaku"
    )
    assert ended.next_dealer == max(range(3), key=lambda s: (ended.points[s], -((s - 1) % 3)))


OPTIONS: dict[str, list[Any]] = dict(
    yaku_table=["fudawiki", "ja"],
    scoring=["seed", "plain", "zero_sum"],
    fuke_threshold=[0, 20, 40],
    willow_row=["yaku", "cancel_all", "owner_only"],
    rainman_blocks_viewing=[True, False],
    chaff_value=[1, 0],
    teyaku_chaff=[True, False],
    hand_size_2p=[8, 10],
    end_at_empty_hands=[True, False],
    lightning_wild=[True, False],
)


def _zones_ok(state: State) -> None:
    if not state.hands:
        return
    seen = state.field
    for mask in (*state.hands, *state.captures):
        assert not seen & mask
        seen |= mask
    for i in state.pile:
        assert not seen >> i & 1
        seen |= 1 << i
    if state.phase == CHOOSE:
        seen |= 1 << state.pending
    assert seen == ALL_MASK


def test_random_playouts_over_sampled_options() -> None:
    rng = random.Random(2024)
    for k in range(120):
        options = {key: rng.choice(values) for key, values in OPTIONS.items()}
        if options["scoring"] == "zero_sum":
            options["end_at_empty_hands"] = False
        rules = find_rules("hana-awase", rounds=rng.choice([1, 2]), **options)
        n = rng.choice([2, 3, 4])
        state = apply(None, MatchStarted(rules=rules, players=players(n)))
        events: list[Event] = [MatchStarted(rules=rules, players=players(n))]
        while state.phase != OVER:
            if state.phase in (DEALER_DRAW, DEAL):
                pairs = advance(state, rng)
            else:
                legal = legal_actions(state)
                pairs = step(state, legal[rng.randrange(len(legal))])
            for event, after in pairs:
                _zones_ok(after)
                events.append(event)
                if isinstance(event, RoundEnded):
                    for b in event.breakdown:
                        assert sum(x.points for x in b.lines) == b.points
                    if options["scoring"] == "zero_sum":
                        assert sum(event.points) == 0
            state = pairs[-1][1]
        assert fold(events) == state
        assert read_log(encode_log(header_for(events), events)).state == state, k
