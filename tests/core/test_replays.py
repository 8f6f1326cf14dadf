"""Every sample log in replays/ reads, replays, and writes back unchanged but for what a newer
format version changed: the version in the header, and (from version 3) the lines of each round's
score, written as data instead of words, with the same numbers. A sample written by this version
writes back byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from core.logfile import SCORE_DATA_VERSION, VERSION, encode_log, read_log
from core.state import OVER

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "replays").glob("*.hana"))


def test_there_are_sample_logs_of_every_game():
    games = {p.name.split("-")[0] for p in REPLAYS}
    assert {"bakappana", "hana", "koikoi", "sakura"} <= games


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_a_sample_log_reads_and_writes_back_unchanged(path: Path):
    data = path.read_bytes()
    log = read_log(data)
    assert log.error is None
    assert log.states[-1].phase == OVER
    first, rest = data.split(b"\n", 1)
    version = read_version(first)
    old = b'"version":%d,' % version
    assert old in first
    written = encode_log(log.header, log.events, log.comments)
    new_first, new_rest = written.split(b"\n", 1)
    assert new_first == first.replace(old, b'"version":%d,' % VERSION, 1)
    if version >= SCORE_DATA_VERSION:
        assert new_rest == rest
    else:
        old_lines, new_lines = rest.splitlines(), new_rest.splitlines()
        assert len(old_lines) == len(new_lines)
        scores = 0
        for was, now in zip(old_lines, new_lines, strict=True):
            if b'"type":"round_ended"' not in was:
                assert now == was
                continue
            scores += 1
            assert same_numbers(json.loads(was), json.loads(now))
        assert scores
    # what this version wrote reads back and writes back byte for byte
    again = read_log(written)
    assert encode_log(again.header, again.events, again.comments) == written


def same_numbers(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether a round_ended written before version 3 (its lines with words, ``label``) and its
    data form agree on every number: the seats' points, totals and next dealer, and each line's
    kind, points, factor and cards, and the id where the old line had one."""

    def line(x: dict[str, Any], keep_id: bool) -> dict[str, Any]:
        out = {k: x.get(k, d) for k, d in (("kind", None), ("points", 0), ("factor", 1))}
        out["cards"] = x.get("cards", [])
        return {**out, "id": x.get("id")} if keep_id else out

    assert all("label" in x for seat in old["breakdown"] for x in seat["lines"])
    if {k: v for k, v in old.items() if k != "breakdown"} != {
        k: v for k, v in new.items() if k != "breakdown"
    }:
        return False
    for a, b in zip(old["breakdown"], new["breakdown"], strict=True):
        if (a["seat"], a["points"], len(a["lines"])) != (b["seat"], b["points"], len(b["lines"])):
            return False
        for x, y in zip(a["lines"], b["lines"], strict=True):
            keep = x.get("id") is not None
            if line(x, keep) != line(y, keep):
                return False
    return True


def read_version(header_line: bytes) -> int:
    version = json.loads(header_line)["version"]
    assert isinstance(version, int)
    return version
