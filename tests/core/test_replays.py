"""Every sample log in replays/ reads, replays, and writes back byte for byte: the file format
(rules included) is exactly what older versions of the program wrote, but for the format
version in the header, which a write brings up to the current one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.logfile import VERSION, encode_log, read_log
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
    old = b'"version":%d,' % read_version(first)
    assert old in first
    expected = first.replace(old, b'"version":%d,' % VERSION, 1) + b"\n" + rest
    assert encode_log(log.header, log.events, log.comments) == expected


def read_version(header_line: bytes) -> int:
    version = json.loads(header_line)["version"]
    assert isinstance(version, int)
    return version
