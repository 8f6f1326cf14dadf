"""Shared fixtures of the bot tests: positions from random play in every game and option set."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.games.registry import GAMES
from core.rules import AnyRules, find_rules
from core.state import State
from tests.helpers import players

# (game, players, options): every game, several table sizes, and option sets that change what
# a bot must handle (wild cards, draw variants, teams, the Gaji's options, scoring modes).
OPTION_SETS: list[tuple[str, int, dict[str, object]]] = [
    ("bakappana", 2, {}),
    ("bakappana", 3, {"scoring": "zero_sum"}),
    ("bakappana", 4, {"chaff_value": 0}),
    ("hana-awase", 2, {}),
    ("hana-awase", 3, {"yaku_table": "ja", "scoring": "zero_sum"}),
    ("hana-awase", 4, {"lightning_wild": True}),
    ("koikoi", 2, {}),
    (
        "koikoi",
        2,
        {"yaku_values": "common", "koikoi_multiplier": "any_count", "lightning_wild": "always"},
    ),
    ("koikoi", 2, {"turn_structure": "draw_then_play_two", "play_out_draw_pile": True}),
    (
        "koikoi",
        2,
        {"unmatched_draw_to_hand": True, "koikoi_requires_new_yaku": True, "koikoi_min_points": 3},
    ),
    ("sakura", 2, {}),
    ("sakura", 3, {"gaji_blocked": "return_to_hand", "gaji_end_claim": "all_remaining"}),
    ("sakura", 4, {"teams": "2x2"}),
    ("sakura", 6, {"teams": "3x2", "sakura_round_end": "hands_and_deck_empty"}),
]

STANDARD: list[tuple[str, int, dict[str, Any]]] = [
    (game, GAMES[game].min_players, {}) for game in sorted(GAMES)
] + [("sakura", 4, {"teams": "2x2"})]


def rules_for(game: str, options: dict[str, Any], rounds: int = 1) -> AnyRules:
    return find_rules(game, rounds=rounds, **options)


def decision_points(rules: AnyRules, n: int, seed: int, limit: int = 1000) -> Iterator[State]:
    """Every state of a random match where a seat must decide (up to ``limit``)."""
    rng = random.Random(seed)
    state = apply(None, MatchStarted(rules=rules, players=players(n)))
    found = 0
    while not is_over(state) and found < limit:
        if is_chance(state):
            state = advance(state, rng)[-1][1]
            continue
        assert to_act(state) is not None
        found += 1
        yield state
        legal = legal_actions(state)
        state = step(state, legal[rng.randrange(len(legal))])[-1][1]


def option_id(entry: tuple[str, int, dict[str, object]]) -> str:
    game, n, options = entry
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{n}p" + (f"-{extra}" if extra else "")
