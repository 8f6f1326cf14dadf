"""The engine's errors in the player's language.

An engine error (`core.errors.HanaError`) holds its reason as an English template marked with
``N_`` and the values it names (``exc.template``, ``exc.params``); here the template is looked up
in the catalog and its values filled in after translation, a value that is itself a sentence (a
`core.messages.Message`, or another error) translated in its turn. A rules error that names the
option at fault (`core.games.options.WordedRulesError`) is said with the option's title
(`hanatui.text.options.rules_error_text`). Values that are data (card codes, numbers, an event's
kind, a field's name, text quoted from a file) are shown as they are. A log's line number is part
of a whole sentence: ``line {line}: {reason}``.

Anything else (an `OSError`, an error made from a plain string) is shown as ``str(exc)``, which
`_` leaves as it is unless its text is a message of the catalogs.
"""

from __future__ import annotations

from core.errors import CorruptLogError, HanaError, RulesError
from core.messages import Message
from hanatui.text.i18n import _


def message_text(message: Message) -> str:
    """A `Message` in the current language, its values filled in."""
    return _translated(message.template, message.params)


def error_reason(exc: BaseException) -> str:
    """Why the engine refused something, in the current language, without the line of a log
    (for a screen that shows the line apart); ``str(exc)`` for anything that is not an engine
    error."""
    if isinstance(exc, RulesError):
        # an option's value at fault: its title and reason in the options' words
        from core.games.options import WordedRulesError
        from hanatui.text.options import rules_error_text

        if isinstance(exc, WordedRulesError):
            return rules_error_text(exc)
    if isinstance(exc, HanaError) and exc.template:
        return _translated(exc.template, exc.params)
    return str(exc)


def error_text(exc: BaseException) -> str:
    """An error as a player reads it, in the current language: ``line 12: ...`` for a log's line,
    the reason alone otherwise; ``str(exc)`` for anything that is not an engine error."""
    if not isinstance(exc, HanaError) or not exc.template:
        return str(exc)
    reason = error_reason(exc)
    if isinstance(exc, CorruptLogError) and exc.line is not None:
        # TRANSLATORS: where a log file is refused; {reason} is the sentence saying why
        return _("line {line}: {reason}").format(line=exc.line, reason=reason)
    return reason


def _value(value: object) -> object:
    """A template's value as shown: a sentence (a `Message`, another error's reason) in the
    current language, data as it is."""
    if isinstance(value, Message):
        return message_text(value)
    if isinstance(value, HanaError):
        return error_reason(value)
    return value


def _translated(template: str, params: dict[str, object]) -> str:
    english = template.format(**params) if params else template
    if not template:  # gettext's "" is the catalog's header
        return english
    text = _(template)
    if not params:
        return text
    values = {name: _value(value) for name, value in params.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that names other values
        return english
