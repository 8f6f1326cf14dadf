"""Every sample log in replays/ reads, replays, and writes back byte for byte: the file format
(rules included) is exactly what older versions of the program wrote."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.logfile import encode_log, read_log
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
    assert encode_log(log.header, log.events) == data
