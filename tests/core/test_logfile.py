"""The .hana reader: strict refusals with line and reason, recover mode, versions, schema."""

from __future__ import annotations

import json
import typing
from pathlib import Path

import msgspec
import pytest

from core import logfile
from core.errors import CorruptLogError, UnsupportedVersionError
from core.events import HEX32_PATTERN
from core.logfile import encode_log, header_for, read_log
from core.rules import find_rules
from tests.helpers import random_playout

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def log_lines() -> list[dict]:
    events, _states = random_playout(find_rules("bakappana", rounds=2), 2, 42)
    data = encode_log(header_for(events, app="test", created="2026-01-01T00:00:00+00:00"), events)
    return [json.loads(line) for line in data.splitlines()]


def _bytes(lines: list) -> bytes:
    return b"".join(
        (line if isinstance(line, bytes) else json.dumps(line, ensure_ascii=False).encode()) + b"\n"
        for line in lines
    )


def _index(lines, type_, nth=0):
    found = [
        i for i, line in enumerate(lines) if isinstance(line, dict) and line.get("type") == type_
    ]
    return found[nth]


def test_a_valid_log_reads_and_replays(log_lines):
    log = read_log(_bytes(log_lines))
    assert log.header.app == "test"
    assert len(log.events) == len(log_lines) - 1
    assert log.state is not None and log.state.phase == "over"


def _refused(lines, line_no, reason_part):
    with pytest.raises(CorruptLogError) as err:
        read_log(_bytes(lines))
    assert err.value.line == line_no, err.value
    assert reason_part in err.value.reason, err.value.reason
    return err.value


def test_truncated_line(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 3)
    lines[i] = json.dumps(lines[i]).encode()[:-12]
    _refused(lines, i + 1, "truncated")


def test_unknown_event_tag(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 2)
    lines[i] = {**lines[i], "type": "card_teleported"}
    _refused(lines, i + 1, "card_teleported")


def test_unknown_field(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_drawn", 1)
    lines[i] = {**lines[i], "bonus": 1}
    _refused(lines, i + 1, "unknown field")


def test_wrong_type(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 1)
    lines[i] = {**lines[i], "seat": "zero"}
    _refused(lines, i + 1, "Expected `int`")


def test_invalid_card_code(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 1)
    lines[i] = {**lines[i], "card": "13a"}
    _refused(lines, i + 1, "card")


def test_card_played_twice(log_lines):
    lines = list(log_lines)
    first = _index(lines, "card_played", 0)
    second = _index(lines, "card_played", 2)  # seat 0 again, two turns later
    assert lines[first]["seat"] == lines[second]["seat"]
    lines[second] = {**lines[second], "card": lines[first]["card"], "captured": []}
    _refused(lines, second + 1, "is not in seat")


def test_card_not_in_the_players_hand(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 0)
    dealt = lines[_index(lines, "dealt")]
    other_hand = dealt["deck"][16:24] if lines[i]["seat"] == 0 else dealt["deck"][8:16]
    lines[i] = {**lines[i], "card": other_hand[0], "captured": []}
    _refused(lines, i + 1, "is not in seat")


def test_wrong_player_moving(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 0)
    lines[i] = {**lines[i], "seat": 1 - lines[i]["seat"]}
    _refused(lines, i + 1, "seat")


def test_tampered_capture(log_lines):
    lines = list(log_lines)
    i = next(
        j
        for j, line in enumerate(lines)
        if isinstance(line, dict) and line.get("type") == "card_played" and line["captured"]
    )
    lines[i] = {
        **lines[i],
        "captured": [lines[i]["card"], "12a" if lines[i]["card"] != "12a" else "01a"],
    }
    _refused(lines, i + 1, "captured")


def test_tampered_score(log_lines):
    lines = list(log_lines)
    i = _index(lines, "round_ended")
    points = list(lines[i]["points"])
    points[0] += 10
    lines[i] = {**lines[i], "points": points}
    _refused(lines, i + 1, "score does not follow")


def test_events_out_of_order(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 0)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    _refused(lines, i + 1, "drawn where a play from the hand was due")


def test_a_deal_before_the_dealer_draw_is_out_of_order(log_lines):
    lines = list(log_lines)
    d = _index(lines, "dealer_drawn")
    lines[d], lines[d + 1] = lines[d + 1], lines[d]
    _refused(lines, d + 1, "out of order")


def test_future_format_version(log_lines):
    lines = list(log_lines)
    lines[0] = {**lines[0], "version": 99}
    err = _refused(lines, 1, "version 99")
    assert isinstance(err, UnsupportedVersionError)
    assert "update hanatui" in err.reason


@pytest.mark.parametrize("name", ["evil\x1b[31m", "bell\x07", "rtl\u202eevil", "nul\x00"])
def test_control_character_in_a_player_name(log_lines, name):
    lines = list(log_lines)
    players = [dict(p) for p in lines[0]["players"]]
    players[0]["name"] = name
    lines[0] = {**lines[0], "players": players}
    _refused(lines, 1, "players")


def test_header_and_first_event_must_agree(log_lines):
    lines = list(log_lines)
    lines[0] = {**lines[0], "rules": {**lines[0]["rules"], "rounds": 5}}
    _refused(lines, 2, "differ from the header")


def test_oversize_file_is_refused_before_parsing():
    with pytest.raises(CorruptLogError, match="too large") as err:
        read_log(b"x" * 1000, max_bytes=999)
    assert err.value.line == 1


def test_not_a_log_at_all():
    with pytest.raises(CorruptLogError, match="not a hanatui log"):
        read_log(b"\x7fELF\x00\x00\x01garbage")
    with pytest.raises(CorruptLogError, match="not a hanatui log"):
        read_log(b'{"format": "other", "version": 1}\n')
    with pytest.raises(CorruptLogError, match="empty"):
        read_log(b"")


def test_recover_mode_keeps_the_longest_valid_prefix(log_lines):
    lines = list(log_lines)
    i = _index(lines, "card_played", 5)
    broken = _bytes(lines[:i]) + json.dumps(lines[i]).encode()[:20]  # a crash mid-write
    with pytest.raises(CorruptLogError):
        read_log(broken)
    log = read_log(broken, recover=True)
    assert log.error is not None and log.error.line == i + 1
    assert len(log.events) == i - 1
    strict = read_log(_bytes(lines[:i]))
    assert log.states[-1] == strict.states[-1]


def test_a_version_1_log_reads_as_the_current_version(log_lines):
    """Version 2 added comments, version 3 wrote scores as data: a version-1 log reads, one
    line at a time, into the events of today."""
    old = [{**log_lines[0], "version": 1}, *log_lines[1:]]
    log = read_log(_bytes(old))
    assert log.header.version == logfile.VERSION
    assert log.events == read_log(_bytes(log_lines)).events
    assert log.comments == []
    # still read line by line: a torn last line of an old journal is recovered as before
    cut = _bytes(old)[:-15]
    recovered = read_log(cut, recover=True)
    assert recovered.torn and len(recovered.events) == len(log.events) - 1


#: A sample written before version 3, whose scores are words; and its first round whose
#: breakdown for seat 0 has a penalty line (another seat's yaku).
OLD_SAMPLE = ROOT / "replays" / "sakura-2p-seed30.hana"


def _old_lines() -> tuple[list[dict], int]:
    lines = [json.loads(line) for line in OLD_SAMPLE.read_bytes().splitlines()]
    assert lines[0]["version"] < logfile.SCORE_DATA_VERSION
    i = next(
        i
        for i, line in enumerate(lines)
        if line.get("type") == "round_ended"
        and any(x["kind"] == "penalty" for x in line["breakdown"][0]["lines"])
    )
    return lines, i


def test_an_older_score_reads_as_data_with_the_players_it_names():
    """Before version 3 a score line was words ("seat 1 holds Yaku 2: Omote-sugawara", seats
    from 0); read now, it is the data the engine works out (whose yaku it is), once its numbers
    are checked."""
    lines, i = _old_lines()
    said = [x["label"] for x in lines[i]["breakdown"][0]["lines"] if x["kind"] == "penalty"]
    log = read_log(_bytes(lines))
    ended = log.events[i - 1]
    assert isinstance(ended, logfile.RoundEnded)
    paid = [x for x in ended.breakdown[0].lines if x.kind == "penalty"]
    assert [f"seat {x.seat} holds" for x in paid] == [w.partition(" Yaku")[0] for w in said]
    assert all(x.id is not None and x.points == -50 for x in paid)


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e["breakdown"][0]["lines"][0].update(points=1),
        lambda e: e.update(totals=[t + 1 for t in e["totals"]]),
        lambda e: e["breakdown"][0]["lines"][-1].update(id="goko"),
        lambda e: e["breakdown"][0]["lines"].pop(),
    ],
    ids=["points", "totals", "id", "lines"],
)
def test_an_older_score_that_does_not_follow_from_the_cards_is_refused(change):
    lines, i = _old_lines()
    assert lines[i]["breakdown"][0]["lines"][-1]["kind"] == "penalty"
    change(lines[i])
    _refused(lines, i + 1, "does not follow from the cards")


def test_upcasting_changes_every_line_as_it_is_read(log_lines, monkeypatch):
    """A log of an older version goes through each version step's upcaster, the header and
    every later line, before typed decoding."""
    seen: list[str] = []

    def header_step(header):
        seen.append("header")
        return {k: v for k, v in header.items() if k != "legacy"}

    def line_step(line):
        seen.append(line["type"])
        if line["type"] == "card_moved":  # an event renamed in this imaginary version step
            return {**line, "type": "card_played"}
        return line

    now = logfile.VERSION  # the imaginary step goes from today's version to the next
    old = [{**log_lines[0], "version": now, "legacy": True}]
    old += [
        {**line, "type": "card_moved"} if line["type"] == "card_played" else line
        for line in log_lines[1:]
    ]
    monkeypatch.setattr(logfile, "VERSION", now + 1)
    monkeypatch.setitem(logfile.UPCASTERS, now, logfile.Upcaster(header_step, line_step))
    log = read_log(_bytes(old))
    assert log.header.version == now + 1
    assert seen[0] == "header" and len(seen) == len(old)
    assert log.events == read_log(_bytes(log_lines)).events
    # a line the upcaster cannot make valid is refused with its line number
    broken = list(old)
    i = _index(broken, "card_moved", 2)
    broken[i] = {**broken[i], "card": "13z"}
    _refused(broken, i + 1, "card")
    # and so is one the upcaster itself chokes on
    broken[i] = {"card": "01a"}
    reason = f"cannot bring this line to log format version {now + 1} (KeyError: 'type')"
    _refused(broken, i + 1, reason)


def test_an_old_version_without_an_upcaster_is_refused(log_lines, monkeypatch):
    monkeypatch.setattr(logfile, "VERSION", logfile.VERSION + 1)
    monkeypatch.delitem(logfile.UPCASTERS, 2, raising=False)
    lines = [{**log_lines[0], "version": 1}, *log_lines[1:]]
    with pytest.raises(UnsupportedVersionError, match="version 2"):
        read_log(_bytes(lines))


def test_the_json_schema_in_docs_is_current():
    current = json.dumps(logfile.json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    path = ROOT / "docs" / "replay-format.schema.json"
    assert path.read_text(encoding="utf-8") == current, (
        "docs/replay-format.schema.json is stale: run `python scripts/make_schema.py`"
    )


def test_every_log_line_validates_against_the_msgspec_types(log_lines):
    for line in log_lines[1:]:
        msgspec.convert(line, logfile.AnyEvent)


# --- text fields, nesting, header ranges --------------------------------------------------------


def _text_fields(info, path=(), within=frozenset()):
    """Every free-text field reachable from a msgspec type: (path, StrType). A type inside
    itself (an undo's variation holds undos) is walked once."""
    from msgspec import inspect

    if isinstance(info, inspect.Metadata):
        yield from _text_fields(info.type, path, within)
    elif isinstance(info, inspect.StructType):
        if info.cls in within:
            return
        for field in info.fields:
            yield from _text_fields(field.type, (*path, field.name), within | {info.cls})
    elif isinstance(info, (inspect.UnionType,)):
        for t in info.types:
            yield from _text_fields(t, path, within)
    elif isinstance(info, (inspect.VarTupleType, inspect.ListType, inspect.TupleType)):
        items = info.item_types if isinstance(info, inspect.TupleType) else (info.item_type,)
        for t in items:
            yield from _text_fields(t, (*path, "*"), within)
    elif isinstance(info, inspect.DictType):
        yield from _text_fields(info.key_type, (*path, "{key}"), within)
        yield from _text_fields(info.value_type, (*path, "{value}"), within)
    elif isinstance(info, inspect.StrType):
        yield path, info


def _all_text_fields():
    from msgspec import inspect

    fields = []
    for path, info in _text_fields(inspect.type_info(logfile.Header)):
        fields.append((("header", *path), info))
    for event in (*typing.get_args(logfile.AnyEvent), logfile.Comment):
        tag = event.__struct_config__.tag
        for path, info in _text_fields(inspect.type_info(event)):
            if info.pattern == HEX32_PATTERN:
                continue  # not text: 64 hex digits (tests/cli/test_verify_deals.py)
            fields.append(((tag, *path), info))
    return fields


def test_every_text_field_of_a_log_refuses_control_and_bidi_characters_by_type():
    from core.text import SAFE_TEXT_PATTERN

    fields = _all_text_fields()
    names = {".".join(p) for p, _ in fields}
    # the free-text fields there are today (a new one is checked the same way)
    for expected in (
        "header.app",
        "header.created",
        "header.players.*.name",
        "header.players.*.bot",
        "header.origin.source",
        "round_ended.breakdown.*.lines.*.id",
        "comment.text",
    ):
        assert expected in names, expected
    for path, info in fields:
        if path[-1] == "{key}":
            continue  # koi-koi's yaku_points keys: checked against the known yaku ids
        assert info.pattern == SAFE_TEXT_PATTERN, ".".join(path)
        longest = logfile.MAX_COMMENT if path == ("comment", "text") else 200
        assert info.max_length is not None and info.max_length <= longest, ".".join(path)


def _set(obj, path, value) -> bool:
    """Set the first occurrence of ``path`` (``*`` any list item) in decoded JSON."""
    key, rest = path[0], path[1:]
    if key == "*":
        return isinstance(obj, list) and any(_set(item, rest, value) for item in obj)
    if not isinstance(obj, dict) or (key not in obj and rest):
        return False
    if not rest:
        obj[key] = value
        return True
    return _set(obj[key], rest, value)


@pytest.mark.parametrize(
    "bad", ["\x1b]0;owned\x07", "a\x9bb", "rtl\u202eevil", "line\n", "\u2066x"]
)
def test_every_text_field_refuses_control_and_bidi_characters_in_a_real_log(bad):
    data = (ROOT / "replays" / "koikoi-2p-nintendo-seed13.hana").read_bytes()
    base = [json.loads(line) for line in data.splitlines()]
    base[0]["origin"] = {"source": "x.hana", "event": 3, "mode": "same_future"}
    base.insert(4, {"type": "comment", "after": 2, "seat": 0, "text": "a comment"})
    read_log(_bytes(base))  # the sample with an origin and a comment is valid
    checked = 0
    for path, _info in _all_text_fields():
        if path[-1] == "{key}":
            continue
        if path[:2] == ("undo_taken", "undone"):
            continue  # the events of an undo's variation: the same types, checked on their own
        where, field_path = path[0], path[1:]
        lines = json.loads(json.dumps(base))
        if where == "header":
            targets = [0]
        else:
            targets = [i for i, line in enumerate(lines) if line.get("type") == where]
        for i in targets:
            if _set(lines[i], field_path, bad):
                break
        else:
            raise AssertionError(f"no {'.'.join(path)} in the sample")
        with pytest.raises(CorruptLogError) as err:
            read_log(_bytes(lines))
        assert err.value.line == i + 1
        assert "control or bidi" in err.value.reason, err.value.reason
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("depth", [65, 1000, 30_000])
def test_deep_nesting_is_refused_before_decoding(log_lines, depth):
    deep = b"[" * depth + b"]" * depth
    lines = list(log_lines)
    lines[3] = b'{"type":"card_played","seat":0,"card":' + deep + b"}"
    for recover in (False, True):
        try:
            log = read_log(_bytes(lines), recover=recover)
        except CorruptLogError as exc:
            err = exc
        else:
            err = log.error
        assert err is not None and err.line == 4 and "nested too deeply" in err.reason
    header = b'{"format":"hanatui","version":1,"app":' + b"[" * depth + b"}"
    with pytest.raises(CorruptLogError, match="nested too deeply"):
        read_log(header + b"\n" + _bytes(log_lines[1:]))


def test_nesting_up_to_the_limit_is_left_to_the_types(log_lines):
    lines = list(log_lines)
    # 65 opening brackets, 64 levels at most: the depth check lets it through to the decoder
    inner = b"[" * 63 + b"]" * 63
    lines[3] = b'{"type":"card_played","seat":0,"captured":[],"card":' + inner + b"}"
    _refused(lines, 4, "Expected `str`")


def test_a_header_out_of_range_is_refused_before_any_replay(log_lines):
    for seats in (1, 5, 8):
        lines = list(log_lines)
        players = [{"name": f"P{i}"} for i in range(seats)]
        lines[0] = {**lines[0], "players": players}
        _refused(lines, 1, f"not {seats}")
    for seat in (2, 6):
        lines = [{**log_lines[0], "redacted_for": seat}, *log_lines[1:]]
        _refused(lines, 1, f"redacted_for names seat {seat + 1} ({seat} in the log")


def test_millions_of_empty_lines_stop_at_the_first(log_lines):
    data = _bytes(log_lines[:1]) + b"\n" * (4 * 1024 * 1024 - 2000)
    with pytest.raises(CorruptLogError) as err:
        read_log(data)
    assert err.value.line == 2 and err.value.reason == "empty line"
