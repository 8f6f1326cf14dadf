"""Sharing: text export, anonymised copies and logs redacted for one seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.cards import CARDS
from core.events import Dealt
from core.logfile import read_log
from hanatui.cli import main
from hanatui.store.files import read_log_file
from hanatui.text.export import anonymise, player_view, text_record

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "replays" / "bakappana-3p-seed30.hana"


@pytest.fixture(scope="module")
def log():
    return read_log_file(SAMPLE)


def test_text_record_tells_the_game_round_by_round(log):
    text = text_record(log)
    lines = text.splitlines()
    assert lines[0] == "Bakappana — 3 players, 12 rounds"
    assert lines[1].startswith("Players: 1. Easy 1 (computer, easy), 2. Random 2")
    assert text.count("\nRound ") == 12
    first_play = next(line for line in lines if line.startswith("  T1 "))
    assert "plays" in first_play
    # every card code appears with its English name in the record
    for card in CARDS:
        assert card.description in text
    assert lines[-1].startswith("  -- Match over:")


def test_anonymised_copy_replays_with_names_replaced(log, tmp_path):
    data = anonymise(log)
    copy = read_log(data)
    assert [p.name for p in copy.header.players] == ["Computer 1", "Computer 2", "Computer 3"]
    assert copy.header.anonymised is True
    assert copy.states[-1].totals == log.states[-1].totals
    assert b"Easy 1" not in data and b"Random 2" not in data


def test_player_view_hides_what_the_seat_could_not_see_and_still_replays(log):
    data = player_view(log, 1)
    copy = read_log(data)
    assert copy.header.redacted_for == 1
    raw = data.decode()
    assert raw.count("null") > 0
    first_deal = next(e for e in log.events if isinstance(e, Dealt))
    # seat 1's own hand and the field are present, the rest is not, in the file
    line = next(line for line in raw.splitlines() if '"type":"dealt"' in line)
    assert line.count("null") == 48 - 6 - 7
    for code in (c.value for c in first_deal.deck[:6]):
        assert f'"{code}"' in line
    # the replay reaches the same result
    assert copy.states[-1].totals == log.states[-1].totals
    assert copy.states[-1].history == log.states[-1].history


def test_export_cli(tmp_path, capsys):
    assert main(["export", str(SAMPLE), "--text"]) == 0
    assert capsys.readouterr().out.startswith("Bakappana — 3 players")
    out = tmp_path / "anon.hana"
    assert main(["export", str(SAMPLE), "--anonymise", "-o", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    assert main(["export", str(SAMPLE), "--player-view", "9", "-o", str(out)]) == 2
    bad = tmp_path / "bad.hana"
    bad.write_text("nope\n", encoding="utf-8")
    assert main(["export", str(bad), "--text"]) == 1
    assert "bad.hana:1:" in capsys.readouterr().err


@pytest.mark.parametrize("path", sorted((ROOT / "replays").glob("*.hana")), ids=lambda p: p.stem)
def test_every_sample_log_redacted_for_any_seat_replays_to_the_same_result(path):
    """Including koi-koi's draws into the hand (P16/P17) and lucky hands decided at the deal."""
    log = read_log_file(path)
    for seat in {0, len(log.header.players) - 1}:
        copy = read_log(player_view(log, seat))
        assert copy.states[-1].totals == log.states[-1].totals
        assert copy.states[-1].history == log.states[-1].history


def test_a_commented_log_round_trips_through_every_export(tmp_path, capsys):
    """Read, write, `export --text`, `--anonymise` and `--player-view` with comments on the
    game and on moves by each seat and by a reviewer."""
    from core.logfile import Comment, encode_log

    source = read_log_file(SAMPLE)
    comments = [
        Comment(text="Seat 1 thinks aloud", after=4, seat=0),
        Comment(text="Seat 2 disagrees", after=4, seat=1),
        Comment(text="Round one over: Easy 1 leads", after=60, seat=2),
        Comment(text="A reviewer's note", after=10),
        Comment(text="What a match, Random 2!", seat=1),
    ]
    path = tmp_path / "commented.hana"
    path.write_bytes(encode_log(source.header, source.events, comments))
    log = read_log_file(path)
    assert sorted(log.comments, key=lambda c: c.text) == sorted(comments, key=lambda c: c.text)
    assert log.states == source.states
    assert encode_log(log.header, log.events, log.comments) == path.read_bytes()

    assert main(["verify", str(path)]) == 0
    assert "5 comments" in capsys.readouterr().out
    assert main(["verify", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["files"][0]["comments"] == 5

    assert main(["export", str(path), "--text"]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert "Comment by Random 2 (seat 2): What a match, Random 2!" in lines
    move = lines.index("       > Easy 1 (seat 1): Seat 1 thinks aloud")
    assert lines[move + 1] == "       > Random 2 (seat 2): Seat 2 disagrees"
    assert lines[move - 1].startswith("  T")  # under the move it is on
    assert "       > a reviewer: A reviewer's note" in lines
    assert text.count("> ") == 4

    anon = tmp_path / "anon.hana"
    assert main(["export", str(path), "--anonymise", "-o", str(anon)]) == 0
    copy = read_log_file(anon)
    assert copy.comments == log.comments  # word for word, names they typed included
    assert copy.header.players[0].name == "Computer 1"

    for seat in (1, 2, 3):
        mine = tmp_path / f"seat{seat}.hana"
        assert main(["export", str(path), "--player-view", str(seat), "-o", str(mine)]) == 0
        copy = read_log_file(mine)
        assert copy.comments == [c for c in log.comments if c.seat == seat - 1]
        assert copy.states[-1].totals == log.states[-1].totals
    assert main(["export", str(tmp_path / "seat2.hana"), "--text"]) == 0
    text = capsys.readouterr().out
    assert "Seat 2 disagrees" in text and "What a match" in text
    assert "Seat 1 thinks aloud" not in text and "reviewer" not in text
