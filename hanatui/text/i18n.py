"""Messages in the player's language, through Python's gettext.

Every sentence a player reads is written in English in the source, inside ``_("...")`` (or
``ngettext`` where a number decides the form, ``pgettext`` where the same English means two
things), with its numbers and names as ``{named}`` placeholders filled in after translation:
``_("{player} plays {card}").format(player=..., card=...)``. A sentence is never assembled from
translated pieces: word order differs between languages.

The catalogs are ``hanatui/locale/<language>/LC_MESSAGES/hanatui.po``, compiled to ``.mo`` beside
them (docs/languages.md says how to add a language and how `scripts/messages.py` extracts,
updates and compiles them). English is the source language: its catalog says every message as
the source does (the suite checks it) and is a translator's starting point; the program itself
reads the source's English, so English costs no catalog at start-up.

Which language: ``--lang`` on the command line, else the ``language`` setting, else the system's
locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set), else English. The
language is process-wide state, like the locale itself: `use_language` sets it, `language_scope`
sets it for a block and puts the previous one back.

``qps`` is a pseudo-language for tests, offered to no player: every letter accented and every
message 40 % longer, inside ``«»``, so a screen that cuts or overflows a longer translation shows
it at once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

DOMAIN = "hanatui"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

#: The languages a player can choose, each by its own name.
LANGUAGES: dict[str, str] = {"en": "English", "pl": "polski", "es": "español"}
SOURCE_LANGUAGE = "en"
PSEUDO = "qps"

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class Translations(Protocol):
    """What we ask of a catalog (`gettext.GNUTranslations` is one)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...
    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str: ...


class SourceTranslations:
    """English, the source's own words: no catalog read, and gettext not even imported (the
    table opens sooner)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2


class PseudoTranslations(SourceTranslations):
    """The pseudo-language: each message accented and 40 % longer, placeholders and markup
    untouched, so that a test sees both a string that escaped translation (no accents) and a
    screen too narrow for a longer language (a cut ``»``)."""

    _ACCENTS = str.maketrans(
        "aceilnorsuyzACEILNORSUYZ",
        "áçéíłñóŕśúýźÁÇÉÍŁÑÓŔŚÚÝŹ",
    )
    # what is not prose: {placeholders}, %(printf)s forms, [markup] tags
    _KEEP = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[a-z]|%[sd]|\[[^\[\]]*\])")

    def _pseudo(self, message: str) -> str:
        if not message:
            return message
        parts = self._KEEP.split(message)
        text = "".join(p if i % 2 else p.translate(self._ACCENTS) for i, p in enumerate(parts))
        return f"«{text}{'~' * math.ceil(len(message) * 0.4)}»"

    def gettext(self, message: str) -> str:
        return self._pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._pseudo(super().ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._pseudo(super().npgettext(context, msgid1, msgid2, n))


def _load(code: str) -> Translations:
    if code == PSEUDO:
        return PseudoTranslations()
    if code == SOURCE_LANGUAGE:  # its catalog says each message as the source does
        return SourceTranslations()
    import gettext  # only for a catalog: English starts without it

    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:  # no catalog: the source's own English
        return SourceTranslations()


_current: Translations = SourceTranslations()
_language = SOURCE_LANGUAGE


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` in the current language (Polish has three)."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where its English is ambiguous: ``context`` says
    which meaning (``pgettext("card kind", "Chaff")``)."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks a message to be translated where it is shown, not where it is written (a class
    attribute, a table made at import): returns it unchanged."""
    return message


def pgettext_in(code: str, context: str, message: str) -> str:
    """``message`` in the language ``code`` (one of `LANGUAGES`), whichever is in use: the
    language in use is left as it is."""
    return _load(code).pgettext(context, message)


def language() -> str:
    """The language in use."""
    return _language


def use_language(code: str) -> None:
    """Use ``code`` (one of `LANGUAGES`, or `PSEUDO`) from now on; raises ValueError for another."""
    global _current, _language
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(f"no such language: {code!r} (choose one of {', '.join(LANGUAGES)})")
    _current = _load(code)
    _language = code


@contextmanager
def language_scope(code: str) -> Iterator[None]:
    """Use ``code`` inside the block, then the language used before."""
    before = _language
    use_language(code)
    try:
        yield
    finally:
        use_language(before)


def language_of_locale(value: str) -> str | None:
    """The language of a locale name (``pl_PL.UTF-8`` -> ``pl``; ``C`` -> ``en``), or None when
    we do not speak it. ``LANGUAGE`` may list several, ``es:pl``: the first we speak."""
    for part in value.split(":"):
        code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in ("c", "posix"):
            return SOURCE_LANGUAGE
        if code in LANGUAGES:
            return code
    return None


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the system's locale asks for: the first of ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set and names a language we speak; else English."""
    for name in _ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            found = language_of_locale(value)
            if found is not None:
                return found
    return SOURCE_LANGUAGE


def choose_language(asked: str | None, setting: str, environ: Mapping[str, str]) -> str:
    """The language to use: ``asked`` (``--lang``) if given, else the setting (``""`` for "the
    system's"), else the environment's."""
    for code in (asked, setting):
        if code:
            return code
    return language_from_environment(environ)


__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "PseudoTranslations",
    "_",
    "choose_language",
    "language",
    "language_from_environment",
    "language_of_locale",
    "language_scope",
    "ngettext",
    "npgettext",
    "pgettext",
    "pgettext_in",
    "use_language",
]
