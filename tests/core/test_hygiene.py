"""The core stays pure: importing any core module loads no textual, rich or hanatui."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import core

ROOT = Path(__file__).resolve().parents[2]
MODULES = [*sorted(m.name for m in pkgutil.walk_packages(core.__path__, prefix="core.")), "core"]


def test_every_core_module_imports_without_ui_or_app_packages():
    code = (
        "import importlib, sys\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', "
        "'hanatui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "", f"core imported: {out.stdout.strip()}"
    assert len(MODULES) > 10


def test_core_source_has_no_io_clock_or_hidden_randomness():
    """No file, clock or global-random use anywhere in core/ (chance.py takes an explicit rng)."""
    forbidden = (
        "open(",
        "time.time",
        "datetime.now",
        "random.random(",
        "random.shuffle(",
        "os.environ",
        "print(",
    )
    for path in (ROOT / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in forbidden:
            assert word not in text, f"{path.relative_to(ROOT)} uses {word}"
