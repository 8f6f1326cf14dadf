"""The command line's text tools never load the UI: `hanatui export --text` and `hanatui verify`
run in a subprocess and report which modules they imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "replays" / "bakappana-3p-seed30.hana"

RUN = """
import json, sys
from hanatui.cli import main
try:
    code = main({args!r})
except SystemExit as exc:
    code = exc.code
ui = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
print(json.dumps({{"code": code, "ui": ui}}), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["export", "--text", str(SAMPLE), "-o", "{out}/game.txt"],
        ["verify", str(SAMPLE)],
        ["verify", "--json", str(SAMPLE)],
    ],
    ids=["export-text", "verify", "verify-json"],
)
def test_text_commands_import_neither_textual_nor_rich(args, tmp_path):
    args = [a.replace("{out}", str(tmp_path)) for a in args]
    out = subprocess.run(
        [sys.executable, "-c", RUN.format(args=args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(out.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), out.stderr
    assert report["ui"] == [], f"{args[0]} imported {report['ui'][:5]}"


def test_words_and_story_import_without_the_ui():
    code = (
        "import sys, hanatui.text.words, hanatui.text.story\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
