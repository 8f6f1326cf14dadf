"""The table's layout, shared by the table and the replay viewer.

Other players across the top, the field in the middle, the seat at the keyboard at the bottom,
and a side column (the game log at the table, the move list in the viewer). It adapts to the
terminal: below 110x34 a compact table (small field cards, one line a seat, the side column
folded away behind a key), at 160x50 and up large cards.

`TableLayout.draw` takes a `Scene`: what to show, already decided by the screen. Every width is
measured in terminal cells, so double-width names line up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from core.cards import Card, Kind
from core.games.registry import game_for
from core.view import View
from hanatui.app.describe import card_class, card_variable
from hanatui.app.widgets import CARD_SIZES, CardRow, backs_content, count_content
from hanatui.text.i18n import N_, _, ngettext, pgettext
from hanatui.text.names import ascii_text
from hanatui.text.words import Near, near_of, shown_name

Part = str | tuple[str, str]

#: Below these the table is compact; at LARGE and above the cards grow (the table's own, with
#: no move list beside it: TABLE_LARGE, so that 120x40 is not two thirds empty).
COMPACT = (110, 34)
LARGE = (160, 50)
TABLE_LARGE = (110, 38)


def glyphs(ascii_mode: bool) -> dict[str, str]:
    """The few symbols the table draws, in ASCII when asked."""
    if ascii_mode:
        return {"dot": " - ", "times": "x", "marker": "> ", "dash": "-", "more": "..."}
    return {"dot": " · ", "times": "\u00d7", "marker": "▶ ", "dash": "—", "more": "…"}


def words(text: str, ascii_mode: bool) -> str:
    """Translated words as the table shows them: in ASCII mode without their accents (a player's
    name is put in after, as typed)."""
    return ascii_text(text) if ascii_mode else text


def cards_words(count: int, ascii_mode: bool = False) -> str:
    """``1 card``, ``5 cards``: a hand's count."""
    return words(ngettext("{n} card", "{n} cards", count), ascii_mode).format(n=count)


def in_cards_words(points: int, ascii_mode: bool = False) -> str:
    """``12 in cards``: what a seat's captured cards are worth."""
    # TRANSLATORS: the points a player's captured cards are worth, "12 in cards"
    return words(_("{points} in cards"), ascii_mode).format(points=points)


#: The labels of a seat's lines: its hand, what it took, the yaku it holds and is near.
PANEL_LABELS = {
    # TRANSLATORS: labels of a player's lines: the cards in hand, the cards captured, the yaku
    # held, the yaku one or two cards away ("near  Boar-Deer-Butterfly 2/3")
    "hand": N_("hand"),
    "took": N_("took"),
    "yaku": N_("yaku"),
    "near": N_("near"),
}


def panel_labels(ascii_mode: bool = False) -> dict[str, str]:
    """`PANEL_LABELS` translated and padded to one width (two spaces after the longest), so that
    what follows them starts in one column."""
    shown = {key: words(_(label), ascii_mode) for key, label in PANEL_LABELS.items()}
    width = max(cell_len(label) for label in shown.values()) + 2
    return {key: label + " " * (width - cell_len(label)) for key, label in shown.items()}


def captures_content(
    cards: Iterable[Card],
    *,
    ascii_mode: bool,
    brief: bool = False,
    fresh: frozenset[Card] = frozenset(),
) -> Content:
    """Captured cards grouped by kind: brights, animals and ribbons by code (``brief``: counted),
    chaff counted. The ``fresh`` ones (taken by the last move) are marked ``+``, bold and
    underlined, and named after a counted group: the mark reads without colour."""
    cards = list(cards)
    if not cards:
        # TRANSLATORS: what a player has captured, before the first capture
        return Content(words(_("nothing yet"), ascii_mode))
    times = glyphs(ascii_mode)["times"]
    parts: list[Part] = []
    for kind in Kind:
        group = [c for c in cards if c.kind is kind]
        if not group:
            continue
        if parts:
            parts.append("  " if brief else "   ")
        symbol = kind.letter if ascii_mode else kind.kanji
        if kind is Kind.CHAFF or brief:
            parts.append((f"{symbol}{times}{len(group)}", card_variable(group[0])))
            new = [c for c in group if c in fresh]
            if new and brief:  # one line a seat: how many are new, the caption names them
                parts.append((f"(+{len(new)})", f"bold underline {card_variable(new[0])}"))
            elif new:
                parts.append(" (")
                marked = " ".join(f"+{c.value}" for c in new)
                parts.append((marked, f"bold underline {card_variable(new[0])}"))
                parts.append(")")
            continue
        parts.append((f"{symbol}", card_variable(group[0])))
        for c in group:
            if c in fresh:
                parts.append(" ")
                parts.append((f"+{c.value}", f"bold underline {card_variable(c)}"))
            else:
                parts.append((f" {c.value}", card_variable(c)))
    return Content.assemble(*parts)


def yaku_words(name: str, ascii_mode: bool = False) -> str:
    """A yaku's name as the engine gives it (in English) in the player's language."""
    return words(pgettext("yaku", name), ascii_mode)


def held_words(near: Near, sep: str, ascii_mode: bool = False) -> str:
    """The yaku held, in the player's language (`Near.held_text`'s words): ``Five Brights 10 ·
    Chaff 1``; in Sakura, where a yaku costs the others instead of earning, ``Spring · Drinking
    (others -50 each)``."""
    if near.costs and near.held:
        held = sep.join(yaku_words(n, ascii_mode) for n, _p in near.held)
        # TRANSLATORS: Sakura: the yaku held cost each other player {cost} points
        said = words(_("{yaku} (others -{cost} each)"), ascii_mode)
        return said.format(yaku=held, cost=near.held[0][1])
    return sep.join(f"{yaku_words(n, ascii_mode)} {p}" for n, p in near.held)


def near_content(near: Near, *, ascii_mode: bool, limit: int = 4) -> Content:
    """The one rendering of a seat's yaku held and near (see `hanatui.text.words.near_of`)."""
    g = glyphs(ascii_mode)
    parts: list[Part] = []
    labels = panel_labels(ascii_mode)
    yaku, close = labels["yaku"], labels["near"]
    if near.held:  # after the yaku held, not in the labels' column: two spaces, as in English
        close = close.rstrip() + "  "
    if near.held:
        parts.append((yaku, "bold"))
        parts.append(held_words(near, g["dot"], ascii_mode))
        parts.append("   ")
    parts.append(close)
    near_words = (f"{yaku_words(n, ascii_mode)} {h}/{k}" for n, h, k in near.near[:limit])
    parts.append(g["dot"].join(near_words) or g["dash"])
    if near.team:
        # TRANSLATORS: after the yaku near: a team's captures are counted together
        parts.append(("  " + words(_("(team)"), ascii_mode), "dim"))
    return Content.assemble(*parts)


def fitting_near(near: Near, width: int, *, ascii_mode: bool, limit: int = 4) -> Content:
    """`near_content` in ``width`` cells: the yaku near that fit, the farthest left out first
    (a longer language's names would otherwise be cut), cut only when one does not fit."""
    for shown in range(limit, 0, -1):
        content = near_content(near, ascii_mode=ascii_mode, limit=shown)
        if content.cell_length <= width:
            return content
    return clip(near_content(near, ascii_mode=ascii_mode, limit=1), width, ascii_mode)


def fit(text: str, width: int, ascii_mode: bool = False) -> str:
    """``text`` cut to ``width`` terminal cells."""
    if cell_len(text) <= width:
        return text
    more = glyphs(ascii_mode)["more"]
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - cell_len(more):
            break
        out += ch
    return out + more


#: What wrapping a line's words whole may leave unused at the end of its first line: a caption
#: longer than two lines less this is cut on one instead.
_WRAP_SLACK = 12


def clip(content: Content, width: int, ascii_mode: bool = False) -> Content:
    """``content`` cut to ``width`` terminal cells, with an ellipsis (ASCII when asked)."""
    if content.cell_length <= width:
        return content
    more = glyphs(ascii_mode)["more"]
    return content.truncate(max(width - cell_len(more), 0)) + Content(more)


# Plain classes, not dataclasses: a dataclass is built when its module loads (about 1 ms for
# these two), before the table's first frame.
class SeatLine:
    """What the table says about one seat."""

    __slots__ = ("count", "faces", "fresh", "near", "points", "seat", "title", "to_act", "took")

    def __init__(
        self,
        *,
        seat: int,
        title: Content,
        count: int,
        took: Sequence[Card],
        near: Near | None,
        points: int | None,
        to_act: bool,
        faces: Content | None = None,
        fresh: frozenset[Card] = frozenset(),
    ) -> None:
        self.fresh = fresh
        self.seat = seat
        self.title = title
        self.count = count
        self.took = took
        self.near = near
        self.points = points
        self.to_act = to_act
        self.faces = faces


@dataclass(frozen=True)
class TableNote:
    """What the table says until the first move after it opens (a game played on from before
    a decision of a replay): ``caption`` under the board, after ``label``, and ``marks`` on the
    hand's cards (a card's mark classes, as `CardRow.show` takes them)."""

    caption: str
    #: "" for the table's own words, "play on"
    label: str = ""
    marks: Mapping[Card, str] = field(default_factory=dict)


class Scene:
    """Everything one frame of the table shows, decided by the screen: ``seat`` is the seat at
    the bottom, ``marked`` the seat whose turn it is."""

    __slots__ = (
        "ascii_mode",
        "caption",
        "caption_label",
        "faces",
        "hand",
        "hand_classes",
        "header",
        "last",
        "marked",
        "moved",
        "pile_note",
        "seat",
        "view",
        "you_note",
    )

    def __init__(
        self,
        *,
        view: View,
        seat: int,
        header: list[Part],
        marked: int | None,
        hand: Sequence[Card | None],
        hand_classes: dict[Card, str] | None = None,
        faces: dict[int, Content] | None = None,
        last: Card | None = None,
        pile_note: str = "",
        you_note: str = "",
        ascii_mode: bool = False,
        caption: str | Sequence[str] = "",
        moved: frozenset[Card] = frozenset(),
        caption_label: str | None = None,
    ) -> None:
        """``caption``: the last move in words (`hanatui.text.words.last_move`), under the board
        (or several ways to say it, longest first: the longest that fits is shown);
        ``moved``: its cards, marked where they now lie (field cards, captures); ``caption_label``:
        the word before the caption, translated (None: "last move")."""
        self.view = view
        self.seat = seat
        self.header = header
        self.marked = marked
        self.hand = hand
        self.hand_classes = {} if hand_classes is None else hand_classes
        self.faces = {} if faces is None else faces
        self.last = last
        self.pile_note = pile_note
        self.you_note = you_note
        self.ascii_mode = ascii_mode
        self.caption = caption
        self.caption_label = caption_label
        self.moved = moved


class SeatPanel(Static):
    """Another player: their hidden hand, what they took, the yaku they hold or are near.

    One widget drawing its lines (the compact table: one or two), not a widget a line: the
    table's first frame styles and lays out fewer nodes."""

    DEFAULT_CSS = """
    SeatPanel { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    SeatPanel.-to-act { border: round $accent; }
    SeatPanel.-compact { border: none; padding: 0 1; }
    SeatPanel { border-title-color: $text-muted; }
    SeatPanel.-to-act { border-title-color: $accent; }
    """

    def show(
        self, line: SeatLine, *, ascii_mode: bool, tight: bool, width: int, wrap: bool = False
    ) -> None:
        """``tight``: the compact table, one line a seat (two with room for the near line);
        ``wrap``: a seat's line too long for ``width`` goes on two, what it took (and what that
        is worth) on the second (else it is cut: many seats at one table)."""
        self.border_title = line.title
        self.set_class(line.to_act, "-to-act")
        # a hand face up (a replay's every hand) is its cards, then their count
        hand = (
            backs_content(line.count, ascii_mode=ascii_mode)
            if line.faces is None
            else line.faces + Content.assemble(count_content(line.count, ascii_mode=ascii_mode))
        )
        took = captures_content(line.took, ascii_mode=ascii_mode, brief=tight, fresh=line.fresh)
        points = (
            Content("")
            if line.points is None
            else Content("   " + in_cards_words(line.points, ascii_mode))
        )
        lines: list[Content] = []
        if self.has_class("-compact"):
            # TRANSLATORS: before what a player has captured (their line on a small table)
            took_word = words(_("took"), ascii_mode) + " "

            def whole_line(
                gap: str, *, label: bool = True, worth: bool = True, counted: bool = True
            ) -> Content:
                """``counted``: a hand face up followed by its count (the cards say it too)."""
                if line.faces is None:
                    count = Content(gap + cards_words(line.count, ascii_mode))
                else:
                    count = Content(gap) + (hand if counted else line.faces)
                said = Content(gap + took_word) if label else Content(gap)
                if worth and line.points is not None:
                    return (
                        line.title
                        + count
                        + said
                        + took
                        + Content(gap + in_cards_words(line.points, ascii_mode))
                    )
                return line.title + count + said + took

            count = Content("   ") + (
                Content(cards_words(line.count, ascii_mode)) if line.faces is None else hand
            )
            whole = whole_line("   ")
            if not wrap:  # one line a seat, many seats at 80x24: what gives way before a cut
                tighter = (
                    whole_line("  "),
                    whole_line(" "),
                    whole_line(" ", counted=False),  # a hand face up is its own count
                    whole_line(" ", counted=False, label=False),  # the kind marks say it
                    whole_line(" ", counted=False, label=False, worth=False),  # the last
                )
                for fewer in tighter:
                    if whole.cell_length <= width:
                        break
                    whole = fewer
            if wrap and whole.cell_length > width:
                heads = [line.title + count]
                if heads[0].cell_length > width and line.faces is not None:
                    # the cards face up say how many they are; on a line of their own when
                    # they do not fit beside the name either
                    heads = [line.title + Content("   ") + line.faces]
                    if heads[0].cell_length > width:
                        heads = [line.title, line.faces]
                firsts = [
                    *(clip(head, width, ascii_mode) for head in heads),
                    clip(Content(took_word) + took + points, width, ascii_mode),
                ]
            else:
                firsts = [clip(whole, width, ascii_mode)]
            if line.to_act:  # the seat to play: its line in the accent colour
                firsts = [first.stylize_before("$accent") for first in firsts]
            lines.extend(firsts)
            near = line.near
            if not tight and near is not None and (near.held or near.near):
                lines.append(fitting_near(near, width, ascii_mode=ascii_mode, limit=3))
            if tight and near is not None and near.held:
                lines.append(fitting_near(near, width, ascii_mode=ascii_mode, limit=2))
        else:
            labels = panel_labels(ascii_mode)
            hand_label, took_label = labels["hand"], labels["took"]
            lines.append(Content(hand_label) + hand)
            lines.append(Content(took_label) + took + points)
            if line.near is not None:
                lines.append(near_content(line.near, ascii_mode=ascii_mode))
        self.update(Content("\n").join(lines))


class TableLayout(Widget):
    """The table: opponents, field, the seat at the bottom, a side column and a status line."""

    class PanelsReady(Message):
        """The seats' panels are mounted: the screen draws its scene again."""

    DEFAULT_CSS = """
    TableLayout { height: 1fr; layout: vertical; }
    TableLayout #topbar { height: auto; background: $panel; color: $foreground; padding: 0 1; }
    TableLayout #main { height: 1fr; }
    TableLayout #left { width: 1fr; height: 1fr; scrollbar-size-vertical: 1; }
    TableLayout #side { width: 36; height: 1fr; }
    TableLayout #opponents { height: auto; }
    TableLayout #opponents.-compact { border: round $panel-lighten-2; height: auto; }
    TableLayout #field-panel { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    TableLayout #you { height: auto; border: round $panel-lighten-2; padding: 0 1; }
    TableLayout #you.-to-act { border: round $accent; }
    /* the panels' titles (a seat's name and points, the pile's count) are read, not lines:
       the border's faint colour left them unreadable in some themes (1.15:1 in hana-washi) */
    TableLayout #opponents, TableLayout #field-panel, TableLayout #you {
        border-title-color: $text-muted; border-subtitle-color: $text-muted;
    }
    TableLayout #you.-to-act { border-title-color: $accent; border-subtitle-color: $accent; }
    TableLayout .line { height: auto; }
    TableLayout #status { height: 4; padding: 0 1; background: $panel; }
    TableLayout #status-line { height: 1; padding: 0 1; display: none; background: $panel; }
    TableLayout #caption { height: auto; max-height: 2; padding: 0 1; background: $panel; }
    TableLayout.-compact #side { display: none; }
    TableLayout.-compact.-side-open #side { display: block; width: 1fr; }
    TableLayout.-compact.-side-open #left { display: none; }
    TableLayout.-compact #status-line { display: block; }
    TableLayout.-compact #opponents.-compact { border: none; }
    TableLayout.-compact #opponents { border-top: round $panel-lighten-2; }
    TableLayout.-compact #field-panel { border: none; border-top: round $panel-lighten-2; }
    TableLayout.-compact #you { border: none; border-top: round $panel-lighten-2; }
    TableLayout.-compact #you.-to-act { border: none; border-top: round $accent; }
    TableLayout.-compact SeatPanel { border: none; }
    TableLayout.-ascii #opponents.-compact, TableLayout.-ascii #field-panel,
    TableLayout.-ascii #you, TableLayout.-ascii SeatPanel { border: ascii $panel-lighten-2; }
    TableLayout.-ascii #you.-to-act, TableLayout.-ascii SeatPanel.-to-act {
        border: ascii $accent;
    }
    TableLayout.-ascii.-compact #field-panel, TableLayout.-ascii.-compact #you,
    TableLayout.-ascii.-compact #opponents { border: none; border-top: ascii $panel-lighten-2; }
    TableLayout.-ascii.-compact #you.-to-act { border: none; border-top: ascii $accent; }
    TableLayout.-ascii.-compact SeatPanel { border: none; }
    """

    def __init__(
        self,
        *,
        side: Sequence[Widget],
        extra: Sequence[Widget] = (),
        hand_focusable: bool = False,
        seats: tuple[int, ...] | None = None,
        large_from: tuple[int, int] = LARGE,
        id: str | None = None,
    ) -> None:
        """``seats``: the other seats, in the order `draw` will show them, when known now: their
        panels are composed with the layout, so the first scene is drawn at once (otherwise
        they are mounted with the first scene, and it is drawn when they are)."""
        super().__init__(id=id)
        self._side = list(side)
        self._extra = list(extra)
        self._hand_focusable = hand_focusable
        self._panels: dict[int, SeatPanel] = {}
        self._panel_order: tuple[int, ...] = ()
        if seats is not None:
            self._panels = {seat: SeatPanel(classes=f"seat-{seat}") for seat in seats}
            self._panel_order = seats
        self._pending: Scene | None = None
        self._large_from = large_from

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with VerticalScroll(id="left", can_focus=False):
                with Vertical(id="opponents"):
                    yield from self._panels.values()
                with Vertical(id="field-panel"):
                    yield CardRow(role="field", id="field")
                with Vertical(id="you"):
                    # what the seat took, and its yaku held and near: one widget, two lines
                    yield Static(classes="line", id="you-lines")
                    yield CardRow(role="hand", focusable=self._hand_focusable, id="hand")
                yield from self._extra
            with Vertical(id="side"):
                yield from self._side
                yield Static(id="status")
        yield Static(id="caption")
        yield Static(id="status-line")

    # --- size -----------------------------------------------------------------------------------
    @property
    def compact(self) -> bool:
        width, height = self.app.size
        return width < COMPACT[0] or height < COMPACT[1]

    @property
    def card_size(self) -> str:
        width, height = self.app.size
        if self.compact:
            return "normal"
        wide, high = self._large_from
        return "large" if width >= wide and height >= high else "normal"

    def toggle_side(self) -> bool:
        """Open or fold the side column on the compact table; True if it is now open."""
        self.toggle_class("-side-open")
        return self.has_class("-side-open")

    # --- drawing --------------------------------------------------------------------------------
    def _ensure_panels(self, order: tuple[int, ...], scene: Scene) -> bool:
        """One panel per other seat, in turn order after the bottom seat's; False while new
        panels are being mounted (the scene is drawn once they are)."""
        if order != self._panel_order:
            self._panel_order = order
            self._pending = scene
            self.run_worker(self._rebuild(order), exclusive=True, group="panels")
            return False
        if self._pending is not None:
            self._pending = scene
            return False
        return True

    async def _rebuild(self, order: tuple[int, ...]) -> None:
        box = self.query_one("#opponents", Vertical)
        await box.remove_children()
        self._panels = {seat: SeatPanel(classes=f"seat-{seat}") for seat in order}
        await box.mount_all(self._panels.values())
        self._pending = None
        if order == self._panel_order:
            self.post_message(self.PanelsReady())

    def seat_line(self, scene: Scene, seat: int) -> SeatLine:
        view = scene.view
        player = view.players[seat]
        g = glyphs(scene.ascii_mode)
        ascii_mode = scene.ascii_mode
        level = ""
        if player.kind == "bot" and player.bot:
            from hanatui.bots.levels import LEVEL_NAMES

            name = LEVEL_NAMES.get(player.bot)
            level = f" ({player.bot if name is None else words(_(name), ascii_mode)})"
        marker = g["marker"] if scene.marked == seat else ""
        # TRANSLATORS: on a player's panel: this player deals the round
        dealer = g["dot"] + words(_("dealer"), ascii_mode) if view.dealer == seat else ""
        team = self.team_label(view, seat, scene.seat, g["dot"], ascii_mode)
        total = view.totals[seat]
        # TRANSLATORS: a player's points in the match, shortened: "1 pt", "5 pts"
        points = words(ngettext("{n} pt", "{n} pts", total), ascii_mode).format(n=total)
        title = Content.assemble(
            marker,
            (shown_name(player.name), "bold"),
            f"{level}{g['dot']}{points}{dealer}{team}",
        )
        masks = tuple(c.mask for c in view.captures) if view.captures else ()
        game = game_for(view.rules)
        near = near_of(view.rules, masks, seat) if masks and game.has_yaku(view.rules) else None
        return SeatLine(
            seat=seat,
            title=title,
            count=view.hand_counts[seat] if view.hand_counts else 0,
            took=tuple(view.captures[seat]) if view.captures else (),
            near=near,
            points=game.unit_points(view.rules, masks, seat) if masks else None,
            to_act=scene.marked == seat,
            faces=scene.faces.get(seat),
            fresh=scene.moved,
        )

    @staticmethod
    def team_label(
        view: View, seat: int, viewer: int, dot: str = " · ", ascii_mode: bool = False
    ) -> str:
        """' · team A (yours)' when the rules seat teams, else ''."""
        for i, unit in enumerate(game_for(view.rules).teams(view.rules, view.num_players)):
            if seat in unit and len(unit) > 1:
                if viewer in unit and seat != viewer:
                    # TRANSLATORS: on a player's panel: the team (A, B...) this player is in,
                    # which is also the viewer's
                    said = _("team {team} (yours)")
                else:
                    # TRANSLATORS: on a player's panel: the team (A, B...) this player is in
                    said = _("team {team}")
                return dot + words(said, ascii_mode).format(team="ABCDEFG"[i])
        return ""

    def draw(self, scene: Scene) -> bool:
        """Draw ``scene``; False if the panels are still being mounted (draw again later)."""
        view = scene.view
        n = view.num_players
        order = tuple((scene.seat + k) % n for k in range(1, n))
        if not self._ensure_panels(order, scene):
            return False
        ascii_mode = scene.ascii_mode
        compact = self.compact
        self.set_class(compact, "-compact")
        self.set_class(ascii_mode, "-ascii")
        size = self.card_size
        self._draw_topbar(scene)
        box = self.query_one("#opponents", Vertical)
        many = len(order) > 2
        box.set_class(many or compact, "-compact")
        left_width = self.query_one("#left").size.width or self.app.size.width
        # the panels' room: the column less its scrollbar and a panel's padding, and the box's
        # sides when the seats share one box on the full table
        room = left_width - 3 - (2 if many and not compact else 0)
        for seat, panel in self._panels.items():
            panel.set_class(many or compact, "-compact")
            panel.show(
                self.seat_line(scene, seat),
                ascii_mode=ascii_mode,
                tight=compact,
                width=max(room, 20),
                # on two lines where they do not fit: each seat's, but for many seats at 80x24
                wrap=not (many and compact),
            )
        # the field
        field_panel = self.query_one("#field-panel", Vertical)
        # a poetry ribbon's face carries a * (widgets.card_lines): said where one is in sight
        shown = [*view.field, *(c for c in scene.hand if c is not None)]
        poetry = any(card_class(c) == "-poetry" for c in shown)
        # TRANSLATORS: the title of the cards on the table (the field)
        field_title = words(_("Field"), ascii_mode)
        if poetry:
            # TRANSLATORS: after the field's title: what the * on a card's face means
            field_title += glyphs(ascii_mode)["dot"] + words(_("* poetry ribbon"), ascii_mode)
        field_panel.border_title = Content(field_title)
        # TRANSLATORS: the cards left in the deck (talia, mazo) to draw from
        pile = words(_("pile {n}"), ascii_mode).format(n=view.pile_count)
        field_panel.border_subtitle = Content(scene.pile_note or pile)
        field_row = self.query_one("#field", CardRow)
        width = max(field_row.size.width, left_width - 4, 7)
        show_field(
            field_row,
            width,
            view.field,
            ascii_mode=ascii_mode,
            last=scene.last,
            moved=scene.moved,
            size="small" if compact else size,
        )
        # the seat at the bottom
        me = self.seat_line(scene, scene.seat)
        you = self.query_one("#you", Vertical)
        you.border_title = me.title
        you.border_subtitle = Content(scene.you_note)
        you.set_class(me.to_act, "-to-act")
        # the seat's two lines: their labels the same width (see `near_content`)
        took = Content(panel_labels(ascii_mode)["took"]) + captures_content(
            me.took, ascii_mode=ascii_mode, fresh=scene.moved
        )
        if me.points is not None:
            took += Content("   " + in_cards_words(me.points, ascii_mode))
        lines = [took]
        if me.near is not None:
            lines.append(near_content(me.near, ascii_mode=ascii_mode))
        self.query_one("#you-lines", Static).update(Content("\n").join(lines))
        self.query_one("#hand", CardRow).show(
            scene.hand, ascii_mode=ascii_mode, classes=scene.hand_classes, size=size
        )
        self.caption(scene.caption, ascii_mode=ascii_mode, label=scene.caption_label)
        return True

    def caption(
        self, text: str | Sequence[str], *, ascii_mode: bool, label: str | None = None
    ) -> None:
        """The caption under the board: the last move in words (or what ``label`` names, already
        translated; None: "last move"); ``text`` may say it several ways, longest first: the
        first that fits the screen's width is shown; where none does, the last on two lines, or
        cut to one where it needs more."""
        if label is None:
            # TRANSLATORS: before the caption under the table that tells the last move
            label = words(_("last move"), ascii_mode)
        width = max((self.app.size.width or 80) - 2, 1)
        ways = [text] if isinstance(text, str) else list(text) or [""]
        lines = [
            Content.assemble((f"{label}  ", "dim"), way) if way else Content("") for way in ways
        ]
        line = next((one for one in lines if one.cell_length <= width), None)
        if line is None:  # the shortest way on two lines (its words wrapped whole), else cut
            line = lines[-1]
            if line.cell_length > 2 * width - _WRAP_SLACK:
                line = clip(line, width, ascii_mode)
        self.query_one("#caption", Static).update(line)

    def _draw_topbar(self, scene: Scene) -> None:
        """The header: what is being played, then every score; the scores go to a second line
        when both do not fit the width."""
        view = scene.view
        head = Content.assemble(*scene.header)
        scores: list[Part] = []
        for seat, p in enumerate(view.players):
            scores.append("  ")
            scores.append((shown_name(p.name), "bold" if seat == scene.seat else ""))
            scores.append(f" {view.totals[seat]}")
        tail = Content.assemble(*scores)
        width = (self.app.size.width or 80) - 2
        if head.cell_length + 3 + tail.cell_length <= width:
            text = head + Content("   ") + tail
        else:
            text = Content("\n").join(self._header_lines(head, tail, width, scene.ascii_mode))
        self.query_one("#topbar", Static).update(text)

    @staticmethod
    def _header_lines(head: Content, tail: Content, width: int, ascii_mode: bool) -> list[Content]:
        """The header on as few lines as hold it: its parts (between separators) fill each
        line in turn, a part that does not fit opening the next line; the scores follow on the
        last line if they fit there, else on their own. Only a part too long for a line alone
        is cut."""
        if head.cell_length <= width:
            return [head, tail]
        dot = glyphs(ascii_mode)["dot"]
        plain = head.plain
        parts: list[Content] = []
        start = 0
        at = plain.find(dot)
        while at != -1:
            parts.append(head[start:at])
            start = at + len(dot)
            at = plain.find(dot, start)
        parts.append(head[start:])
        lines: list[Content] = []
        line = parts[0]
        for part in parts[1:]:
            joined = line + Content(dot) + part
            if joined.cell_length <= width:
                line = joined
            else:
                lines.append(clip(line, width, ascii_mode))
                line = part
        if line.cell_length + 3 + tail.cell_length <= width:
            return [*lines, line + Content("   ") + tail]
        return [*lines, clip(line, width, ascii_mode), tail]

    def status(self, lines: Sequence[Content]) -> None:
        """The status lines (a focused card's name, what it takes); one line on the compact
        table."""
        self.query_one("#status", Static).update(Content("\n").join(lines))
        line = Content("")
        if len(lines) >= 2:
            # one line the screen's width (less its padding): what the card takes stays whole,
            # the card's name gives way
            room = max((self.app.size.width or 80) - 2, 0)
            rest = Content("   ") + lines[1]
            first = lines[0]
            if first.cell_length + rest.cell_length > room:
                first = clip(first, max(room - rest.cell_length, 1), self.has_class("-ascii"))
            line = first + rest
        elif lines:
            line = lines[0]
        self.query_one("#status-line", Static).update(line)


def show_field(
    row: CardRow,
    width: int,
    field: Iterable[Card],
    *,
    ascii_mode: bool,
    last: Card | None,
    moved: frozenset[Card] = frozenset(),
    size: str = "normal",
) -> None:
    """Lay the field out in lines of cards, as many to a line as ``width`` holds; the cards of
    the last move (``moved``) are marked "-last", and ``last`` (the card that just landed)
    with them."""
    cards = sorted(field, key=lambda c: c.index)
    per_row = max(1, width // CARD_SIZES[size][0])
    classes = {c: "-last" for c in cards if c in moved or c == last}
    row.show(cards, ascii_mode=ascii_mode, classes=classes, size=size, per_row=per_row)


__all__ = [
    "TABLE_LARGE",
    "Scene",
    "SeatLine",
    "SeatPanel",
    "TableLayout",
    "TableNote",
    "captures_content",
    "clip",
    "fit",
    "glyphs",
    "near_content",
    "show_field",
]
