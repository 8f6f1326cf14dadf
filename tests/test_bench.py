"""`bench/` holds the speed benchmarks, and `make bench` runs every one of them: a benchmark
added to the folder but not to the target, or a target naming a script that is gone, fails
here. Each benchmark keeps its figures in ``bench/results/`` (through `bench/record.py`)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"

#: Scripts in bench/ that are not benchmarks of their own: the writer of the results files, and
#: the other engine's self-play, which `bench/engine.py` runs (`make bench KOIKOI_AI=PATH`).
HELPERS = {"record", "koikoi_ai"}


def run_by_make_bench() -> set[str]:
    """The bench/ scripts the Makefile's ``bench`` target runs."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    listed = re.search(r"^BENCHMARKS := (.*)$", text, re.M)
    recipe = re.search(r"^bench:.*\n((?:\t.*\n)+)", text, re.M)
    assert listed and recipe, "the Makefile has no bench target with its BENCHMARKS"
    assert "$(BENCHMARKS)" in recipe.group(1)
    return set(re.findall(r"bench/([a-z_]+)\.py", recipe.group(1))) | set(listed.group(1).split())


def test_make_bench_runs_every_benchmark_in_bench():
    scripts = {path.stem for path in BENCH.glob("*.py")}
    assert scripts >= HELPERS
    assert run_by_make_bench() == scripts - HELPERS
    assert "koikoi_ai.py" in (BENCH / "engine.py").read_text(encoding="utf-8")


def test_every_benchmark_keeps_its_figures():
    for name in run_by_make_bench():
        source = (BENCH / f"{name}.py").read_text(encoding="utf-8")
        assert "from record import save" in source or "RESULTS.write_text(" in source, name


def test_a_results_file_says_when_where_and_under_what_load(monkeypatch, tmp_path):
    spec = importlib.util.spec_from_file_location("bench_record", BENCH / "record.py")
    assert spec and spec.loader
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    assert record.RESULTS == BENCH / "results"
    monkeypatch.setattr(record, "RESULTS", tmp_path / "results")
    path = record.save("example", {"tables": {"koikoi 2p": 1.5}})
    assert path == tmp_path / "results" / "example.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["tables"] == {"koikoi 2p": 1.5}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", saved["recorded"])
    assert "cores" in saved["machine"] and saved["load_average_after"] >= 0
    assert saved["command"].startswith("bench/")
    # The figures' own keys win over the defaults (a benchmark that names its machine).
    assert json.loads(record.save("example", {"machine": "x"}).read_text())["machine"] == "x"
