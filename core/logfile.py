"""The .hana log format: JSON Lines, a header then one event per line (docs/replay-format.md).

This module turns bytes into events and back; it does no file I/O (see `hanatui.files`). Reading
is strict by default: the first malformed, unknown, illegal or inconsistent line rejects the log
with its line number. ``recover=True`` instead keeps the longest valid prefix, for one's own
crashed games. Older format versions are upcast line by line; newer ones are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Final, Literal

import msgspec

from core.engine import apply
from core.errors import CorruptLogError, UnsupportedVersionError
from core.events import (
    AnyRules,
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    DrawnToHand,
    Event,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    KoiKoiCalled,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    ShobuCalled,
    Text,
    UndoTaken,
)
from core.players import Player
from core.redact import unredact
from core.state import State

FORMAT: Final = "hanatui"
#: The format version this program writes and the newest it reads.
VERSION = 1
#: Logs larger than this are refused before any parsing. A 12-round 7-player match is ~100 KB.
MAX_BYTES = 4 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024

AnyEvent = (
    MatchStarted
    | DealerDrawn
    | Dealt
    | Redeal
    | CardPlayed
    | CardDrawn
    | CaptureChosen
    | HikiDeclared
    | GajiInterrupted
    | GajiClaimed
    | KoiKoiCalled
    | ShobuCalled
    | DrawnToHand
    | UndoTaken
    | RoundEnded
    | MatchEnded
)


class Origin(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a forked game came from: the source log's name and the event it branched after."""

    source: Text
    event: Annotated[int, msgspec.Meta(ge=0)]
    mode: Literal["same_future", "reshuffled"]


class Header(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """Line 1 of a log: what it is, who wrote it when, who played and under which rules."""

    format: Literal["hanatui"]
    version: Annotated[int, msgspec.Meta(ge=1)]
    app: Text = ""
    created: Text = ""
    players: tuple[Player, ...]
    rules: AnyRules
    origin: Origin | None = None
    redacted_for: Annotated[int, msgspec.Meta(ge=0, le=6)] | None = None
    anonymised: bool = False


class _Probe(msgspec.Struct):
    """Just enough of a header to choose how to read the rest."""

    format: Any = None
    version: Any = None


_ENCODER = msgspec.json.Encoder()
_EVENT_DECODER = msgspec.json.Decoder(AnyEvent)
_HEADER_DECODER = msgspec.json.Decoder(Header)
_PROBE_DECODER = msgspec.json.Decoder(_Probe)

#: Upcasters: ``UPCASTERS[v]`` turns a version-``v`` header dict and event dicts into version v+1.
Upcaster = Callable[
    [dict[str, Any], list[dict[str, Any]]], tuple[dict[str, Any], list[dict[str, Any]]]
]
UPCASTERS: dict[int, Upcaster] = {}


def encode_header(header: Header) -> bytes:
    return _ENCODER.encode(header) + b"\n"


def encode_event(event: Event) -> bytes:
    return _ENCODER.encode(event) + b"\n"


def encode_log(header: Header, events: Sequence[Event]) -> bytes:
    """A whole log file."""
    return encode_header(header) + b"".join(_ENCODER.encode(e) + b"\n" for e in events)


def header_for(
    events: Sequence[Event], *, app: str = "", created: str = "", **extra: Any
) -> Header:
    """The header matching a list of events (their first event is MatchStarted)."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError("a match must begin with match_started")
    return Header(
        format=FORMAT,
        version=VERSION,
        app=app,
        created=created,
        players=first.players,
        rules=first.rules,
        **extra,
    )


class LogRead(msgspec.Struct, kw_only=True):
    """The result of reading a log: header, events, final state, and the error if recovering."""

    header: Header
    events: list[Event]
    states: list[State]
    error: CorruptLogError | None = None

    @property
    def state(self) -> State | None:
        return self.states[-1] if self.states else None


def _validation_reason(exc: msgspec.DecodeError) -> str:
    text = str(exc)
    if isinstance(exc, msgspec.ValidationError):
        return text
    if "truncated" in text.lower():
        return f"truncated line ({text})"
    return f"malformed JSON ({text})"


def _split_lines(data: bytes) -> list[bytes]:
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def read_log(data: bytes, *, recover: bool = False, max_bytes: int = MAX_BYTES) -> LogRead:
    """Parse and replay a log. Raises `CorruptLogError` (with ``line``) on the first problem, or
    with ``recover=True`` returns the longest valid prefix with the error attached.

    The header itself must be valid in either mode: without it nothing can be recovered.
    """
    if len(data) > max_bytes:
        raise CorruptLogError(f"file too large: {len(data)} bytes (the limit is {max_bytes})", 1)
    if b"\x00" in data[:4096] and not data.lstrip().startswith(b"{"):
        raise CorruptLogError("not a hanatui log (binary data)", 1)
    lines = _split_lines(data)
    if not lines or not lines[0].strip():
        raise CorruptLogError("empty file: no header line", 1)
    header, event_lines = _read_header(lines)
    # Decode every line first (a redacted log needs all of them to fill its decks), then replay.
    decoded: list[Event] = []
    numbers: list[int] = []
    error: CorruptLogError | None = None
    for lineno, raw in event_lines:
        try:
            decoded.append(_decode_event(raw))
        except CorruptLogError as exc:
            error = CorruptLogError(exc.reason, lineno)
            break
        numbers.append(lineno)
    if header.redacted_for is not None and decoded:
        try:
            decoded = unredact(decoded)
        except CorruptLogError as exc:
            error = CorruptLogError(exc.reason, 2)
            decoded = []
    events: list[Event] = []
    states: list[State] = []
    state: State | None = None
    for lineno, event in zip(numbers, decoded, strict=False):  # decoded may be cut short
        try:
            state = apply(state, event)
            if len(events) == 0:
                _check_header_matches(header, event)
        except CorruptLogError as exc:
            error = CorruptLogError(exc.reason, lineno)
            break
        events.append(event)
        states.append(state)
    if error is not None:
        if recover:
            return LogRead(header=header, events=events, states=states, error=error)
        raise error
    if not events:
        err = CorruptLogError("no events after the header", 2)
        if recover:
            return LogRead(header=header, events=events, states=states, error=err)
        raise err
    return LogRead(header=header, events=events, states=states)


def _decode_event(raw: bytes | dict[str, Any]) -> Event:
    try:
        if isinstance(raw, dict):
            event: Event = msgspec.convert(raw, AnyEvent)
            return event
        if len(raw) > MAX_LINE_BYTES:
            raise CorruptLogError(f"line too long: {len(raw)} bytes")
        if not raw.strip():
            raise CorruptLogError("empty line")
        return _EVENT_DECODER.decode(raw)
    except msgspec.DecodeError as exc:
        raise CorruptLogError(_validation_reason(exc)) from None
    except UnicodeDecodeError:
        raise CorruptLogError("not UTF-8 text") from None


def _read_header(lines: list[bytes]) -> tuple[Header, list[tuple[int, Any]]]:
    first = lines[0]
    if len(first) > MAX_LINE_BYTES:
        raise CorruptLogError(f"line too long: {len(first)} bytes", 1)
    try:
        probe = _PROBE_DECODER.decode(first)
    except msgspec.DecodeError as exc:
        raise CorruptLogError(f"not a hanatui log: {_validation_reason(exc)}", 1) from None
    if probe.format != FORMAT:
        raise CorruptLogError(f"not a hanatui log (format {probe.format!r})", 1)
    version = probe.version
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CorruptLogError(f"invalid format version {version!r}", 1)
    if version > VERSION:
        raise UnsupportedVersionError(
            f"written by a newer hanatui (log format version {version}); this program reads "
            f"versions up to {VERSION}: update hanatui to open it",
            1,
        )
    numbered: list[tuple[int, Any]] = list(enumerate(lines[1:], start=2))
    if version < VERSION:
        header_dict, numbered = _upcast(first, numbered, version)
        try:
            header = msgspec.convert(header_dict, Header)
        except msgspec.ValidationError as exc:
            raise CorruptLogError(f"invalid header: {exc}", 1) from None
        return header, numbered
    try:
        header = _HEADER_DECODER.decode(first)
    except msgspec.DecodeError as exc:
        raise CorruptLogError(f"invalid header: {_validation_reason(exc)}", 1) from None
    return header, numbered


def _upcast(
    first: bytes, numbered: list[tuple[int, Any]], version: int
) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    """Bring an old log to the current version, one version step at a time."""
    try:
        header = msgspec.json.decode(first)
        events = []
        for lineno, raw in numbered:
            try:
                events.append(msgspec.json.decode(raw))
            except msgspec.DecodeError as exc:
                raise CorruptLogError(_validation_reason(exc), lineno) from None
    except msgspec.DecodeError as exc:
        raise CorruptLogError(f"invalid header: {exc}", 1) from None
    linenos = [n for n, _ in numbered]
    while version < VERSION:
        upcaster = UPCASTERS.get(version)
        if upcaster is None:
            raise UnsupportedVersionError(f"cannot read log format version {version}", 1)
        header, events = upcaster(header, events)
        version += 1
    header["version"] = VERSION
    return header, list(zip(linenos, events, strict=False))


def _check_header_matches(header: Header, first: Event) -> None:
    if not isinstance(first, MatchStarted):
        raise CorruptLogError(f"the first event must be match_started, not {type(first).__name__}")
    if first.rules != header.rules:
        raise CorruptLogError("the rules of match_started differ from the header's")
    if first.players != header.players:
        raise CorruptLogError("the players of match_started differ from the header's")


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a log line: the header or any event (kept in docs/)."""
    (header, event), defs = msgspec.json.schema_components(
        [Header, AnyEvent], ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "hanatui log line (.hana)",
        "description": (
            f"Format {FORMAT!r} version {VERSION}. Line 1 of a log is a Header; every later line "
            "is one Event. See docs/replay-format.md."
        ),
        "anyOf": [header, event],
        "$defs": defs,
    }
