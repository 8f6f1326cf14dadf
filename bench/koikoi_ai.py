"""Random self-play hands per CPU second of the KoiKoi-AI engine, for `bench/engine.py`'s
side-by-side figure. Not part of hanatui, and it ships none of that engine's code.

The engine is guansanghai/KoiKoi-AI on GitHub (``koikoigame.py``, measured at commit 565924e);
fetch that one file yourself and pass its path. It needs numpy (its round state keeps per-turn
card arrays); it imports torch only for the neural network's input features, which self-play
never builds, so a missing torch is replaced by an empty module. Run it with an interpreter that
has numpy, the same CPython as hanatui's for a fair figure:

    python3 bench/koikoi_ai.py path/to/koikoigame.py --seconds 3

What is played is what the engine's own game loop plays: `KoiKoiGameState` (eight rounds, its
own start points) with `KoiKoiRoundState`, every decision a uniformly random legal one (the card
to discard, the field card to pick when two match, koi-koi or stop), until the match is over,
again and again. It prints one JSON object: the rounds (hands) played and the CPU seconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
import types
from typing import Any


def load(path: str) -> Any:
    """The engine's module from its file."""
    sys.modules.setdefault("torch", types.ModuleType("torch"))
    spec = importlib.util.spec_from_file_location("koikoigame", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_round(rs: Any, choice: Any) -> None:
    """One round of random legal decisions, through the engine's own state machine."""
    while rs.state != "round-over":
        state = rs.state
        if state == "discard":
            rs.discard(choice(rs.hand[rs.turn_player]))
        elif state == "discard-pick":
            rs.discard_pick(choice(rs.pairing_card) if rs.wait_action else None)
        elif state == "draw":
            rs.draw()
        elif state == "draw-pick":
            rs.draw_pick(choice(rs.pairing_card) if rs.wait_action else None)
        elif state == "koikoi":
            rs.claim_koikoi(choice([True, False]) if rs.wait_action else None)
        else:
            raise SystemExit(f"unexpected state {state!r}")


def measure(engine: Any, seconds: float, seed: int) -> dict[str, float]:
    random.seed(seed)  # the engine shuffles with the random module's own generator
    choice = random.choice
    hands = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while time.perf_counter() - start < seconds:
        game = engine.KoiKoiGameState()
        while not game.game_over:
            play_round(game.round_state, choice)
            hands += 1
            game.new_round()
    return {"hands": hands, "cpu_seconds": time.process_time() - cpu_start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="path to KoiKoi-AI's koikoigame.py")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(measure(load(args.engine), args.seconds, args.seed)))


if __name__ == "__main__":
    main()
