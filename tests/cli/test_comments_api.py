"""The comments API the replay viewer will use: positions, adding, removing, saving."""

from __future__ import annotations

import pytest

from core.errors import HanaError
from core.logfile import Comment, read_log
from hanatui.comments import (
    add_comment,
    comments_at,
    game_comments,
    log_with_comments,
    positions_with_comments,
    remove_comment,
    save_comments,
)
from hanatui.export import player_view
from hanatui.files import read_log_file
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
