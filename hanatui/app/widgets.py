"""The table's small widgets: a row of cards, a hidden hand. Each draws what it is given; none
holds game state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.content import Content
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Static

from core.cards import Card
from hanatui.app.common import TooSmall
from hanatui.app.describe import KIND_VARIABLES, card_class, card_variable
from hanatui.app.themes import VARIABLE_DEFAULTS
from hanatui.text.i18n import N_, _, ngettext, pgettext
from hanatui.text.names import ascii_text

__all__ = [
    "Backs",
    "CardRow",
    "Field",
    "TooSmall",
    "backs_content",
    "card_lines",
    "count_content",
    "faces_content",
]

#: Card sizes: "small" (one line, the compact table), "normal", "large" (160x50 and up).
CARD_SIZES = {"small": (7, 3), "normal": (7, 4), "large": (9, 5)}

#: The marks a row draws on a card: "-capturer" (a hand card that would take something),
#: "-last" (just landed), "-match" (the focused hand card would take it), "-flash" (a moment's
#: highlight), "-played" and "-better" (before a decision of a replay: the card played there,
#: the analysis's better one).
MARKS = ("-capturer", "-last", "-match", "-flash", "-played", "-better")

#: What a card of the last move shows in its top border (``╭last─╮``).
# TRANSLATORS: in the top border of the cards of the last move: at most 5 letters
LAST_TAG = N_("last")
#: What the card played at a replayed decision and the analysis's better card show there.
# TRANSLATORS: in the top border of the card played at a replayed decision: at most 5 letters
PLAYED_TAG = N_("did")
# TRANSLATORS: in the top border of the card the analysis found better: at most 5 letters
BETTER_TAG = N_("best")


def face_word(card: Card, ascii_mode: bool) -> str:
    """The kind's word on a large card's face, centred in its seven cells."""
    # TRANSLATORS: a kind's word on a large card's face (lower case): at most 7 letters
    kinds = (
        pgettext("card face", "bright"),
        pgettext("card face", "animal"),
        pgettext("card face", "ribbon"),
        pgettext("card face", "chaff"),
    )
    text = kinds[card.kind]
    if ascii_mode:
        text = ascii_text(text)
    return _centre(_cut(text, 7), 7)


def _cut(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` terminal cells (a card's border and face are not to be pushed)."""
    out = ""
    for ch in text:
        if cell_len(out + ch) > cells:
            break
        out += ch
    return out


def tag_word(tag: str, room: int, ascii_mode: bool) -> str:
    """A card's border tag (`LAST_TAG`...) in the player's language, cut to ``room`` cells."""
    text = _(tag)
    return _cut(ascii_text(text) if ascii_mode else text, room)


#: Box characters: top (left, fill, right), side, bottom (left, fill, right).
_BOXES = {
    "round": (("╭", "─", "╮"), "│", ("╰", "─", "╯")),
    "heavy": (("┏", "━", "┓"), "┃", ("┗", "━", "┛")),
    "double": (("╔", "═", "╗"), "║", ("╚", "═", "╝")),
    "ascii": (("+", "-", "+"), "|", ("+", "-", "+")),
}


def _centre(text: str, cells: int) -> str:
    """``text`` centred in ``cells`` terminal cells (a kanji is two)."""
    room = max(0, cells - cell_len(text))
    return " " * (room // 2) + text + " " * (room - room // 2)


def card_lines(card: Card | None, *, size: str = "normal", ascii_mode: bool = False) -> list[str]:
    """The text inside one card's border, a string a line: face up, the month's flower in kanji,
    the kind's character and the code underneath (a poetry ribbon marked with *); ``None`` is a
    back. Small cards (the compact table) show the kind and the code on one line; large cards add
    the kind's name."""
    small, large = size == "small", size == "large"
    if card is None:
        fill = ("#" if ascii_mode else "░") * (7 if large else 5)
        return [fill] * (1 if small else 3 if large else 2)
    mark = "*" if card_class(card) == "-poetry" else " "
    if ascii_mode:
        if small:
            return [f"{card.kind.letter}{card.value}{mark}"]
        top = f" {card.month:02d} {card.kind.letter}"
        code = f" {card.value}{mark}"
        if large:
            return [f" {top}", face_word(card, ascii_mode), f" {code}"]
        return [top, code]
    # The month's flower whole on top (菖蒲, not 菖: one character of two reads as another
    # word), the kind's character (two cells) and the code beneath: five cells a line.
    kind = f"{card.kind.kanji}{card.value}"
    if small:
        return [kind]
    top = _centre(card.kanji, 4) + mark
    if large:
        return [f" {top}", face_word(card, ascii_mode), f" {kind}"]
    return [top, kind]


class _Palette:
    """The theme's colours a row draws with, parsed once per theme."""

    _cache: tuple[Mapping[str, str] | None, dict[str, Color]] = (None, {})

    @classmethod
    def of(cls, variables: Mapping[str, str] | None) -> dict[str, Color]:
        cached, colours = cls._cache
        if cached is variables and colours:
            return colours
        colours = {}
        names = [v.removeprefix("$") for v in KIND_VARIABLES.values()]
        names += ["hana-card", "hana-match", "hana-chosen", "accent"]
        for name in names:
            colours[name] = cls._parse(variables or {}, name)
        cls._cache = (variables, colours)
        return colours

    @staticmethod
    def _parse(variables: Mapping[str, str], name: str) -> Color:
        value = variables.get(name, VARIABLE_DEFAULTS.get(name, "#808080"))
        for _step in range(8):  # a variable may name another one
            if not value.startswith("$"):
                break
            ref = value[1:].split()[0]
            value = variables.get(ref, VARIABLE_DEFAULTS.get(ref, "#808080"))
        try:
            return Color.parse(value)
        except Exception:  # a theme file's colour Textual cannot read: the default one
            return Color.parse(VARIABLE_DEFAULTS.get(name, "#808080"))


class CardRow(Widget):
    """Cards side by side (in lines of ``per_row`` when given), drawn by one widget: the hand,
    the field, a dialog's choices.

    Each card has its kind's colour and border. A focusable row has a cursor: while the row has
    the focus, the card at the cursor is drawn chosen (bold, a heavy border, its own background).
    A card under the pointer is lit; a click on a card posts `Picked`, and the card under the
    pointer or at the cursor is announced by `Hovered`. Marks (see `MARKS`) change single cards.
    """

    DEFAULT_CSS = """
    CardRow { height: 4; width: 1fr; }
    """
    ALLOW_SELECT = False  # cards, not text

    BINDINGS = [
        Binding("tab", "step(1)", "Next card", show=False),
        Binding("shift+tab", "step(-1)", "Previous card", show=False),
    ]

    class Picked(Message):
        """A card was clicked."""

        def __init__(self, row: CardRow, index: int) -> None:
            self.row = row
            self.index = index
            super().__init__()

        @property
        def card(self) -> Card | None:
            return self.row.card_at(self.index)

    class Hovered(Message):
        """The pointer or the cursor (with the focus) is on a card (``index`` None: the pointer
        left the row)."""

        def __init__(self, row: CardRow, index: int | None) -> None:
            self.row = row
            self.index = index
            super().__init__()

        @property
        def card(self) -> Card | None:
            return None if self.index is None else self.row.card_at(self.index)

    def __init__(self, *, role: str, focusable: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.role = role
        self.cards_focusable = focusable
        self.can_focus = False  # until there is a face-up card to choose
        self._cards: tuple[Card | None, ...] = ()
        self._marks: dict[int, set[str]] = {}
        self._ascii = False
        self._card_size = "normal"
        self._per_row = 0  # 0: all on one line
        self._key: tuple[object, ...] | None = None
        self.cursor = 0
        self._hover: int | None = None
        self._looks: list[tuple[Any, ...]] | None = None  # while drawing (`render_lines`)

    # --- what is shown --------------------------------------------------------------------------
    def show(
        self,
        cards: Iterable[Card | None],
        *,
        ascii_mode: bool,
        classes: Mapping[Card, str] | None = None,
        size: str = "normal",
        per_row: int = 0,
    ) -> bool:
        """Show these cards (``size``: a key of `CARD_SIZES`; ``per_row``: cards a line, 0 for
        one line) with their marks (``classes``: a card's marks, space-separated); True if the
        cards changed. The cursor stays where it was (on the last card if fewer are left)."""
        cards = tuple(cards)
        classes = classes or {}
        key = (cards, ascii_mode, size, per_row)
        changed = key != self._key
        flashing = {self._cards[i] for i, m in self._marks.items() if "-flash" in m}
        self._key = key
        self._cards = cards
        self._ascii = ascii_mode
        self._card_size = size
        self._per_row = self._fitting(per_row)
        self._marks = {}
        for i, card in enumerate(cards):
            if card is None:
                continue
            marks = set(classes.get(card, "").split())
            if card in flashing:
                marks.add("-flash")
            if marks:
                self._marks[i] = marks
        if cards:
            self.cursor = min(self.cursor, len(cards) - 1)
        focusable = self.cards_focusable and any(c is not None for c in cards)
        if self.can_focus != focusable:
            self.can_focus = focusable
            if not focusable and self.has_focus:
                self.blur()
        self.styles.height = CARD_SIZES[size][1] * self.lines
        self.refresh(layout=changed)  # a row of auto width (a dialog's) is as wide as its cards
        return changed

    def _fitting(self, per_row: int) -> int:
        """Cards a line for a row that wraps (``per_row`` > 0): as many as its width holds once
        it is laid out (``per_row`` is the guess before)."""
        width = CARD_SIZES[self._card_size][0]
        if per_row and self.size.width >= width:
            return self.size.width // width
        return per_row

    def on_resize(self) -> None:
        per_row = self._fitting(self._per_row)
        if per_row != self._per_row:  # the terminal changed size: the lines follow the width
            lines = self.lines
            self._per_row = per_row
            self.styles.height = CARD_SIZES[self._card_size][1] * self.lines
            self.refresh(layout=lines != self.lines)

    @property
    def cards(self) -> tuple[Card | None, ...]:
        """The cards shown, in order (None: a back)."""
        return self._cards

    def card_at(self, index: int) -> Card | None:
        return self._cards[index] if 0 <= index < len(self._cards) else None

    @property
    def _per_line(self) -> int:
        """Cards a line: all of them on one unless the row wraps."""
        return self._per_row or max(len(self._cards), 1)

    @property
    def lines(self) -> int:
        return max(1, -(-len(self._cards) // self._per_line))

    @property
    def cursor_card(self) -> Card | None:
        """The card at the cursor of a focusable row (None for a row without one)."""
        if not self.can_focus:
            return None
        return self.card_at(self.cursor)

    def marked(self, mark: str) -> list[Card]:
        """The cards bearing ``mark``."""
        out = []
        for i, marks in sorted(self._marks.items()):
            card = self._cards[i]
            if mark in marks and card is not None:
                out.append(card)
        return out

    def marks_of(self, index: int) -> frozenset[str]:
        return frozenset(self._marks.get(index, ()))

    def set_mark(self, mark: str, cards: Iterable[Card]) -> None:
        """``mark`` on exactly these of the cards shown."""
        wanted = set(cards)
        changed = False
        for i, card in enumerate(self._cards):
            marks = self._marks.get(i, set())
            on = card is not None and card in wanted
            if on != (mark in marks):
                changed = True
                if on:
                    self._marks.setdefault(i, set()).add(mark)
                else:
                    marks.discard(mark)
        if changed:
            self.refresh()

    def add_mark(self, card: Card, mark: str) -> None:
        self.set_mark(mark, [*self.marked(mark), card])

    def remove_mark(self, card: Card, mark: str) -> None:
        self.set_mark(mark, [c for c in self.marked(mark) if c != card])

    # --- the cursor -----------------------------------------------------------------------------
    def focus_card(self, index: int) -> None:
        """Put the cursor on card ``index`` and the focus on the row, at once."""
        if not (0 <= index < len(self._cards)) or not self.can_focus:
            return
        moved = index != self.cursor
        self.cursor = index
        self.refresh()
        if not self.has_focus:
            # At once, not `Widget.focus` (which waits for the message queue): keys that arrive
            # in one burst (a held arrow key) each move from where the last one left the cursor.
            self.screen.set_focus(self)
        elif moved:
            self.post_message(self.Hovered(self, index))

    def move_cursor(self, delta: int) -> None:
        """The cursor ``delta`` cards on, round the ends."""
        if self._cards:
            self.focus_card((self.cursor + delta) % len(self._cards))

    def action_step(self, delta: int) -> None:
        """Tab and shift+tab: the next card, and past the last one the next widget."""
        index = self.cursor + delta
        if 0 <= index < len(self._cards):
            self.focus_card(index)
        elif delta > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

    def on_focus(self) -> None:
        self.refresh()
        self.post_message(self.Hovered(self, self.cursor))

    def on_blur(self) -> None:
        self.refresh()

    # --- the pointer ----------------------------------------------------------------------------
    def index_at(self, offset: Offset) -> int | None:
        """The card at ``offset`` in the row, if any."""
        width, height = CARD_SIZES[self._card_size]
        per = self._per_line
        column, line = offset.x // width, offset.y // height
        if offset.x < 0 or offset.y < 0 or column >= per:
            return None
        index = line * per + column
        return index if index < len(self._cards) else None

    def card_offset(self, index: int) -> Offset:
        """The middle of card ``index``, from the row's top left (to click it)."""
        width, height = CARD_SIZES[self._card_size]
        per = self._per_line
        return Offset((index % per) * width + width // 2, (index // per) * height + height // 2)

    def card_region(self, index: int) -> Region:
        """Where card ``index`` is on the screen."""
        width, height = CARD_SIZES[self._card_size]
        middle = self.card_offset(index)
        x, y = self.content_region.offset
        return Region(x + middle.x - width // 2, y + middle.y - height // 2, width, height)

    def _hover_at(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.refresh()
            self.post_message(self.Hovered(self, index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        self._hover_at(None if offset is None else self.index_at(offset))

    def on_leave(self, event: events.Leave) -> None:
        if event.node is self:
            self._hover_at(None)

    def on_click(self, event: events.Click) -> None:
        if event.chain > 1:
            # The second click of a double-click: the first one did what a click does (played
            # the card), and this one would land on whatever that opened under the pointer
            # (the capture dialog's card, unseen) or on the next turn's card.
            return
        offset = event.get_content_offset(self)
        index = None if offset is None else self.index_at(offset)
        if index is not None:
            self.post_message(self.Picked(self, index))

    # --- drawing --------------------------------------------------------------------------------
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return CARD_SIZES[self._card_size][0] * min(self._per_line, len(self._cards))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return CARD_SIZES[self._card_size][1] * self.lines

    def _card_look(self, index: int, colours: dict[str, Color], base: Color) -> tuple[Any, ...]:
        """A card's border, its border's style, its text's style and its background's, as the
        widget-a-card stylesheet drew them (the order of its rules decides between marks)."""
        card = self._cards[index]
        marks = self._marks.get(index, set())
        focused = self.has_focus and index == self.cursor and card is not None
        hover = self._hover == index
        colour = colours[KIND_VARIABLES[card_class(card) if card else "-back"].removeprefix("$")]
        background = colours["hana-card"]
        if focused:
            background = colours["hana-chosen"]
        if "-match" in marks:
            background = colours["hana-match"]
        if "-flash" in marks:
            background = colours["accent"].with_alpha(0.45)
        if hover:
            background = colours["hana-match"].with_alpha(0.6)
        inner = base + background
        if self._ascii:
            border = "ascii"
        else:
            border = "double" if "-match" in marks else "heavy" if focused else "round"
        bold = underline = reverse = False
        if focused or "-match" in marks or "-capturer" in marks:
            bold = True
        if "-last" in marks or "-better" in marks:
            bold = underline = True
        if self._ascii and "-match" in marks:  # no colour to tell it by: underlined
            bold, underline, reverse = True, True, False
        elif self._ascii and focused:  # reversed
            bold, underline, reverse = True, False, True
        rich_fg, rich_bg = colour.rich_color, inner.rich_color
        frame = RichStyle(color=rich_fg, bgcolor=rich_bg)
        text = RichStyle(
            color=rich_fg,
            bgcolor=rich_bg,
            bold=bold or None,
            underline=underline or None,
            reverse=reverse or None,
        )
        lines = card_lines(card, size=self._card_size, ascii_mode=self._ascii)
        # the last move's cards say so in their top border: a mark that needs no colour
        tag = ""
        if card is not None:
            for mark, word in (
                ("-better", BETTER_TAG),
                ("-played", PLAYED_TAG),
                ("-last", LAST_TAG),
            ):
                if mark in marks:
                    tag = tag_word(word, CARD_SIZES[self._card_size][0] - 2, self._ascii)
                    break
        return border, frame, text, RichStyle(bgcolor=rich_bg), lines, tag

    def _all_looks(self) -> list[tuple[Any, ...]]:
        """`_card_look` of every card, with the theme's colours."""
        colours = _Palette.of(getattr(self.app, "theme_variables", None))
        _, base = self.background_colors
        return [self._card_look(i, colours, base) for i in range(len(self._cards))]

    def render_lines(self, crop: Region) -> list[Strip]:
        # Each card's look and text once for all the lines drawn now, not once a line.
        self._looks = self._all_looks()
        try:
            return super().render_lines(crop)
        finally:
            self._looks = None

    def render_line(self, y: int) -> Strip:
        width, height = CARD_SIZES[self._card_size]
        per = self._per_line
        line, row_y = divmod(y, height)
        first = line * per
        chosen = self._cards[first : first + per]
        if not chosen:
            return Strip([], 0)
        looks = self._looks if self._looks is not None else self._all_looks()
        segments: list[Segment] = []
        inside = width - 2
        for index in range(first, first + len(chosen)):
            border, frame, text, blank, lines, tag = looks[index]
            top, side, bottom = _BOXES[border]
            if row_y == 0 or row_y == height - 1:
                left, fill, right = top if row_y == 0 else bottom
                segments.append(Segment(left, frame))
                if tag and row_y == 0:
                    segments.append(Segment(tag, frame + RichStyle(bold=True)))
                    segments.append(Segment(fill * (inside - cell_len(tag)), frame))
                else:
                    segments.append(Segment(fill * inside, frame))
                segments.append(Segment(right, frame))
                continue
            words = lines[row_y - 1] if row_y - 1 < len(lines) else ""
            segments.append(Segment(side, frame))
            if words:
                # Marked with its place, as Textual marks a widget's text: the screen's
                # segments (and so its pictures) are the same as a widget a card made.
                segments.append(Segment(words, text + _PLACES[row_y - 1]))
            room = inside - cell_len(words)
            if room > 0:
                segments.append(Segment(" " * room, blank))
            segments.append(Segment(side, frame))
        return Strip(segments, width * len(chosen))


#: The place of a card's text line, as Textual marks a widget's text (see `render_line`).
_PLACES = [RichStyle.from_meta({"offset": (0, line)}) for line in range(3)]


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
        (back * count, "$hana-back"), count_content(count, ascii_mode=ascii_mode)
    )


def _cards(count: int, ascii_mode: bool) -> str:
    """``1 card``, ``5 cards``."""
    said = ngettext("{n} card", "{n} cards", count)
    return (ascii_text(said) if ascii_mode else said).format(n=count)


def faces_content(cards: Iterable[Card], *, ascii_mode: bool) -> Content:
    """A hand face up, compactly: each card's kind and code in its colour (the seat's panel
    adds the count, `count_content`, where it fits)."""
    cards = list(cards)
    parts: list[str | tuple[str, str]] = []
    for c in cards:
        if parts:
            parts.append(" ")
        symbol = c.kind.letter if ascii_mode else c.kind.kanji
        parts.append((f"{symbol}{c.value}", card_variable(c)))
    return Content.assemble(*parts)


def count_content(count: int, *, ascii_mode: bool) -> tuple[str, str]:
    """What follows a hand's cards or backs: ``  5 cards``, in the text's colour."""
    return (f"  {_cards(count, ascii_mode)}", "$foreground")


class Field(Input):
    """An `Input` that carries out its editing keys (backspace, delete, the arrows...) in the
    order they are typed. Textual's `Input` types a character as soon as its key arrives but
    runs its key bindings only once the key has bubbled up to the app, so keys that came in one
    read (typed fast, pasted by a terminal multiplexer) were carried out out of order:
    ``backspace backspace 2`` on "12" typed the 2 first and then erased it."""

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable:
            bindings = self._bindings.key_to_bindings.get(event.key)
            if bindings:
                event.stop()
                event.prevent_default()
                await self.run_action(bindings[0].action)
                return
        await super()._on_key(event)
