"""The dialog for a log file that cannot be opened: which file, which line, why.

Everything shown comes from outside (a path, a reason quoting the file's content), so it is made
printable first (control and bidi-override characters shown as escapes) and always drawn through
`Content`, never parsed as markup.
"""

from __future__ import annotations

import os
import re

import msgspec
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from core.errors import CorruptLogError, UnsupportedVersionError
from core.logfile import VERSION, check_depth
from core.text import printable as _printable
from core.text import printable_path
from hanatui.app.widgets import TooSmall
from hanatui.text.errors import error_reason, error_text
from hanatui.text.i18n import N_, _, ngettext, pgettext

#: Reasons longer than this are cut (a reason may quote a long line of the file).
MAX_REASON = 400


def printable(text: str, limit: int = MAX_REASON) -> str:
    """``text`` with control and bidi characters shown as escapes, cut to ``limit``
    (`core.text.printable`, the one helper for everything echoed from a file or a file name)."""
    return _printable(text, limit)


_REGEX_REASON = re.compile(r"Expected `str` matching regex .*? - at `(?P<where>[^`]*)`", re.S)


def explain(reason: str) -> str:
    """A reason in words a player can act on (the validator's regex is not one)."""
    match = _REGEX_REASON.search(reason)
    if match is not None:
        return _(
            "a text field ({where}) contains control or bidi-override characters, which logs "
            "may not hold (they could disguise text or drive the terminal)"
        ).format(where=match.group("where"))
    return reason


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """What the dialog says about a file, already made printable."""

    file: str
    reason: str
    folder: str = ""
    line: int | None = None
    version: int | None = None  # the format version the file needs, if newer than ours
    recoverable: int = 0  # events before the bad line that can still be read, 0 if none
    torn: bool = False  # the file ends in the middle of its last line (cut short)


def newer_version(data: bytes | None) -> int | None:
    """The format version a log's first line declares, if it is an integer."""
    if not data:
        return None
    first = data.split(b"\n", 1)[0]
    try:
        check_depth(first)
        header = msgspec.json.decode(first)
    except (msgspec.DecodeError, CorruptLogError):
        return None
    version = header.get("version") if isinstance(header, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def describe_problem(
    path: str | os.PathLike[str], exc: BaseException, data: bytes | None = None
) -> Problem:
    """The dialog's account of why ``path`` could not be opened (``data``: its bytes, if read)."""
    whole = os.path.abspath(os.fspath(path))
    file = printable_path(os.path.basename(whole) or whole, 200)
    folder = printable_path(os.path.dirname(whole), 300)
    if isinstance(exc, UnsupportedVersionError):
        return Problem(
            file=file,
            folder=folder,
            line=exc.line,
            reason=printable(explain(error_reason(exc))),
            version=newer_version(data),
        )
    if (
        isinstance(exc, CorruptLogError)
        and exc.line == 1
        and data is not None
        and looks_binary(data)
    ):
        return Problem(
            file=file, folder=folder, line=1, reason=_("not a hanatui log: binary data, not text")
        )
    if isinstance(exc, CorruptLogError):
        recoverable, torn = 0, False
        if data is not None and (exc.line or 0) > 2:
            recoverable, torn = _recoverable(data)
        return Problem(
            file=file,
            folder=folder,
            line=exc.line,
            reason=printable(explain(error_reason(exc))),
            recoverable=recoverable,
            torn=torn,
        )
    reason = error_text(exc)
    for prefix in (f"{os.fspath(path)}: ", f"{printable_path(path)}: "):
        reason = reason.removeprefix(prefix)
    if not isinstance(exc, ValueError):
        reason = _("unexpected error: {error}: {reason}").format(
            error=type(exc).__name__, reason=reason
        )
    return Problem(file=file, folder=folder, reason=printable(reason))


def looks_binary(data: bytes) -> bool:
    """True if the start of ``data`` is not UTF-8 text (a log is JSON Lines)."""
    head = data[:4096]
    if b"\x00" in head:
        return True
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start < len(head) - 4  # a character cut at the end of the sample is fine
    return False


def _recoverable(data: bytes) -> tuple[int, bool]:
    """How many events before the bad line can be read, and whether the file was cut short."""
    from core.errors import HanaError
    from core.logfile import read_log

    try:
        log = read_log(data, recover=True)
    except HanaError:
        return 0, False
    return len(log.events), log.torn


class BadFileDialog(ModalScreen[str | None]):
    """A log file could not be opened: the file, the line, the reason, and what to do.

    Dismisses with "recover" when the player opens the readable part of a torn log, else None.
    """

    DEFAULT_CSS = """
    BadFileDialog { align: center middle; background: $background 60%; }
    BadFileDialog > #dialog {
        width: 84; max-width: 100%; height: auto; max-height: 90%;
        border: thick $error; background: $surface; padding: 1 2;
    }
    BadFileDialog #dialog > .title { text-style: bold; color: $error; margin-bottom: 1; }
    BadFileDialog .row { height: auto; }
    BadFileDialog .row > .label { width: auto; color: $text-muted; }
    BadFileDialog .row > .value { width: 1fr; }
    BadFileDialog .hint { color: $text-muted; margin-top: 1; }
    BadFileDialog .buttons { height: auto; margin-top: 1; }
    BadFileDialog .buttons Button { margin-right: 2; }
    """
    BINDINGS = [
        Binding("escape,enter,q", "close", N_("Close"), id="badfile.close"),
        Binding("r", "recover", N_("Open the readable part"), id="badfile.recover", show=False),
    ]

    def __init__(self, problem: Problem) -> None:
        super().__init__()
        self.problem = problem

    def compose(self) -> ComposeResult:
        p = self.problem
        yield TooSmall()
        with Vertical(id="dialog"):
            title = (
                _("This log was written by a newer hanatui")
                if p.version
                else _("This file cannot be opened")
            )
            yield Static(Content(title), classes="title")
            rows: list[tuple[str, str]] = [(pgettext("bad file", "file"), p.file)]
            if p.folder:
                # TRANSLATORS: the folder the file is in
                rows.append((pgettext("bad file", "in"), p.folder))
            if p.line is not None:
                rows.append((pgettext("bad file", "line"), str(p.line)))
            rows.append((pgettext("bad file", "reason"), p.reason))
            if p.version is not None:
                rows.append(
                    (
                        # TRANSLATORS: what the file needs to be opened
                        pgettext("bad file", "needs"),
                        _(
                            "a hanatui that reads log format version {version} (this one reads "
                            "up to {ours})"
                        ).format(version=p.version, ours=VERSION),
                    )
                )
                hint = _("Update hanatui to open it. Nothing was changed.")
            elif p.recoverable and p.torn:
                hint = ngettext(
                    "The file ends in the middle of line {line}: it was cut short (a crash or a "
                    "full disk while writing). The {n} event before it can still be read. "
                    "Nothing was changed.",
                    "The file ends in the middle of line {line}: it was cut short (a crash or a "
                    "full disk while writing). The {n} events before it can still be read. "
                    "Nothing was changed.",
                    p.recoverable,
                ).format(line=p.line, n=p.recoverable)
            elif p.recoverable:
                hint = ngettext(
                    "The {n} event before line {line} can still be read; the rest of the file "
                    "does not follow the rules from there. Nothing was changed.",
                    "The {n} events before line {line} can still be read; the rest of the file "
                    "does not follow the rules from there. Nothing was changed.",
                    p.recoverable,
                ).format(line=p.line, n=p.recoverable)
            else:
                hint = _(
                    "Nothing was changed. `hanatui verify FILE` gives the same report on the "
                    "command line."
                )
            # the labels as wide as the widest in this language, and a column apart
            width = max(9, *(len(label) + 2 for label, _value in rows))
            for label, value in rows:
                yield self._row(label, value, width)
            yield Static(Content(hint), classes="hint")
            with Horizontal(classes="buttons"):
                if p.recoverable:
                    yield Button(
                        Content(_("Open the readable part ({key})").format(key="r")),
                        id="recover",
                        variant="warning",
                    )
                yield Button(
                    Content(_("Close ({key})").format(key="esc")), id="close", variant="primary"
                )

    @staticmethod
    def _row(label: str, value: str, width: int = 9) -> Horizontal:
        shown = Static(Content(label), classes="label")
        shown.styles.width = width
        return Horizontal(shown, Static(Content(value), classes="value"), classes="row")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_recover(self) -> None:
        if self.problem.recoverable:
            self.dismiss("recover")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("recover" if event.button.id == "recover" else None)


__all__ = ["BadFileDialog", "Problem", "describe_problem", "explain", "printable"]
