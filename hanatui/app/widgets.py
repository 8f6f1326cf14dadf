"""The table's widgets. Each draws what it is given (a card, a View's zones); none holds game state."""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from core.cards import Card, Kind
from hanatui.app.common import TooSmall
from hanatui.app.describe import card_class, card_variable

__all__ = [
    "Backs",
    "CardRow",
    "CardWidget",
    "SeatPanel",
    "TooSmall",
    "backs_content",
    "captures_content",
]

_KIND_COLOURS = {
    "-bright": "$hana-bright",
    "-animal": "$hana-animal",
    "-poetry": "$hana-ribbon-poetry",
    "-blue": "$hana-ribbon-blue",
    "-ribbon": "$hana-ribbon-red",
    "-chaff": "$hana-chaff",
    "-back": "$hana-back",
}


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
        CardWidget:focus { text-style: bold; background: $hana-chosen; }
        CardWidget.-match { background: $hana-match; text-style: bold; }
        CardWidget.-capturer { text-style: bold; }
        CardWidget.-last { text-style: bold underline; }
        CardWidget.-flash { background: $accent 45%; }
        CardWidget.-dim { opacity: 70%; }
        CardWidget:hover { background: $hana-match 60%; }
        """
    ]
    for cls, var in _KIND_COLOURS.items():
        rules.append(f"CardWidget.{cls} {{ border: round {var}; color: {var}; }}")
        rules.append(f"CardWidget.{cls}:focus {{ border: heavy {var}; }}")
        rules.append(f"CardWidget.{cls}.-match {{ border: double {var}; }}")
        rules.append(f".-ascii CardWidget.{cls} {{ border: ascii {var}; }}")
        rules.append(
            f".-ascii CardWidget.{cls}:focus {{ border: ascii {var}; text-style: bold reverse; }}"
        )
        rules.append(
            f".-ascii CardWidget.{cls}.-match {{ border: ascii {var}; text-style: bold underline; }}"
        )
    return "\n".join(rules)


class CardWidget(Widget):
    """One card, face up or as a back: month kanji and kind, the code underneath (UI.md)."""

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
        if card is None:
            fill = "#####" if self.ascii_mode else "░░░░░"
            return Content(f"{fill}\n{fill}")
        poetry = card_class(card) == "-poetry"
        code = f" {card.value}{'*' if poetry else ' '}"
        if self.ascii_mode:
            top = f" {card.month:02d} {card.kind.letter}"
        else:
            top = f"{card.kanji} {card.kind.kanji}"
        return Content(f"{top}\n{code}")

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
    ) -> bool:
        """Show these cards; True if the row was rebuilt."""
        cards = tuple(cards)
        classes = classes or {}
        key = (cards, ascii_mode, tuple(sorted((c.value, v) for c, v in classes.items())))
        if key == self._key:
            return False
        if self._key is not None and self._key[:2] == key[:2]:
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
                classes=classes.get(card, "") if card is not None else "",
            )
            for i, card in enumerate(cards)
        ]
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
    noun = "card" if count == 1 else "cards"
    return Content.assemble((back * count, "$hana-back"), (f"  {count} {noun}", "$foreground"))


def captures_content(cards: Iterable[Card], *, ascii_mode: bool) -> Content:
    """Captured cards grouped by kind: brights and animals and ribbons by code, chaff counted."""
    cards = list(cards)
    if not cards:
        return Content("nothing yet")
    parts: list[tuple[str, str] | str] = []
    for kind in Kind:
        group = [c for c in cards if c.kind is kind]
        if not group:
            continue
        if parts:
            parts.append("   ")
        symbol = kind.letter if ascii_mode else kind.kanji
        if kind is Kind.CHAFF:
            parts.append(
                (
                    f"{symbol} x{len(group)}" if ascii_mode else f"{symbol} ×{len(group)}",
                    "$hana-chaff",
                )
            )
            continue
        parts.append((f"{symbol}", card_variable(group[0])))
        for c in group:
            parts.append((f" {c.value}", card_variable(c)))
    return Content.assemble(*parts)


class SeatPanel(Vertical):
    """Another player: their hidden hand, what they took, the yaku they hold or are near."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    SeatPanel.-to-act { border: round $accent; }
    SeatPanel .line { height: auto; }
    SeatPanel .label { width: auto; }
    SeatPanel.-compact { border: none; padding: 0 1; }
    SeatPanel .name { display: none; }
    SeatPanel.-compact .name { display: block; }
    SeatPanel.-compact.-to-act .name { color: $accent; }
    SeatPanel.-compact .hand, SeatPanel.-compact .near { display: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static(classes="line name")
        with Horizontal(classes="line hand"):
            yield Static(Content("hand  "), classes="label")
            yield Backs()
        yield Static(classes="line took")
        yield Static(classes="line near")

    def show(
        self,
        *,
        title: Content,
        count: int,
        took: Content,
        near: Content | None,
        to_act: bool,
        ascii_mode: bool,
        faces: Content | None = None,
    ) -> None:
        """``faces``: the hand face up instead of backs (the replay viewer's all-hands view)."""
        self.border_title = title
        self.set_class(to_act, "-to-act")
        hand = backs_content(count, ascii_mode=ascii_mode) if faces is None else faces
        if self.has_class("-compact"):
            # two lines a seat, so that six opponents fit a 100x30 terminal
            self.query_one(".name", Static).update(title + Content("   ") + hand)
            line = Content("took  ") + took
            if near is not None:
                line = line + Content("   ") + near
            self.query_one(".took", Static).update(line)
            return
        self.query_one(Backs).update(hand)
        self.query_one(".took", Static).update(Content("took  ") + took)
        near_widget = self.query_one(".near", Static)
        near_widget.display = near is not None
        if near is not None:
            near_widget.update(near)


def show_field(
    rows_box: Vertical, width: int, field: Iterable[Card], *, ascii_mode: bool, last: Card | None
) -> None:
    """Lay the field out in rows of cards, as many to a row as ``width`` holds; ``last`` (the
    card that just landed) is marked. Rows are reused, so focus and scroll stay put."""
    cards = sorted(field, key=lambda c: c.index)
    per_row = max(1, width // 7)
    chunks = [cards[i : i + per_row] for i in range(0, len(cards), per_row)] or [[]]
    rows = list(rows_box.query(CardRow))
    if len(rows) != len(chunks):
        rows_box.remove_children()
        rows = [CardRow(role="field") for _ in chunks]
        rows_box.mount_all(rows)
    for row, chunk in zip(rows, chunks):
        row.show(chunk, ascii_mode=ascii_mode, classes={last: "-last"} if last in chunk else {})
