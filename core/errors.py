"""One family of errors, all `ValueError`s, each message carrying the offending input."""

from __future__ import annotations


class HanaError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(HanaError):
    """A card code, card set or option value that does not parse."""


class RulesError(HanaError):
    """An unknown game, preset or option, or an option value out of range."""


class IllegalActionError(HanaError):
    """An action that is not legal in the given state."""


class CorruptLogError(HanaError):
    """An event that does not follow from the state it is applied to, or a malformed log line.

    ``line`` is the 1-based line of the log file when known.
    """

    def __init__(self, reason: str, line: int | None = None) -> None:
        self.reason = reason
        self.line = line
        super().__init__(reason if line is None else f"line {line}: {reason}")


class UnsupportedVersionError(CorruptLogError):
    """A log written by a newer format version than this program knows."""
