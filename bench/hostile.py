"""Hostile files up to the 4 MiB cap: CPU time and peak memory to refuse or accept each.

Not a test; run `python bench/hostile.py` (`--json` for the figures). Each case is read by
`core.logfile.read_log` exactly as `hanatui verify` reads it. CPU time is this process's own
(`time.process_time`, the best of three); peak memory is what Python allocates while reading
(`tracemalloc`, a separate run), compared with the file's size. The target is under 1 s of CPU
for any file up to the cap, and memory a small multiple of the file.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
import tracemalloc

from msgspec.structs import replace
from record import save

from core.chance import advance
from core.engine import apply, is_chance, is_over, legal_actions, step, to_act
from core.errors import HanaError
from core.events import CardPlayed, Event, MatchStarted, RoundEnded, UndoTaken
from core.logfile import MAX_BYTES, encode_event, encode_log, header_for, read_log
from core.players import Player
from core.redact import redact
from core.rules import find_rules

CAP = MAX_BYTES


def _match(rounds: int, seed: int) -> list[Event]:
    """A koi-koi match between two people (who may undo), random legal play."""
    rules = find_rules("koikoi", rounds=rounds, turn_structure="draw_then_play_two")
    rng = random.Random(seed)
    first = MatchStarted(rules=rules, players=(Player(name="A"), Player(name="B")))
    state = apply(None, first)
    events: list[Event] = [first]
    while not is_over(state):
        pairs = (
            advance(state, rng)
            if is_chance(state)
            else step(state, rng.choice(legal_actions(state)))
        )
        for event, after in pairs:
            events.append(event)
            state = after
    return events


def _padded(events: list[Event], budget: int) -> list[Event]:
    """The match with `undo_taken` lines before its decisions until the log fills ``budget``
    bytes: legal padding (each undo where that person was deciding), spread over all rounds."""
    decisions = [i for i, e in enumerate(events) if isinstance(e, CardPlayed)]
    size = len(encode_log(header_for(events), events))
    undo_size = len(encode_event(UndoTaken(seat=0)))
    per = max(0, (budget - size) // undo_size // len(decisions))
    out: list[Event] = []
    at = set(decisions)
    state = None
    for i, e in enumerate(events):
        if i in at and state is not None:
            seat = to_act(state)
            assert seat is not None
            out.extend([UndoTaken(seat=seat)] * per)
        out.append(e)
        state = apply(state, e)
    return out


def _broken_last_score(events: list[Event]) -> list[Event]:
    last = max(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
    score = events[last]
    assert isinstance(score, RoundEnded)
    points = (score.points[0] + 1, *score.points[1:])
    return [*events[:last], replace(score, points=points), *events[last + 1 :]]


def cases() -> dict[str, bytes]:
    events = _match(120, 3)
    header = header_for(events, app="bench")
    head = encode_log(header, [])
    padded = _padded(events, CAP - 20_000)
    view = encode_log(
        header_for(padded, app="bench", redacted_for=0), redact(_broken_last_score(padded), 0)
    )
    fill = CAP - len(head) - 1
    deep_line = b'{"type":"dealt","round":1,"dealer":0,"deck":' + b"[" * 65_000 + b"\n"
    started = encode_log(header, events[:1])
    comment = b'{"type":"comment","after":0,"seat":0,"text":"x"}\n'
    comments = started + comment * ((CAP - len(started) - 200) // len(comment))
    return {
        "player view, 120 rounds padded with undos, last score broken (refused)": view,
        "player view, 120 rounds padded with undos (accepted)": encode_log(
            header_for(padded, app="bench", redacted_for=0), redact(padded, 0)
        ),
        "plain log, 120 rounds padded with undos (accepted)": encode_log(
            header_for(padded, app="bench"), padded
        ),
        "header, match_started + 4 MiB of comment lines (accepted)": comments,
        "the same, last comment on an event still to come (refused)": comments
        + b'{"type":"comment","after":1,"text":"x"}\n',
        "header + 4 MiB of empty lines": head + b"\n" * fill,
        "header + 4 MiB of `1` lines": head + b"1\n" * (fill // 2),
        "header + 64 lines nested 65,000 deep": head + deep_line * (fill // len(deep_line)),
        "one 4 MiB header line": b'{"format":"hanatui","version":1,"app":"' + b"x" * fill + b'"}',
        "4 MiB of random bytes": random.Random(1).randbytes(CAP),
    }


def _read(data: bytes) -> str:
    try:
        log = read_log(data)
    except HanaError as exc:
        return f"refused: {str(exc)[:70]}"
    return f"accepted: {len(log.events)} events"


def measure(data: bytes, repeats: int = 3) -> dict[str, object]:
    cpu = []
    outcome = ""
    for _ in range(repeats):
        t0 = time.process_time()
        outcome = _read(data)
        cpu.append(time.process_time() - t0)
    tracemalloc.start()
    _read(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "bytes": len(data),
        "cpu_seconds": round(min(cpu), 3),
        "peak_mib": round(peak / 2**20, 1),
        "peak_per_file_byte": round(peak / len(data), 1),
        "outcome": outcome,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}",
    }
    for name, data in cases().items():
        results[name] = measure(data)
    save("hostile", results)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"machine: {results['machine']}")
    for name, r in results.items():
        if name == "machine":
            continue
        assert isinstance(r, dict)
        print(
            f"{name}\n    {r['bytes'] / 2**20:.2f} MiB: {r['cpu_seconds']} s CPU, peak "
            f"{r['peak_mib']} MiB ({r['peak_per_file_byte']}x the file); {r['outcome']}"
        )


if __name__ == "__main__":
    main()
