"""Every hostile log of the fixtures is refused in one line, with its line and reason, by every
command that reads it; nothing echoed from a file reaches the terminal raw."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import CorruptLogError
from core.text import UNSAFE_TEXT
from hanatui.cli import main
from hanatui.store.files import read_log_file

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"

#: Each file: the line the reader must refuse and words of the reason.
EXPECTED = {
    "crash-recursion-event.hana": (3, "nested too deeply"),
    "crash-recursion-header.hana": (1, "nested too deeply"),
    "crash-unredact-indexerror.hana": (
        4,
        "no seat 7 (6 in the log, which counts seats from 0) in a 2-player match",
    ),
    "crash-unredact-keyerror-one-seat.hana": (1, "2-4 players, not 1"),
    "escape-bot-field.hana": (1, "players[1].bot"),
    "escape-verify-echo.hana": (4, "\\x1b]0;PWNED\\x07\\x1b[2J\\u202e"),
    "journal-bad-header.hana": (1, "invalid format version 1.0"),
    "journal-disk-full-torn.hana": (76, "truncated"),
    "journal-one-bad-byte-line30.hana": (30, "$.card"),
    "journal-two-instances-interleaved.hana": (5, "02d is not in seat 1's hand"),
    "low-gaji-claim-duplicate-card.hana": (39, "gaji_claimed does not follow"),
    "low-undo-after-match-ended.hana": (358, "undo_taken after the match ended"),
    "wrong-accept-gaji-claim-skipped.hana": (39, "the next event gaji_claimed"),
    "wrong-accept-p16-draw-skipped.hana": (5, "the next event drawn_to_hand"),
    "wrong-accept-p17-unmatched-draw-not-kept.hana": (6, "the next event drawn_to_hand"),
    "wrong-accept-redacted-for-5-of-2-seats.hana": (1, "redacted_for names seat 6 (5 in the log"),
}
FILES = sorted(HOSTILE.glob("*.hana"))


def test_every_fixture_has_an_expectation():
    assert sorted(p.name for p in FILES) == sorted(EXPECTED)


def _clean(text: str) -> None:
    """No raw control or bidi character but the line ends."""
    assert not UNSAFE_TEXT.search(text.replace("\n", "")), repr(text)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_reader_refuses_at_the_line_with_the_reason(path):
    line, words = EXPECTED[path.name]
    with pytest.raises(CorruptLogError) as err:
        read_log_file(path)
    assert err.value.line == line
    assert words in err.value.reason
    _clean(err.value.reason)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_verify_export_and_replay_refuse_in_one_line(path, capsys):
    line, words = EXPECTED[path.name]
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith(f"{path}:{line}: ") and words in out
    _clean(out)
    assert main(["verify", "--json", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.isascii()
    report = json.loads(out)
    assert report["valid"] is False and report["files"][0]["line"] == line
    for command in (["export", str(path), "--text"], ["replay", str(path)]):
        assert main(command) == 1
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1 and f":{line}: " in captured.err
        _clean(captured.err)


def test_the_real_command_prints_no_traceback_and_exits_non_zero():
    """As a person runs it: a subprocess, every hostile file at once."""
    out = subprocess.run(
        [sys.executable, "-m", "hanatui", "verify", *map(str, FILES)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 1
    assert out.stderr == ""
    assert out.stdout.count("\n") == len(FILES)
    assert "Traceback" not in out.stdout
    _clean(out.stdout)


def test_a_file_name_with_escapes_is_shown_escaped(tmp_path, capsys):
    name = tmp_path / "evil\x1b]0;title\x07\u202e.hana"
    name.write_bytes(b"not a log\n")
    assert main(["verify", str(name)]) == 1
    out = capsys.readouterr().out
    assert "evil\\x1b]0;title\\x07\\u202e.hana:1:" in out
    _clean(out)
    assert main(["replay", str(name)]) == 1
    _clean(capsys.readouterr().err)


def test_a_deeply_nested_settings_file_is_set_aside_not_a_crash(tmp_path):
    from hanatui.store.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_bytes(b'{"theme":' + b"[" * 5000 + b"]" * 5000 + b"}")
    settings, warning = load_settings(path)
    assert settings == Settings()
    assert warning is not None and "kept as settings.json.bak" in warning
    path.write_bytes(b'{"name": "\x1b]0;x\x07"')
    _settings, warning = load_settings(path)
    assert warning is not None
    _clean(warning)
