"""Make the README's picture of the table: the app draws it itself, headless, as an SVG.

    .venv/bin/python scripts/screenshot.py [docs/screenshot.svg]

A seeded koi-koi match is played by the computer for both seats until a few turns in, then the
table is shown from the first seat and saved with `App.save_screenshot`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent

if TYPE_CHECKING:
    from hanatui.session.session import Session


def _session(game: str, seed: int, turns: int) -> Session:
    from core.chance import advance
    from core.engine import is_chance, legal_actions, step, to_act
    from core.events import MatchStarted
    from core.players import Player
    from core.rules import find_rules
    from core.state import PLAY
    from core.timeline import Timeline
    from core.view import observe
    from hanatui.bots import make_bot
    from hanatui.session.session import Session

    players = (Player(name="You", kind="human"), Player(name="CPU", kind="bot", bot="easy"))
    rules = find_rules(game)
    rng = random.Random(seed)
    bot = make_bot("easy")
    timeline = Timeline([MatchStarted(rules=rules, players=players)])
    while True:
        state = timeline.last
        if is_chance(state):
            timeline.extend(advance(state, rng))
            continue
        seat = to_act(state)
        assert seat is not None
        if seat == 0 and state.phase == PLAY and state.turn_no >= turns:
            return Session(timeline, seed=seed)
        timeline.extend(step(state, bot.choose(observe(state, seat), legal_actions(state), rng)))


async def _shoot(path: Path, size: tuple[int, int]) -> None:
    from hanatui.app.app import HanaApp
    from hanatui.store.settings import Settings

    session = _session("koikoi", seed=12, turns=7)
    app = HanaApp(settings=Settings(pace=0.0), save=False, session=session)
    async with app.run_test(size=size) as pilot:
        for _ in range(20):
            await pilot.pause(0.05)
        await pilot.press("right")
        await pilot.pause(0.2)
        path.parent.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(filename=path.name, path=str(path.parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "out",
        nargs="?",
        type=Path,
        default=ROOT / "docs" / "screenshot.svg",
        help="the SVG to write (default: docs/screenshot.svg)",
    )
    out: Path = parser.parse_args().out
    os.environ.setdefault("HANATUI_DATA_DIR", tempfile.mkdtemp(prefix="hanatui-shot-"))
    asyncio.run(_shoot(out, (120, 36)))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
