"""`hanatui verify` and `hanatui sim` as a user runs them: exit codes, messages, JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hanatui.cli import main

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*.hana"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hanatui", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_sample_replay_verifies():
    assert len(REPLAYS) >= 3
    assert main(["verify", *map(str, REPLAYS)]) == 0


@pytest.fixture
def good_log(tmp_path) -> Path:
    src = next(p for p in REPLAYS if p.name.startswith("bakappana-2p"))
    dst = tmp_path / "good.hana"
    dst.write_bytes(src.read_bytes())
    return dst


def test_verify_reports_file_line_and_reason_and_exits_1(tmp_path, good_log, capsys):
    lines = good_log.read_bytes().splitlines(keepends=True)
    bad = tmp_path / "bad.hana"
    bad.write_bytes(b"".join(lines[:6]) + lines[6][:15])
    assert main(["verify", str(good_log), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{good_log}: ok (bakappana, 2 players")
    assert out[1].startswith(f"{bad}:7: ")


def test_verify_counts_rounds_in_words(tmp_path, capsys):
    """One round is "1 round" (a match of one round, as a network table's quick game)."""
    from core.logfile import encode_log, header_for
    from core.rules import find_rules
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    timeline = play_match(find_rules("koikoi", rounds=1), [make_bot("easy")] * 2, seed=4)
    path = tmp_path / "one.hana"
    events = timeline.events
    path.write_bytes(encode_log(header_for(events, app="test"), events))
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 round," in out and "1 rounds" not in out


def test_verify_json_report(tmp_path, good_log, capsys):
    bad = tmp_path / "bad.hana"
    bad.write_text('{"format":"hanatui","version":7}\n', encoding="utf-8")
    assert main(["verify", "--json", str(good_log), str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False
    first, second = report["files"]
    assert first["valid"] is True and first["game"] == "bakappana" and first["finished"] is True
    assert second == {
        "file": str(bad),
        "valid": False,
        "line": 1,
        "reason": second["reason"],
    }
    assert "version 7" in second["reason"]


def test_missing_file_directory_and_binary_garbage_give_one_clear_line(tmp_path):
    garbage = tmp_path / "garbage.hana"
    garbage.write_bytes(bytes(range(256)) * 4)
    result = run("verify", str(tmp_path / "nope.hana"), str(tmp_path), str(garbage))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines == [
        f"{tmp_path / 'nope.hana'}: no such file",
        f"{tmp_path}: is a directory, not a log file",
        f"{garbage}:1: not a hanatui log (binary data)",
    ]


def test_usage_errors_exit_2():
    assert run("verify").returncode == 2
    assert run("sim", "poker").returncode == 2
    result = run("sim", "bakappana", "--players", "9")
    assert result.returncode == 2 and "2-4 players" in result.stderr
    assert run("sim", "bakappana", "--hands", "0").returncode == 2
    assert run("frobnicate").returncode == 2


def test_sim_json_has_the_promised_fields(capsys):
    assert (
        main(
            [
                "sim",
                "bakappana",
                "--players",
                "3",
                "--hands",
                "30",
                "--seed",
                "4",
                "--bots",
                "random,easy",
                "--json",
            ]
        )
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    for key in ("game", "hands", "seconds", "hands_per_second", "seats"):
        assert key in result
    assert result["game"] == "bakappana" and result["hands"] == 30
    assert [s["bot"] for s in result["seats"]] == ["random", "easy", "random"]
    # simple scoring: every card is captured, so the points of a hand sum to 264
    assert sum(s["total_points"] for s in result["seats"]) == 264 * 30
    for seat in result["seats"]:
        assert set(seat) >= {"bot", "total_points", "hands_won"}


def test_sim_is_reproducible_and_saves_one_log_per_match(tmp_path, capsys):
    args = ["sim", "bakappana", "--matches", "2", "--seed", "9", "--option", "rounds=2", "--json"]
    main([*args, "--save", str(tmp_path)])
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["seats"] == second["seats"]
    saved = sorted(tmp_path.glob("*.hana"))
    assert len(saved) == 2
    assert main(["verify", *map(str, saved)]) == 0


def test_sim_save_never_replaces_a_log_saved_before(tmp_path, capsys):
    """A second run into the same folder with the same seed (here other bots) wrote its logs
    over the first run's, under the same names: the first run's are kept, the second's go
    beside them ("-2")."""
    base = ["sim", "koikoi", "--hands", "1", "--seed", "1", "--jobs", "1", "--json"]
    main([*base, "--bots", "easy", "--save", str(tmp_path)])
    (first,) = tmp_path.glob("*.hana")
    kept = first.read_bytes()
    main([*base, "--bots", "random", "--save", str(tmp_path)])
    capsys.readouterr()
    again = first.with_name(f"{first.stem}-2.hana")
    assert sorted(tmp_path.glob("*.hana")) == sorted([first, again])
    assert first.read_bytes() == kept
    assert b'"bot":"random"' in again.read_bytes() and b'"bot":"random"' not in kept


def test_sim_counts_in_words(capsys):
    """The first line counts in words: "1 hand in 1 match; 1 hand decided"."""
    main(["sim", "koikoi", "--hands", "1", "--seed", "2", "--jobs", "1"])  # a hand decided
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("koikoi: 1 hand in 1 match, "), first
    assert first.endswith("; 1 hand decided"), first
    main(["sim", "koikoi", "--hands", "3", "--seed", "1", "--jobs", "1"])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("koikoi: 3 hands in 1 match, "), first


def test_sim_zero_sum_totals_cancel(capsys):
    main(["sim", "bakappana", "--players", "4", "--hands", "12", "--preset", "zero-sum", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert sum(s["total_points"] for s in result["seats"]) == 0


def test_sim_shows_a_progress_bar_on_a_terminal_but_not_with_json():
    import os
    import pty

    def stderr_of(*args: str) -> str:
        master, slave = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "hanatui", *args],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=slave,
            stdin=subprocess.DEVNULL,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        proc.wait(timeout=60)
        os.close(master)
        return b"".join(chunks).decode()

    shown = stderr_of("sim", "bakappana", "--hands", "24", "--option", "rounds=12")
    assert "24/24 hands" in shown and "#" in shown
    assert stderr_of("sim", "bakappana", "--hands", "24", "--json") == ""


def test_version_says_which_hanatui_this_is():
    from hanatui import __version__

    done = run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"hanatui {__version__}"
