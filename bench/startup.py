"""Time to the first frame: `hanatui` (the title) and `hanatui play koikoi` (the table) against a
bare Textual app, interleaved in the same run.

Each program runs on a pseudo-terminal of 120x40 (the real terminal driver, not headless). The
clock starts when the process is spawned and stops when the screen a person waits for has been
written to the terminal: the bench reads the terminal's output, drops the escape sequences and
stops at a text only that screen draws (the bare app's last line, the title's tagline, the
table's field). The process is then killed, so its exit is not counted. Besides that wall time,
the process's own CPU time until then (user + system, from ``wait4``) is reported: on a machine
shared with other work the CPU time is the steadier figure.

    .venv/bin/python bench/startup.py [--runs 15] [--json]

The bare app is what the issue compared with: a header, three lines of text and a footer.
Targets (issue 15): the title within 1.2x the bare app, the table within 1.3x (medians).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import platform
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import Any

from record import save

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("one")
        yield Static("two")
        yield Static("three lines")
        yield Footer()

Bare().run()
"""

TARGETS = {"title": 1.2, "table": 1.3}

#: CSI and OSC sequences, and the other two-byte escapes Textual writes.
_ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")


def _hanatui_command() -> list[str]:
    script = Path(sys.executable).parent / "hanatui"
    if script.exists():
        return [str(script)]
    found = shutil.which("hanatui")
    return [found] if found else [sys.executable, "-m", "hanatui"]


def first_frame(command: list[str], marker: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from spawning ``command`` until ``marker`` is on the screen."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    want = marker.encode()
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    seen = b""
    found = False
    try:
        while time.perf_counter() - start < 60:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:
                break  # the program exited
            if not chunk:
                break
            seen += chunk
            # An escape sequence may be cut at the chunk's end: search all that came so far.
            if want in _ESCAPES.sub(b"", seen):
                found = True
                break
        elapsed = time.perf_counter() - start
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = -9
        os.close(master)
    if not found:
        text = _ESCAPES.sub(b"", seen).decode(errors="replace")[-400:]
        raise SystemExit(f"{' '.join(command)}: {marker!r} never appeared; last output:\n{text}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    hanatui = _hanatui_command()
    programs = {
        "bare": ([sys.executable, "-c", BARE_APP], "three lines"),
        "title": (hanatui, "hanafuda at the terminal"),
        "table": ([*hanatui, "play", "koikoi"], "pile 24"),
    }
    wall: dict[str, list[float]] = {name: [] for name in programs}
    cpu: dict[str, list[float]] = {name: [] for name in programs}
    load_before = os.getloadavg()[0]
    # Compiled modules are cached, as an installed program's are, in a folder of this run's own
    # (written by the first round, which is not counted; nothing is written beside the sources).
    with tempfile.TemporaryDirectory() as pycache:
        for run in range(args.runs + 1):
            for name, (command, marker) in programs.items():
                # A data folder of its own each time: no autosave, lock or settings carried over.
                with tempfile.TemporaryDirectory() as data:
                    env = dict(
                        os.environ,
                        TERM="xterm-256color",
                        HANATUI_DATA_DIR=data,
                        PYTHONPYCACHEPREFIX=pycache,
                    )
                    env.pop("HANATUI_EXIT_ON_READY", None)
                    env.pop("PYTHONDONTWRITEBYTECODE", None)
                    w, c = first_frame(command, marker, env)
                if run:  # the first round only compiles and warms the file cache
                    wall[name].append(w)
                    cpu[name].append(c)
    load_after = os.getloadavg()[0]

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    result: dict[str, Any] = {
        "runs": args.runs,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"{platform.python_implementation()} {platform.python_version()}",
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "median_ms": {k: round(med(v) * 1000) for k, v in wall.items()},
        "median_cpu_ms": {k: round(med(v) * 1000) for k, v in cpu.items()},
        "ratio": {k: round(med(wall[k]) / med(wall["bare"]), 2) for k in TARGETS},
        "cpu_ratio": {k: round(med(cpu[k]) / med(cpu["bare"]), 2) for k in TARGETS},
        "target_ratio": TARGETS,
    }
    save("startup", result)
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"{result['machine']}; load average {load_before:.1f} before, {load_after:.1f} after; "
        f"medians of {args.runs} interleaved runs"
    )
    print(f"{'':<22}{'wall':>8}{'ratio':>8}{'CPU':>8}{'ratio':>8}  target")
    names = {"bare": "bare Textual app", "title": "hanatui (title)", "table": "play koikoi (table)"}
    for k, label in names.items():
        line = f"{label:<22}{result['median_ms'][k]:>6}ms"
        line += f"{result['ratio'][k]:>7}x" if k in TARGETS else f"{'':>8}"
        line += f"{result['median_cpu_ms'][k]:>6}ms"
        line += f"{result['cpu_ratio'][k]:>7}x  <= {TARGETS[k]}x" if k in TARGETS else ""
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
