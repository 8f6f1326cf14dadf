"""The network commands as a user types them: bad arguments are one line and exit 2, and
`hanatui host` prints one address per human seat and a line per computer seat, and plays
the preset and options it was given on the address it binds."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hanatui.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["join", "http://example.invalid/"], "not a table address"),
        (["join", "ws://127.0.0.1:7146/"], "no seat token"),
        (["join", "ws://127.0.0.1:7146/#abc"], "seat token after '#' is cut short or mistyped"),
        (["join", "ws://127.0.0.1:7146/#" + "a b" * 8], "seat token after '#' is cut short"),
        (["join", "ws://127.0.0.1:7146/#" + "a" * 22, "--name", "\x1b[2J"], "invalid name"),
        (["host"], "name the game"),
        (["host", "koikoi", "--computer", "2"], "--computer"),
        (["host", "koikoi", "--port", "70000"], "--port"),
        (["serve", "--port", "70000"], "--port must be 0-65535, not 70000"),
        (["serve", "--port", "-1"], "--port must be 0-65535, not -1"),
        (["host", "nonsense"], "unknown game"),
        (["host", "koikoi", "--preset", "nonsense"], "unknown preset 'nonsense'"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args, said, capsys):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert "\x1b" not in err  # text from the command line is shown escaped, never raw


def test_host_resume_of_a_missing_journal_names_the_journal(tmp_path, capsys):
    """`host --resume FILE` with no FILE there said it could not read "FILE.table" (the
    tokens' file beside it), which the player never named: the journal is named."""
    missing = tmp_path / "table.hana"
    assert main(["host", "--resume", str(missing)]) == 1
    assert capsys.readouterr().err == f"hanatui: {missing}: no such file\n"
    assert main(["host", "--resume", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"hanatui: {tmp_path}: is a directory, not a journal\n"


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGHUP"])
def test_host_prints_an_address_per_human_seat_and_closes_on_a_signal(data_dir, stop):
    """SIGTERM (`kill`) and SIGHUP (the host's terminal closed) close the table as Ctrl+C does:
    a line says so and the exit status is 0."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "hanatui", "host", "hana-awase", "--players", "3"),
            *("--computer", "1", "--port", "0", "--bot", "easy"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(5)]
    finally:
        host.send_signal(getattr(signal, stop))
        out, err = host.communicate(timeout=20)
    assert re.match(r"seat 1: ws://127\.0\.0\.1:\d+/#[A-Za-z0-9_-]{22}$", lines[1].strip())
    assert re.match(r"seat 2: ws://127\.0\.0\.1:\d+/#[A-Za-z0-9_-]{22}$", lines[2].strip())
    assert lines[3].strip() == "seat 3: a computer player (easy)"
    assert lines[1] != lines[2]
    assert "the table is closed (its match had not started)" in out  # stopped by the signal
    assert host.returncode == 0, err


async def test_host_plays_the_preset_it_was_given_on_the_address_it_binds(data_dir, tmp_path):
    """`--preset` and `--option` choose the rules the match is played by, and the table listens
    on `--bind` and names it in the addresses it prints."""
    import asyncio

    from core.events import MatchStarted
    from core.logfile import read_log
    from core.rules import find_rules
    from hanatui.net.client import RemoteSession
    from hanatui.store.files import read_bytes_capped
    from tests.net.helpers import until

    journal = tmp_path / "preset.hana"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    host = subprocess.Popen(
        [
            *(sys.executable, "-m", "hanatui", "host", "koikoi", "--preset", "nintendo"),
            *("--option", "rounds=3", "--computer", "1", "--bind", "127.0.0.1"),
            *("--port", "0", "--pace", "0", "--journal", str(journal)),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ann: RemoteSession | None = None
    try:
        stdout = host.stdout
        assert stdout is not None
        first, address = await asyncio.to_thread(lambda: [stdout.readline() for _ in "ab"])
        assert "on 127.0.0.1 port" in first
        url = address.split(": ", 1)[1].strip()
        assert url.startswith("ws://127.0.0.1:")
        ann = RemoteSession(url, "Ann")
        ann.start()
        await until(lambda: ann is not None and ann.started)
        started = ann.events[0]
        assert isinstance(started, MatchStarted)
        assert started.rules == find_rules("koikoi", "nintendo", rounds=3)
        assert started.rules != find_rules("koikoi")
    finally:
        if ann is not None:
            await ann.close()
        host.terminate()
        _, err = await asyncio.to_thread(host.communicate, None, 20)
    assert host.returncode == 0, err
    log = read_log(read_bytes_capped(journal))
    assert log.events[0] == started
