"""The title screen: new game, resume, host or join a table, games played, settings, rules,
quit."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Static

from hanatui.app.common import HanaFooter, TooSmall, game_title, hana_app
from hanatui.text.i18n import N_, _
from hanatui.text.names import ascii_text

LOGO = """\
 ╭─────╮╭─────╮╭─────╮
 │松 光││桜 光││芒 光│   h a n a t u i
 │ 01a ││ 03a ││ 08a │   {subtitle}
 ╰─────╯╰─────╯╰─────╯"""

LOGO_ASCII = """\
 +-----+ +-----+ +-----+
 | 01 L| | 03 L| | 08 L|   h a n a t u i
 | 01a | | 03a | | 08a |   {subtitle}
 +-----+ +-----+ +-----+"""


#: The room beside the logo's cards for its subtitle (the menu is 56 columns inside).
SUBTITLE_ROOM = 28


def _logo(ascii_mode: bool) -> str:
    """The logo, its subtitle in the player's language: beside the cards, or under them when a
    language's words are longer than the room there."""
    subtitle = _("hanafuda at the terminal")
    if ascii_mode:
        subtitle = ascii_text(subtitle)
    logo = LOGO_ASCII if ascii_mode else LOGO
    if len(subtitle) <= SUBTITLE_ROOM:
        return logo.format(subtitle=subtitle)
    return logo.format(subtitle="").rstrip() + "\n " + subtitle


#: The menu's entries: id -> (label, look, key). The look is a Textual button variant's; the
#: key is a placeholder of the label, so that no language translates it.
ITEMS = {
    "resume": (N_("Resume ({key})"), "success", "c"),
    "new": (N_("New game ({key})"), "primary", "n"),
    "host": (N_("Host a table ({key})"), "default", "h"),
    "join": (N_("Join a table ({key})"), "default", "j"),
    "games": (N_("Games played & replays ({key})"), "default", "g"),
    "settings": (N_("Settings ({key})"), "default", "s"),
    "rules": (N_("Rules and yaku ({key})"), "default", "r"),
    "quit": (N_("Quit ({key})"), "error", "q"),
}


def entry_label(item: str) -> str:
    """An entry's words in the player's language, with its key: ``New game (n)``."""
    label, _look, key = ITEMS[item]
    return _(label).format(key=key)


#: The rows of the menu, top to bottom; "resume" only while a game is unfinished.
ROWS = (("resume",), ("new",), ("host", "join"), ("games",), ("settings",), ("rules",), ("quit",))
#: Columns between two entries of one row.
GAP = 2

#: One line of the menu: the entries on it as (id, first column, width), or a line of text.
_Line = tuple[tuple[str, int, int], ...] | Content


class TitleMenu(Widget, can_focus=True):
    """The title's entries as one widget: it looks like a column of compact buttons (Textual's
    button colours, the focused entry's label reversed, the hovered one darker) and answers the
    keyboard (up and down move through the screen's bindings, tab and the arrows too, enter
    chooses) and the mouse (a click chooses). One widget instead of eight buttons: the title's
    first frame styles, lays out and draws a dozen fewer widgets."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    TitleMenu { width: 1fr; height: auto; pointer: pointer; }
    TitleMenu > .title-menu--button {
        text-style: bold; color: $button-foreground; background: $surface;
    }
    TitleMenu > .title-menu--button-hover { background: $surface-darken-1; }
    TitleMenu > .title-menu--primary { color: $button-color-foreground; background: $primary; }
    TitleMenu > .title-menu--primary-hover { background: $primary-darken-2; }
    TitleMenu > .title-menu--success { color: $button-color-foreground; background: $success; }
    TitleMenu > .title-menu--success-hover { background: $success-darken-2; }
    TitleMenu > .title-menu--error { color: $button-color-foreground; background: $error; }
    TitleMenu > .title-menu--error-hover { background: $error-darken-1; }
    TitleMenu > .title-menu--cursor {
        text-style: $button-focus-text-style; background-tint: $foreground 5%;
    }
    TitleMenu > .title-menu--info { color: $text-muted; }
    """
    COMPONENT_CLASSES = {
        "title-menu--button",
        "title-menu--button-hover",
        "title-menu--primary",
        "title-menu--primary-hover",
        "title-menu--success",
        "title-menu--success-hover",
        "title-menu--error",
        "title-menu--error-hover",
        "title-menu--cursor",
        "title-menu--info",
    }
    BINDINGS = [
        Binding("enter", "choose", N_("Choose"), show=False),
        Binding("tab", "move(1)", N_("Next"), show=False),
        Binding("shift+tab", "move(-1)", N_("Previous"), show=False),
        Binding("left", "sideways(-1)", N_("Left"), show=False),
        Binding("right", "sideways(1)", N_("Right"), show=False),
    ]

    class Chosen(Message):
        """An entry was chosen (enter or a click)."""

        def __init__(self, item: str) -> None:
            super().__init__()
            self.item = item

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: What the unfinished game is, shown under "Resume"; None: nothing to resume.
        self.resume_info: str | None = None
        #: The entry the keyboard is on, and the one under the mouse.
        self.cursor = "new"
        self.hover: str | None = None

    # --- what is where --------------------------------------------------------------------------
    @property
    def items(self) -> list[str]:
        """The entries shown, in reading order (the keyboard's order)."""
        return [item for row in self._rows() for item in row]

    def _rows(self) -> list[tuple[str, ...]]:
        return [row for row in ROWS if row != ("resume",) or self.resume_info is not None]

    def _shown_rows(self, width: int) -> list[tuple[str, ...]]:
        """The rows as drawn: entries side by side where their words fit, else one a row (a
        longer language's "Host a table" and "Join a table" may not fit half the width)."""
        shown: list[tuple[str, ...]] = []
        for row in self._rows():
            each = (width - GAP * (len(row) - 1)) // len(row)
            if len(row) > 1 and any(len(entry_label(item)) + 2 > each for item in row):
                shown.extend((item,) for item in row)
            else:
                shown.append(row)
        return shown

    def _lines(self, width: int) -> list[_Line]:
        """The menu line by line: entries a blank line apart, the resume summary under
        "Resume"."""
        lines: list[_Line] = []
        for row in self._shown_rows(width):
            if lines:
                lines.append(())
            each = (width - GAP * (len(row) - 1)) // len(row)
            lines.append(tuple((item, i * (each + GAP), each) for i, item in enumerate(row)))
            if row == ("resume",) and self.resume_info is not None:
                info = Content.styled(self.resume_info, self.get_visual_style("title-menu--info"))
                lines.extend(line.center(width) for line in info.wrap(width))
        return lines

    def item_at(self, x: int, y: int) -> str | None:
        """The entry at a cell of the content, if any."""
        lines = self._lines(self.size.width)
        line = lines[y] if 0 <= y < len(lines) else ()
        if isinstance(line, Content):
            return None
        for item, left, cells in line:
            if left <= x < left + cells:
                return item
        return None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    # --- drawing --------------------------------------------------------------------------------
    def _entry(self, item: str, cells: int) -> Content:
        look = ITEMS[item][1]
        classes = ["title-menu--button"]
        if look != "default":
            classes.append(f"title-menu--{look}")
        if item == self.hover:
            classes.append(f"title-menu--{'button' if look == 'default' else look}-hover")
        style = self.get_visual_style(*classes)
        text = f" {entry_label(item)} "
        left = (cells - len(text)) // 2
        right = cells - left - len(text)
        if item == self.cursor and self.has_focus:
            cursor = self.get_component_styles("title-menu--cursor")
            if style.background is not None:
                style += Style(background=style.background.tint(cursor.background_tint))
            label_style = style + Style.from_rich_style(cursor.text_style)
        else:
            label_style = style
        return Content.assemble((" " * left, style), (text, label_style), (" " * right, style))

    def render(self) -> Content:
        lines: list[Content] = []
        for line in self._lines(self.size.width):
            if isinstance(line, Content):
                lines.append(line)
                continue
            parts: list[Content | str] = []
            column = 0
            for item, left, cells in line:
                parts += [" " * (left - column), self._entry(item, cells)]
                column = left + cells
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    # --- keyboard and mouse ---------------------------------------------------------------------
    def set_resume(self, info: str | None) -> None:
        """Show "Resume" with what there is to resume (None: hide it); the cursor goes on the
        first entry."""
        self.resume_info = info
        self.cursor = "resume" if info is not None else "new"
        self.refresh(layout=True)

    def move(self, step: int) -> None:
        """The cursor on the next (1) or the previous (-1) entry, round the ends."""
        items = self.items
        at = items.index(self.cursor) if self.cursor in items else 0
        self.cursor = items[(at + step) % len(items)]
        self.refresh()

    def action_move(self, step: int) -> None:
        self.move(step)

    def action_sideways(self, step: int) -> None:
        """Left and right move within a row of several entries."""
        for row in self._shown_rows(self.size.width):
            if self.cursor in row:
                at = row.index(self.cursor) + step
                if 0 <= at < len(row):
                    self.cursor = row[at]
                    self.refresh()
                return

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        hover = None if offset is None else self.item_at(offset.x, offset.y)
        if hover != self.hover:
            self.hover = hover
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self.hover is not None:
            self.hover = None
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        item = None if offset is None else self.item_at(offset.x, offset.y)
        if item is not None:
            event.stop()
            self.cursor = item
            self.refresh()
            self.post_message(self.Chosen(item))


class TitleScreen(Screen[None]):
    """Where everything starts."""

    DEFAULT_CSS = """
    TitleScreen { align: center middle; background: $hana-felt; }
    TitleScreen #menu {
        width: 60; height: auto; border: round $accent; background: $surface; padding: 1 2 0 2;
    }
    TitleScreen #logo { color: $hana-bright; width: auto; margin-bottom: 1; }
    """
    BINDINGS = [
        Binding("n", "app.new_game", N_("New game"), id="title.new"),
        Binding("c", "resume", N_("Resume"), id="title.resume"),
        Binding("h", "app.host", N_("Host"), id="title.host"),
        Binding("j", "app.join", N_("Join"), id="title.join"),
        Binding("g", "app.history", N_("Games"), id="title.games"),
        Binding("s", "app.settings", N_("Settings"), id="title.settings"),
        Binding("r", "app.rules", N_("Rules"), id="title.rules"),
        Binding("q", "app.quit", N_("Quit"), id="title.quit"),
        Binding("up,k", "menu(-1)", N_("Up"), show=False, id="title.up"),
        Binding("down,j", "menu(1)", N_("Down"), show=False, id="title.down"),
    ]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        ascii_mode = bool(getattr(self.app, "ascii_mode", False))
        with Vertical(id="menu"):
            yield Static(Content(_logo(ascii_mode)), id="logo")
            yield TitleMenu(id="entries")
        yield HanaFooter()

    def on_mount(self) -> None:
        self.refresh_resume()

    def on_screen_resume(self) -> None:
        self.refresh_resume()

    def refresh_resume(self) -> None:
        ascii_mode = bool(getattr(self.app, "ascii_mode", False))
        self.query_one("#logo", Static).update(Content(_logo(ascii_mode)))
        app = hana_app(self.app)
        app.recheck_journal()  # read-only: the other hanatui may have closed meanwhile
        unfinished = app.unfinished()
        app.tell_autosave_problem()
        menu = self.query_one(TitleMenu)
        if unfinished is not None:
            from hanatui.text.words import totals_words  # only with a game to resume

            totals = totals_words(unfinished.players, unfinished.totals)
            title = game_title(unfinished.game)
            menu.set_resume(
                _("{game}, round {round} of {rounds}: {totals}").format(
                    game=title, round=unfinished.round, rounds=unfinished.rounds, totals=totals
                )
            )
        else:
            menu.set_resume(None)
        # one key more in the footer: at 80 columns it sits closer (hanatui/hanatui.tcss)
        self.set_class(unfinished is not None, "-resumable")
        menu.focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            # shown only when there is something to resume
            return hana_app(self.app).unfinished() is not None
        return True

    def action_resume(self) -> None:
        hana_app(self.app).resume_game()

    def action_menu(self, step: int) -> None:
        self.query_one(TitleMenu).move(step)

    def on_title_menu_chosen(self, event: TitleMenu.Chosen) -> None:
        event.stop()
        app = self.app
        actions = {
            "resume": hana_app(app).resume_game,
            "new": hana_app(app).action_new_game,
            "host": hana_app(app).action_host,
            "join": hana_app(app).action_join,
            "games": hana_app(app).action_history,
            "settings": hana_app(app).action_settings,
            "rules": hana_app(app).action_rules,
            "quit": app.exit,
        }
        handler = actions.get(event.item)
        if handler is not None:
            handler()
