"""The names of the cards, months, kinds and yaku in the player's language.

The engine holds each name in English with its Japanese (`core.cards`, `core.names`); here the
English is looked up in the catalog with the context of the thing it names (``card``, ``month``,
``kind``, ``yaku``: scripts/messages.py extracts them), and the Japanese stays beside it as it is.
"""

from __future__ import annotations

import unicodedata

from core.cards import MONTH_CALENDAR, MONTHS, Card, Kind
from core.names import Name, plain_ascii, yaku_name
from hanatui.text.i18n import _, pgettext

_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ß": "ss", "«": '"', "»": '"'})


def ascii_text(text: str) -> str:
    """``text`` in ASCII mode: letters without their accents (``Światło`` as ``Swiatlo``),
    romaji without long-vowel marks, and ``?`` for anything else ASCII cannot say."""
    folded = unicodedata.normalize("NFKD", plain_ascii(text).translate(_LETTERS))
    kept = (c for c in folded if not unicodedata.combining(c))
    return "".join(c if c.isascii() else "?" for c in kept)


def card_name(card: Card) -> str:
    """``Crane`` / ``Żuraw`` / ``Grulla``."""
    return pgettext("card", card.name_en)


def calendar_month(month: int) -> str:
    """Month ``month`` (1-12) of the calendar: ``May`` / ``maj`` / ``mayo``."""
    return pgettext("calendar", MONTH_CALENDAR[month - 1])


def month_name(month: int) -> str:
    """The plant of month ``month`` (1-12): ``Pine`` / ``Sosna`` / ``Pino``."""
    return pgettext("month", MONTHS[month - 1].en)


def kind_name(kind: Kind) -> str:
    """``Bright`` / ``Światło`` / ``Brillante``."""
    return pgettext("kind", kind.names.en)


def yaku_title(yaku_id: str) -> str:
    """A yaku's (or lucky hand's) name: ``Flower Viewing`` / ``Podziwianie kwitnącej wiśni``;
    an id we have no name for is its own English name, as `core.names.yaku_name` gives it."""
    return pgettext("yaku", yaku_name(yaku_id).en)


def also_text(name: Name, *, ascii_only: bool = False) -> str:
    """Other names of a thing in one phrase: ``also 花見で一杯 hanami de ippai`` ("" without)."""
    aliases = name.alias_list(ascii_only=ascii_only)
    if not aliases:
        return ""
    text = _("also {names}").format(names=", ".join(aliases))
    return ascii_text(text) if ascii_only else text


def with_japanese(local: str, name: Name, *, ascii_only: bool = False) -> str:
    """``Flower Viewing (花見酒 hanami-zake)``: a local name and the Japanese beside it."""
    japanese = name.japanese(ascii_only=ascii_only)
    return f"{local} ({japanese})" if japanese else local


__all__ = [
    "also_text",
    "ascii_text",
    "calendar_month",
    "card_name",
    "kind_name",
    "month_name",
    "with_japanese",
    "yaku_title",
]
