"""Random koi-koi playouts over 500+ sampled option combinations, with the engine invariants:
every card in exactly one zone after every event, fold(events) equals the state built step by
step, encode -> decode -> fold gives it again, score lines add up, and in zero-sum matches the
two totals always sum to twice the start value."""

from __future__ import annotations

import random
from typing import Any

from core.cards import ALL_MASK
from core.chance import advance
from core.engine import apply, fold, legal_actions, step
from core.events import DrawnToHand, KoiKoiCalled, MatchStarted, Redeal, RoundEnded, ShobuCalled
from core.logfile import encode_log, header_for, read_log
from core.players import Player
from core.rules import find_rules
from core.state import CHOOSE, DEAL, DEALER_DRAW, OVER, State

PLAYERS = (
    Player(name="Ann", kind="bot", bot="random"),
    Player(name="Bo", kind="bot", bot="random"),
)

CHOICES: dict[str, list[Any]] = dict(
    lucky_hands=["win_6", "redeal", "off"],
    field_lucky_pattern_redeal=[True, False],
    hand_size=[8, 10],
    yaku_values=["nintendo", "common"],
    ribbon_animal_system=["modern", "classic"],
    inoshikacho_enabled=[True, False],
    viewing_yaku=["on", "off", "require_other_yaku"],
    viewing_weather_block=[True, False],
    rain_man_voids_viewing=[True, False],
    sake_cup_role=["both", "either", "animal_only"],
    tsukifuda_enabled=[True, False],
    lightning_wild=["off", "always", "if_susuki_on_initial_field"],
    play_out_draw_pile=[True, False],
    turn_structure=["standard", "draw_then_play_two"],
    unmatched_draw_to_hand=[True, False],
    draw_dealer_points=[0, 1, 6],
    draw_next_dealer=["same", "other"],
    exhaustive_draw_last_yaku_scores=[True, False],
    koikoi_min_points=[0, 3, 6],
    koikoi_requires_new_yaku=[True, False],
    double_at_7=[True, False],
    double_threshold=[7, 5],
    koikoi_multiplier=[
        "none",
        "self_flat",
        "opponent_flat",
        "any_flat",
        "opponent_count",
        "any_count",
    ],
    field_bright_multiplier=["off", "double_if_any", "per_bright"],
    yaku_count_mode=["all", "best_only"],
    winner_scores_opponent_yaku=[True, False],
    match_scoring=["cumulative", "zero_sum", "target"],
    zero_sum_start=[5, 30],
    target_score=[10, 50],
)


def sample_options(rng: random.Random) -> dict[str, Any]:
    options = {key: rng.choice(values) for key, values in CHOICES.items()}
    options["double_chaff_cards"] = tuple(
        c for c in ("sake_cup", "lightning", "yellow_paulownia") if rng.random() < 0.3
    )
    if rng.random() < 0.2:
        options["yaku_points"] = {"hanamizake": 3, "goko": 12, "kasu": 2}
    if options["turn_structure"] == "draw_then_play_two":
        options["unmatched_draw_to_hand"] = False
    options["rounds"] = rng.choice([1, 2, 3])
    return options


def check_zones(state: State) -> None:
    if not state.hands:
        return
    seen = state.field
    for mask in (*state.hands, *state.captures):
        assert not seen & mask, "a card is in two zones"
        seen |= mask
    for i in state.pile:
        assert not seen >> i & 1, "a card is in two zones"
        seen |= 1 << i
    if state.phase == CHOOSE:
        assert not seen >> state.pending & 1
        seen |= 1 << state.pending
    assert seen == ALL_MASK, "a card is in no zone"


def play(rules: Any, rng: random.Random) -> list[Any]:
    start = MatchStarted(rules=rules, players=PLAYERS)
    events: list[Any] = [start]
    state = apply(None, start)
    zero_sum = rules.match_scoring == "zero_sum"
    while state.phase != OVER:
        if state.phase in (DEALER_DRAW, DEAL):
            pairs = advance(state, rng)
        else:
            legal = legal_actions(state)
            assert legal, f"nobody can act in phase {state.phase}"
            pairs = step(state, legal[rng.randrange(len(legal))])
        for event, after in pairs:
            check_zones(after)
            events.append(event)
            if isinstance(event, RoundEnded):
                for seat_score in event.breakdown:
                    assert sum(x.points for x in seat_score.lines) == seat_score.points
                if zero_sum:
                    assert sum(event.points) == 0
            if zero_sum:
                assert sum(after.totals) == 2 * rules.zero_sum_start
        state = pairs[-1][1]
    assert fold(events) == state
    assert read_log(encode_log(header_for(events), events)).state == state
    return events


def test_random_playouts_over_500_option_combinations() -> None:
    rng = random.Random(20261129)
    seen: set[str] = set()
    for _ in range(520):
        options = sample_options(rng)
        events = play(find_rules("koikoi", **options), rng)
        for e in events:
            if isinstance(e, RoundEnded):
                seen.add(e.reason)
            elif isinstance(e, (DrawnToHand, KoiKoiCalled, Redeal)):
                seen.add(type(e).__name__)
            elif isinstance(e, ShobuCalled):
                seen.add("auto_shobu" if e.auto else "shobu_called")
    # The sample reaches every way a round can go.
    assert seen >= {
        "shobu",
        "exhaustive_draw",
        "lucky_hand",
        "DrawnToHand",
        "KoiKoiCalled",
        "Redeal",
        "auto_shobu",
        "shobu_called",
    }
