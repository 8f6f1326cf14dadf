"""The comments API the replay viewer will use: positions, adding, removing, saving."""

from __future__ import annotations

import pytest

from core.errors import HanaError
from core.logfile import Comment, read_log
from hanatui.store.files import read_log_file
from hanatui.text.comments import (
    CommentEdit,
    add_comment,
    comments_at,
    edit_file,
    game_comments,
    log_with_comments,
    positions_with_comments,
    remove_comment,
    save_comments,
)
from hanatui.text.export import player_view
from tests.cli.test_export import SAMPLE


@pytest.fixture
def log():
    return read_log_file(SAMPLE)


def test_comments_belong_to_the_position_after_their_move(log):
    comments = add_comment(log, [], "on the deal", position=3, seat=0)
    comments = add_comment(log, comments, "the game", position=None, seat=None)
    comments = add_comment(log, comments, "me too", position=3, seat=1)
    assert [c.text for c in comments_at(comments, 3)] == ["on the deal", "me too"]
    assert comments_at(comments, 4) == [] and comments_at(comments, 2) == []
    assert comments[0] == Comment(text="on the deal", after=2, seat=0)
    assert [c.text for c in game_comments(comments)] == ["the game"]
    assert positions_with_comments(comments) == {3}
    assert remove_comment(comments, comments[0]) == comments[1:]


@pytest.mark.parametrize(
    ("text", "where", "seat", "reason"),
    [
        ("", 3, 0, "empty"),
        ("a\nb", 3, 0, "plain text"),
        ("ok", 0, 0, "no position 0"),
        ("ok", 10_000, 0, "no position 10000"),
        ("ok", 3, 3, "no seat 4"),
    ],
)
def test_a_comment_that_cannot_be_kept_is_refused_with_a_reason(log, text, where, seat, reason):
    with pytest.raises(HanaError, match=reason):
        add_comment(log, [], text, position=where, seat=seat)


def test_saving_rewrites_the_log_with_its_comments(log, tmp_path):
    path = tmp_path / "game.hana"
    path.write_bytes(SAMPLE.read_bytes())
    comments = add_comment(log, [], "a note", position=len(log.events), seat=2)
    save_comments(path, log, comments)
    again = read_log_file(path)
    assert again.comments == comments and again.events == log.events


def test_a_redacted_log_stays_redacted_when_its_comments_are_saved(log, tmp_path):
    mine = read_log(player_view(log, 1))
    comments = add_comment(mine, mine.comments, "what I saw", position=5, seat=1)
    data = log_with_comments(mine, comments)
    line = b'{"type":"comment","after":4,"seat":1,"text":"what I saw"}\n'
    assert line in data
    assert data.replace(line, b"") == player_view(log, 1)  # the same nulls as before
    copy = read_log(data)
    assert copy.header.redacted_for == 1 and copy.comments == comments


# --- edit_file: how the viewer writes -------------------------------------------------------------


def test_an_edit_reads_the_file_again_and_keeps_comments_written_meanwhile(log, tmp_path):
    path = tmp_path / "game.hana"
    path.write_bytes(SAMPLE.read_bytes())
    # another viewer writes one first; this one, opened before, still adds its own
    edit_file(path, log, CommentEdit(text="theirs", position=4, seat=None))
    now = edit_file(path, log, CommentEdit(text="mine", position=None, seat=0))
    back = read_log_file(path)
    assert back.comments == now
    assert {c.text for c in now} == {"theirs", "mine"} and back.events == log.events
    assert now[0] == Comment(text="mine", seat=0)  # the game's comments come first in a file
    removed = edit_file(path, log, CommentEdit(remove=Comment(text="theirs", after=3)))
    assert removed == [Comment(text="mine", seat=0)] == read_log_file(path).comments
    with pytest.raises(HanaError, match="no longer in the file"):
        edit_file(path, log, CommentEdit(remove=Comment(text="theirs", after=3)))


def test_an_edit_writes_nothing_into_a_file_read_in_part_or_changed_or_unreadable(log, tmp_path):
    path = tmp_path / "game.hana"
    data = SAMPLE.read_bytes()
    lines = data.splitlines(keepends=True)
    partial = b"".join(lines[:40]) + b'{"type":"card_played"}\n' + b"".join(lines[40:])
    path.write_bytes(partial)
    part = read_log(partial, recover=True)
    with pytest.raises(HanaError, match="only part of this file could be read"):
        edit_file(path, part, CommentEdit(text="hello", position=3))
    assert path.read_bytes() == partial
    # the file changed since it was read: a game with one event fewer
    path.write_bytes(b"".join(lines[:-1]))
    with pytest.raises(HanaError, match="changed since it was opened"):
        edit_file(path, log, CommentEdit(text="hello", position=3))
    path.write_bytes(b"garbage")
    with pytest.raises(HanaError, match="cannot be read again"):
        edit_file(path, log, CommentEdit(text="hello", position=3))
    assert path.read_bytes() == b"garbage"
    path.write_bytes(data)
    with pytest.raises(HanaError, match="plain text"):
        edit_file(path, log, CommentEdit(text="two\nlines", position=3))
    assert path.read_bytes() == data


def test_an_edit_through_a_link_rewrites_the_file_it_points_to(log, tmp_path):
    target = tmp_path / "games" / "game.hana"
    target.parent.mkdir()
    target.write_bytes(SAMPLE.read_bytes())
    link = tmp_path / "link.hana"
    link.symlink_to(target)
    edit_file(link, log, CommentEdit(text="via the link", position=2))
    assert link.is_symlink()
    assert read_log_file(target).comments == [Comment(text="via the link", after=1)]


def test_an_edit_whose_file_would_not_read_back_is_not_written(log, tmp_path, monkeypatch):
    """The new file is read back before it replaces the old one (a file grown past the
    reader's size limit, say): if it does not read back as the same game, nothing is written."""
    import hanatui.text.comments
    from core.errors import CorruptLogError

    path = tmp_path / "game.hana"
    data = SAMPLE.read_bytes()
    path.write_bytes(data)
    real = hanatui.text.comments.read_log

    def reader(raw: bytes, **kw: bool) -> object:
        if b"one comment too many" in raw:
            raise CorruptLogError("file too large", 1)
        return real(raw, **kw)

    monkeypatch.setattr(hanatui.text.comments, "read_log", reader)
    with pytest.raises(HanaError, match="could not be read back"):
        edit_file(path, log, CommentEdit(text="one comment too many", position=3))
    assert path.read_bytes() == data
