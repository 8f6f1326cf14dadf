"""How a card looks on screen: the CSS class and theme variable of its colour.

The words about a game (events, yaku held and near, titles) live in `hanatui.text.words`, free of
Textual, so the text export can use them too.
"""

from __future__ import annotations

from core.cards import Card, Kind

POETRY = frozenset({"01b", "02b", "03b"})
BLUE = frozenset({"06b", "09b", "10b"})

KIND_VARIABLES = {
    "-bright": "$hana-bright",
    "-animal": "$hana-animal",
    "-poetry": "$hana-ribbon-poetry",
    "-blue": "$hana-ribbon-blue",
    "-ribbon": "$hana-ribbon-red",
    "-chaff": "$hana-chaff",
    "-back": "$hana-back",
}


def card_class(card: Card) -> str:
    """The CSS class that colours a card by kind (ribbons by their three sorts)."""
    if card.kind is Kind.RIBBON:
        if card.value in POETRY:
            return "-poetry"
        if card.value in BLUE:
            return "-blue"
        return "-ribbon"
    return ("-bright", "-animal", "-ribbon", "-chaff")[card.kind]


def card_variable(card: Card) -> str:
    """The theme variable of a card's colour."""
    return KIND_VARIABLES[card_class(card)]


def kind_symbol(kind: Kind, ascii_mode: bool) -> str:
    return str(kind.letter if ascii_mode else kind.kanji)


__all__ = ["KIND_VARIABLES", "card_class", "card_variable", "kind_symbol"]
