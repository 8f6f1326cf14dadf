"""Sharing: text export, anonymised copies and logs redacted for one seat."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.cards import CARDS
from core.events import Dealt
from core.logfile import read_log
from hanatui.cli import main
from hanatui.export import anonymise, player_view, text_record
from hanatui.files import read_log_file

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
