"""The table protocol: one JSON object per WebSocket text frame, typed, validated (docs/network.md).

Every message is a msgspec Struct tagged by ``type``; unknown types and unknown fields are refused,
and every text field is checked like the names in a log (no control or bidi-override character).
A client sends `Hello` first (its seat token and name), then actions and requests; the server
answers with the events as that seat may see them (`core.redact`) and, when it is that seat's
decision, the legal actions.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.actions import CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.events import Hex32, Text
from core.logfile import RedactedEvent
from core.players import BotLevel, Name

#: The protocol version this program speaks. A server refuses a client of another version.
#: (2: the seats' entropy for proved deals.)
VERSION = 2

#: The largest frame a server accepts from a client (an action is ~100 bytes).
MAX_CLIENT_FRAME = 16 * 1024
#: The largest frame a client accepts from the server (a whole match's events, like a log).
MAX_SERVER_FRAME = 4 * 1024 * 1024
#: Messages a client may send in any one second before the server closes its connection.
MAX_MESSAGES_PER_SECOND = 20
#: Seconds a new connection has to send its `Hello`.
HELLO_TIMEOUT = 10.0

#: Close codes (RFC 6455): a broken rule of the protocol, a message that is not valid.
CLOSE_POLICY = 1008
CLOSE_INVALID = 1007
CLOSE_GOING_AWAY = 1001

Token = Annotated[str, msgspec.Meta(min_length=16, max_length=64, pattern="^[A-Za-z0-9_-]+$")]
SeatNo = Annotated[int, msgspec.Meta(ge=0, le=6)]
Count = Annotated[int, msgspec.Meta(ge=0)]

# --------------------------------------------------------------------------------------------
# Actions, as the wire carries them: the engine's own action types (tagged by ``action``).
# --------------------------------------------------------------------------------------------

AnyAction = PlayCard | ChooseCapture | DeclareHiki | CallKoiKoi | CallShobu


class _Message(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    """Base of every message."""


# --------------------------------------------------------------------------------------------
# Client to server
# --------------------------------------------------------------------------------------------


class Hello(_Message, frozen=True, tag="hello"):
    """The first message of a connection: the protocol version, the seat's secret token and the
    player's name (used when the match starts; a rejoining player keeps the name it had)."""

    version: int
    token: Token
    name: Name


class Act(_Message, frozen=True, tag="act"):
    """Play ``action``, decided on the position after the first ``at`` events."""

    at: Count
    action: AnyAction


class UndoRequest(_Message, frozen=True, tag="undo_request"):
    """Ask the other players to let this seat take back its last decision."""


class UndoAnswer(_Message, frozen=True, tag="undo_answer"):
    """Allow (or refuse) the undo request numbered ``request``."""

    request: Count
    allow: bool


class HandOver(_Message, frozen=True, tag="hand_over"):
    """Let a computer player of ``level`` play ``seat``, which has been away too long."""

    seat: SeatNo
    level: BotLevel


class Entropy(_Message, frozen=True, tag="entropy"):
    """This seat's contribution to the seed of the chance event whose ``commitment`` the table
    sent (docs/deals.md): 32 random bytes in hex, made after the commitment was seen."""

    commitment: Hex32
    value: Hex32


class GetLog(_Message, frozen=True, tag="get_log"):
    """Ask for the match so far as a .hana log in this seat's player view."""


ClientMessage = Hello | Act | UndoRequest | UndoAnswer | HandOver | GetLog | Entropy

# --------------------------------------------------------------------------------------------
# Server to client
# --------------------------------------------------------------------------------------------


class Welcome(_Message, frozen=True, tag="welcome"):
    """The token was right: this connection plays ``seat``."""

    version: int
    seat: SeatNo
    server: Text


class LobbySeat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A seat before the match starts: who has taken it (computer seats are always taken)."""

    name: Name | None = None
    kind: Literal["human", "bot"] = "human"
    joined: bool = False


class Lobby(_Message, frozen=True, tag="lobby"):
    """The match starts when every human seat has joined."""

    game: Text
    seats: tuple[LobbySeat, ...]


class Events(_Message, frozen=True, tag="events"):
    """The match as this seat may see it: keep the first ``at`` events, then append ``events``
    (``at`` below what the client holds: an undo took events back). ``legal`` is non-empty when
    this seat must decide."""

    at: Count
    events: tuple[RedactedEvent, ...]
    legal: tuple[AnyAction, ...] = ()


class SeatStatus(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Whether a human seat is connected, for how long it has been away, and the computer level
    playing it meanwhile (after a hand-over)."""

    connected: bool
    away: Count = 0
    stand_in: BotLevel | None = None


class Presence(_Message, frozen=True, tag="presence"):
    """Each seat's status (computer seats: always connected); ``hand_over_after``: seconds a seat
    must be away before the others may hand it to a computer player."""

    seats: tuple[SeatStatus, ...]
    hand_over_after: Count


class Refused(_Message, frozen=True, tag="refused"):
    """The last request was refused (an illegal or out-of-turn action...): nothing changed."""

    reason: Text


class UndoAsked(_Message, frozen=True, tag="undo_asked"):
    """``seat`` asks to take back its last decision: answer with `UndoAnswer`."""

    request: Count
    seat: SeatNo


class UndoSettled(_Message, frozen=True, tag="undo_settled"):
    """The undo request ``request`` of ``seat`` was granted (the events follow) or not, and why."""

    request: Count
    seat: SeatNo
    granted: bool
    reason: Text = ""


class Notice(_Message, frozen=True, tag="notice"):
    """Something every player should read (a seat handed to a computer player...)."""

    text: Text


class Log(_Message, frozen=True, tag="log"):
    """The match so far as a .hana log (JSON Lines) in this seat's player view."""

    text: str


ServerMessage = (
    Welcome | Lobby | Events | Presence | Refused | UndoAsked | UndoSettled | Notice | Log
)

_ENCODER = msgspec.json.Encoder()
_CLIENT_DECODER = msgspec.json.Decoder(ClientMessage)
_SERVER_DECODER = msgspec.json.Decoder(ServerMessage)


class ProtocolError(ValueError):
    """A frame that is not a valid message; ``reason`` says why in one line."""


def encode(message: _Message) -> str:
    """A message as the text of one frame."""
    return _ENCODER.encode(message).decode()


def _reason(exc: msgspec.DecodeError, data: str | bytes) -> str:
    from core.text import printable

    text = str(exc)
    if isinstance(exc, msgspec.ValidationError):
        if "Invalid value" in text and "`$.type`" in text:
            return "unknown message type"
        if "Expected `str` matching regex" in text:
            return "a text field holds control or bidi-override characters"
        return f"invalid message: {printable(text, 100)}"
    return f"malformed JSON: {printable(text, 100)}"


def decode_client(data: str | bytes) -> ClientMessage:
    """A client's frame as a message, or `ProtocolError`."""
    if isinstance(data, bytes):
        raise ProtocolError("binary frames are not part of the protocol")
    try:
        message: ClientMessage = _CLIENT_DECODER.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(_reason(exc, data)) from None
    return message


def decode_server(data: str | bytes) -> ServerMessage:
    """The server's frame as a message, or `ProtocolError`."""
    if isinstance(data, bytes):
        raise ProtocolError("binary frames are not part of the protocol")
    try:
        message: ServerMessage = _SERVER_DECODER.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(_reason(exc, data)) from None
    return message


__all__ = [
    "CLOSE_INVALID",
    "CLOSE_POLICY",
    "HELLO_TIMEOUT",
    "MAX_CLIENT_FRAME",
    "MAX_MESSAGES_PER_SECOND",
    "MAX_SERVER_FRAME",
    "VERSION",
    "Act",
    "AnyAction",
    "ClientMessage",
    "Entropy",
    "Events",
    "GetLog",
    "HandOver",
    "Hello",
    "Lobby",
    "LobbySeat",
    "Log",
    "Notice",
    "Presence",
    "ProtocolError",
    "RedactedEvent",
    "Refused",
    "SeatStatus",
    "ServerMessage",
    "UndoAnswer",
    "UndoAsked",
    "UndoRequest",
    "UndoSettled",
    "Welcome",
    "decode_client",
    "decode_server",
    "encode",
]
