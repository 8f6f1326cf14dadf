"""Byte-mutation fuzzing of the log reader: every mutation of a sample log is accepted as the
same game or refused with an error of the `HanaError` family (`CorruptLogError` with a line),
never another exception. Derandomized, so the suite is stable; a few seconds in all."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import CorruptLogError, HanaError
from core.logfile import encode_log, header_for, read_log
from core.redact import redact
from core.rules import find_rules
from tests.helpers import random_playout

#: Small one-round logs of every game and turn variant, and a redacted one.
GAMES: dict[str, tuple[str, dict[str, Any], int]] = {
    "bakappana": ("bakappana", {}, 3),
    "hana-awase": ("hana-awase", {}, 3),
    "koikoi": ("koikoi", {}, 2),
    "koikoi-p16": ("koikoi", {"turn_structure": "draw_then_play_two"}, 2),
    "koikoi-p17": ("koikoi", {"unmatched_draw_to_hand": True}, 2),
    "sakura": ("sakura", {"gaji_end_claim": "all_remaining"}, 4),
}

#: Bytes a mutation writes: JSON syntax, digits, card letters, and bytes that are not text.
ALPHABET = b'{}[]",:0123456789abcdenulltrf -\n\\\x00\x1b\x7f\x80\xc3\xe2\xff'
#: Whole tokens a mutation may write over a stretch of bytes.
TOKENS = [b"null", b"[]", b"{}", b"-1", b"99", b"1e400", b'"01a"', b"[" * 80, b'"\\u202e"', b""]


@cache
def sample(name: str) -> tuple[bytes, tuple]:
    """The log's bytes and its events."""
    if name == "redacted":
        events, _ = random_playout(
            find_rules("koikoi", rounds=1, turn_structure="draw_then_play_two"), 2, 4
        )
        header = header_for(events, app="fuzz", redacted_for=1)
        data = encode_log(header, redact(events, 1))
        return data, tuple(read_log(data).events)
    game, options, players = GAMES[name]
    events, _ = random_playout(find_rules(game, rounds=1, **options), players, 4)
    return encode_log(header_for(events, app="fuzz"), events), tuple(events)


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from([*GAMES, "redacted"]))
    data = bytearray(sample(name)[0])
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "token"]))
        if kind == "replace":
            data[at] = draw(st.sampled_from(ALPHABET))
        elif kind == "insert":
            data.insert(at, draw(st.sampled_from(ALPHABET)))
        elif kind == "delete":
            del data[at]
        else:
            width = draw(st.integers(0, 6))
            data[at : at + width] = draw(st.sampled_from(TOKENS))
    return name, bytes(data)


@settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutations())
def test_a_mutated_log_is_the_same_game_or_refused(case):
    name, data = case
    _original, events = sample(name)
    try:
        log = read_log(data)
    except CorruptLogError as exc:
        assert exc.line is not None and exc.line >= 1
        assert exc.reason
        return
    except HanaError:
        return
    if name == "redacted":
        # hidden cards are filled in by the reader: a mutated hidden card may make another
        # consistent deal, but never an exception, and always a whole replayable match
        assert log.events and log.state is not None
        return
    assert tuple(log.events) == events, "a changed log was read as a different game"


@settings(max_examples=300, deadline=None, derandomize=True)
@given(mutations())
def test_a_mutated_journal_recovers_a_valid_prefix_or_is_refused(case):
    """Recover mode (resuming one's own journal) keeps a prefix of the same game."""
    name, data = case
    if name == "redacted":
        return
    _original, events = sample(name)
    try:
        log = read_log(data, recover=True)
    except HanaError:
        return
    assert tuple(log.events) == events[: len(log.events)]
    if log.error is None:
        assert tuple(log.events) == events
