"""Does koi-koi's own playout (and the search on it) play as it did at an earlier commit?

The koi-koi default measured +0.35 per hand over the engine path in four runs at 1.6 times the
budget, and +0.05 in two runs at 2.05 times, after the commits that made its playout cheaper.
This asks both trees the same questions on the same positions: the points of `fast.playout`'s
playout with ``--call`` of every candidate on seeded deals with the same tie numbers, and the
choice and estimates of ``StrongBot(kk=call, kk_playouts=N)`` under the same seed. Each tree
answers in a process of its own (that tree first on the path, as `bench/legacy_ab.py` runs the
first version), from the positions' events, which both engines fold alike.

    nice .venv/bin/python bench/kk_versions.py --commit 7c01004 --rounds 12 --deals 20
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def dump(rounds: int, seed: int, path: Path) -> int:
    """The events and seat of every card decision of ``rounds`` rounds of normal play."""
    sys.path.insert(0, str(HERE))
    from legacy_ab import _events
    from legacy_parts import kind, positions

    from core.rules import find_rules

    rules = find_rules("koikoi", rounds=1)
    out = [
        {"events": _events(tl), "seat": seat}
        for tl, _, seat, legal in positions(rules, "normal", rounds, seed)
        if kind(legal) != "call"
    ]
    path.write_text(json.dumps(out))
    return len(out)


def answer(path: Path, call: str, deals: int, playouts: int) -> list[Any]:
    """This tree's answers (run with the tree first on the path)."""
    import msgspec

    from core.engine import fold, legal_actions
    from core.events import MatchStarted
    from core.logfile import AnyEvent
    from core.rules import find_rules
    from core.view import determinize, observe
    from hanatui.arena.selfplay import bot_players
    from hanatui.bots.fast.chance import Ties
    from hanatui.bots.fast.playout import play_out_score
    from hanatui.bots.strong import StrongBot

    decode = msgspec.json.Decoder(AnyEvent)
    rules = find_rules("koikoi", rounds=1)
    start = MatchStarted(rules=rules, players=bot_players(["strong", "strong"]))
    out: list[Any] = []
    for n, p in enumerate(json.loads(path.read_text())):
        st = fold([start, *[decode.decode(json.dumps(e)) for e in p["events"]]])
        view = observe(st, p["seat"])
        legal = legal_actions(st)
        rng = random.Random(n)
        points = []
        for _ in range(deals):
            det = determinize(view, rng)
            tie = rng.getrandbits(32)
            points.append([list(play_out_score(det, a, Ties(tie), call) or ()) for a in legal])
        bot = StrongBot(kk=call, kk_playouts=playouts)
        chosen = bot.choose(view, legal, random.Random(n))
        means = [[msgspec.json.encode(e.action).decode(), e.mean] for e in bot.last]
        out.append([points, msgspec.json.encode(chosen).decode(), means])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="7c01004", help="the earlier tree's commit")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--deals", type=int, default=20, help="seeded deals per position")
    parser.add_argument("--playouts", type=int, default=300, help="kk_playouts of the search")
    parser.add_argument("--call", default="mixed")
    parser.add_argument("--answer", help=argparse.SUPPRESS)  # the worker: positions file
    args = parser.parse_args(argv)
    if args.answer:
        json.dump(answer(Path(args.answer), args.call, args.deals, args.playouts), sys.stdout)
        return
    sys.path.insert(0, str(HERE))
    from legacy_ab import ROOT, source_tree

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "positions.json"
        n = dump(args.rounds, args.seed, path)
        runs = []
        for tree in (ROOT, source_tree(args.commit)):
            env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
            cmd = [sys.executable, str(Path(__file__).resolve()), "--answer", str(path)]
            cmd += ["--call", args.call, "--deals", str(args.deals)]
            cmd += ["--playouts", str(args.playouts)]
            done = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(done.stderr)
            runs.append(json.loads(done.stdout))
    today, then = runs
    result = {
        "commit": args.commit,
        "positions": n,
        "deals_same": sum(a[0] == b[0] for a, b in zip(today, then, strict=True)),
        "playouts": sum(len(d) for a in today for d in a[0]),
        "playouts_same": sum(
            x == y
            for a, b in zip(today, then, strict=True)
            for da, db in zip(a[0], b[0], strict=True)
            for x, y in zip(da, db, strict=True)
        ),
        "choices_same": sum(a[1] == b[1] for a, b in zip(today, then, strict=True)),
        "estimates_same": sum(a[2] == b[2] for a, b in zip(today, then, strict=True)),
    }
    sys.stdout.write(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
