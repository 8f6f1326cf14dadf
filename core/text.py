"""Text from outside (a log, a file name) made safe to show, and the rule for text a log may hold.

Control characters (C0, DEL, C1) can drive a terminal (clear it, retitle it, hide what follows);
bidirectional overrides, isolates and marks can make text display differently from what it is.
A log may not hold either in any text field (`SAFE_TEXT_PATTERN`), and everything echoed from a
file or a file name goes through `printable`, which shows them as visible escapes instead.
"""

from __future__ import annotations

import os
import re

_UNSAFE_CLASS = "\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"

#: One unsafe character: a control character or a bidirectional formatting character.
UNSAFE_TEXT = re.compile(f"[{_UNSAFE_CLASS}]")
#: The regular expression every text field of a log must match (no unsafe character). It ends in
#: a look-ahead for the end of the text rather than ``$``, which would let a final newline through.
SAFE_TEXT_PATTERN = f"^[^{_UNSAFE_CLASS}]*(?![\\s\\S])"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with control and bidi characters shown as escapes (``\\x1b``, ``\\u202e``), cut
    to ``limit`` characters (ending in "…") when given."""
    shown = UNSAFE_TEXT.sub(_escape, text)
    if limit is not None and len(shown) > limit:
        shown = shown[: max(0, limit - 1)] + "…"
    return shown


def printable_path(path: object, limit: int | None = None) -> str:
    """A file name or path (str, bytes or path-like) made printable; undecodable bytes show as
    ``\\x..`` escapes too."""
    raw = os.fspath(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "backslashreplace")
    else:
        # bytes the file system could not decode arrive as lone surrogates (PEP 383)
        try:
            raw = raw.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:
            raw = raw.encode("utf-8", "backslashreplace").decode("utf-8")
    return printable(raw, limit)
