"""`export -o`: never overwrites without --force, never its own input, makes no folders, and a
bad destination is one line; a redacted copy stays redacted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.logfile import read_log
from hanatui.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "replays" / "koikoi-2p-variants-seed5.hana"


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_an_existing_file_is_kept_unless_forced(tmp_path, capsys):
    out = tmp_path / "copy.hana"
    out.write_text("mine\n")
    assert main(["export", str(SAMPLE), "--anonymise", "-o", str(out)]) == 2
    assert "already exists; add --force" in _one_line(capsys.readouterr().err)
    assert out.read_text() == "mine\n"
    assert main(["export", str(SAMPLE), "--anonymise", "-o", str(out), "--force"]) == 0
    assert read_log(out.read_bytes()).header.anonymised is True


def test_export_never_overwrites_its_own_input(tmp_path, capsys):
    source = tmp_path / "game.hana"
    source.write_bytes(SAMPLE.read_bytes())
    link = tmp_path / "same-file.hana"
    os.link(source, link)
    for target in (source, link):
        for extra in ([], ["--force"]):
            code = main(["export", str(source), "--anonymise", "-o", str(target), *extra])
            assert code == 2
            assert "is the file being exported" in _one_line(capsys.readouterr().err)
    assert source.read_bytes() == SAMPLE.read_bytes()


def test_no_folder_is_made_and_a_folder_is_not_a_file(tmp_path, capsys):
    missing = tmp_path / "missing" / "dir" / "x.hana"
    assert main(["export", str(SAMPLE), "--text", "-o", str(missing)]) == 2
    assert "folder does not exist" in _one_line(capsys.readouterr().err)
    assert not (tmp_path / "missing").exists()
    assert main(["export", str(SAMPLE), "--text", "-o", str(tmp_path)]) == 2
    assert "is a folder" in _one_line(capsys.readouterr().err)


def test_an_unwritable_destination_is_one_line_from_the_real_command(tmp_path):
    """A real OS refusal: /proc takes no new files (even for root)."""
    out = subprocess.run(
        [sys.executable, "-m", "hanatui", "export", str(SAMPLE), "--text", "-o", "/proc/x.hana"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 1
    assert "cannot write" in _one_line(out.stderr)


def test_a_redacted_copy_stays_redacted(tmp_path, capsys):
    view = tmp_path / "view.hana"
    assert main(["export", str(SAMPLE), "--player-view", "1", "-o", str(view)]) == 0
    redacted = view.read_bytes()
    # it cannot be turned into another seat's view: those cards were never in it
    assert main(["export", str(view), "--player-view", "2", "-o", str(tmp_path / "b.hana")]) == 1
    assert "already redacted for seat 1" in _one_line(capsys.readouterr().err)
    # anonymising keeps the very same cards hidden
    anon = tmp_path / "anon.hana"
    assert main(["export", str(view), "--anonymise", "-o", str(anon)]) == 0
    copy = anon.read_bytes()
    assert copy.count(b"null") == redacted.count(b"null") > 0
    log = read_log(copy)
    assert log.header.redacted_for == 0 and log.header.anonymised
    # and the same seat's view of the view is the view itself
    again = tmp_path / "again.hana"
    assert main(["export", str(view), "--player-view", "1", "-o", str(again)]) == 0
    assert again.read_bytes() == redacted


@pytest.mark.parametrize("flag", ["--text", "--anonymise", "--player-view=1"])
def test_export_to_stdout_is_unchanged(flag, capsys):
    assert main(["export", str(SAMPLE), flag]) == 0
    assert capsys.readouterr().out
