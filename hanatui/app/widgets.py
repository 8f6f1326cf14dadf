"""The table's small widgets: a card, a row of cards, a hidden hand. Each draws what it is given;
none holds game state."""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from core.cards import Card
from hanatui.app.common import TooSmall
from hanatui.app.describe import KIND_VARIABLES, card_class, card_variable
from hanatui.words import plural

__all__ = ["Backs", "CardRow", "CardWidget", "TooSmall", "backs_content", "faces_content"]

#: Card sizes: "small" (one line, the compact table), "normal", "large" (160x50 and up).
CARD_SIZES = {"small": (7, 3), "normal": (7, 4), "large": (9, 5)}


def _card_css() -> str:
    rules = [
        """
        CardWidget {
            width: 7; height: 4; padding: 0;
            background: $hana-card;
            border: round $hana-chaff;
            color: $hana-chaff;
        }
        CardWidget.-small { height: 3; }
        CardWidget.-large { width: 9; height: 5; }
        CardWidget:focus { text-style: bold; background: $hana-chosen; }
        CardWidget.-match { background: $hana-match; text-style: bold; }
        CardWidget.-capturer { text-style: bold; }
        CardWidget.-last { text-style: bold underline; }
        CardWidget.-flash { background: $accent 45%; }
        CardWidget.-dim { opacity: 70%; }
        CardWidget:hover { background: $hana-match 60%; }
        """
    ]
    for cls, var in KIND_VARIABLES.items():
        rules.append(f"CardWidget.{cls} {{ border: round {var}; color: {var}; }}")
        rules.append(f"CardWidget.{cls}:focus {{ border: heavy {var}; }}")
        rules.append(f"CardWidget.{cls}.-match {{ border: double {var}; }}")
        rules.append(f".-ascii CardWidget.{cls} {{ border: ascii {var}; }}")
        rules.append(
            f".-ascii CardWidget.{cls}:focus {{ border: ascii {var}; text-style: bold reverse; }}"
        )
        underline = "text-style: bold underline;"
        rules.append(f".-ascii CardWidget.{cls}.-match {{ border: ascii {var}; {underline} }}")
    return "\n".join(rules)


def _centre(text: str, cells: int) -> str:
    """``text`` centred in ``cells`` terminal cells (a kanji is two)."""
    room = max(0, cells - cell_len(text))
    return " " * (room // 2) + text + " " * (room - room // 2)


class CardWidget(Widget):
    """One card, face up or as a back: the month's flower in kanji, the kind's character and the
    code underneath (a poetry ribbon marked with *).

    Small cards (the compact table) show the kind and the code on one line; large cards add the
    kind's name."""

    DEFAULT_CSS = _card_css()
    SCOPED_CSS = False  # the ASCII rules select on an ancestor (the app's -ascii class)

    ascii_mode: reactive[bool] = reactive(False)

    class Picked(Message):
        """A card was clicked."""

        def __init__(self, card_widget: CardWidget) -> None:
            self.card_widget = card_widget
            super().__init__()

    class Hovered(Message):
        """The pointer or the focus is on a card (None: left it)."""

        def __init__(self, card_widget: CardWidget | None) -> None:
            self.card_widget = card_widget
            super().__init__()

    def __init__(
        self,
        card: Card | None,
        *,
        role: str = "hand",
        index: int = 0,
        ascii_mode: bool = False,
        focusable: bool = False,
        id: str | None = None,
        classes: str = "",
    ) -> None:
        kind_class = card_class(card) if card is not None else "-back"
        super().__init__(id=id, classes=f"{kind_class} {classes}".strip())
        self.card = card
        self.role = role
        self.index = index
        self.can_focus = focusable
        self.set_reactive(CardWidget.ascii_mode, ascii_mode)

    def render(self) -> Content:
        card = self.card
        small, large = self.has_class("-small"), self.has_class("-large")
        if card is None:
            fill = ("#" if self.ascii_mode else "░") * (7 if large else 5)
            return Content("\n".join([fill] * (1 if small else 3 if large else 2)))
        poetry = card_class(card) == "-poetry"
        mark = "*" if poetry else " "
        if self.ascii_mode:
            if small:
                return Content(f"{card.kind.letter}{card.value}{mark}")
            top = f" {card.month:02d} {card.kind.letter}"
            code = f" {card.value}{mark}"
            if large:
                return Content(f" {top}\n{card.kind.label[:7]:^7}\n {code}")
            return Content(f"{top}\n{code}")
        # The month's flower whole on top (菖蒲, not 菖: one character of two reads as another
        # word), the kind's character (two cells) and the code beneath: five cells a line.
        kind = f"{card.kind.kanji}{card.value}"
        if small:
            return Content(kind)
        top = _centre(card.kanji, 4) + mark
        if large:
            return Content(f" {top}\n{card.kind.label[:7]:^7}\n {kind}")
        return Content(f"{top}\n{kind}")

    def on_click(self) -> None:
        self.post_message(self.Picked(self))

    def on_enter(self) -> None:
        self.post_message(self.Hovered(self))

    def on_leave(self) -> None:
        self.post_message(self.Hovered(None))

    def on_focus(self) -> None:
        self.post_message(self.Hovered(self))


_MARKS = ("-capturer", "-last", "-match", "-dim")


class CardRow(Horizontal):
    """A row of cards that is rebuilt only when the cards change."""

    DEFAULT_CSS = """
    CardRow { height: 4; width: 1fr; }
    """

    def __init__(self, *, role: str, focusable: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.role = role
        self.cards_focusable = focusable
        self._key: tuple[object, ...] | None = None

    def show(
        self,
        cards: Iterable[Card | None],
        *,
        ascii_mode: bool,
        classes: dict[Card, str] | None = None,
        size: str = "normal",
    ) -> bool:
        """Show these cards (``size``: a key of `CARD_SIZES`); True if the row was rebuilt."""
        cards = tuple(cards)
        classes = classes or {}
        key = (cards, ascii_mode, size, tuple(sorted((c.value, v) for c, v in classes.items())))
        if key == self._key:
            return False
        if self._key is not None and self._key[:3] == key[:3]:
            # the same cards: only their marks changed, so keep the widgets (and the focus)
            self._key = key
            for widget in self.cards:
                for mark in _MARKS:
                    widget.remove_class(mark)
                extra = classes.get(widget.card, "") if widget.card is not None else ""
                if extra:
                    widget.add_class(*extra.split())
            return False
        self._key = key
        focused_index = None
        focused = self.app.focused if self.is_attached else None
        if isinstance(focused, CardWidget) and focused.parent is self:
            focused_index = focused.index
        self.remove_children()
        widgets = [
            CardWidget(
                card,
                role=self.role,
                index=i,
                ascii_mode=ascii_mode,
                focusable=self.cards_focusable and card is not None,
                classes=(classes.get(card, "") if card is not None else "") + f" -{size}",
            )
            for i, card in enumerate(cards)
        ]
        self.styles.height = CARD_SIZES[size][1]
        self.mount_all(widgets)
        if focused_index is not None and widgets:
            target = widgets[min(focused_index, len(widgets) - 1)]
            self.call_after_refresh(target.focus)
        return True

    @property
    def cards(self) -> list[CardWidget]:
        return [w for w in self.children if isinstance(w, CardWidget)]


class Backs(Static):
    """A hidden hand: one small back per card, and the count."""

    DEFAULT_CSS = """
    Backs { height: 1; width: auto; color: $hana-back; }
    """

    def show(self, count: int, *, ascii_mode: bool) -> None:
        self.update(backs_content(count, ascii_mode=ascii_mode))


def backs_content(count: int, *, ascii_mode: bool) -> Content:
    """A hidden hand drawn as small backs, and its count."""
    back = "[#]" if ascii_mode else "▐░▌"
    return Content.assemble(
        (back * count, "$hana-back"), (f"  {plural(count, 'card')}", "$foreground")
    )


def faces_content(cards: Iterable[Card], *, ascii_mode: bool) -> Content:
    """A hand face up, compactly: each card's kind and code in its colour."""
    cards = list(cards)
    parts: list[str | tuple[str, str]] = []
    for c in cards:
        if parts:
            parts.append(" ")
        symbol = c.kind.letter if ascii_mode else c.kind.kanji
        parts.append((f"{symbol}{c.value}", card_variable(c)))
    parts.append((f"  {plural(len(cards), 'card')}", "$foreground"))
    return Content.assemble(*parts)
