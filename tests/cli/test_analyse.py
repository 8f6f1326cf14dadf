"""`hanatui analyse`: the report, seats from 1, JSON, the cache beside the log (used, refreshed,
never trusted when it does not fit), a read-only place, ctrl-c and the progress bar."""

from __future__ import annotations

import json
import sys

import pytest

import hanatui.analysis.run as run
from core.logfile import Comment, encode_log, read_log
from hanatui.analysis import cache, decision_points
from hanatui.cli import main
from hanatui.text.export import player_view
from tests.analysis.test_analysis import short_log

BUDGET = "20"


@pytest.fixture
def game(tmp_path):
    log = short_log()
    path = tmp_path / "game.hana"
    path.write_bytes(encode_log(log.header, log.events))
    return path


@pytest.fixture
def searches(monkeypatch):
    """Counts the positions searched (the cache is what spares them)."""
    calls = []
    real = run.analyse_position

    def counting(*args, **kwargs):
        calls.append(kwargs.get("index"))
        return real(*args, **kwargs)

    monkeypatch.setattr(run, "analyse_position", counting)
    return calls


def analyse(capsys, *args):
    status = main(["analyse", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_report_names_seats_from_1_and_flags_moves(game, capsys):
    status, out, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0 and err == ""
    assert out.startswith("koikoi, 2 players: ")
    assert "P1 (seat 1): " in out and "P2 (seat 2): " in out
    summary = out[out.index("\nSummary\n") :]
    assert "P1 (seat 1): " in summary and "P2 (seat 2): " in summary
    flagged = [line for line in out.splitlines() if line.startswith("  turn ")]
    assert flagged and all("better " in line for line in flagged)
    status, every, _ = analyse(capsys, game, "--budget", BUDGET, "--all")
    listed = [line for line in every.splitlines() if line.startswith("  turn ")]
    assert len(listed) == len(decision_points(read_log(game.read_bytes())))


def test_one_seat_and_json(game, capsys):
    status, out, _ = analyse(capsys, game, "--budget", BUDGET, "--seat", "2", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["seats"] == [1]  # JSON numbers seats from 0, like the log format
    assert {d["seat"] for d in report["decisions"]} == {1}
    assert report["complete"] is True and report["budget"] == 20
    d = report["decisions"][0]
    assert {"index", "round", "turn", "kind", "class", "loss", "se", "move", "best"} <= set(d)
    assert d["move"]["action"] in ("play", "choose", "koikoi", "shobu")
    assert report["summary"][0]["seat"] == 1
    assert set(report["thresholds"]) <= {"play", "capture", "koikoi"}


def test_bad_seats_and_files_are_one_line(game, tmp_path, capsys):
    status, _, err = analyse(capsys, game, "--seat", "3")
    assert status == 2 and err == "hanatui analyse: --seat must be 1..2, not 3\n"
    status, _, err = analyse(capsys, game, "--budget", "2")
    assert status == 2 and "at least 10" in err and err.count("\n") == 1
    bad = tmp_path / "bad.hana"
    bad.write_text("nope\n", encoding="utf-8")
    status, _, err = analyse(capsys, bad)
    assert status == 1 and "bad.hana:1:" in err and err.count("\n") == 1
    status, _, err = analyse(capsys, tmp_path / "missing.hana")
    assert status == 1 and "no such file" in err


def test_a_redacted_log_analyses_its_own_seat_only(game, tmp_path, capsys):
    mine = tmp_path / "mine.hana"
    mine.write_bytes(player_view(read_log(game.read_bytes()), 0))
    status, out, _ = analyse(capsys, mine, "--budget", BUDGET, "--json")
    assert status == 0 and json.loads(out)["seats"] == [0]
    status, _, err = analyse(capsys, mine, "--seat", "2")
    assert status == 2 and "redacted for seat 1" in err


def test_the_cache_spares_a_second_run_and_covers_other_seats(game, capsys, searches):
    status, first, _ = analyse(capsys, game, "--budget", BUDGET, "--seat", "1")
    side = cache.sidecar_path(game)
    assert status == 0 and side.name == "game.hana.analysis.json" and side.is_file()
    done = len(searches)
    assert done > 0
    status, again, _ = analyse(capsys, game, "--budget", BUDGET, "--seat", "1")
    assert again == first and len(searches) == done
    # the other seat is added to the same cache; then both come from it
    analyse(capsys, game, "--budget", BUDGET)
    both = len(searches)
    assert both > done
    status, _, _ = analyse(capsys, game, "--budget", BUDGET)
    assert len(searches) == both
    # a comment added to the log does not void the analysis
    log = read_log(game.read_bytes())
    game.write_bytes(encode_log(log.header, log.events, [Comment(text="my note", after=4, seat=0)]))
    analyse(capsys, game, "--budget", BUDGET)
    assert len(searches) == both
    # another budget is another analysis
    analyse(capsys, game, "--budget", "21", "--seat", "1")
    assert len(searches) == both + done


def test_a_changed_log_is_analysed_again(game, capsys, searches):
    analyse(capsys, game, "--budget", BUDGET)
    done = len(searches)
    other = short_log(seed=9)
    game.write_bytes(encode_log(other.header, other.events))
    status, _, _ = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0 and len(searches) == done + len(decision_points(other))
    assert cache.load(game, read_log(game.read_bytes()), 20) is not None


@pytest.mark.parametrize(
    "garbage",
    [
        b"not json",
        b'{"format":"hanatui-analysis","version":1}',
        b"\x00\xff" * 100,
        "tampered",
    ],
    ids=["not-json", "no-fields", "binary", "tampered"],
)
def test_a_corrupt_sidecar_is_ignored_and_rewritten(game, capsys, searches, garbage):
    status, clean, _ = analyse(capsys, game, "--budget", BUDGET)
    side = cache.sidecar_path(game)
    done = len(searches)
    if garbage == "tampered":
        raw = json.loads(side.read_bytes())
        # a decision whose move was not the best: swapping the two names another move as made
        decision = next(d for d in raw["decisions"] if d["best"] != d["made"])
        decision["best"], decision["made"] = decision["made"], decision["best"]
        decision["candidates"][decision["made"]]["expected"] = -99.0
        garbage = json.dumps(raw).encode()
    side.write_bytes(garbage)
    status, out, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0 and err == "" and out == clean
    assert len(searches) == 2 * done  # nothing of it was used
    assert cache.load(game, read_log(game.read_bytes()), 20) is not None  # rewritten


def test_a_log_in_a_place_that_cannot_be_written_still_analyses(game, capsys, monkeypatch):
    import hanatui.store.files

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(hanatui.store.files, "write_atomic", refuse)
    status, out, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0 and "Summary" in out
    assert err == (
        f"hanatui analyse: {cache.sidecar_path(game)}: cannot be written, so this analysis is "
        "not cached\n"
    )
    assert not cache.sidecar_path(game).exists()


def test_ctrl_c_stops_cleanly_and_keeps_what_was_done(game, capsys, monkeypatch):
    real = run.analyse_position
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(run, "analyse_position", interrupted)
    total = len(decision_points(read_log(game.read_bytes())))
    status, out, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 130 and out == ""
    assert err == (
        f"hanatui analyse: cancelled after 3 of {total} decisions (those are cached; run it "
        "again to go on)\n"
    )
    kept = cache.load(game, read_log(game.read_bytes()), 20)
    assert kept is not None and len(kept) == 3
    monkeypatch.setattr(run, "analyse_position", real)
    calls.clear()
    status, _, _ = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0


def test_the_progress_bar_is_drawn_on_a_terminal_only(game, capsys, monkeypatch):
    status, _, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0 and err == ""
    cache.sidecar_path(game).unlink()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, _, err = analyse(capsys, game, "--budget", BUDGET)
    assert status == 0
    total = len(decision_points(read_log(game.read_bytes())))
    assert f"] {total}/{total} decisions" in err and "\r[" in err
    assert err.endswith("\r\x1b[K")  # the bar is cleared before the report
    cache.sidecar_path(game).unlink()
    status, out, err = analyse(capsys, game, "--budget", BUDGET, "--json")
    assert status == 0 and err == "" and json.loads(out)
