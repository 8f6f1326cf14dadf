"""Today's strong player against an earlier version's, in koi-koi: seat-swapped hands, points per
hand, CPU per decision.

The earlier player is that version's own code, not a setting of today's: the commit's source
tree (``git archive``, kept in the temporary directory) runs `lab/legacy_server.py` in a
process of its own with that tree first on the path, and answers every decision of its seat
from the view its own engine gives it. Today's engine deals and referees; the earlier engine
folds the same events, so it refuses any move its rules would not allow, and at every round's
end it scores the round itself: a round scored differently is counted in ``score_mismatches``
(a run with any is not a fair comparison).

The default is the strong player of the version issue 16 was filed against (commit 30f4c8b,
the first version: 1,000 playouts a decision on the engine's own steps), which that issue asks
to beat by 0.5 points per hand at no more time per decision:

    .venv/bin/python lab/legacy_ab.py --a '{}' --hands 800 --seed 70000 --workers 2 --save

``--a`` is today's `StrongBot` keyword arguments (``{}``: the default, 1,000 playouts),
``--legacy`` the earlier one's. The summary is `lab/strong_ab.py`'s (side A is today's), with
the version compared; ``--save`` appends it to lab/results/legacy_ab.json, which
`lab/arena.py --docs` shows in docs/opponents.md.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import io
import json
import math
import multiprocessing
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import msgspec
from strong_ab import summarize

from core.actions import Action
from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted, RoundEnded
from core.rules import find_rules
from core.timeline import Timeline
from core.view import observe
from hanatui.arena.selfplay import bot_players
from hanatui.bots import StrongBot

Json = dict[str, Any]

ROOT = Path(__file__).resolve().parent.parent
SERVER = Path(__file__).resolve().parent / "legacy_server.py"
RESULTS = Path(__file__).resolve().parent / "results" / "legacy_ab.json"
#: The version issue 16 was filed against: the first version's last commit (stop 8).
FILED_AGAINST = "30f4c8b"


def source_tree(commit: str) -> Path:
    """The source tree of ``commit`` (extracted once into the temporary directory)."""
    full = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    tree = Path(tempfile.gettempdir()) / f"hanatui-{full[:12]}"
    if not (tree / "core").is_dir():
        part = Path(tempfile.mkdtemp(prefix=f"hanatui-{full[:12]}-"))
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", full, "core", "hanatui"],
            capture_output=True,
            check=True,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(part, filter="data")
        with contextlib.suppress(OSError):  # another process extracted it first
            part.rename(tree)
    return tree


class Legacy:
    """The earlier version's strong player, in a process of its own."""

    def __init__(self, tree: Path, bot: Json, rules: Json) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tree,
        )
        atexit.register(self.proc.kill)
        ready = self.ask({"game": rules["game"], "rounds": rules["rounds"], "bot": bot})
        self.rules: Json = ready["rules"]

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def ask(self, msg: Json) -> Json:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(msg) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError("the earlier version's process ended")
        answer: Json = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the earlier version refused: {answer['error']}")
        return answer


def rules_differences(ours: Json, theirs: Json) -> Json:
    """How today's rules differ from the earlier version's: ``new``, the options it did not
    have, with today's values (which must keep its play), and ``changed``, the options both
    have set differently (then, now): a fair comparison has none."""
    return {
        "new": {k: v for k, v in ours.items() if k not in theirs},
        "changed": {k: [theirs[k], ours.get(k)] for k in theirs if ours.get(k) != theirs[k]},
    }


def _encoded(obj: Any) -> str:
    return json.dumps(json.loads(msgspec.json.encode(obj)), sort_keys=True)


_LEGACY: dict[str, Legacy] = {}


def _chunk(task: tuple[Json, Json, str, int, int]) -> list[Any]:
    """One chunk's hands (today's points, the earlier player's), the clocks, each side's decision
    times (ms), and the rounds the two engines scored differently."""
    a, legacy_bot, tree, seed, deals = task
    rules = find_rules("koikoi", rounds=1)
    key = json.dumps([tree, legacy_bot])
    if key not in _LEGACY:
        _LEGACY[key] = Legacy(Path(tree), legacy_bot, json.loads(msgspec.json.encode(rules)))
    legacy = _LEGACY[key]
    ours = StrongBot(**a)
    clocks = [0.0, 0.0, 0.0, 0.0]
    times: tuple[list[float], list[float]] = ([], [])
    hands = []
    mismatches = 0
    for k in range(deals):
        for new_seat in (0, 1):
            points, mismatch = _hand(rules, ours, legacy, new_seat, seed + k, clocks, times)
            hands.append([points[new_seat], points[1 - new_seat]])
            mismatches += mismatch
    return [hands, clocks, *times, mismatches]


def _hand(
    rules: Any,
    ours: StrongBot,
    legacy: Legacy,
    new_seat: int,
    seed: int,
    clocks: list[float],
    times: tuple[list[float], list[float]],
) -> tuple[tuple[int, ...], int]:
    """One round, today's player in ``new_seat``: its points per seat, and 1 if the earlier
    engine scores it differently."""
    chance_rng = random.Random(seed)
    rngs = [random.Random(seed * 7919 + 104729 * (i + 1)) for i in range(2)]
    timeline = Timeline([MatchStarted(rules=rules, players=bot_players(["strong", "strong"]))])
    state = timeline.last
    while not is_over(state):
        if is_chance(state):
            timeline.extend(advance(state, chance_rng))
            state = timeline.last
            continue
        seat = to_act(state)
        assert seat is not None
        legal = legal_actions(state)
        action: Action
        if seat == new_seat:
            t = time.process_time()
            action = ours.choose(observe(state, seat), legal, rngs[seat])
            spent = time.process_time() - t
            side = 0
        else:
            answer = legacy.ask(
                {"events": _events(timeline), "seat": seat, "seed": rngs[seat].getrandbits(62)}
            )
            by_form = {_encoded(x): x for x in legal}
            form = json.dumps(answer["action"], sort_keys=True)
            if form not in by_form:
                raise RuntimeError(f"the earlier player chose {form}, not a legal move now")
            action, spent, side = by_form[form], float(answer["cpu"]), 1
        if len(legal) > 1:
            clocks[2 * side] += spent
            clocks[2 * side + 1] += 1
            times[side].append(round(1000 * spent, 1))
        timeline.extend(step(state, action))
        state = timeline.last
    end = next(i for i, e in enumerate(timeline.events) if isinstance(e, RoundEnded))
    ended = timeline.events[end]
    assert isinstance(ended, RoundEnded)
    theirs = legacy.ask({"events": _events(timeline, end), "check": True})["points"]
    return ended.points, int(list(ended.points) != theirs)


def _events(timeline: Timeline, end: int | None = None) -> list[Any]:
    """The events after the match's start (up to ``end``), as the log writes them."""
    return [json.loads(msgspec.json.encode(e)) for e in timeline.events[1:end]]


def run(
    a: Json,
    legacy_bot: Json,
    *,
    commit: str,
    hands: int,
    seed: int,
    workers: int,
    parts_file: str | None = None,
) -> Json:
    tree = source_tree(commit)
    rules = json.loads(msgspec.json.encode(find_rules("koikoi", rounds=1)))
    probe = Legacy(tree, legacy_bot, rules)
    differences = rules_differences(rules, probe.rules)
    probe.close()
    deals = max(1, math.ceil(hands / 2))
    chunk = 5
    tasks = [
        (a, legacy_bot, str(tree), seed + k, min(chunk, deals - k)) for k in range(0, deals, chunk)
    ]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    parts = []
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for part in pool.imap(_chunk, tasks, chunksize=1):
            parts.append(part)
            if parts_file is not None:
                with open(parts_file, "a") as f:
                    f.write(json.dumps(part) + "\n")
    out = _summary(a, legacy_bot, commit, seed, parts, differences)
    out["wall_seconds"] = round(time.perf_counter() - start, 1)
    out["load"] = [round(load, 1), round(os.getloadavg()[0], 1)]
    return out


def _summary(
    a: Json, legacy_bot: Json, commit: str, seed: int, parts: list[Any], differences: Json
) -> Json:
    out: Json = summarize(a, legacy_bot, seed, [part[:4] for part in parts])
    out["legacy_commit"] = commit
    out["score_mismatches"] = sum(part[4] for part in parts)
    out["rules_new"] = differences["new"]
    out["rules_changed"] = differences["changed"]
    return out


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", default="{}", help="today's StrongBot keyword arguments (JSON)")
    parser.add_argument(
        "--legacy", default='{"playouts": 1000}', help="the earlier StrongBot's arguments (JSON)"
    )
    parser.add_argument("--commit", default=FILED_AGAINST, help="the earlier version's commit")
    parser.add_argument("--hands", type=int, default=400, help="hands (seat-swapped pairs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--parts", help="append each finished chunk here (JSON lines)")
    parser.add_argument("--save", action="store_true", help=f"append the result to {RESULTS}")
    parser.add_argument("--note", help="what the run measures, recorded with it")
    args = parser.parse_args(argv)
    result = run(
        json.loads(args.a),
        json.loads(args.legacy),
        commit=args.commit,
        hands=args.hands,
        seed=args.seed,
        workers=args.workers,
        parts_file=args.parts,
    )
    if args.note:
        result["note"] = args.note
    print(json.dumps(result), file=out)
    if args.save:
        runs = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
        RESULTS.write_text(json.dumps([*runs, result], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
