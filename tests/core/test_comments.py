"""Comments in a log: annotation lines that never change the game, checked where they stand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.engine import fold
from core.errors import CorruptLogError, HanaError
from core.logfile import (
    MAX_COMMENT,
    Comment,
    check_comment,
    encode_comment,
    encode_log,
    read_log,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "replays" / "koikoi-2p-seed6.hana"

COMMENTS = [
    Comment(text="A fine opening for the dealer.", after=3, seat=1),
    Comment(text="I should have kept the crane", after=5, seat=0),
    Comment(text="Second thought on the same move — 月見で一杯", after=5, seat=1),
    Comment(text="Close all the way; round 2 decided it.", seat=0),
    Comment(text="Reviewed after the club evening.", after=40),
]


@pytest.fixture(scope="module")
def plain():
    return read_log(SAMPLE.read_bytes())


@pytest.fixture(scope="module")
def commented(plain):
    return encode_log(plain.header, plain.events, COMMENTS)


def test_comments_read_back_apart_from_the_events(plain, commented):
    log = read_log(commented)
    assert log.events == plain.events
    assert log.states == plain.states
    # in the file's order: the game comment right after match_started, then by position
    assert log.comments == [COMMENTS[3], COMMENTS[0], COMMENTS[1], COMMENTS[2], COMMENTS[4]]
    assert fold(log.events) == plain.states[-1]


def test_each_comment_is_written_right_after_its_event(plain, commented):
    lines = commented.decode().splitlines()
    types = [json.loads(line).get("type") for line in lines[1:]]
    events_before = 0
    for line, kind in zip(lines[1:], types, strict=True):
        if kind == "comment":
            after = json.loads(line).get("after", 0)
            assert after == events_before - 1
        else:
            events_before += 1
    assert types.count("comment") == len(COMMENTS)
    # writing what was read gives the same bytes
    log = read_log(commented)
    assert encode_log(log.header, log.events, log.comments) == commented


def test_a_comment_line_is_plain_json_with_only_what_it_says():
    line = encode_comment(Comment(text="hi", after=7, seat=1))
    assert json.loads(line) == {"type": "comment", "after": 7, "seat": 1, "text": "hi"}
    assert json.loads(encode_comment(Comment(text="game"))) == {"type": "comment", "text": "game"}


def test_a_comment_may_stand_later_than_its_event(plain):
    """A tool may append comments at the end of a log (as a journal appends events)."""
    data = encode_log(plain.header, plain.events) + encode_comment(
        Comment(text="late note", after=4, seat=0)
    )
    log = read_log(data)
    assert log.comments == [Comment(text="late note", after=4, seat=0)]
    assert log.states == plain.states


def test_a_comment_on_a_position_beyond_the_log_cannot_be_written(plain):
    with pytest.raises(HanaError, match="follows event"):
        encode_log(plain.header, plain.events, [Comment(text="x", after=len(plain.events))])


def _insert(data: bytes, after_line: int, line: str) -> bytes:
    lines = data.split(b"\n")
    lines.insert(after_line, line.encode())
    return b"\n".join(lines)


@pytest.mark.parametrize(
    ("where", "line", "reason"),
    [
        (1, '{"type":"comment","text":"too early"}', "before match_started"),
        (5, '{"type":"comment","after":4,"text":"on a later move"}', "stands before that event"),
        (
            5,
            '{"type":"comment","after":3,"seat":2,"text":"x"}',
            "a comment by seat 3 (2 in the log, which counts seats from 0), but the match has 2 "
            "seats",
        ),
        (5, '{"type":"comment","after":3,"seat":7,"text":"x"}', "<= 6"),
        (5, '{"type":"comment","after":3,"text":"   "}', "blank"),
        (5, '{"type":"comment","after":3,"text":""}', "length >= 1"),
        (5, '{"type":"comment","after":3,"text":"a\\nb"}', "control or bidi"),
        (5, '{"type":"comment","after":3,"text":"\\u001b[2Jgone"}', "control or bidi"),
        (5, '{"type":"comment","after":3,"text":"rtl \\u202e txet"}', "control or bidi"),
        (5, '{"type":"comment","after":-1,"text":"x"}', ">= 0"),
        (5, '{"type":"comment","after":3,"text":"x","mood":"glad"}', "unknown field"),
        (5, '{"type":"comment","after":3}', "missing required field `text`"),
        (5, json.dumps({"type": "comment", "text": "x" * (MAX_COMMENT + 1)}), "length <="),
    ],
)
def test_the_strict_reader_refuses_a_malformed_comment_with_its_line(plain, where, line, reason):
    data = _insert(encode_log(plain.header, plain.events), where, line)
    with pytest.raises(CorruptLogError) as err:
        read_log(data)
    assert err.value.line == where + 1
    assert reason in err.value.reason, err.value.reason
    # recovering keeps what came before the bad line
    log = read_log(data, recover=True)
    assert log.error is not None and log.error.line == where + 1
    assert len(log.events) == where - 1


def test_a_redacted_log_keeps_its_comments(plain):
    from hanatui.text.export import player_view

    own = Comment(text="my move", after=6, seat=0)
    source = read_log(encode_log(plain.header, plain.events, [own]))
    copy = read_log(player_view(source, 0))
    assert copy.header.redacted_for == 0
    assert copy.comments == [own]
    assert copy.states[-1].totals == plain.states[-1].totals
    bad = _insert(player_view(source, 0), 4, '{"type":"comment","after":9,"text":"x"}')
    with pytest.raises(CorruptLogError, match="stands before that event") as err:
        read_log(bad)
    assert err.value.line == 5


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("  ", "empty"),
        ("two\nlines", "plain text"),
        ("bell\x07", "plain text"),
        ("x" * (MAX_COMMENT + 1), "at most"),
    ],
)
def test_check_comment_says_why_a_typed_comment_cannot_be_kept(text, reason):
    with pytest.raises(HanaError, match=reason):
        check_comment(text)


def test_check_comment_accepts_any_line_of_plain_text():
    for text in ("ok", "雨四光 — almost!", "x" * MAX_COMMENT, " padded "):
        assert check_comment(text) == text
