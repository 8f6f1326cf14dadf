"""What every command shares: the exit statuses, the one line an error becomes, the
`--option KEY=VALUE` reader."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from hanatui.text.i18n import _

if TYPE_CHECKING:
    pass


EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def guarded(command: Callable[[], int]) -> int:
    """Run a command: an interruption or an error that reaches here is one line and a status."""
    try:
        return command()
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        raise
    except Exception as exc:
        return fail(exc)


def fail(exc: Exception) -> int:
    """The one line for an error that reached the top, and the exit status."""
    import os

    from core.errors import HanaError  # lazily: the app starts faster without the engine
    from core.text import printable, printable_path
    from hanatui.text.errors import error_text

    if isinstance(exc, HanaError):
        print(_("hanatui: {reason}").format(reason=printable(error_text(exc))), file=sys.stderr)
    elif isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        if exc.filename:
            message = _("hanatui: {file}: {reason}").format(
                file=printable_path(exc.filename), reason=reason
            )
        else:
            message = _("hanatui: {reason}").format(reason=reason)
        print(message, file=sys.stderr)
    else:
        if os.environ.get("HANATUI_DEBUG"):
            raise exc
        print(
            _(
                "hanatui: internal error: {error}: {reason} (HANATUI_DEBUG=1 shows the traceback)"
            ).format(error=type(exc).__name__, reason=printable(str(exc), 200)),
            file=sys.stderr,
        )
    return EXIT_INVALID


def file_error(name: str, exc: BaseException) -> str:
    """One line for a file that cannot be read: ``FILE:LINE: reason``, escaped."""
    from core.errors import CorruptLogError
    from core.text import printable, printable_path
    from hanatui.text.errors import error_reason, error_text

    shown = printable_path(name)
    if isinstance(exc, CorruptLogError):
        return f"{shown}:{exc.line or 1}: {printable(error_reason(exc))}"
    return printable(error_text(exc))


def parse_option(text: str) -> tuple[str, object]:
    import json

    from core.errors import HanaError  # lazily: the app starts faster

    key, sep, value = text.partition("=")
    if not sep or not key:
        raise HanaError(_("invalid --option {text} (expected KEY=VALUE)").format(text=repr(text)))
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value
