"""One family of errors, all `ValueError`s, each message carrying the offending input.

Each error holds its reason as an English template marked with `core.messages.N_` and the
values it names: ``NotationError(N_("invalid card code: {code} (expected 01a..12d)"),
code=repr(text))``. ``str(exc)`` is the English with the values filled in; the program shows it
in the player's language from ``exc.template`` and ``exc.params`` (`hanatui.text.errors`). A
value that is itself a sentence is a `core.messages.Message` (``exc.message``, the reason of
another error) or another error itself; values that are data (codes, numbers, an event's kind, a
field's name) stay as they are. An error made from a plain string, with no values, is that string
as it stands.
"""

from __future__ import annotations

from core.messages import Message, english


class HanaError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, template: str, /, **params: object) -> None:
        #: The English reason, ``{named}`` placeholders and all (marked with ``N_``).
        self.template = template
        #: The values of the template's placeholders.
        self.params: dict[str, object] = params
        super().__init__(english(template, params))

    @property
    def message(self) -> Message:
        """The reason with its values, to put inside another sentence (without any line)."""
        return Message(self.template, **self.params)


class NotationError(HanaError):
    """A card code, card set or option value that does not parse."""


class RulesError(HanaError):
    """An unknown game, preset or option, or an option value out of range."""


class IllegalActionError(HanaError):
    """An action that is not legal in the given state."""


class CorruptLogError(HanaError):
    """An event that does not follow from the state it is applied to, or a malformed log line.

    ``line`` is the 1-based line of the log file when known; ``reason`` is the English reason
    without it, ``str(exc)`` is ``line N: reason``.
    """

    def __init__(self, template: str, line: int | None = None, /, **params: object) -> None:
        self.template = template
        self.params = params
        self.reason = english(template, params)
        self.line = line
        ValueError.__init__(self, self.reason if line is None else f"line {line}: {self.reason}")

    def at(self, line: int | None) -> CorruptLogError:
        """The same reason, found at ``line`` of a log (a `CorruptLogError` whatever this is)."""
        return CorruptLogError(self.template, line, **self.params)


class UnsupportedVersionError(CorruptLogError):
    """A log written by a newer format version than this program knows."""
