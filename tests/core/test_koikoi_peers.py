"""The presets of the koi-koi programs people use (docs/rules.md §7, docs/rules-notes.md "Presets
of other programs"): scripted rounds played under each preset, scored to the numbers that program
gives. Each docstring works the number out from the program's own code:

- ``koikoi-ai``: guansanghai/KoiKoi-AI, ``koikoigame.py``: ``yaku()`` lists the yaku (all of them
  stack), ``yaku_point()`` adds the winner's koi-koi calls (or multiplies by calls - 2 from four
  calls on), ``round_point`` pays the winner's points from the loser (an exhausted round: the
  dealer +1, the other -1).
- ``open-hanafuda-ai``: suzukiplan/open-hanafuda-ai, ``src/ai_native.c`` (``compute_invent_score``,
  ``analyze_invent``), ``src/sim_result.c`` (``show_result``: x2 at 7 or more, x2 after the
  opponent's koi-koi), ``src/ai.c`` (``is_koikoi_enabled``: nobody has called yet), ``src/game.c``
  (a no-game passes the deal).

The decks were found by dealing random shuffles and playing them with `policy` below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.actions import Action
from core.cards import Card
from core.engine import apply, fold, legal_actions, run_auto, step
from core.events import (
    DealerDrawn,
    Dealt,
    Event,
    KoiKoiCalled,
    MatchStarted,
    Redeal,
    RoundEnded,
    ShobuCalled,
)
from core.games.koikoi.round import round_of
from core.games.koikoi.rules import KoiKoiRules
from core.rules import find_rules
from core.state import DECIDE, State
from tests.core.test_koikoi import (
    FIELD_PLAIN,
    HAND_PLAIN,
    HAND_PLAIN2,
    KUTTSUKI,
    PLAYERS,
    TESHI,
    deck_from_codes,
    deck_of,
    scored,
)

AI = find_rules("koikoi", preset="koikoi-ai")
OPEN = find_rules("koikoi", preset="open-hanafuda-ai")


def policy(calls_wanted: int) -> Callable[[State], Action]:
    """Seat 0 calls koi-koi until it has called ``calls_wanted`` times, then stops; seat 1 always
    stops; every other choice is the first legal action (the lowest card)."""

    def choose(state: State) -> Action:
        legal = legal_actions(state)
        if state.phase == DECIDE and state.turn == 0:
            return legal[0] if round_of(state).koikoi[0] < calls_wanted else legal[-1]
        if state.phase == DECIDE:
            return legal[-1]
        return legal[0]

    return choose


def play_round(rules: KoiKoiRules, deck: Sequence[Card], calls_wanted: int) -> list[Event]:
    """One round dealt by seat 0 (the coin picked it), played out with `policy`."""
    events: list[Event] = [
        MatchStarted(rules=rules, players=PLAYERS),
        DealerDrawn(draws=(), dealer=0),
        Dealt(round=1, dealer=0, deck=tuple(deck)),
    ]
    state = fold(events)
    pairs = run_auto(state)
    choose = policy(calls_wanted)
    while True:
        for event, after in pairs:
            events.append(event)
            state = after
        if state.phase in ("deal", "match_end", "over"):
            return events
        pairs = step(state, choose(state))


def ended(events: list[Event]) -> RoundEnded:
    return next(e for e in events if isinstance(e, RoundEnded))


def calls(events: list[Event], seat: int) -> int:
    return sum(isinstance(e, KoiKoiCalled) and e.seat == seat for e in events)


# ---- KoiKoi-AI --------------------------------------------------------------------------------

AI_FOUR_CALLS = (
    "04b 04c 08d 02b 09b 10d 05b 03c 11c 04a 01d 11d 05c 04d 07b 09a "
    "07d 02a 10a 12b 02d 08a 06a 01b 11b 12d 02c 07c 10b 06d 03b 06b "
    "08b 12c 07a 03d 01c 09c 01a 12a 10c 05d 05a 03a 06c 08c 11a 09d"
)
AI_BOTH_SETS = (
    "07a 03c 03d 05d 09b 06d 08d 09a 06b 11c 05a 02b 09d 08c 12b 01a "
    "10a 04d 12c 04c 11d 07d 09c 02a 12a 11a 01b 07b 08b 01d 10b 02d "
    "10c 05b 03a 07c 03b 10d 06a 06c 04b 12d 04a 01c 05c 08a 02c 11b"
)
AI_SECOND_YAKU = (
    "06a 11c 03d 10a 04b 08b 09c 02c 12c 05b 07c 07a 02b 03a 10b 04a "
    "09a 08c 04c 12a 01d 03c 06d 10c 09b 11b 12d 02a 11d 09d 07d 07b "
    "05a 12b 08a 05d 01b 08d 06b 05c 02d 11a 10d 06c 01a 01c 03b 04d"
)
AI_NO_GAME = (
    "02d 02c 05c 04c 03c 10a 05b 11a 08d 11d 07b 05a 07c 08a 02b 12c "
    "07a 01a 12d 09b 06a 01c 08c 09c 11b 08b 03d 10c 04b 04d 06d 11c "
    "01d 02a 03b 06b 10b 01b 09d 05d 04a 07d 12a 06c 03a 10d 12b 09a"
)


def test_koikoi_ai_the_preset() -> None:
    assert AI.rounds == 8 and AI.zero_sum_start == 30 and AI.match_scoring == "zero_sum"
    assert AI.first_dealer == "coin_flip" and not AI.double_at_7
    assert AI.koikoi_multiplier == "none" and AI.koikoi_call_bonus and not AI.zero_sum_cap


def test_koikoi_ai_four_calls() -> None:
    """Ann calls koi-koi four times, then stops with tane (five seeds: 5 - 4 = 1), tan (eight
    ribbons: 8 - 4 = 4) and kasu (eleven dross, the Sake Cup among them: 11 - 9 = 2). KoiKoi-AI's
    ``yaku_point``: 1 + 4 + 2 = 7, and with four calls (more than three) 7 x (4 - 2) = 14; the
    round pays it from Bo: 30 + 14 = 44, 30 - 14 = 16."""
    events = play_round(AI, deck_from_codes(AI_FOUR_CALLS), calls_wanted=4)
    assert calls(events, 0) == 4 and calls(events, 1) == 0
    end = ended(events)
    assert end.reason == "shobu"
    yaku = {x.id: x.points for x in end.breakdown[0].lines if x.kind == "yaku"}
    assert yaku == {"tane": 1, "tan": 4, "kasu": 2}
    assert [x.factor for x in end.breakdown[0].lines if x.kind == "multiplier"] == [2]
    assert (end.points, end.totals, end.next_dealer) == ((14, -14), (44, 16), 0)


def test_koikoi_ai_both_ribbon_sets() -> None:
    """Ann holds the poetry and the blue ribbons and the Willow ribbon and stops after one call.
    KoiKoi-AI's ``yaku``: Red & Blue Ribbons 10, Red Ribbons 5, Blue Ribbons 5, Tan 7 - 4 = 3,
    all counted; ``yaku_point`` adds 1 for the one call: 24."""
    events = play_round(AI, deck_from_codes(AI_BOTH_SETS), calls_wanted=1)
    end = ended(events)
    yaku = [(x.id, x.points) for x in end.breakdown[0].lines if x.kind == "yaku"]
    assert yaku == [("akatan_aotan", 10), ("akatan", 5), ("aotan", 5), ("tan", 3)]
    assert [x.points for x in end.breakdown[0].lines if x.kind == "bonus"] == [1]
    assert (end.points, end.totals) == ((24, -24), (54, 6))


def test_koikoi_ai_second_yaku_after_the_opponents_koikoi() -> None:
    """Ann calls koi-koi; Bo then makes Moon Viewing and stops. Bo has called nothing, so
    KoiKoi-AI's ``yaku`` counts the viewing yaku 1 (3 only for a holder who called koi-koi),
    and there is no doubling for Ann's call: Bo wins 1, Ann pays 1; Bo deals next."""
    events = play_round(AI, deck_from_codes(AI_SECOND_YAKU), calls_wanted=1)
    assert calls(events, 0) == 1
    end = ended(events)
    assert [(x.id, x.points) for x in end.breakdown[1].lines if x.kind == "yaku"] == [
        ("tsukimizake", 1)
    ]
    assert (end.points, end.totals, end.next_dealer) == ((-1, 1), (29, 31), 1)


def test_koikoi_ai_no_game() -> None:
    """Ann calls koi-koi and nothing more is made before the hands run out. KoiKoi-AI's
    ``round_point`` for an exhausted round: the dealer +1, the other -1; ``new_round`` keeps
    the dealer (``winner`` is the dealer)."""
    events = play_round(AI, deck_from_codes(AI_NO_GAME), calls_wanted=1)
    assert calls(events, 0) == 1
    end = ended(events)
    assert (end.reason, end.points, end.totals, end.next_dealer) == (
        "exhaustive_draw",
        (1, -1),
        (31, 29),
        0,
    )


def test_koikoi_ai_viewing_after_a_call_and_deals() -> None:
    """KoiKoi-AI's viewing yaku: 1, or 3 once the holder called koi-koi (here twice: +2)."""
    assert scored(AI, "03a 09a").points == (1, -1)
    assert scored(AI, "03a 09a", koikoi=(2, 0)).points == (5, -5)
    # ``__deal_card`` redeals four of a month in a hand or on the field; four pairs are played.
    t = _dealt(AI, deck_of(FIELD_PLAIN, HAND_PLAIN, TESHI))
    assert t[-1] == Redeal(reason="lucky_hand")
    t = _dealt(AI, deck_of(FIELD_PLAIN, KUTTSUKI, "05a 05b 06c 07c 08a 08c 10c 12c"))
    assert not any(isinstance(e, (Redeal, RoundEnded)) for e in t)
    t = _dealt(AI, deck_of("09a 09b 10b 10c 11a 11b 12a 12b", HAND_PLAIN, HAND_PLAIN2))
    assert not any(isinstance(e, Redeal) for e in t)  # four pairs on the field: played
    # No cap: the loser may go below zero, which ends the match.
    end = scored(AI, "01a 03a 08a 12a 11a", totals=(30, 5))
    assert end.points == (10, -10) and end.totals == (40, -5)


def _dealt(rules: KoiKoiRules, deck: Sequence[Card]) -> list[Event]:
    events: list[Event] = [
        MatchStarted(rules=rules, players=PLAYERS),
        DealerDrawn(draws=(), dealer=0),
        Dealt(round=1, dealer=0, deck=tuple(deck)),
    ]
    state = fold(events)
    return events + [e for e, _ in run_auto(state)]


# ---- open-hanafuda-ai --------------------------------------------------------------------------

OPEN_SECOND_YAKU = (
    "08c 03d 11a 11d 08d 12a 02b 03b 09d 10a 07a 02c 11b 05d 01c 12b "
    "01a 12d 11c 05c 03c 08a 07b 04a 09a 06b 09b 07c 01d 06c 10c 02d "
    "05a 06d 06a 12c 03a 10d 04c 07d 02a 10b 05b 09c 04b 04d 01b 08b"
)
OPEN_NO_GAME = (
    "10b 11c 11b 04b 03b 03d 12d 01d 01c 02d 06b 03a 08d 04a 09a 11a "
    "02c 07a 10a 02b 07c 05b 11d 08a 06a 02a 12c 01a 05a 07b 09d 04d "
    "12b 06c 10d 12a 01b 10c 05c 06d 04c 09c 09b 08c 08b 05d 07d 03c"
)


def test_open_hanafuda_ai_second_yaku_after_the_opponents_koikoi() -> None:
    """Ann calls koi-koi; Bo then makes sanko. ``is_koikoi_enabled`` is off once anyone has
    called, so ``show_result`` scores Bo at once, with no decision: sanko 5 (``compute_invent_
    score``), x2 for Ann's koi-koi (``round_multiplier``) = 10; the winner deals next."""
    events = play_round(OPEN, deck_from_codes(OPEN_SECOND_YAKU), calls_wanted=4)
    assert calls(events, 0) == 1  # Ann wanted four calls: the rules allow one
    assert ShobuCalled(seat=1, auto=True) in events
    end = ended(events)
    assert (end.points, end.next_dealer) == ((0, 10), 1)


def test_open_hanafuda_ai_one_koikoi_a_round() -> None:
    """Four calls cannot happen: ``is_koikoi_enabled`` refuses a call once anyone has called, so
    Ann, who would call every time, calls at most once a round."""
    for deck in (OPEN_SECOND_YAKU, OPEN_NO_GAME):
        events = play_round(OPEN, deck_from_codes(deck), calls_wanted=4)
        assert calls(events, 0) + calls(events, 1) <= 1


def test_open_hanafuda_ai_both_ribbon_sets() -> None:
    """``compute_invent_score``: both ribbon sets are Akatan+Aotan 10 with ``base_up`` tan - 6,
    exclusive with the single sets: seven ribbons give 10 + 1 = 11, x2 at 7 or more = 22."""
    end = scored(OPEN, "01b 02b 03b 06b 09b 10b 11c")
    assert [(x.id, x.points) for x in end.breakdown[0].lines if x.kind == "yaku"] == [
        ("akatan_aotan", 11)
    ]
    assert end.points == (22, 0)


def test_open_hanafuda_ai_no_game() -> None:
    """Ann calls koi-koi and the hands run out with no new yaku: ``is_draw_state`` (the caller's
    score did not rise, the other has none) scores nothing, and ``game()`` passes the deal
    (``g.oya ^= 1``)."""
    events = play_round(OPEN, deck_from_codes(OPEN_NO_GAME), calls_wanted=1)
    assert calls(events, 0) == 1
    end = ended(events)
    assert (end.reason, end.points, end.next_dealer) == ("exhaustive_draw", (0, 0), 1)


def test_open_hanafuda_ai_deals() -> None:
    """``validate_floor_cards`` redeals four of a month or four pairs in a hand, three of a
    month or four pairs on the field."""
    assert _dealt(OPEN, deck_of(FIELD_PLAIN, HAND_PLAIN, TESHI))[-1] == Redeal(reason="lucky_hand")
    kut = deck_of(FIELD_PLAIN, KUTTSUKI, "05a 05b 06c 07c 08a 08c 10c 12c")
    assert _dealt(OPEN, kut)[-1] == Redeal(reason="lucky_hand")
    three = deck_of("09a 09b 09c 10c 11a 11b 12a 06d", HAND_PLAIN, HAND_PLAIN2)
    assert _dealt(OPEN, three)[-1] == Redeal(reason="three_of_a_month_on_field")
    pairs = deck_of("09a 09b 10b 10c 11a 11b 12a 12b", HAND_PLAIN, HAND_PLAIN2)
    assert _dealt(OPEN, pairs)[-1] == Redeal(reason="lucky_pattern_on_field")
    assert apply(None, MatchStarted(rules=OPEN, players=PLAYERS)).phase == "dealer_draw"
