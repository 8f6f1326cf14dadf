"""The .hana log format: JSON Lines, a header then one event per line (docs/replay-format.md).

This module turns bytes into events and back; it does no file I/O (see `hanatui.store.files`).
Reading is strict by default: the first malformed, unknown, illegal or inconsistent line rejects the
log with its line number. ``recover=True`` instead keeps the longest valid prefix, for one's own
crashed games. Older format versions are upcast line by line; newer ones are refused. A round's
score in a log older than version 3 held words instead of data; once its numbers are checked, the
score the engine works out takes its place (`_rederived`).

Besides events, a log may hold comments (`Comment`): annotation lines people attach to a move or
to the whole game. They are not events: the reader returns them apart (`LogRead.comments`), the
engine never folds them, and they change nothing in the game's state.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Annotated, Any, Final, Literal, NamedTuple

import msgspec

from core.engine import apply
from core.errors import CorruptLogError, HanaError, UnsupportedVersionError
from core.events import (
    AnyRules,
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealCommitted,
    DealerDrawn,
    DealRevealed,
    Dealt,
    DrawnToHand,
    EntropyGiven,
    Event,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    KoiKoiCalled,
    LightningClaimed,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    Seat,
    ShobuCalled,
    Text,
    UndoTaken,
)
from core.games.base import Game
from core.messages import N_, Message
from core.players import Player
from core.redact import HiddenDraw, unredact
from core.state import SCORING, State
from core.text import SAFE_TEXT_PATTERN, UNSAFE_TEXT, printable

FORMAT: Final = "hanatui"
#: The format version this program writes and the newest it reads (2: comments; 3: the lines of a
#: round's score are data, without words; 4: the proof of each deal, docs/deals.md, and an undo
#: keeps what it took back, ``undone``).
VERSION = 4
#: Logs older than this wrote a round's score lines as words (``label``) without their data.
SCORE_DATA_VERSION = 3
#: Logs older than this hold no proof of their deals (`deal_committed`, `entropy_given`,
#: `deal_revealed`).
PROOF_VERSION = 4
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
    | LightningClaimed
    | KoiKoiCalled
    | ShobuCalled
    | DrawnToHand
    | UndoTaken
    | RoundEnded
    | MatchEnded
    | DealCommitted
    | EntropyGiven
    | DealRevealed
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


#: The longest comment, in characters.
MAX_COMMENT = 500

CommentText = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=MAX_COMMENT,
        # no control or bidi-override characters (a line break is one); the reader refuses a
        # blank one too
        pattern=SAFE_TEXT_PATTERN,
        description=(
            f"A comment: 1-{MAX_COMMENT} characters, not only spaces, no control or bidi-override "
            "characters (so one line of plain text)."
        ),
    ),
]


class Comment(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="type",
    tag="comment",
):
    """A person's comment on a move or on the whole game: an annotation line of a log, never an
    event (the engine never sees it; it changes nothing in the game).

    ``after`` is the index of the event the comment follows (0 is ``match_started``, the first
    line after the header), so it belongs to the position once that event has happened; omitted,
    the comment is on the whole game. ``seat`` (from 0) is the player who wrote it; omitted, it
    was written by someone not at the table (a reviewer).
    """

    after: Annotated[int, msgspec.Meta(ge=0)] | None = None
    seat: Seat | None = None
    text: CommentText


def check_comment(text: str) -> str:
    """Return ``text`` if a log may hold it as a comment, else raise `HanaError` saying why
    (for people typing one; the reader refuses the same by its types)."""
    if not isinstance(text, str) or not text.strip():
        raise HanaError(N_("a comment cannot be empty"))
    if len(text) > MAX_COMMENT:
        raise HanaError(
            N_("a comment is at most {limit} characters, not {count}"),
            limit=MAX_COMMENT,
            count=len(text),
        )
    if UNSAFE_TEXT.search(text):
        raise HanaError(
            N_(
                "a comment is one line of plain text: no line breaks, control or bidi-override "
                "characters"
            )
        )
    return text


def comment_sort_key(comment: Comment) -> int:
    """Where a comment stands in a written log: game comments first, then by ``after``."""
    return -1 if comment.after is None else comment.after


class _Probe(msgspec.Struct):
    """Just enough of a header to choose how to read the rest."""

    format: Any = None
    version: Any = None


_ENCODER = msgspec.json.Encoder()
#: A log redacted for one seat may hold draws into another seat's hand with a null card.
RedactedEvent = (
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
    | LightningClaimed
    | KoiKoiCalled
    | ShobuCalled
    | HiddenDraw
    | UndoTaken
    | RoundEnded
    | MatchEnded
    | DealCommitted
    | EntropyGiven
    | DealRevealed
)

# The decoders are built on first use: building the first resolves the type of every event
# (some 3 ms), which a program that only writes logs (a table opened from the command line)
# would pay before its first frame for nothing.


@functools.cache
def _event_decoder() -> msgspec.json.Decoder[Any]:
    """Every line after the header: an event or a comment."""
    return msgspec.json.Decoder(AnyEvent | Comment)


@functools.cache
def _redacted_decoder() -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(RedactedEvent | Comment)


@functools.cache
def _header_decoder() -> msgspec.json.Decoder[Header]:
    return msgspec.json.Decoder(Header)


@functools.cache
def _probe_decoder() -> msgspec.json.Decoder[_Probe]:
    return msgspec.json.Decoder(_Probe)


Json = dict[str, Any]


class Upcaster(NamedTuple):
    """How a log of one format version becomes the next: a function over the decoded JSON object
    of the header and one over each later line (None: unchanged). Lines are upcast one at a time
    as they are read, so an old log is read with the same bounds and the same recovery as a
    current one."""

    header: Callable[[Json], Json] | None = None
    line: Callable[[Json], Json] | None = None


def _drop_score_words(line: Json) -> Json:
    """Version 2 to 3: the lines of a round_ended lose their English ``label``. Their data
    (whose yaku, the number the words named) is then worked out again by the reader, which
    checks the logged numbers against it (`_rederived`)."""
    if line.get("type") == "round_ended":
        for seat_score in line["breakdown"]:
            for score_line in seat_score["lines"]:
                score_line.pop("label", None)
    return line


#: ``UPCASTERS[v]`` turns a version-``v`` log into version v+1.
UPCASTERS: dict[int, Upcaster] = {
    # Version 2 added comment lines: a version-1 log is a version-2 log as it stands.
    1: Upcaster(),
    2: Upcaster(line=_drop_score_words),
    # Version 4 added the proof events and `UndoTaken.undone` (omitted when empty): a version-3
    # log is a version-4 log as it stands, without proofs, its undos with nothing to show of
    # what they took back.
    3: Upcaster(),
}


def encode_header(header: Header) -> bytes:
    return _ENCODER.encode(header) + b"\n"


def encode_event(event: Event) -> bytes:
    return _ENCODER.encode(event) + b"\n"


def encode_comment(comment: Comment) -> bytes:
    return _ENCODER.encode(comment) + b"\n"


def encode_log(header: Header, events: Sequence[Event], comments: Sequence[Comment] = ()) -> bytes:
    """A whole log file. Each comment is written right after the event it follows (game comments
    after ``match_started``), in the order given among those of one position."""
    if not comments:
        return encode_header(header) + b"".join(_ENCODER.encode(e) + b"\n" for e in events)
    at: dict[int, list[Comment]] = {}
    for c in sorted(comments, key=comment_sort_key):
        after = 0 if c.after is None else c.after
        if after >= len(events):
            raise HanaError(
                N_("a comment follows event {event}, but the log has {count} events"),
                event=after,
                count=len(events),
            )
        at.setdefault(after, []).append(c)
    out = [encode_header(header)]
    for i, e in enumerate(events):
        out.append(_ENCODER.encode(e) + b"\n")
        out.extend(_ENCODER.encode(c) + b"\n" for c in at.get(i, ()))
    return b"".join(out)


def header_for(
    events: Sequence[Event], *, app: str = "", created: str = "", **extra: Any
) -> Header:
    """The header matching a list of events (their first event is MatchStarted)."""
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise CorruptLogError(N_("a match must begin with match_started"))
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
    #: The comments, in the order of the file (see `Comment`).
    comments: list[Comment] = msgspec.field(default_factory=list)
    error: CorruptLogError | None = None
    #: The error is only a last line cut short with no newline (what a crash mid-write leaves).
    torn: bool = False
    #: The format version the file was written in (``header.version`` is always this
    #: program's: an older log was brought up to it as it was read).
    written_in: int = VERSION

    @property
    def state(self) -> State | None:
        return self.states[-1] if self.states else None


#: Deepest nesting of JSON arrays and objects a line may have (the format needs about 5), checked
#: before decoding so a deeply nested line is refused instead of exhausting the decoder's stack.
MAX_DEPTH = 64
#: Reasons quoting a file's content are cut to this many characters.
MAX_REASON = 300

_JSON_STRING = re.compile(rb'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_INNERMOST_PAIR = re.compile(rb"\[\]|\{\}")
_REGEX_REASON = re.compile(r"Expected `str` matching regex .*? - at `(?P<where>[^`]*)`", re.S)


class _SyntaxProblem(CorruptLogError):
    """A line that is not JSON at all (malformed, cut short, too deep), as opposed to JSON that
    breaks the format's rules: only the first kind can be a line torn by a crash."""


def check_depth(raw: bytes) -> None:
    """Refuse a line nested more than ``MAX_DEPTH`` deep, before any decoder sees it.

    A line with no more opening brackets than that cannot be too deep (every line hanatui
    writes). Otherwise strings are set aside and the innermost ``[]``/``{}`` pairs are removed
    ``MAX_DEPTH`` times: brackets still open after that are nesting beyond the limit. Brackets
    that do not match are left to the decoder to report, unless there are too many of them.
    Linear in the line's length.
    """
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    removed = 0
    for _ in range(MAX_DEPTH):
        brackets, removed = _INNERMOST_PAIR.subn(b"", brackets)
        if not brackets or not removed:
            break
    left_open = brackets.count(b"[") + brackets.count(b"{")
    if left_open > (0 if removed else MAX_DEPTH):
        raise _SyntaxProblem(
            N_("JSON nested too deeply (the limit is {limit} levels)"), limit=MAX_DEPTH
        )


def _validation_reason(exc: msgspec.DecodeError) -> Message:
    text = str(exc)
    if isinstance(exc, msgspec.ValidationError):
        match = _REGEX_REASON.search(text)
        if match is not None:
            return Message(
                N_(
                    "a text field ({field}) contains control or bidi-override characters, "
                    "which logs may not hold (they could disguise text or drive the terminal)"
                ),
                field=match.group("where"),
            )
        return _validator_message(printable(text, MAX_REASON))
    # the decoder's own words (where the JSON breaks) stay as it says them
    if "truncated" in text.lower():
        return Message(N_("truncated line ({detail})"), detail=printable(text, MAX_REASON))
    return Message(N_("malformed JSON ({detail})"), detail=printable(text, MAX_REASON))


#: The validator's own sentences (msgspec's, in its English), each as the template that says it
#: again, so that a player reads it in their language; ``- at `$.path``` is said apart.
_VALIDATOR_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.S), template)
    for pattern, template in (
        (
            r"Expected `(?P<expected>[^`]*)`, got `(?P<got>[^`]*)`",
            # TRANSLATORS: the validator's words on a line of a log; {expected} and {got} are
            # JSON types (int, str, array, object, null), kept in English
            N_("Expected `{expected}`, got `{got}`"),
        ),
        (
            r"Object missing required field `(?P<field>[^`]*)`",
            N_("Object missing required field `{field}`"),
        ),
        (
            r"Object contains unknown field `(?P<field>[^`]*)`",
            N_("Object contains unknown field `{field}`"),
        ),
        (r"Invalid enum value (?P<value>.*)", N_("Invalid enum value {value}")),
        (r"Invalid value (?P<value>.*)", N_("Invalid value {value}")),
        (
            r"Expected `(?P<type>[^`]*)` of length (?P<op>[<>]=?) (?P<bound>\S+)",
            N_("Expected `{type}` of length {op} {bound}"),
        ),
        (
            r"Expected `(?P<type>[^`]*)` (?P<op>[<>]=?) (?P<bound>\S+)",
            N_("Expected `{type}` {op} {bound}"),
        ),
    )
)
_AT = re.compile(r"(?P<problem>.*) - at `(?P<where>[^`]*)`", re.S)


def _validator_message(text: str) -> Message:
    """The validator's reason as a `Message` that says the same English, or as it stands where
    it is none of the sentences we know."""
    at = _AT.fullmatch(text)
    problem = at.group("problem") if at else text
    for pattern, template in _VALIDATOR_SENTENCES:
        match = pattern.fullmatch(problem)
        if match is not None:
            message = Message(template, **match.groupdict())
            if at is not None:
                message = Message(
                    # TRANSLATORS: {where} is the place in the JSON line, such as $.cards[2]
                    N_("{problem} - at `{where}`"),
                    problem=message,
                    where=at.group("where"),
                )
            if str(message) == text:
                return message
            break
    return Message(text)


def _reason(kind: type[CorruptLogError], message: Message) -> CorruptLogError:
    """An error of ``kind`` whose reason is ``message``."""
    return kind(message.template, **message.params)


def _lines(data: bytes) -> Iterator[tuple[int, bytes, bool]]:
    """Each line with its 1-based number and whether it ends in a newline, one at a time (a file
    of millions of empty lines never becomes millions of objects at once)."""
    for number, line in enumerate(io.BytesIO(data), start=1):
        if line.endswith(b"\n"):
            yield number, line[:-1], True
        else:
            yield number, line, False


def read_log(data: bytes, *, recover: bool = False, max_bytes: int = MAX_BYTES) -> LogRead:
    """Parse and replay a log. Raises `CorruptLogError` (with ``line``) on the first problem, or
    with ``recover=True`` returns the longest valid prefix with the error attached.

    The header itself must be valid in either mode: without it nothing can be recovered. Lines
    are decoded and replayed one at a time and reading stops at the first bad one, so the work
    and memory are bounded by the valid part (a redacted log is decoded whole first: its hidden
    cards are filled from what the later events reveal). Comments are returned apart, each
    checked against the events before it (`check_comment_place`).
    """
    if len(data) > max_bytes:
        raise CorruptLogError(
            N_("file too large: {size} bytes (the limit is {limit})"),
            1,
            size=len(data),
            limit=max_bytes,
        )
    if b"\x00" in data[:4096] and not data.lstrip().startswith(b"{"):
        raise CorruptLogError(N_("not a hanatui log (binary data)"), 1)
    lines = _lines(data)
    first = next(lines, None)
    if first is None or not first[1].strip():
        raise CorruptLogError(N_("empty file: no header line"), 1)
    header, numbered, upcast, version = _read_header(first[1], lines)
    check_header(header)
    legacy = version < SCORE_DATA_VERSION
    events: list[Event] = []
    states: list[State] = []
    comments: list[Comment] = []
    error: CorruptLogError | None = None
    torn = False
    try:
        if header.redacted_for is None:
            state: State | None = None
            for lineno, raw, ended in numbered:
                try:
                    line = _decode_line(raw, _event_decoder(), upcast)
                    if isinstance(line, Comment):
                        check_comment_place(line, len(events), len(header.players))
                        comments.append(line)
                        continue
                    if legacy:
                        line = _rederived(state, line)
                    state = _replay(state, line, header)
                except CorruptLogError as exc:
                    torn = isinstance(exc, _SyntaxProblem) and not ended
                    raise exc.at(lineno) from None
                events.append(line)
                states.append(state)
        else:
            events, states, comments = _read_redacted(header, numbered, upcast, legacy)
    except CorruptLogError as exc:
        if not recover:
            raise
        error = exc
    if not events and error is None:
        error = CorruptLogError(N_("no events after the header"), 2)
        if not recover:
            raise error
    return LogRead(
        header=header,
        events=events,
        states=states,
        comments=comments,
        error=error,
        torn=torn and error is not None,
        written_in=version,
    )


def check_comment_place(comment: Comment, events_before: int, seats: int) -> None:
    """A comment read after ``events_before`` events: it follows one of them (comments stand
    after ``match_started``, never before the event they are on), its seat is one of the
    ``seats``, and its text is not blank. Raises `CorruptLogError` saying which."""
    if events_before == 0:
        raise CorruptLogError(N_("a comment before match_started: comments follow the first event"))
    if comment.after is not None and comment.after >= events_before:
        if events_before == 1:
            raise CorruptLogError(
                N_(
                    "a comment on event {event} stands before that event (only event 0 come "
                    "before this line)"
                ),
                event=comment.after,
            )
        raise CorruptLogError(
            N_(
                "a comment on event {event} stands before that event (only events 0 to {last} "
                "come before this line)"
            ),
            event=comment.after,
            last=events_before - 1,
        )
    if comment.seat is not None and comment.seat >= seats:
        raise CorruptLogError(
            N_(
                "a comment by seat {seat} ({index} in the log, which counts seats from 0), but "
                "the match has {count} seats"
            ),
            seat=comment.seat + 1,
            index=comment.seat,
            count=seats,
        )
    if not comment.text.strip():
        raise CorruptLogError(N_("a comment with blank text"))


def _replay(state: State | None, event: Event, header: Header) -> State:
    after = apply(state, event)
    if state is None:
        _check_header_matches(header, event)
    return after


def _read_redacted(
    header: Header,
    numbered: Iterable[tuple[int, bytes, bool]],
    upcast: Callable[[Json], Json] | None,
    legacy: bool = False,
) -> tuple[list[Event], list[State], list[Comment]]:
    """A log redacted for one seat: every line is decoded, the hidden cards are filled in from
    what later events reveal (`core.redact.unredact`), then the whole log is replayed. Strict:
    a bad line anywhere refuses it, since the lines after it are needed to fill the deals."""
    decoded: list[Event] = []
    numbers: list[int] = []
    comments: list[Comment] = []
    for lineno, raw, _ended in numbered:
        try:
            line = _decode_line(raw, _redacted_decoder(), upcast)
            if isinstance(line, Comment):
                check_comment_place(line, len(decoded), len(header.players))
                comments.append(line)
                continue
        except CorruptLogError as exc:
            raise exc.at(lineno) from None
        decoded.append(line)
        numbers.append(lineno)
    if not decoded:
        return [], [], comments
    try:
        _check_header_matches(header, decoded[0])
    except CorruptLogError as exc:
        raise exc.at(numbers[0]) from None
    try:
        filled = unredact(decoded, header.redacted_for or 0)
    except CorruptLogError as exc:
        raise exc.at(numbers[exc.line] if exc.line is not None else 2) from None
    events: list[Event] = []
    states: list[State] = []
    state: State | None = None
    for lineno, event in zip(numbers, filled, strict=True):
        try:
            if legacy:
                event = _rederived(state, event)
            state = apply(state, event)
        except CorruptLogError as exc:
            raise exc.at(lineno) from None
        events.append(event)
        states.append(state)
    return events, states, comments


def check_header(header: Header) -> None:
    """The header's fields against each other, before any event is read: the number of players
    is one the game is played with, and ``redacted_for`` names one of the seats."""
    from core.games.registry import GAMES

    n = len(header.players)
    game = GAMES.get(header.rules.game)
    if game is None:
        raise CorruptLogError(N_("unknown game {game}"), 1, game=repr(header.rules.game))
    try:
        game.check_players(header.rules, n)
    except HanaError as exc:
        # the error itself: a rules error may name an option, which the program says in its words
        raise CorruptLogError(N_("invalid header: {reason}"), 1, reason=exc) from None
    if header.redacted_for is not None and not 0 <= header.redacted_for < n:
        raise CorruptLogError(
            N_(
                "invalid header: redacted_for names seat {seat} ({index} in the log, which "
                "counts seats from 0), but the match has {count} seats"
            ),
            1,
            seat=header.redacted_for + 1,
            index=header.redacted_for,
            count=n,
        )
    if header.origin is not None and header.origin.event < 1:
        raise CorruptLogError(N_("invalid header: origin.event must be at least 1"), 1)


def _decode_line(
    raw: bytes, decoder: msgspec.json.Decoder[Any], upcast: Callable[[Json], Json] | None = None
) -> Any:
    """One line after the header: an event or a comment (``upcast``: the line is of an older
    version, brought to this one first)."""
    try:
        if len(raw) > MAX_LINE_BYTES:
            raise CorruptLogError(N_("line too long: {size} bytes"), size=len(raw))
        if not raw.strip():
            raise _SyntaxProblem(N_("empty line"))
        check_depth(raw)
        if upcast is None:
            return decoder.decode(raw)
        old = msgspec.json.decode(raw)
        if not isinstance(old, dict):
            raise CorruptLogError(N_("not a JSON object ({type})"), type=type(old).__name__)
        return msgspec.convert(_upcast(upcast, old), decoder.type)
    except msgspec.ValidationError as exc:
        raise _reason(CorruptLogError, _validation_reason(exc)) from None
    except msgspec.DecodeError as exc:
        raise _reason(_SyntaxProblem, _validation_reason(exc)) from None
    except UnicodeDecodeError:
        raise _SyntaxProblem(N_("not UTF-8 text")) from None


def _upcast(step: Callable[[Json], Json], line: Json) -> Json:
    """One upcasting step over a line; a line it cannot handle is refused, not a crash."""
    try:
        return step(line)
    except CorruptLogError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CorruptLogError(
            N_("cannot bring this line to log format version {version} ({detail})"),
            version=VERSION,
            detail=printable(f"{type(exc).__name__}: {exc}", MAX_REASON),
        ) from None


def _read_header(
    first: bytes, rest: Iterator[tuple[int, bytes, bool]]
) -> tuple[Header, Iterator[tuple[int, bytes, bool]], Callable[[Json], Json] | None, int]:
    """The header, the lines after it, the function that upcasts each of them (None when the
    log is of this version, or its lines need no change), and the version the log was written
    in."""
    if len(first) > MAX_LINE_BYTES:
        raise CorruptLogError(N_("line too long: {size} bytes"), 1, size=len(first))
    try:
        check_depth(first)
        probe = _probe_decoder().decode(first)
    except CorruptLogError as exc:
        raise CorruptLogError(N_("not a hanatui log: {reason}"), 1, reason=exc.message) from None
    except msgspec.DecodeError as exc:
        raise CorruptLogError(
            N_("not a hanatui log: {reason}"), 1, reason=_validation_reason(exc)
        ) from None
    if probe.format != FORMAT:
        raise CorruptLogError(
            N_("not a hanatui log (format {format})"), 1, format=printable(repr(probe.format), 60)
        )
    version = probe.version
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CorruptLogError(
            N_("invalid format version {version}"), 1, version=printable(repr(version), 60)
        )
    if version > VERSION:
        raise UnsupportedVersionError(
            N_(
                "written by a newer hanatui (log format version {version}); this program reads "
                "versions up to {newest}: update hanatui to open it"
            ),
            1,
            version=version,
            newest=VERSION,
        )
    steps: list[Upcaster] = []
    for v in range(version, VERSION):
        step = UPCASTERS.get(v)
        if step is None:
            raise UnsupportedVersionError(
                N_("cannot read log format version {version}"), 1, version=v
            )
        steps.append(step)
    try:
        header_steps = [s.header for s in steps if s.header is not None]
        if header_steps:
            as_json = msgspec.json.decode(first)
            if not isinstance(as_json, dict):
                raise CorruptLogError(N_("not a JSON object"))
            for up in header_steps:
                as_json = _upcast(up, as_json)
            as_json["version"] = VERSION
            header = msgspec.convert(as_json, Header)
        else:
            header = _header_decoder().decode(first)
    except CorruptLogError as exc:
        raise CorruptLogError(N_("invalid header: {reason}"), 1, reason=exc.message) from None
    except msgspec.DecodeError as exc:
        raise CorruptLogError(
            N_("invalid header: {reason}"), 1, reason=_validation_reason(exc)
        ) from None
    if header.version != VERSION:
        header = msgspec.structs.replace(header, version=VERSION)
    line_steps = [s.line for s in steps if s.line is not None]
    if not line_steps:
        return header, rest, None, version

    def upcast(line: Json) -> Json:
        for up in line_steps:
            line = up(line)
        return line

    return header, rest, upcast, version


def _rederived(state: State | None, logged: Event) -> Event:
    """A round_ended of a log older than version 3: its lines had words and none of their data
    (whose yaku a line is, the number its words named). When its numbers agree with the score
    the engine works out for the round (every seat's points, totals and next dealer, and each
    line's kind, points, factor, cards and any id it had), that score takes its place, data
    included; otherwise it is left for `apply` to refuse, as in any log."""
    if not isinstance(logged, RoundEnded) or state is None or state.phase != SCORING:
        return logged
    hooks: Game[Any] = state.hooks
    expected = hooks.score_round(state)
    return expected if _same_numbers(logged, expected) else logged


def _same_numbers(old: RoundEnded, new: RoundEnded) -> bool:
    if (old.round, old.reason, old.points, old.totals, old.next_dealer) != (
        new.round,
        new.reason,
        new.points,
        new.totals,
        new.next_dealer,
    ) or len(old.breakdown) != len(new.breakdown):
        return False
    for a, b in zip(old.breakdown, new.breakdown, strict=True):
        if (a.seat, a.points, len(a.lines)) != (b.seat, b.points, len(b.lines)):
            return False
        for x, y in zip(a.lines, b.lines, strict=True):
            if (x.kind, x.points, x.factor, x.cards) != (y.kind, y.points, y.factor, y.cards):
                return False
            if x.id is not None and x.id != y.id:
                return False
    return True


def _check_header_matches(header: Header, first: Event) -> None:
    if not isinstance(first, MatchStarted):
        raise CorruptLogError(
            N_("the first event must be match_started, not {event}"), event=type(first).__name__
        )
    if first.rules != header.rules:
        raise CorruptLogError(N_("the rules of match_started differ from the header's"))
    if first.players != header.players:
        raise CorruptLogError(N_("the players of match_started differ from the header's"))


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a log line: the header or any event (kept in docs/)."""
    (header, event, comment), defs = msgspec.json.schema_components(
        [Header, AnyEvent, Comment], ref_template="#/$defs/{name}"
    )
    # A log redacted for one seat may hide another seat's draw into the hand (`HiddenDraw`).
    drawn = defs["DrawnToHand"]["properties"]
    drawn["card"] = {
        "anyOf": [drawn["card"], {"type": "null"}],
        "description": "null only in a log redacted for another seat (a draw it did not see)",
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "hanatui log line (.hana)",
        "description": (
            f"Format {FORMAT!r} version {VERSION}. Line 1 of a log is a Header; every later line "
            "is one Event or a Comment. See docs/replay-format.md."
        ),
        "anyOf": [header, event, comment],
        "$defs": defs,
    }
