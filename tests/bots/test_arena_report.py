"""The page `lab/arena.py` writes (docs/opponents.md): it says which steps of the order of the
levels are not significant or not measured, so a short or missing run cannot pass for a
result."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import pytest

#: Tests of a study in lab/, run by `make lab-test` (tests/conftest.py).
pytestmark = pytest.mark.lab

_PATH = Path(__file__).resolve().parents[2] / "lab" / "arena.py"
_spec = importlib.util.spec_from_file_location("lab_arena", _PATH)
assert _spec and _spec.loader
arena = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(arena)


def pairing(a: str, b: str, diff: float, lo: float, hi: float, hands: int) -> dict:
    return {
        "a": a,
        "b": b,
        "hands": hands,
        "points_per_hand": [10.0 + diff, 10.0],
        "diff_per_hand": diff,
        "diff_ci95": [lo, hi],
        "win_rate": 0.55,
        "win_rate_ci95": [0.5, 0.6],
        "strong_budget": {"playouts": 1000} if a == "strong" else None,
    }


RESULTS = {
    "sakura (3 players)": {
        "pairings": [
            pairing("strong", "normal", 0.83, -1.11, 2.77, 400),
            pairing("normal", "easy", 2.5, 1.5, 3.5, 3000),
            pairing("easy", "random", 40.0, 39.0, 41.0, 3000),
        ]
    },
    "sakura (5 players)": {
        "pairings": [
            pairing("normal", "easy", 0.46, 0.01, 0.92, 3000),
            pairing("easy", "random", 15.8, 15.0, 16.5, 3000),
        ]
    },
}


def test_a_step_whose_interval_reaches_zero_is_marked_and_listed():
    text = arena.opponents_page(RESULTS)
    row = next(line for line in text.splitlines() if line.startswith("| strong vs normal"))
    assert "(not significant)" in row
    normal_row = next(line for line in text.splitlines() if line.startswith("| normal vs easy"))
    assert "not significant" not in normal_row
    listed = text.split("Steps not significant")[1].split("\n\n")[1]
    assert "sakura (3 players): strong vs normal, +0.83 [-1.11, +2.77] over 400 hands" in listed
    assert "normal vs easy" not in listed


def test_a_missing_step_is_listed_as_not_measured():
    text = arena.opponents_page(RESULTS)
    missing = text.split("Steps not measured:")[1].split("\n\n")[1]
    assert missing.strip() == "- sakura (5 players): strong vs normal."


def test_every_step_significant_says_so():
    # A deep copy: the shared RESULTS must stay as the other tests read them, in any order.
    results = {"sakura (3 players)": copy.deepcopy(RESULTS["sakura (3 players)"])}
    results["sakura (3 players)"]["pairings"][0] = pairing("strong", "normal", 9.0, 5.0, 13.0, 400)
    text = arena.opponents_page(results)
    assert "Every step measured is significant." in text
    assert "not significant" not in text
    assert "Steps not measured" not in text
    assert "fewer hands than asked" not in text


def test_a_step_short_of_its_hands_is_listed():
    results = {
        "sakura (3 players)": {
            "pairings": [
                pairing("strong", "normal", 9.0, 5.0, 13.0, 399),
                pairing("normal", "easy", 2.5, 1.5, 3.5, 999),
                pairing("easy", "random", 40.0, 39.0, 41.0, 1000),
            ]
        }
    }
    text = arena.opponents_page(results)
    short = text.split("fewer hands than asked")[1].split("\n\n")[1]
    assert short.splitlines() == [
        "- sakura (3 players): strong vs normal, 399 hands of 400;",
        "- sakura (3 players): normal vs easy, 999 hands of 1,000.",
    ]


def ab_run(a: dict, b: dict, seed: int, diff: float, cpu: tuple[float, float]) -> dict:
    return {
        "a": a,
        "b": b,
        "hands": 400,
        "deals": 200,
        "seed": seed,
        "diff_per_hand": diff,
        "sd_per_deal": 3.6,
        "cpu_ms_per_decision": list(cpu),
        "recorded": "2026-11-30 20:00 UTC",
        "load": [1.0, 1.0],
        "machine": "2 cores (x86_64)",
    }


def test_strong_search_pools_a_pair_whether_its_defaults_are_spelled_out_or_not() -> None:
    runs = [
        ab_run({"playouts": 970, "infer": True}, {"playouts": 1000}, 1, 0.2, (97, 98)),
        ab_run(
            {"playouts": 970, "infer": True}, {"playouts": 1000, "infer": False}, 2, -0.1, (97, 98)
        ),
    ]
    text = "\n".join(arena._strong_search(runs))
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert len(rows) == 1
    assert "| 800 | +0.05 [" in rows[0] and "| 1, 2 |" in rows[0]
    assert "is not reached" in text


def test_strong_search_counts_the_target_only_at_the_default_budget_and_equal_cpu() -> None:
    costly = [ab_run({"playouts": 1000, "infer": True}, {"playouts": 1000}, 1, 1.0, (150, 100))]
    text = "\n".join(arena._strong_search(costly))
    assert "more CPU" in text and "is not reached" in text
    fair = [ab_run({"playouts": 970, "infer": True}, {"playouts": 1000}, 1, 1.0, (99, 100))]
    assert "is reached" in "\n".join(arena._strong_search(fair))
    # ... and today's player against {}, its own default budget, counts as well.
    assert "is reached" in "\n".join(arena._strong_search([fair[0] | {"b": {}}]))


def test_a_run_summarized_from_parts_has_its_row_without_a_load() -> None:
    """`strong_ab.py --from-parts --save` records no load: its row says so, and a pooled row
    keeps the load of its other runs."""
    cut = ab_run({"playouts": 5000}, {}, 2, 0.3, (700, 150))
    del cut["load"]
    runs = [ab_run({"playouts": 5000}, {}, 1, 0.1, (700, 150)), cut]
    rows = [r for r in arena._strong_search(runs) if r.startswith("| `")]
    assert len(rows) == 1
    assert "2026-11-30 20:00, 1.0-1.0; 2026-11-30 20:00, load not recorded |" in rows[0]


def test_the_oracle_is_a_bound_never_a_player_that_reaches_the_target() -> None:
    oracle = [ab_run({"oracle": True}, {}, 1, 1.0, (99, 100))]
    text = "\n".join(arena._strong_search(oracle))
    assert "`oracle` true (sees the opponent's hand, a bound) | `playouts` 1000 |" in text
    assert "is not reached" in text


def legacy_run(a: dict, seed: int, diff: float, cpu: tuple[float, float], mismatches: int = 0):
    run = ab_run(a, {"playouts": 1000}, seed, diff, cpu)
    run |= {
        "legacy_commit": "30f4c8b",
        "score_mismatches": mismatches,
        "rules_new": {"koikoi_once": False, "first_dealer": "draw"},
        "rules_changed": {},
    }
    return run


def test_legacy_search_reaches_the_target_only_at_no_more_cpu_on_rounds_scored_alike():
    fair = [legacy_run({}, 1, 0.9, (100, 300)), legacy_run({"playouts": 1000}, 2, 0.7, (90, 310))]
    text = "\n".join(arena._legacy_search(fair))
    rows = [line for line in text.splitlines() if line.startswith("| `playouts` 1000 |")]
    assert len(rows) == 1  # {} and the default spelled out are one player, pooled
    assert "| 800 | +0.80 [" in rows[0] and "| 1, 2 |" in rows[0]
    assert "is reached: `playouts` 1000, 95 ms CPU a decision against 305: +0.80" in text
    assert 'did: `first_dealer` "draw", `koikoi_once` false.' in text
    bigger = [legacy_run({"playouts": 3000}, 1, 0.9, (250, 300))]
    assert "is reached: `playouts` 3000" in "\n".join(arena._legacy_search(bigger))
    # more CPU than the first version, other rules, a round scored differently, a gain under
    # 0.5 or an interval reaching 0: not the target
    changed = {"rules_changed": {"double_at_7": [True, False]}}
    for runs in (
        [legacy_run({}, 1, 0.9, (310, 300))],
        [legacy_run({}, 1, 0.9, (100, 300)) | changed],
        [legacy_run({}, 1, 0.9, (100, 300), mismatches=1)],
        [legacy_run({}, 1, 0.45, (100, 300))],
        [legacy_run({}, 1, 0.5, (100, 300)) | {"sd_per_deal": 40.0}],
    ):
        text = "\n".join(arena._legacy_search(runs))
        assert "is reached" not in text and "is not reached against it" in text
    text = "\n".join(arena._legacy_search([legacy_run({}, 1, 0.9, (100, 300)) | changed]))
    assert "Options set differently: `double_at_7` true then, false now." in text


def test_legacy_search_says_nothing_without_runs():
    assert arena._legacy_search([]) == []


def _kk_calls_run(margins: dict[str, list[float]]) -> dict:
    return {
        "a": {},
        "b": {"kk": None},
        "seed": 1,
        "recorded": "2026-12-01 13:00 UTC",
        "hands": 200,
        "first_calls_played_on": 40,
        "estimate": 9.0,
        "realized": 10.0,
        "realized_less_estimate": [0.2, 1.0, 1.8],
        "margins": {m: {"gain_per_hand": g, "hands_changed": 3} for m, g in margins.items()},
    }


def test_kk_calls_says_which_margins_gain_and_which_lose():
    losing = _kk_calls_run(
        {"-1.0": [-0.5, -0.3, -0.1], "1.0": [-0.1, 0.0, 0.1], "3.0": [-0.4, -0.2, -0.1]}
    )
    text = "\n".join(arena._kk_calls(losing))
    assert (
        "no margin gains with its interval above 0: the call sits at the best margin measured"
        in text
    )
    assert "; a margin of -1, 3 loses." in text
    assert "| 3 | -0.20 [-0.40, -0.10] | 3 |" in text
    assert "`kk` null (the first version's player" in text
    gaining = _kk_calls_run({"1.0": [0.05, 0.1, 0.15], "1000.0": [-2.0, -1.5, -1.0]})
    text = "\n".join(arena._kk_calls(gaining))
    assert "a margin of 1 gains with its interval above 0; a margin of always" not in text
    assert "a margin of 1 gains with its interval above 0." in text
    assert "| always shobu | -1.50 [-2.00, -1.00] | 3 |" in text
    assert arena._kk_calls(None) == []


def test_model_limits_reports_the_readings_share_of_the_way_to_the_oracle():
    share = {
        "decisions": 1200,
        "deals": 100,
        "seed": 4000,
        "player": {"kk": None},
        "uniform": 0.2,
        "betas": {
            "2.0": {"share": 0.24, "of_gap": 0.05, "of_gap_ci95": [0.04, 0.06]},
            "20.0": {"share": 0.28, "of_gap": 0.1, "of_gap_ci95": [0.09, 0.11]},
        },
    }
    text = " ".join(arena._model_limits(share))
    assert "(`beta` 2) deals 0.240, 5.0% [4.0, 6.0]" in text
    assert "best slope tried (`beta` 20) 10.0% [9.0, 11.0]" in text
    assert "at most 10% of what the oracle is told" in text
    assert "the first version's player" in text
    # Without a run, only the playout weights' finding.
    alone = " ".join(arena._model_limits(None))
    assert "local optimum" in alone and "oracle" not in alone
