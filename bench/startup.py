"""Time to the first frame: `hanatui` against a bare Textual app, in the same run.

Each program runs on a pseudo-terminal (the real terminal driver, not headless), draws its first
screen and exits at once (``HANATUI_EXIT_ON_READY``; the bare app exits in ``on_ready``). The
wall time from spawn to exit is measured, several times each, interleaved; medians are compared.

    .venv/bin/python bench/startup.py [--runs 15] [--json]

Target: hanatui at most 1.3x the bare app.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

BARE_APP = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

    def on_ready(self):
        self.exit()

Bare().run()
"""


def _hanatui_command() -> list[str]:
    script = Path(sys.executable).parent / "hanatui"
    if script.exists():
        return [str(script)]
    found = shutil.which("hanatui")
    return [found] if found else [sys.executable, "-m", "hanatui"]


def time_to_first_frame(command: list[str], env: dict[str, str]) -> float:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)

    def drain() -> None:
        while True:
            try:
                if not os.read(master, 65536):
                    break
            except OSError:
                break

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        code = proc.wait(timeout=60)
    finally:
        elapsed = time.perf_counter() - start
        os.close(master)
    if code != 0:
        raise SystemExit(f"{command[0]} exited with status {code}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = dict(
            os.environ, TERM="xterm-256color", HANATUI_DATA_DIR=data, HANATUI_EXIT_ON_READY="1"
        )
        bare_cmd = [sys.executable, "-c", BARE_APP]
        hana_cmd = _hanatui_command()
        # warm the file cache once each
        time_to_first_frame(bare_cmd, env)
        time_to_first_frame(hana_cmd, env)
        bare, hana = [], []
        for _ in range(args.runs):
            bare.append(time_to_first_frame(bare_cmd, env))
            hana.append(time_to_first_frame(hana_cmd, env))
    result = {
        "runs": args.runs,
        "bare_textual_median_s": round(statistics.median(bare), 3),
        "hanatui_median_s": round(statistics.median(hana), 3),
        "ratio": round(statistics.median(hana) / statistics.median(bare), 2),
        "target_ratio": 1.3,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"bare Textual app: {result['bare_textual_median_s'] * 1000:.0f} ms to first frame "
            f"(median of {args.runs})"
        )
        print(f"hanatui:          {result['hanatui_median_s'] * 1000:.0f} ms to first frame")
        print(f"ratio:            {result['ratio']}x (target <= 1.3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
