"""The autosave journal: a torn last line is repaired silently, any other damage keeps the
original beside it, and disk errors keep the game in memory until the disk allows."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from core.errors import HanaError
from core.logfile import VERSION, read_log
from core.players import Player
from core.rules import find_rules
from hanatui.session import journal as journal_module
from hanatui.session.journal import rescue_unsaved
from hanatui.session.session import JOURNAL_NAME, Session
from hanatui.store.files import read_log_file

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fixtures" / "hostile"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HANATUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _players() -> list[Player]:
    return [Player(name="You"), Player(name="CPU", kind="bot", bot="easy")]


def _play(session: Session, moves: int) -> None:
    """``moves`` decisions (the first legal action each time), dealing as needed."""
    for _ in range(moves):
        session.settle()
        if session.over:
            return
        session.act(session.legal()[0])


def _new(directory: Path, moves: int = 0, game: str = "bakappana") -> Session:
    session = Session.new(find_rules(game, rounds=1), _players(), seed=7, directory=directory)
    _play(session, moves)
    return session


def _journal(data_dir: Path) -> Path:
    return data_dir / "autosave" / JOURNAL_NAME


def _damaged(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "autosave").glob(f"{JOURNAL_NAME}.damaged-*"))


# --- a crash while writing --------------------------------------------------------------------


def test_the_last_write_torn_at_every_byte_resumes_with_every_complete_event(data_dir):
    """A kill during the journal's last append, at every byte of it: resume keeps each event
    whose line was complete, silently, and the repaired journal appends cleanly."""
    directory = data_dir / "autosave"
    session = _new(directory)
    path = _journal(data_dir)
    while not session.over:  # to the last decision: a play, a draw, the score, the match's end
        session.settle()
        before = path.read_bytes()
        count_before = len(session.events)
        session.act(session.legal()[0])
    whole = path.read_bytes()
    assert whole.startswith(before) and len(session.events) >= count_before + 3
    last_write = whole[len(before) :]
    line_ends = [i + 1 for i, b in enumerate(last_write) if b == ord("\n")]
    assert len(line_ends) == len(session.events) - count_before
    for cut in range(len(last_write)):
        path.write_bytes(before + last_write[:cut])
        complete = sum(1 for end in line_ends if end <= cut)
        # a line whose JSON is whole but whose newline is missing is an event too
        if cut + 1 in line_ends:
            complete += 1
        resumed = Session.resume(path)
        assert len(resumed.events) == count_before + complete, cut
        assert resumed.events == session.events[: count_before + complete]
        assert resumed.journal is not None and resumed.journal.notice is None
        assert resumed.journal.problem is None
        repaired = path.read_bytes()
        assert repaired.endswith(b"\n")
        assert read_log(repaired).events == resumed.events
    assert _damaged(data_dir) == []
    # a repaired journal takes the next events on lines of their own
    path.write_bytes(before + last_write[: line_ends[0] - 1])  # the first line, no newline
    resumed = Session.resume(path)
    resumed.journal.append(session.events[count_before + 1 :])
    assert read_log_file(path).events == session.events


def test_the_torn_disk_full_fixture_is_repaired_silently(data_dir):
    path = _journal(data_dir)
    path.parent.mkdir(parents=True)
    shutil.copy(HOSTILE / "journal-disk-full-torn.hana", path)
    session = Session.resume(path)
    assert len(session.events) == 74  # the 75 lines before the torn one, less the header
    assert session.journal is not None and session.journal.notice is None
    assert _damaged(data_dir) == []
    assert len(read_log_file(path).events) == 74


# --- other damage -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kept"),
    [("journal-one-bad-byte-line30.hana", 28), ("journal-two-instances-interleaved.hana", 3)],
)
def test_a_damaged_journal_keeps_its_original_and_says_so(data_dir, name, kept):
    path = _journal(data_dir)
    path.parent.mkdir(parents=True)
    original = (HOSTILE / name).read_bytes()
    path.write_bytes(original)
    session = Session.resume(path)
    assert len(session.events) == kept
    (copy,) = _damaged(data_dir)
    assert copy.read_bytes() == original  # every byte of the original is kept
    notice = session.journal.notice
    assert f"The {kept} events before it were kept" in notice and str(copy) in notice
    assert read_log_file(path).events == session.events  # the journal holds the readable part
    # a second damage is kept under the next free name
    path.write_bytes(original)
    Session.resume(path)
    assert [p.name for p in _damaged(data_dir)] == [
        f"{JOURNAL_NAME}.damaged-1",
        f"{JOURNAL_NAME}.damaged-2",
    ]


def test_a_journal_whose_header_does_not_parse_is_kept_when_a_new_game_starts(data_dir):
    path = _journal(data_dir)
    path.parent.mkdir(parents=True)
    original = (HOSTILE / "journal-bad-header.hana").read_bytes()
    path.write_bytes(original)
    assert Session.unfinished() is None  # nothing to resume
    with pytest.raises(HanaError):
        Session.resume(path)
    assert path.read_bytes() == original  # a failed resume changes nothing
    session = _new(path.parent)
    (copy,) = _damaged(data_dir)
    assert copy.read_bytes() == original
    assert session.journal.notice is not None and str(copy) in session.journal.notice
    assert "invalid format version" in session.journal.notice
    assert len(read_log_file(path).events) == len(session.events)


def test_a_new_game_keeps_a_damaged_unfinished_one_among_the_games_and_the_original(data_dir):
    path = _journal(data_dir)
    path.parent.mkdir(parents=True)
    original = (HOSTILE / "journal-one-bad-byte-line30.hana").read_bytes()
    path.write_bytes(original)
    session = _new(path.parent)
    (copy,) = _damaged(data_dir)
    assert copy.read_bytes() == original
    (kept,) = (data_dir / "games").glob("*.hana")
    assert len(read_log_file(kept).events) == 28
    assert "28 readable events" in session.journal.notice


def test_an_unfinished_game_is_archived_whole_when_a_new_one_starts(data_dir):
    old = _new(data_dir / "autosave", moves=5)
    _new(data_dir / "autosave")
    (kept,) = (data_dir / "games").glob("*.hana")
    assert read_log_file(kept).events == old.events
    assert _damaged(data_dir) == []


# --- disk errors ------------------------------------------------------------------------------


def test_a_full_disk_cuts_the_append_back_and_saves_everything_once_there_is_room(
    data_dir, monkeypatch
):
    session = _new(data_dir / "autosave", moves=3)
    path = _journal(data_dir)
    told: list[str] = []
    session.journal.on_problem = told.append
    real_write = os.write

    def half_then_full(fd: int, data) -> int:  # the disk fills in the middle of the write
        if len(data) > 4:
            return real_write(fd, bytes(data)[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    def no_room(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module.os, "write", half_then_full)
    monkeypatch.setattr(journal_module, "write_atomic", no_room)
    saved = path.read_bytes()
    _play(session, 2)
    assert path.read_bytes() == saved  # cut back: no torn line, nothing half written
    assert session.journal.problem is not None and "No space left" in session.journal.problem
    assert len(told) == 1 and told[0].startswith("Could not save")
    assert session.journal.unsaved > 0
    monkeypatch.undo()  # room again: the next move saves the whole game
    monkeypatch.setenv("HANATUI_DATA_DIR", str(data_dir))
    _play(session, 1)
    assert session.journal.problem is None and session.journal.unsaved == 0
    assert told[-1].startswith("Saving works again")
    assert read_log_file(path).events == session.events


def test_a_data_directory_that_cannot_be_written_plays_in_memory_and_is_rescued(
    data_dir, tmp_path, monkeypatch
):
    """A real OS error (the data "directory" is a file), no monkeypatching of writes."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    session = _new(blocker / "autosave", moves=4)
    assert session.journal.problem is not None
    assert not (blocker / "autosave").exists()
    assert session.journal.unsaved == len(session.events)
    rescue = tmp_path / "rescue"
    rescue.mkdir()
    monkeypatch.setattr(journal_module.tempfile, "gettempdir", lambda: str(rescue))
    lines = rescue_unsaved()
    (line,) = [x for x in lines if str(blocker) in x]
    # Its own copy: a journal an earlier test left unsaved in this process is rescued too.
    (copy,) = [c for c in rescue.glob("hanatui-unsaved-*.hana") if str(c) in line]
    assert read_log_file(copy).events == session.events


def test_permission_denied_is_a_message_and_nothing_recorded_is_lost(data_dir, monkeypatch):
    session = _new(data_dir / "autosave", moves=2)
    path = _journal(data_dir)
    saved = read_log_file(path).events

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(journal_module.os, "open", denied)
    monkeypatch.setattr(journal_module, "write_atomic", denied)
    _play(session, 3)
    assert "Permission denied" in session.journal.problem
    assert read_log_file(path).events == saved  # what was recorded is still there
    assert session.events[: len(saved)] == saved
    monkeypatch.undo()
    monkeypatch.setenv("HANATUI_DATA_DIR", str(data_dir))
    assert session.journal.flush()
    assert read_log_file(path).events == session.events


def test_a_finished_game_that_cannot_be_archived_stays_in_the_journal(data_dir, tmp_path):
    session = _new(data_dir / "autosave", moves=400)
    assert session.over
    blocker = tmp_path / "games-blocked"
    blocker.write_text("")
    assert session.archive(blocker / "games") is None
    assert session.archive_problem is not None
    assert read_log_file(_journal(data_dir)).events == session.events


def test_an_autosave_of_an_older_format_is_brought_up_to_date_on_resume(data_dir):
    """A journal written by an older hanatui (version 2: score lines in words) resumes, and is
    rewritten in this version before anything is appended to it."""
    sample = ROOT / "replays" / "sakura-2p-seed30.hana"
    lines = sample.read_bytes().splitlines(keepends=True)
    assert b'"version":2' in lines[0] or b'"version":1' in lines[0]
    ended = [i for i, line in enumerate(lines) if b'"type":"round_ended"' in line]
    path = _journal(data_dir)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"".join(lines[: ended[1] + 1]))  # two rounds played, in words
    session = Session.resume(path)
    written = path.read_bytes()
    assert read_log(written).written_in == VERSION
    assert b'"label"' not in written and b'"type":"round_ended"' in written
    count = len(session.events)
    _play(session, 3)  # the next deal and moves are appended after a header of this version
    again = read_log(path.read_bytes())
    assert len(session.events) > count
    assert again.written_in == VERSION and again.events == session.events
