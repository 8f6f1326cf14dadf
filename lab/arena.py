"""Arena: the bot levels against each other, seat-swapped, per game; and their decision times.

Every hand is a fresh deal played twice (more with more seats), the bots swapping seats, so both
get the same cards and the same first dealer. For each pairing it records points per hand, the
difference with its 95% interval, and the share of decided hands each side won (Wilson 95%
interval). Decision times are measured separately, one level at a time, at each level's default
budget.

    .venv/bin/python lab/arena.py                        # every game, default sizes
    .venv/bin/python lab/arena.py --games koikoi --hands 2000 --workers 2
    .venv/bin/python lab/arena.py --docs                 # also rewrite docs/opponents.md
    .venv/bin/python lab/arena.py --docs-only            # only that, from the results

Results go to lab/results/arena.json (merged per game) and, with --docs, to docs/opponents.md,
a page this script writes whole (from this and the other studies' results files).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from core.actions import Action
from core.games.registry import GAMES
from core.rules import AnyRules, find_rules
from core.view import View
from hanatui.arena.selfplay import DuelResult, duel, seatings, sides
from hanatui.bots import BOTS, Bot, StrongBot
from hanatui.bots.heuristics import team_numbers
from hanatui.bots.strong import DEFAULT_PLAYOUTS

ROOT = Path(__file__).resolve().parent.parent

RESULTS = ROOT / "lab" / "results" / "arena.json"
PAGE = ROOT / "docs" / "opponents.md"
PAIRINGS = (("strong", "normal"), ("normal", "easy"), ("easy", "random"))
LEVELS = ("random", "easy", "normal", "strong")
TITLE = "# Computer opponents"
# The hands each pairing is to be measured over: with strong, and between the fast levels.
MIN_HANDS_STRONG, MIN_HANDS = 400, 1000

# Results and options as they are read from and written to JSON.
Json = dict[str, Any]

# The arena's budget for the strong level: its default, so the figures are the level as played.
ARENA_STRONG: Json = {"playouts": DEFAULT_PLAYOUTS}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def make(spec: str, strong_kwargs: Json | None = None) -> Bot:
    """A bot from a level name; the strong level gets the arena's budget."""
    if spec == "strong":
        return StrongBot(**(strong_kwargs or ARENA_STRONG))
    return BOTS[spec]()


def game_rules(game: str, options: Json | None = None) -> AnyRules:
    return find_rules(game, rounds=1, **(options or {}))


def _play_chunk(
    task: tuple[str, str, str, int, int, int, Json, Json],
) -> DuelResult:
    """Some deals of one pairing, each in every distinct seating."""
    game, a, b, seed, deals, players, options, strong_kwargs = task
    return duel(
        game_rules(game, options),
        lambda: make(a, strong_kwargs),
        lambda: make(b, strong_kwargs),
        deals=deals,
        seed=seed,
        players=players,
    )


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


T = TypeVar("T")


def _spread(run: Callable[[Any], T], tasks: list[Any], workers: int) -> list[T]:
    """``run`` over ``tasks`` in order: in ``workers`` forked processes, or here for one."""
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return pool.map(run, tasks, chunksize=1)
    return [run(t) for t in tasks]


def run_pairing(
    game: str,
    a: str,
    b: str,
    *,
    hands: int,
    seed: int = 1,
    players: int = 2,
    workers: int = 1,
    options: Json | None = None,
    strong_kwargs: Json | None = None,
) -> Json:
    """``a`` against ``b`` over about ``hands`` seat-swapped hands: points and hands won.

    With more than two seats the two levels alternate round the table, team by team with
    teams; each side's points are the mean of its seats. Each deal is played once per distinct
    seating (`seatings`).
    """
    rules = game_rules(game, options)
    per_deal_hands = len(seatings(sides(rules, players)))
    deals = max(1, math.ceil(hands / per_deal_hands))
    chunk = 5
    tasks = [
        (
            game,
            a,
            b,
            seed + k,
            min(chunk, deals - k),
            players,
            options or {},
            strong_kwargs or ARENA_STRONG,
        )
        for k in range(0, deals, chunk)
    ]
    start = time.perf_counter()
    cpu_start = _cpu()
    load_before = os.getloadavg()[0]
    parts = _spread(_play_chunk, tasks, workers)
    seconds = time.perf_counter() - start
    result = DuelResult(())
    for part in parts:
        result = result + part
    n = result.hand_count
    diffs = [x - y for x, y in result.hands]
    # The unit is the deal: its hands (one per seating, the seats swapped) are paired, the luck
    # of the cards cancelling between them, so the interval is over the deals' mean differences.
    per_deal = max(1, n // deals) if n else 1
    deal_diffs = [statistics.fmean(diffs[i : i + per_deal]) for i in range(0, n, per_deal)]
    sd = statistics.stdev(deal_diffs) if len(deal_diffs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(deal_diffs)) if deal_diffs else 0.0
    cpu = _cpu() - cpu_start
    ppH = result.points_per_hand
    diff = ppH[0] - ppH[1]
    won = result.won
    decided = result.decided
    return {
        "game": game,
        "a": a,
        "b": b,
        "players": players,
        "hands": n,
        "decided": decided,
        "deals": deals,
        "seatings": per_deal_hands,
        "seed": seed,
        "sd_per_deal": round(sd, 4),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),
        "points_per_hand": [round(ppH[0], 3), round(ppH[1], 3)],
        "diff_per_hand": round(diff, 3),
        "diff_ci95": [round(diff - half, 3), round(diff + half, 3)],
        "win_rate": round(won[0] / decided, 4) if decided else None,
        "win_rate_ci95": [round(x, 4) for x in wilson(won[0], decided)],
        "hands_won": list(won),
        "strong_budget": dict(strong_kwargs or ARENA_STRONG) if "strong" in (a, b) else None,
        "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "workers": workers,
    }


RUN_FIELDS = (
    "seed",
    "deals",
    "hands",
    "decided",
    "hands_won",
    "points_per_hand",
    "diff_per_hand",
    "sd_per_deal",
    "seed_note",
    "recorded",
    "load",
    "load_note",
    "workers",
    "seconds",
    "cpu_seconds",
)


def drop_repeats(r: Json) -> Json:
    """A pairing as recorded before the arena played each distinct seating once: at an even
    table every layout of the levels was played ``players / 2`` times over, the same games
    each time (the bots' randomness is seeded per seat), and counted as that many hands. The
    figures per deal (points, their difference and its interval) stand; the counts of hands,
    decided hands and hands won are divided by the repeats."""
    if "seatings" in r:
        return r
    n = r["players"]
    repeats = n // 2 if n % 2 == 0 else 1
    out = dict(r)
    out["seatings"] = n // repeats
    if repeats > 1:
        counts = [r["hands"], r["decided"], *r["hands_won"]]
        if any(c % repeats for c in counts):
            raise ValueError(f"{r['game']} {r['a']} vs {r['b']}: counts not in repeats of {n}")
        out["hands"] //= repeats
        out["decided"] //= repeats
        out["hands_won"] = [w // repeats for w in r["hands_won"]]
        out["win_rate_ci95"] = [round(x, 4) for x in wilson(out["hands_won"][0], out["decided"])]
        out["repeats_dropped"] = repeats
    return out


def runs_of(r: Json) -> list[Json]:
    """The runs a pairing's record pools: its ``runs``, or the record itself as one run (its
    standard deviation per deal read back from its interval when the run did not record it)."""
    if "runs" in r:
        return list(r["runs"])
    run = {k: r[k] for k in RUN_FIELDS if k in r}
    if "sd_per_deal" not in run:
        lo, hi = r["diff_ci95"]
        run["sd_per_deal"] = round((hi - lo) / 2 / 1.96 * math.sqrt(r["deals"]), 4)
    return [run]


def extend(old: Json, new: Json) -> Json:
    """One record of a pairing from an earlier record and a new run on fresh deals: the same
    levels, table and strong budget, and seed ranges that do not meet (no deal counted twice).
    Points and the difference pool the deals; the interval is over all the deals; the hands
    won are summed. (Runs pooled this way must play the same bots: check the bots' history.)"""
    for key in ("game", "a", "b", "players", "seatings", "strong_budget"):
        if old.get(key) != new.get(key):
            raise ValueError(f"cannot extend: {key} differs ({old.get(key)} / {new.get(key)})")
    runs = runs_of(old) + runs_of(new)
    spans = []
    for run in runs:
        if run.get("seed") is None:
            raise ValueError("cannot extend: a run's seed is not recorded")
        spans.append((run["seed"], run["seed"] + run["deals"]))
    spans.sort()
    if any(spans[i][1] > spans[i + 1][0] for i in range(len(spans) - 1)):
        raise ValueError(f"cannot extend: the runs' deals overlap ({spans})")
    mean, half, deals, hands = pool_runs(runs)
    ppH = [sum(run["deals"] * run["points_per_hand"][i] for run in runs) / deals for i in (0, 1)]
    won = [sum(run["hands_won"][i] for run in runs) for i in (0, 1)]
    decided = sum(run["decided"] for run in runs)
    out = {k: v for k, v in new.items() if k not in RUN_FIELDS}
    out.update(
        hands=hands,
        decided=decided,
        deals=deals,
        seconds=round(sum(run["seconds"] for run in runs), 1),
        cpu_seconds=round(sum(run["cpu_seconds"] for run in runs), 1),
        points_per_hand=[round(x, 3) for x in ppH],
        diff_per_hand=round(mean, 3),
        diff_ci95=[round(mean - half, 3), round(mean + half, 3)],
        win_rate=round(won[0] / decided, 4) if decided else None,
        win_rate_ci95=[round(x, 4) for x in wilson(won[0], decided)],
        hands_won=won,
        recorded=max(run["recorded"] for run in runs),
        runs=runs,
    )
    return out


def _match_chunk(task: tuple[str, int, int, int, Json, int]) -> list[tuple[float, float]]:
    """Some deals of whole matches, match-aware normal (side 0) against the same weights
    without the standing (side 1), once per seating: each match's final totals per side."""
    from hanatui.arena.selfplay import play_rotated
    from hanatui.bots.normal import NormalBot, params_for

    game, seed, deals, players, options, rounds = task
    rules = find_rules(game, rounds=rounds, **options)
    aware = params_for(game)
    plain = aware._replace(match_aware=False)
    rotations = [tuple((s + r) % players for s in range(players)) for r in range(players)]
    out = []
    for k in range(deals):
        bots: list[Bot] = [NormalBot(aware if s % 2 == 0 else plain) for s in range(players)]
        for timeline, seating in play_rotated(rules, bots, seed=seed + k, rotations=rotations):
            sums, counts = [0.0, 0.0], [0, 0]
            for s, total in enumerate(timeline.last.totals):
                sums[seating[s] % 2] += total
                counts[seating[s] % 2] += 1
            out.append((sums[0] / counts[0], sums[1] / counts[1]))
    return out


def run_matches(
    game: str,
    *,
    deals: int,
    seed: int = 1,
    players: int = 2,
    workers: int = 1,
    options: Json | None = None,
    rounds: int = 12,
) -> Json:
    """Match-aware normal against normal that plays each hand alone: whole ``rounds``-round
    matches, each deal once per seating; matches won (Wilson 95% interval over decided ones)."""
    chunk = 10
    tasks = [
        (game, seed + k, min(chunk, deals - k), players, options or {}, rounds)
        for k in range(0, deals, chunk)
    ]
    start = time.perf_counter()
    cpu_start = _cpu()
    load_before = os.getloadavg()[0]
    parts = _spread(_match_chunk, tasks, workers)
    totals = [m for part in parts for m in part]
    won = sum(1 for a, b in totals if a > b)
    lost = sum(1 for a, b in totals if b > a)
    decided = won + lost
    return {
        "game": game,
        "players": players,
        "rounds": rounds,
        "matches": len(totals),
        "won": [won, lost],
        "win_rate": round(won / decided, 4) if decided else None,
        "win_rate_ci95": [round(x, 4) for x in wilson(won, decided)],
        "points_per_match": [
            round(statistics.fmean(a for a, _ in totals), 2),
            round(statistics.fmean(b for _, b in totals), 2),
        ],
        "seconds": round(time.perf_counter() - start, 1),
        "cpu_seconds": round(_cpu() - cpu_start, 1),
        "recorded": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }


class _Timed(Bot):
    """Times the wrapped bot's decisions that have a real choice."""

    def __init__(self, bot: Bot, sink: list[float]) -> None:
        self.bot = bot
        self.level = bot.level
        self.sink = sink

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        t = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.sink.append(time.perf_counter() - t)
        return action


def decision_times(game: str, level: str, *, hands: int, seed: int = 1, players: int = 2) -> Json:
    """Median and 95th percentile of one level's decision time at its default budget, over
    ``hands`` hands against the normal level (only decisions with a real choice are timed)."""
    from hanatui.arena.selfplay import play_match

    rules = game_rules(game)
    times: list[float] = []
    for k in range(hands):
        bots: list[Bot] = [_Timed(BOTS[level](), times)]
        bots += [BOTS["normal"]() for _ in range(players - 1)]
        play_match(rules, bots, seed=seed + k)
    times.sort()
    if not times:
        return {"level": level, "decisions": 0}
    p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
    return {
        "level": level,
        "decisions": len(times),
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p95_ms": round(p95 * 1000, 3),
        "max_ms": round(times[-1] * 1000, 3),
    }


def _fmt_pairing(r: Json) -> str:
    ppH = r["points_per_hand"]
    ci = r["diff_ci95"]
    wr = r["win_rate"]
    wci = r["win_rate_ci95"]
    budget = r.get("strong_budget")
    note = f" (strong: {budget['playouts']} playouts)" if budget else ""
    unsure = " (not significant)" if ci[0] <= 0 <= ci[1] else ""
    return (
        f"| {r['a']} vs {r['b']}{note} | {r['hands']} | {ppH[0]:.2f} / {ppH[1]:.2f} | "
        f"{r['diff_per_hand']:+.2f} [{ci[0]:+.2f}, {ci[1]:+.2f}]{unsure} | "
        f"{100 * wr:.1f}% [{100 * wci[0]:.1f}, {100 * wci[1]:.1f}] |"
        if wr is not None
        else f"| {r['a']} vs {r['b']} | {r['hands']} | - | - | - |"
    )


def _fmt_run(run: Json, *, seeds: bool) -> str:
    """When one run was made, how (workers, load) and at what CPU cost; with ``seeds``, also
    its deals (a record pooling several runs lists each)."""
    deals = (
        f"deals {run['seed']:,} to {run['seed'] + run['deals'] - 1:,} ({run['hands']:,} hands), "
        if seeds
        else ""
    )
    load = (
        f"load {run['load'][0]:.1f} to {run['load'][1]:.1f}"
        if run.get("load")
        else run.get("load_note", "load not recorded")
    )
    return (
        f"{run['recorded']}, {deals}{run['workers']} worker(s), {load}, "
        f"{run['cpu_seconds']:.0f} s CPU"
    )


def opponents_page(results: dict[str, Json]) -> str:
    """The page docs/opponents.md from the recorded results."""
    levels = [f"- `{name}`: {BOTS[name].description}." for name in LEVELS]
    lines = [
        TITLE,
        "",
        "<!-- Written by lab/arena.py --docs: change that script, not this page. -->",
        "",
        "Four levels play every game, each deciding from what its seat can see (`observe`) only;",
        "in Sakura with teams a bot plays for its team's pooled captures. In one line each (the",
        "new-game screen shows the same lines):",
        "",
        *levels,
        "",
        "How they work:",
        "",
        "- `normal` (`hanatui/bots/normal.py`): a one-move heuristic over a value model of the",
        "  table: card points, yaku held and within reach (the chance of collecting the missing",
        "  cards), the opponents' yaku chances a capture denies (in Sakura a yaku costs every",
        "  opponent 50, so blocking one weighs as much as making one), and what the field is left",
        "  offering the next opponent, to its hand and to its draw; with teams, what it offers",
        "  the teammate who plays next. Its weights are per game (`GAME_PARAMS`), tuned by",
        "  self-play with `lab/tune_normal.py`: a coordinate search, one weight at a time scaled",
        "  up and down, on seat-swapped duels with common seeds against easy and the current",
        "  weights, a change kept only when it gains; the winners checked on fresh seeds (the log",
        "  is `lab/results/tune_normal.txt`). Koi-koi or shobu is a turn-by-turn race between",
        "  its chance to raise its score and the opponent's chance to score, with the multipliers",
        "  that would apply.",
        "- Match play (`hanatui/bots/match.py`, normal and strong): in a match of several rounds",
        "  the public standing (totals, rounds left, target or zero-sum ends) turns a round's",
        "  result into the chance of winning the match. Koi-koi is called when its outcomes are",
        "  worth more of that chance than stopping now (far behind late: play on; ahead: stop",
        "  early), and a player ahead weighs the field's threats more (plays safe), behind less.",
        "  A one-round game is played for points. In bakappana, hana-awase and Sakura the standing",
        "  wins no measurable share of matches (below), and no lean of normal's can: a round's",
        "  spread there comes from the deal, not the play. `lab/match_lever.py` measures it: no",
        "  weight moves the spread by more than about 4% (ignoring the field's threats does, at",
        "  6 to 11 points a round), which bounds what playing safe ahead and reaching behind could",
        "  add at about 0.2% of matches (`lab/results/match_lever.txt`).",
        "- `strong` (`hanatui/bots/strong.py`): determinized Monte Carlo. It deals the cards it",
        "  cannot see at random, consistently with its view, plays every candidate out to the end",
        "  of the round on the same deals with a cheap greedy policy (`rollout.py`), drops the",
        "  weaker half of the candidates between rounds of sampling, and plays the best unless it",
        "  fails to beat the normal level's choice by one standard error of the paired",
        "  differences. Default budget: 1000 playouts per decision; or a time per decision",
        "  (Settings: Strong player's time, 0.2 s, 1 s or 3 s; `hanatui play --think SECONDS`).",
        "  In two-seat koi-koi the playouts take koi-koi's own path (`hanatui/bots/fast/`, below),",
        "  under half the CPU each, so the same time buys 2.05 times the playouts (2,050).",
        "",
        "At the table, `i` asks the strong player for a hint: the move and the points it expects",
        "this round (`hanatui.bots.hint.hint(state_or_view, seat, budget)`).",
        "",
        "`hanatui sim GAME --bots strong,normal --hands N` plays each deal once per seating, the",
        "bots swapping seats (same deal seed, so the same cards and first dealer), and reports",
        "each bot's points per hand and its share of the decided hands with a Wilson 95% interval.",
        "A table that repeats itself (`--players 4 --bots strong,normal`) is played in the",
        "seatings that seat the levels differently only (two here), as the arena below does: a",
        "further rotation would replay the same games and count their hands twice.",
        "",
        "The figures below are from `lab/arena.py` (results in `lab/results/arena.json`): each",
        "hand a fresh deal played once per seating, the seats swapped; the difference is points",
        "per hand, first minus second, with its 95% interval over the deals (a deal's seatings",
        'are paired: the luck of its cards cancels between them); "first wins" is the first',
        "level's share of the decided hands (Wilson 95% interval, hands counted alone). Match",
        "play: whole 12-round matches, match-aware normal against the same normal playing each",
        "hand alone, once per seating; matches won of those decided. Decision times are per",
        "decision with a real choice, at each level's default budget, against the normal level.",
        "Each entry says when it was recorded, on what machine and under what load (the machine",
        "was shared; CPU time is given per pairing).",
        "",
        "With more than two players the two levels alternate round the table, the first in the",
        "first, third, fifth... seat: at 3 players two strong seats against one normal, at 4 two",
        "against two, at 5 three against two, at 7 four against three. Each deal is played in",
        "every rotation of that seating that seats the levels differently (at an odd table",
        "every rotation, at an even one two: a further rotation would replay the same games, the",
        "bots' randomness being seeded per seat), so every seat, the dealer's included, is",
        "played by each level in turn, and a side's points per hand are the mean of its seats.",
        "With teams the levels alternate by team, so each team is one level: in 2x2 and 2x3",
        "that is every other seat; in three teams of two (3x2: seats 1 and 4, 2 and 5, 3 and 6)",
        "two teams of the first level against one of the second, each team taking each part in",
        "turn over three seatings. Hands counted before the arena dropped the repeated",
        "rotations (each game of an even table was counted two or three times) are counted",
        "once. A row measured in more than one run pools runs on different deals (seed ranges",
        "that do not meet) of the same bots, and lists each run.",
        "",
    ]
    lines += _targets(results)
    lines += _strong_search(load_strong_ab())
    lines += _kk_calls(load_kk_calls())
    lines += _model_limits(load_infer_share())
    lines += _legacy_search(load_legacy_ab())
    lines += _order(results)
    for game in sorted(results):
        entry = results[game]
        lines.append(f"## {game}")
        lines.append("")
        lines.append("| pairing | hands | points per hand | difference | first wins |")
        lines.append("|---|---|---|---|---|")
        for r in entry.get("pairings", []):
            lines.append(_fmt_pairing(r))
        m = entry.get("matches")
        if m and m.get("win_rate") is not None:
            lo, hi = m["win_rate_ci95"]
            lines.append("")
            lines.append(
                f"Match play, {m['matches']:,} matches of {m['rounds']} rounds: match-aware "
                f"normal won {m['won'][0]:,} and lost {m['won'][1]:,}, "
                f"{100 * m['win_rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of those decided "
                f"(points per match {m['points_per_match'][0]:.1f} / "
                f"{m['points_per_match'][1]:.1f}; {m['cpu_seconds']:.0f} s CPU)."
            )
        times = entry.get("times", [])
        if times:
            lines.append("")
            lines.append("| level | decisions timed | median | 95th percentile |")
            lines.append("|---|---|---|---|")
            for t in times:
                if t.get("decisions"):
                    lines.append(
                        f"| {t['level']} | {t['decisions']} | {t['median_ms']:.2f} ms | "
                        f"{t['p95_ms']:.2f} ms |"
                    )
        if entry.get("recorded"):
            lines.append("")
            lines.append(f"Recorded {entry['recorded']} on {entry.get('machine', 'this machine')}.")
            runs = [
                f"{r['a']} vs {r['b']} "
                + (
                    " and ".join(_fmt_run(run, seeds=True) for run in r["runs"])
                    if "runs" in r
                    else _fmt_run(r, seeds=False)
                )
                for r in entry.get("pairings", [])
                if "recorded" in r
            ]
            m = entry.get("matches")
            if m and "recorded" in m:
                runs.append(
                    f"match play {m['recorded']}, load {m['load'][0]:.1f} to "
                    f"{m['load'][1]:.1f}, {m['cpu_seconds']:.0f} s CPU"
                )
            if runs:
                lines.append("Each run: " + "; ".join(runs) + ".")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _pairing(results: dict[str, Json], game: str, a: str, b: str) -> Json | None:
    for r in results.get(game, {}).get("pairings", []):
        if r["a"] == a and r["b"] == b:
            return r
    return None


STRONG_AB = ROOT / "lab" / "results" / "strong_ab.json"


def load_strong_ab() -> list[Json]:
    """The runs `lab/strong_ab.py --save` recorded (strong against a variant of itself)."""
    return json.loads(STRONG_AB.read_text(encoding="utf-8")) if STRONG_AB.exists() else []


KK_CALLS = ROOT / "lab" / "results" / "kk_calls.json"


def load_kk_calls() -> Json | None:
    """The summary `lab/kk_calls.py --save` recorded (the koi-koi calls' calibration)."""
    return json.loads(KK_CALLS.read_text(encoding="utf-8")) if KK_CALLS.exists() else None


def _kk_calls(run: Json | None) -> list[str]:
    """The paragraph on the strong player's koi-koi calls: how its estimate of playing on
    compares with what playing on brought, and what a margin toward shobu would have changed
    (each margin's gain, read off the same hands)."""
    if run is None:
        return []
    low, diff, high = run["realized_less_estimate"]
    margins = run["margins"]
    shown = [m for m in margins if float(m) != 0 and float(m) < 100]
    helped = [f"{float(m):g}" for m in shown if margins[m]["gain_per_hand"][0] > 0]
    hurt = [f"{float(m):g}" for m in shown if margins[m]["gain_per_hand"][2] < 0]
    verdict = (
        f"a margin of {', '.join(helped)} gains with its interval above 0"
        if helped
        else "no margin gains with its interval above 0: the call sits at the best margin measured"
    ) + (f"; a margin of {', '.join(hurt)} loses" if hurt else "")
    a = _name(_config(run["a"])) or "today's default"
    b = _name(_config(run["b"])) or "today's default"
    if run["b"] == {"kk": None}:
        b += " (the first version's player move for move, on today's engine)"
    lines = [
        "The koi-koi call (`lab/kk_calls.py`): every other decision compares candidates on",
        "the same playouts, so a bias the playout model shares between them cancels; the call",
        "does not, shobu's value being exact and koi-koi's the playouts' mean. So the strong",
        f"player's calls were recorded in play: {a} against {b}, {run['hands']:,}",
        f"seat-swapped single-round hands (seed {run['seed']}, recorded {run['recorded']}).",
        f"On the {run['first_calls_played_on']} first calls of a hand where it played on, it",
        f"estimated {run['estimate']:+.2f} points and scored {run['realized']:+.2f}, that is",
        f"{diff:+.2f} [{low:+.2f}, {high:+.2f}] more than it expected: the playouts are not",
        "optimistic about playing on. What a margin would have changed is measured on the same",
        "hands: above 0, playing on only when koi-koi's estimate beats shobu by that many",
        "points, each hand stops with shobu's exact points at the first call the margin",
        "changes; below 0, playing on also where the player stopped by no more than that many",
        "points, each such table is played on from the true position by the same two players",
        f"({run.get('reps', 4)} times, their mean). Points per hand by margin:",
        "",
        "| margin | points per hand | hands changed |",
        "|---|---|---|",
    ]
    for m in margins:
        g = margins[m]["gain_per_hand"]
        label = "always shobu" if float(m) >= 100 else f"{float(m):g}"
        lines.append(
            f"| {label} | {g[1]:+.2f} [{g[0]:+.2f}, {g[2]:+.2f}] | {margins[m]['hands_changed']} |"
        )
    lines += [
        "",
        f"So {verdict}.",
        "",
    ]
    return lines


INFER_SHARE = ROOT / "lab" / "results" / "infer_share.json"


def load_infer_share() -> Json | None:
    """The summary `lab/infer_share.py --save` recorded (how much of the opponent's hand the
    reading finds)."""
    return json.loads(INFER_SHARE.read_text(encoding="utf-8")) if INFER_SHARE.exists() else None


def _model_limits(share: Json | None) -> list[str]:
    """The paragraph on what the playout policy's weights and the reading of the opponent's
    hand could still give (lab/results/tune_playout.txt, `lab/infer_share.py`)."""
    lines = [
        "The playout policy's own weights (`lab/tune_playout.py`, `fast.rounds.Style`): in",
        "seat-swapped duels of the policy against itself with the same tie-breaks, 39,522",
        "deals, no weight scaled by 1.5 either way gained more than 0.01 points per hand",
        "(lab/results/tune_playout.txt): they are a local optimum of that duel, and stay.",
    ]
    if share is None:
        return [*lines, ""]
    betas = share["betas"]
    today = betas.get("2.0")
    best = max(betas, key=lambda b: betas[b]["of_gap"])
    player = _name(_config(share["player"])) or "today's default"
    if share["player"] == {"kk": None}:
        player = f"the first version's player ({player})"
    most = 100 * betas[best]["of_gap"]

    def gap(entry: Json) -> str:
        low, high = entry["of_gap_ci95"]
        return f"{100 * entry['of_gap']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

    lines += [
        "The reading of the opponent's hand (`lab/infer_share.py`): at "
        f"{share['decisions']:,} hand plays of",
        f"{player} against itself ({share['deals']} deals, seed {share['seed']}), the share of",
        "the opponent's true cards in the hands a deal gives it is",
        f"{share['uniform']:.3f} dealt uniformly and 1 for the oracle;",
    ]
    if today is not None:
        lines.append(
            f"the reading at today's slope (`beta` 2) deals {today['share']:.3f}, {gap(today)}"
            " of the way to the oracle,"
        )
    lines += [
        f"and the best slope tried (`beta` {float(best):g}) {gap(betas[best])}. So the",
        f"reading finds at most {most:.0f}% of what the oracle is told; if its worth grows",
        f"with that share, it can give about {most:.0f}% of the oracle's gain above.",
        "",
    ]
    return lines


LEGACY_AB = ROOT / "lab" / "results" / "legacy_ab.json"


def load_legacy_ab() -> list[Json]:
    """The runs `lab/legacy_ab.py --save` recorded (today's strong against an earlier
    version's own)."""
    return json.loads(LEGACY_AB.read_text(encoding="utf-8")) if LEGACY_AB.exists() else []


def _when(run: Json) -> str:
    """When a run was recorded (UTC) and the load then; a run summarized from the parts of one
    cut short (`strong_ab.py --from-parts`) has no load recorded."""
    if "load" not in run:
        return f"{run['recorded'][:-4]}, load not recorded"
    return f"{run['recorded'][:-4]}, {run['load'][0]}-{run['load'][1]}"


def _legacy_search(runs: list[Json]) -> list[str]:
    """The paragraph on today's strong player against the one issue 16 was filed against (the
    first version's own code): every run `lab/legacy_ab.py --save` recorded, runs of the same
    two configurations against the same commit pooled, and the issue's target judged from them:
    reached when a pooling of today's player, at no more CPU per decision than the earlier one,
    under the same rules and on rounds both engines scored alike, gains at least 0.5 points per
    hand with its interval above 0."""
    if not runs:
        return []
    groups: dict[tuple[Any, ...], list[Json]] = {}
    for r in runs:
        a = _config({"playouts": DEFAULT_PLAYOUTS, **r["a"]})  # {} is the default budget
        groups.setdefault((a, _config(r["b"]), r["legacy_commit"]), []).append(r)
    new = sorted({f"`{k}` {json.dumps(v)}" for r in runs for k, v in r["rules_new"].items()})
    changed = sorted(
        {
            f"`{k}` {json.dumps(v[0])} then, {json.dumps(v[1])} now"
            for r in runs
            for k, v in r["rules_changed"].items()
        }
    )
    lines = [
        "Against the strong player issue 16 was filed against (`lab/legacy_ab.py`): today's",
        "strong player plays the first version's own code (commit "
        f"{', '.join(sorted({r['legacy_commit'] for r in runs}))}: its engine, rules and",
        "strong player, 1,000 playouts a decision on the engine's own steps), which runs in a",
        "process of its own, folds the same events with its own engine (refusing any move its",
        "rules would not allow) and answers from its seat's view. Today's engine deals and",
        "referees; the earlier engine scores every round again, and a round it scores",
        "differently is counted. Seat-swapped deals, 95% intervals over the deals, CPU per",
        "decision as each process measured its own decisions. The first version's player is",
        "today's with `kk` null, move for move: `lab/legacy_parts.py` finds today's searches",
        "on that path identical to the first version's, choices and estimates, on 537",
        "positions at 200 playouts and 155 at 1,000, and every part (prior, playout policy,",
        "koi-koi call, view) the same on thousands more (`lab/results/legacy_parts.json`); so",
        "the row of `kk` null against 200 playouts plays one player against itself, a check",
        "of the bench. What is faster today is the engine (the same 1,000 playouts in about a",
        "third of the time), and koi-koi's own playout, which spends it on more playouts.",
        "Today's options the first",
        "version did not have are at the values that play as it did: "
        + (", ".join(new) or "none")
        + (". Options set differently: " + ", ".join(changed) if changed else "")
        + ".",
        "",
        "| today's player | against (the first version's) | hands | points per hand, today's "
        "minus the first version's | ms CPU per decision | rounds scored differently | seeds "
        "| recorded (UTC), load |",
        "|---|---|---|---|---|---|---|---|",
    ]
    reached = []
    for (a, b, commit), group in groups.items():
        mean, half, _, hands = pool_runs(group)
        cpu = [sum(r["cpu_ms_per_decision"][i] for r in group) / len(group) for i in (0, 1)]
        mismatches = sum(r["score_mismatches"] for r in group)
        seeds = ", ".join(str(r["seed"]) for r in group)
        when = "; ".join(_when(r) for r in group)
        figure = f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
        lines.append(
            f"| {_name(a)} | {_name(b)} at {commit} | {hands:,} | {figure} | {cpu[0]:.0f} / "
            f"{cpu[1]:.0f} | {mismatches} | {seeds} | {when} |"
        )
        fair = not mismatches and not any(r["rules_changed"] for r in group)
        if fair and cpu[0] <= cpu[1] and mean >= 0.5 and mean > half:
            reached.append(
                f"{_name(a)}, {cpu[0]:.0f} ms CPU a decision against {cpu[1]:.0f}: {figure} "
                f"over {hands:,} hands"
            )
    lines += [
        "",
        "Issue 16's target, +0.5 points per hand over the strong player of its day at no more",
        "time per decision, is "
        + (
            "reached: " + "; ".join(reached) + "."
            if reached
            else "not reached against it: no pooling of today's player at no more CPU per "
            "decision gains that much with its interval above 0."
        ),
        "Repeat a row: `lab/legacy_ab.py --a '{}' --hands 800 --seed 70000 --workers 2`",
        "(and the row's other seeds; `--a` takes today's options as `lab/strong_ab.py` does).",
        "",
    ]
    return lines


def pool_runs(runs: list[Json]) -> tuple[float, float, int, int]:
    """The runs' difference per hand as one sample of deals: (mean, 95% half-width, deals,
    hands), from each run's deal count, mean and standard deviation over its deals."""
    n = sum(r["deals"] for r in runs)
    mean = sum(r["deals"] * r["diff_per_hand"] for r in runs) / n
    ss = sum(
        (r["deals"] - 1) * r["sd_per_deal"] ** 2 + r["deals"] * (r["diff_per_hand"] - mean) ** 2
        for r in runs
    )
    sd = math.sqrt(ss / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n), n, sum(r["hands"] for r in runs)


#: A strong configuration's options at their defaults, left out when runs are grouped and named.
_STRONG_DEFAULTS: dict[str, Any] = {
    "z": 1.0,
    "infer": False,
    "block": False,
    "reply": 0,
}


def _config(options: Json) -> tuple[tuple[str, Any], ...]:
    """A configuration of `lab/strong_ab.py` without the options at their defaults (runs that
    spelled a default out and runs that left it implicit measured the same player)."""
    return tuple(
        sorted(
            (k, v)
            for k, v in options.items()
            if k not in _STRONG_DEFAULTS or _STRONG_DEFAULTS[k] != v
        )
    )


def _name(config: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"`{k}` {json.dumps(v)}" for k, v in config)


def _strong_search(runs: list[Json]) -> list[str]:
    """The paragraph on the strong player's search margin in koi-koi: every comparison
    `lab/strong_ab.py --save` recorded, runs of the same two configurations pooled as one
    sample of deals (each on its own seeds)."""
    if not runs:
        return []
    groups: dict[tuple[Any, Any], list[Json]] = {}
    for r in runs:
        # The opponent {} is today's player at the default budget.
        a = _config(r["a"])
        b = _config({"playouts": DEFAULT_PLAYOUTS, **r["b"]})
        groups.setdefault((a, b), []).append(r)
    lines = [
        "The strong player's margin in koi-koi, measured (`lab/strong_ab.py`: a variant of",
        "the strong player against today's, seat-swapped on the same deals, at equal CPU per",
        "decision, given fewer playouts where a variant costs more; every run in",
        "`lab/results/strong_ab.json`, runs of the same pair pooled). The `infer` option",
        "reads the opponent's hand from its public plays (`hanatui/bots/inference.py`, two-seat",
        "koi-koi): the player remembers what it saw at its own decisions, works out each",
        "opponent turn in between, and deals the opponent's hand by how likely the normal",
        "heuristic makes each unseen card given those plays. The playout options",
        "(`hanatui/bots/strong.py`, koi-koi only): `block` makes the card that would complete",
        "the opponent's yaku worth taking in the playouts, `reply` has the normal level answer",
        "the move searched (the opponent's next N cards); `stakes` (removed after its run)",
        "weighed the yaku that end the round after a koi-koi call that many times. `kk` plays",
        "the koi-koi playouts on koi-koi's own path (`hanatui/bots/fast/`): the whole",
        "round on integers, never the engine, the same card choices, and the playout's koi-koi",
        "call read from a table of the normal level's calls in playouts (`table`), or that",
        "table where those calls agreed and the normal call where they were split (`mixed`);",
        "tests/bots/test_playout.py proves it scores as the engine does. It decides in about",
        "half the CPU (`bench/playouts.py --kk table`: 45 against 85-90 ms at 1,000 playouts;",
        "`mixed` 53 ms, 41 ms since its playout was made 1.3 times cheaper, the same choices),",
        "so `kk_playouts` gives it that many more playouts at equal CPU. The",
        "mixed call at 1,650 playouts gained +0.34 [+0.04, +0.64] over 1,600 hands at about",
        "equal CPU (2% more): it is koi-koi's default since, at 1.6 times the budget",
        "(`strong.KOIKOI_SCALE`, 2.05 since the cheaper playout, whose decisions cost 3% less",
        "CPU than 1.6's did; `StrongBot(kk=None)` plays the earlier path), and that",
        "default against the earlier path, on fresh deals, is the row with `kk_playouts` 1600",
        "(less CPU than today's). Today's default, at 2.05 times the budget, against the",
        "earlier path is the row with `playouts` 1000 alone (8% less CPU than the earlier",
        "path): +0.05 over its 1,600 hands. All six runs of the mixed call against the earlier",
        "path at the default budget (1,650, 1,600 and 2,050 playouts; 4,800 hands) pooled by",
        "their intervals: +0.24 [+0.07, +0.42] per hand. The 200-playout screens of both calls",
        "and the table call at the default budget stayed within noise.",
        "Rows recorded before then ran strong on the engine's fast path: repeat them with",
        '`"kk": null` on each side that names no `kk`. The koi-koi arena\'s strong row below',
        "was measured again with the new default (its run is dated in that table).",
        "Rows marked more CPU measure what a bigger budget or a costlier model gains at all,",
        "not a candidate default. `settle` (two-seat koi-koi, off by default) stops a",
        "decision's search once its choice is settled: the move it would play ahead of every",
        "other candidate still searched by that many standard errors of the paired",
        "differences, less `settle_margin` points (checked every 16 samples from 48 on), with",
        "`settle_scale` times the budget as its cap, so the close calls get the playouts the",
        "clear ones leave at the same mean CPU (`lab/settle.py` counts them: at 1,600",
        "playouts a z 2 stop ends 54% of the searches early and saves 36% of the playouts,",
        "choosing as the full search in 98% of the decisions; with margin 0.1, 73%, 47% and",
        "95%, over 300 decisions of strong play). Its worst case costs more than",
        "the mean: at a 1.9x cap, 95% of its decisions took under 270 ms CPU against 177 ms.",
        "`tree` (two-seat koi-koi, off by default; `hanatui/bots/ismcts.py`) searches the card",
        'plays after the move as well: information-set MCTS from the view (`"ucb"`), or the',
        "flat search with a tree of card plays under each candidate in place of its greedy",
        'playout (`"flat"`); a tree iteration costs about two koi-koi playouts, so',
        "`tree_playouts` 1060 is the default's CPU. The rows at the first widening rule (all",
        "a node's children's visits) and the merged one (the playable cards it tried) are",
        "pooled by configuration; all five runs at the default budget pooled, 2,000 hands:",
        '-0.04 [-0.30, +0.22] per hand. A root without paired samples (`"ucb"`) loses: the',
        "luck of the deals swamps the differences the flat search measures on common ones.",
        "`oracle` (`lab/strong_ab.py` only, not a player) is today's player told the",
        "opponent's hand, the pile's order still unknown: what it gains is the most that any",
        "reading of the opponent's hand (`infer`, an opponent model) could gain.",
        "`solve` (two-seat koi-koi, off by default; `hanatui/bots/fast/endgame.py`) values each",
        "candidate of a decision whose seat holds that many cards or fewer by the exact",
        "minimax of each deal's round after it (alpha-beta with a table), `solve_playouts`",
        "solves per such decision (the others keep their playouts). Both seats play that",
        "minimax knowing every card, the opponent's hand and the draws to come: it models",
        "perfect-information play, not the guesses the players must make. A four-card solve",
        "searches about 40 turns in about 0.27 ms CPU, some 5 playouts' worth; at 400 solves a",
        "four-card decision costs about what today's does, the smaller ones less. `solve_tail`",
        "ends koi-koi's own playouts with that solve once both hands hold that many cards or",
        "fewer; at 3 with `kk_playouts` 900 (5.6% more CPU than today's, so not a row) it",
        "measured -0.29 [-0.84, +0.25] per hand over 400 hands (seed 99400).",
        '`style` (two-seat koi-koi, `"plain"` by default; `fast.rounds.STYLES`) weighs koi-koi\'s',
        "own playouts' cards by other weights: `\"imitate\"`, fitted to the strong player's",
        "choices (`lab/imitate.py`: the likelihood of 7,887 recorded decisions of",
        "`StrongBot(playouts=400)` under a softmax of the policy's values, with a capture's",
        'urgency by the cards of its month out of sight), and `"agree"`, the weights whose',
        "greedy choices agree most with them. On 3,062 held-out card plays the plain weights",
        'play the strong player\'s card in 67.4% [65.9, 69.0] of them, `"imitate"` 68.8%,',
        '`"agree"` 69.6% (`lab/results/imitate.json`); most of what the strong player plays',
        "is its normal prior, and where its search overrules that prior the policy agrees 23% of",
        'the time. Neither style plays stronger (the rows below). `"valuefit"` is fitted to the',
        "search's value of every candidate, not its choice alone (`lab/valuefit.py`: least",
        "squares over 12,626 recorded card plays, each candidate valued by its paired samples),",
        "with two inputs the greedy policy lacks: the value of the card played from the hand (the",
        "mover's to take later) and the field cards' value times the chance the opponent holds",
        "none of their month. On 5,412 held-out plays the value the policy's choice loses against",
        "the search's falls from 0.291 to 0.255 points (eleven new inputs, too costly for a",
        "playout, reach 0.240; `lab/results/valuefit.json`); its playouts cost 20% more, and it",
        "plays no stronger (the rows below).",
        "`epsilon` and `temperature` (two-seat koi-koi, 0 by default) put noise in koi-koi's",
        "own playouts' cards from the hand, so that the search does not exploit a predictable",
        "greedy opponent it will not face: a card of the hand at random with that chance, or a",
        "card drawn by the softmax of the policy's card values at that temperature (in",
        "points); with `noise_opponent` the opponent's seat alone plays with the noise, the",
        "searching seat's later plays stay greedy. Noisy playouts cost more CPU per decision",
        "(4-9% with `epsilon`, 34-46% with the softmax, which values every card of the hand),",
        "and no setting played stronger (the rows below).",
        "`leaf` (two-seat koi-koi, 0 by default; `hanatui/bots/fast/leaf.py`) ends koi-koi's own",
        "playouts with a learned value once both hands hold that many cards or fewer: a linear",
        "value of 28 cheap inputs (what each seat wins now, its best capture that scores, what",
        "the next draws could score, how near each is to a yaku) fitted by least squares to the",
        "rounds' outcomes in self-play of the strong player (`lab/leafvalue.py`: 3,199 deals,",
        "13,273 positions with both hands at 4 cards or fewer). On held-out deals it predicts",
        "the outcome far better than one greedy playout (mean squared error 73 against 118 at 4",
        "cards) but worse than the mean of 32 (68): the search averages the playouts' noise",
        "away, not their bias, and the learned value's bias is the larger. A leaf costs about",
        "15 microseconds against 36-54 for the playout's rest it replaces; only decisions",
        "holding more cards than `leaf` use it. At equal CPU (more playouts), no size played",
        "stronger (the rows below).",
        "",
        "| variant | against | hands | points per hand, variant minus today's | ms CPU per "
        "decision | seeds | recorded (UTC), load |",
        "|---|---|---|---|---|---|---|",
    ]
    reached = False
    for (a, b), group in groups.items():
        mean, half, _, hands = pool_runs(group)
        cpu = [sum(r["cpu_ms_per_decision"][i] for r in group) / len(group) for i in (0, 1)]
        equal = cpu[0] <= 1.05 * cpu[1]
        at_default = dict(b).get("playouts") == DEFAULT_PLAYOUTS
        player = not dict(a).get("oracle")  # the oracle sees the opponent's hand: a bound
        reached = reached or (player and at_default and equal and mean >= 0.5 and mean - half > 0)
        seeds = ", ".join(str(r["seed"]) for r in group)
        when = "; ".join(_when(r) for r in group)
        marks = ["first version"] if "first version" in group[0].get("note", "") else []
        marks += [] if equal else ["more CPU"]
        marks += [] if player else ["sees the opponent's hand, a bound"]
        first = ", ".join(marks)
        lines.append(
            f"| {_name(a)}{' (' + first + ')' if first else ''} | {_name(b)} | {hands:,} | "
            f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] | {cpu[0]:.0f} / {cpu[1]:.0f} "
            f"| {seeds} | {when} |"
        )
    budget = []  # the same player at two budgets: what more search alone gains
    for (a, b), group in groups.items():
        rest_a = {k: v for k, v in a if k != "playouts"}
        rest_b = {k: v for k, v in b if k != "playouts"}
        pa, pb = dict(a).get("playouts"), dict(b).get("playouts")
        if rest_a == rest_b and pa and pb and pa > pb:
            mean, half, _, hands = pool_runs(group)
            budget.append(
                f"{pa:,} playouts against {pb:,}: {mean:+.2f} [{mean - half:+.2f}, "
                f"{mean + half:+.2f}] per hand over {hands:,} hands"
            )
    verdict = (
        "reached"
        if reached
        else "not reached: no variant at the default budget and equal CPU gains that much with "
        "its interval above 0"
    )
    lines += [
        "",
        "A row whose second player takes the engine path (`kk` null, and every row recorded",
        "before koi-koi's own playout) is measured against the first version's strong player",
        "move for move (below), only on today's faster engine, in about a third of that",
        "version's time. At equal CPU, +0.5 points per hand at the default budget is "
        f"{verdict}. Issue 16's own target is judged below, at the first version's own time.",
        *(
            [
                "What a bigger budget alone gains (the same player, more playouts, more CPU): "
                + "; ".join(budget)
                + "."
            ]
            if budget
            else []
        ),
        f"Machine: {runs[-1]['machine']}, shared with other work. Repeat a row:",
        '`lab/strong_ab.py --a \'{"playouts": 970, "infer": true}\' --b \'{"playouts": 1000}\'',
        "--hands 400 --seed 8000 --workers 1` (and the row's other seeds).",
        "",
    ]
    return lines


def _targets(results: dict[str, Json]) -> list[str]:
    """The koi-koi targets of issue 7, each with its measured figure: met or missed."""
    sn = _pairing(results, "koikoi", "strong", "normal")
    ne = _pairing(results, "koikoi", "normal", "easy")
    er = _pairing(results, "koikoi", "easy", "random")
    if not (sn and ne and er):
        return []
    times = {t["level"]: t for t in results["koikoi"].get("times", [])}

    def rate(r: Json) -> str:
        lo, hi = r["win_rate_ci95"]
        text = f"{100 * r['win_rate']:.1f}% (interval {100 * lo:.1f}-{100 * hi:.1f}%), "
        if r["win_rate"] >= 0.6:
            return text + ("met" if lo >= 0.6 else "met narrowly: the interval reaches below 60%")
        return text + f"missed by {100 * (0.6 - r['win_rate']):.1f} points"

    d = sn["diff_per_hand"]
    lo, hi = sn["diff_ci95"]
    out = [
        "Koi-koi targets, at the default budget (the hands of each pairing are in the table "
        "below):",
        "",
        f"- strong beats normal by at least 0.5 points per hand: {d:+.2f} (interval {lo:+.2f} to "
        f"{hi:+.2f}), " + ("met" if d >= 0.5 else f"missed by {0.5 - d:.2f}") + ";",
        f"- normal beats easy in at least 60% of decided hands: {rate(ne)};",
        f"- easy beats random in at least 60% of decided hands: {rate(er)};",
    ]
    normal, strong = times.get("normal"), times.get("strong")
    if normal and strong:
        out.append(
            f"- normal decides in under 10 ms: median {normal['median_ms']:.2f} ms, 95th "
            f"percentile "
            f"{normal['p95_ms']:.2f} ms; strong in under 1 s: median {strong['median_ms']:.0f} ms, "
            f"95th percentile {strong['p95_ms']:.0f} ms."
        )
    out += [
        "",
        "Normal's koi-koi threshold trades points for hands won: calling koi-koi less often "
        "wins more",
        "hands against easy but scores fewer points; the default sits where it clears 60% of hands",
        "while keeping most of the points.",
        "",
    ]
    return out


def _order(results: dict[str, Json]) -> list[str]:
    """Whether strong > normal > easy > random at every table measured, each step
    significant: the steps whose interval reaches 0 or below, and the steps not measured."""
    if not results:
        return []
    unsure, missing, short = [], [], []
    strong_hands = []
    for table in sorted(results):
        for a, b in PAIRINGS:
            r = _pairing(results, table, a, b)
            if r is None:
                missing.append(f"{table}: {a} vs {b}")
                continue
            if "strong" in (a, b):
                strong_hands.append(r["hands"])
            least = MIN_HANDS_STRONG if "strong" in (a, b) else MIN_HANDS
            if r["hands"] < least:
                short.append(f"{table}: {a} vs {b}, {r['hands']:,} hands of {least:,}")
            lo, hi = r["diff_ci95"]
            if lo <= 0:
                unsure.append(
                    f"{table}: {a} vs {b}, {r['diff_per_hand']:+.2f} [{lo:+.2f}, {hi:+.2f}] "
                    f"over {r['hands']:,} hands"
                )
    out = [
        f"The order strong > normal > easy > random, table by table ({len(results)} tables "
        "below): each",
        "step is significant when its interval lies above 0. In bakappana, hana-awase and",
        "Sakura the card points dominate and greedy capture is hard to beat: normal's edge over",
        "easy there is a few points per hand (a fraction of a point at the larger Sakura",
        "tables), measurable over thousands of seat-swapped hands; strong costs about a second",
        "per hand per seating, so it is "
        "measured over fewer hands"
        + (
            f" ({min(strong_hands):,} to {max(strong_hands):,})."
            if strong_hands and min(strong_hands) != max(strong_hands)
            else (f" ({strong_hands[0]:,})." if strong_hands else ".")
        ),
        "",
    ]
    if unsure:
        out += ["Steps not significant (the interval reaches 0):", ""]
        out += [f"- {u};" for u in unsure[:-1]] + [f"- {unsure[-1]}."]
    else:
        out.append("Every step measured is significant.")
    if short:
        out += [
            "",
            f"Steps measured over fewer hands than asked ({MIN_HANDS_STRONG:,} with strong, "
            f"{MIN_HANDS:,} without):",
            "",
        ]
        out += [f"- {m};" for m in short[:-1]] + [f"- {short[-1]}."]
    if missing:
        out += ["", "Steps not measured:", ""]
        out += [f"- {m};" for m in missing[:-1]] + [f"- {missing[-1]}."]
    out.append("")
    return out


def write_page(results: dict[str, Json]) -> None:
    """Write docs/opponents.md, the whole page, from the recorded results."""
    PAGE.write_text(opponents_page(results), encoding="utf-8")


def merge_entry(old: Json, new: Json, fresh: Json) -> Json:
    """A game's entry as saved: ``new``'s freshly measured parts (``fresh``: the pairings, and
    whether the times and the match play were measured) over what ``old`` holds."""
    out = dict(old)
    kept = [r for r in old.get("pairings", []) if (r["a"], r["b"]) not in fresh["pairings"]]
    added = [r for r in new["pairings"] if (r["a"], r["b"]) in fresh["pairings"]]
    order = {pair: i for i, pair in enumerate(PAIRINGS)}
    out["pairings"] = sorted(kept + added, key=lambda r: order.get((r["a"], r["b"]), 99))
    for part in ("times", "matches"):
        if fresh[part] and part in new:
            out[part] = new[part]
    out["recorded"], out["machine"] = new["recorded"], new["machine"]
    return out


def load_results() -> dict[str, Json]:
    """The recorded results, pairings recorded with repeated seatings counted once
    (`drop_repeats`)."""
    if not RESULTS.exists():
        return {}
    results: dict[str, Json] = json.loads(RESULTS.read_text(encoding="utf-8"))
    for entry in results.values():
        entry["pairings"] = [drop_repeats(r) for r in entry.get("pairings", [])]
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", default=",".join(sorted(GAMES)), help="comma-separated game ids")
    parser.add_argument("--hands", type=int, default=400, help="hands per pairing (seat-swapped)")
    parser.add_argument(
        "--strong-hands", type=int, default=None, help="hands for pairings with strong"
    )
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--options", default="", help="rule options, e.g. teams=2x2 (recorded under their own name)"
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=0,
        help="also deals of 12-round matches: match-aware normal against normal hand by hand",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--extend",
        action="store_true",
        help="pool each pairing with its recorded run (fresh deals: give a --seed past its deals)",
    )
    parser.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    parser.add_argument(
        "--playouts", type=int, default=ARENA_STRONG["playouts"], help="strong's budget here"
    )
    parser.add_argument(
        "--timing-hands", type=int, default=20, help="hands per level for decision times"
    )
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--docs", action="store_true", help="rewrite docs/opponents.md")
    parser.add_argument(
        "--no-save", action="store_true", help="do not write lab/results/arena.json"
    )
    parser.add_argument(
        "--docs-only",
        action="store_true",
        help="rewrite docs/opponents.md from the recorded results, run nothing",
    )
    args = parser.parse_args(argv)

    results = load_results()
    if args.docs_only:
        write_page(results)
        return 0
    strong_kwargs = {"playouts": args.playouts}
    options: Json = {}
    for item in filter(None, args.options.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    for game in filter(None, args.games.split(",")):
        rules = game_rules(game.strip(), options)
        try:
            seatings(sides(rules, args.players), team_numbers(rules, args.players))
        except ValueError as exc:
            parser.error(f"{game.strip()}: {exc}")
    ran: list[str] = []
    fresh: dict[str, Json] = {}
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        entry: Json = {"pairings": [], "times": []}
        name = game
        if args.players != 2 or options:
            name += (
                f" ({args.players} players"
                + "".join(f", {k}={v}" for k, v in options.items())
                + ")"
            )
        previous = results.get(name, {})
        new_pairings: list[Json] = []
        for pair in filter(None, args.pairings.split(",")):
            a, b = pair.split(":")
            hands = args.strong_hands if "strong" in (a, b) and args.strong_hands else args.hands
            r = run_pairing(
                game,
                a,
                b,
                hands=hands,
                seed=args.seed,
                players=args.players,
                workers=args.workers,
                options=options,
                strong_kwargs=strong_kwargs,
            )
            print(json.dumps(r), flush=True)
            before = _pairing({name: previous}, name, a, b)
            if args.extend and before is not None:
                r = extend(before, r)
                print(json.dumps({k: v for k, v in r.items() if k != "runs"}), flush=True)
            entry["pairings"].append(r)
            new_pairings.append(r)
        if args.matches:
            m = run_matches(
                game,
                deals=args.matches,
                seed=args.seed,
                players=args.players,
                workers=args.workers,
                options=options,
            )
            print(json.dumps(m), flush=True)
            entry["matches"] = m
        elif "matches" in previous:
            entry["matches"] = previous["matches"]
        if not args.no_timing and not options and args.players == 2:
            for level in LEVELS:
                t = decision_times(
                    game, level, hands=args.timing_hands, seed=args.seed, players=args.players
                )
                print(json.dumps({"game": game, **t}), flush=True)
                entry["times"].append(t)
        else:
            entry["times"] = previous.get("times", [])
        # keep pairings measured earlier that this run did not repeat
        done = {(r["a"], r["b"]) for r in entry["pairings"]}
        for r in previous.get("pairings", []):
            if (r["a"], r["b"]) not in done:
                entry["pairings"].append(r)
        order = {f"{a}:{b}": i for i, (a, b) in enumerate(PAIRINGS)}
        entry["pairings"].sort(key=lambda r: order.get(f"{r['a']}:{r['b']}", 99))
        entry["recorded"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        entry["machine"] = (
            f"{multiprocessing.cpu_count()} cores ({platform.machine()}), Python "
            f"{sys.version.split()[0]}"
        )
        results[name] = entry
        ran.append(name)
        fresh[name] = {
            "pairings": {(r["a"], r["b"]) for r in entry["pairings"] if r in new_pairings},
            "times": not args.no_timing and not options and args.players == 2,
            "matches": bool(args.matches),
        }
    if not args.no_save:
        # Read the file again: another run may have recorded other games or pairings meanwhile;
        # only what this run measured replaces what is there.
        latest = load_results()
        for name in ran:
            latest[name] = merge_entry(latest.get(name, {}), results[name], fresh[name])
        results = latest
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.docs:
        write_page(results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
