"""The mark on English text the engine holds for players to read (an option's title, an error's
reason): ``N_("...")`` is the text itself, unchanged.

The engine stays free of gettext and of any language: it only marks its sentences, so that
`scripts/messages.py` extracts them into the catalogs, and the program translates them where it
shows them (``hanatui.text.i18n._``), with their ``{named}`` values filled in after translation.

A sentence and its values travel together as a `Message` (an error's reason is one:
`core.errors.HanaError.message`); a value may itself be a `Message`, a sentence inside a
sentence (``not a hanatui log: {reason}``), translated in its turn where it is shown.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """``message``, marked for translation where it is shown."""
    return message


class Message:
    """An English sentence marked with `N_`, ``template``, and its ``{named}`` values,
    ``params``: ``str(message)`` is the English, the values filled in (a template given no
    values is the text as it stands, braces and all)."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params: dict[str, object] = params

    def __str__(self) -> str:
        return english(self.template, self.params)

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash(self.template)


def english(template: str, params: dict[str, object]) -> str:
    """The English of a template with its values (a `Message` value in its English too)."""
    return template.format(**params) if params else template
