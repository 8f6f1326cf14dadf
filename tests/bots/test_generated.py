"""Shipped code written by a script stays what its script writes: the leaf value's weights
(`hanatui/bots/fast/leafweights.py`) are `lab/leafvalue.py fit --emit`'s output, byte for
byte, so a hand edit or a change of the writer shows here rather than at the next fit."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hanatui.bots.fast import leafweights
from tests.helpers import lab_script

SHIPPED = Path(leafweights.__file__)


def test_the_leaf_weights_are_what_leafvalue_writes(monkeypatch, tmp_path):
    out = tmp_path / "leafweights.py"
    with lab_script("leafvalue") as leafvalue:
        assert leafvalue.EMIT.resolve() == SHIPPED.resolve()
        monkeypatch.setattr(leafvalue, "EMIT", out)
        leafvalue.emit({})  # nothing new fitted: the weights it ships, written again
        assert out.read_text(encoding="utf-8") == SHIPPED.read_text(encoding="utf-8")
        # ... and a bucket fitted anew replaces that bucket only.
        cards = min(leafweights.WEIGHTS)
        rows = [[0.5] * len(row) for row in leafweights.WEIGHTS[cards]]
        leafvalue.emit({cards: rows})
    written = out.read_text(encoding="utf-8")
    assert written != SHIPPED.read_text(encoding="utf-8")
    spec = importlib.util.spec_from_file_location("written_leafweights", out)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    weights = module.WEIGHTS
    assert weights[cards] == tuple(tuple(row) for row in rows)
    assert {c: w for c, w in weights.items() if c != cards} == {
        c: w for c, w in leafweights.WEIGHTS.items() if c != cards
    }
